//! The classes and modules of Ruby's library that module code calls
//! (`JSON.generate`, `Digest::SHA256.hexdigest`, `Base64.strict_encode64`,
//! `Puppet::ParseError.new`, `Hash.new`, `Puppet.warning`) and the kernel
//! methods a function calls without a receiver (`raise`, `format`, `_`).
//! Chosen by measuring the function files of the module corpus
//! (`scripts/measure-module-ruby.py`); anything else is an error naming it.

use std::rc::Rc;

use base64::engine::general_purpose::{STANDARD, URL_SAFE};
use base64::Engine;

use crate::ast::Block;
use crate::error::RubyErrorKind;
use crate::interp::{err, Ev, Interp};
use crate::value::{Exception, RValue};

/// The Puppet release confer's answers are Puppet's of (`Puppet.version`).
pub const PUPPET_VERSION: &str = "7.23.0";

/// The classes and modules code may name besides exception classes.
const CLASSES: &[&str] = &[
    "String",
    "Integer",
    "Float",
    "Array",
    "Hash",
    "Symbol",
    "NilClass",
    "TrueClass",
    "FalseClass",
    "Numeric",
    "Fixnum",
    "Bignum",
    "Regexp",
    "Object",
    "Enumerable",
    "Comparable",
    "Range",
    "IPAddr",
    "Puppet",
    "JSON",
    "YAML",
    "Psych",
    "Base64",
    "Digest::MD5",
    "Digest::SHA1",
    "Digest::SHA256",
    "Digest::SHA384",
    "Digest::SHA512",
    "Set",
    "Proc",
    "MatchData",
    "Kernel",
    "Shellwords",
    "Zlib",
    "File",
    "URI",
    "CGI",
    "Gem::Version",
    "OpenSSL",
    "OpenSSL::Digest",
    "OpenSSL::HMAC",
    "OpenSSL::KDF",
    "OpenSSL::PKCS5",
    "OpenSSL::Digest::MD5",
    "OpenSSL::Digest::SHA1",
    "OpenSSL::Digest::SHA256",
    "OpenSSL::Digest::SHA384",
    "OpenSSL::Digest::SHA512",
    "Puppet::Parser::Files",
    "Puppet::Parser::Functions",
    "Puppet::Pops::PuppetStack",
    "Puppet::Util",
    "Puppet::Util::Package",
    "Puppet::Pops::Types::TypeCalculator",
    "Puppet::Pops::Types::TypeParser",
    "Puppet::Pops::Types::TypeMismatchDescriber",
    "Puppet::Pops::Serialization::ToDataConverter",
    crate::value::SENSITIVE,
    "Puppet::Settings",
    "Puppet.features",
    "ENV",
    // No value a function is given or makes is one of these: `case`/`when`
    // and `is_a?` test them (the TOML dumper's `when Time, DateTime`);
    // their methods are refused by name.
    "Random",
    "Time",
    "Date",
    "DateTime",
];

/// Whether `name` is a class or module confer knows.
pub fn is_class(name: &str) -> bool {
    CLASSES.contains(&name)
}

fn arity(name: &str, args: &[RValue], min: usize, max: usize, at: usize) -> Ev<()> {
    if args.len() < min || args.len() > max {
        let expected = if min == max { min.to_string() } else { format!("{min}..{max}") };
        return err(
            RubyErrorKind::Argument(format!(
                "wrong number of arguments calling `{name}' (given {}, expected {expected})",
                args.len()
            )),
            at,
        );
    }
    Ok(())
}

/// Whether `v` is Puppet's plain data: nil, booleans, numbers, Strings, and
/// Arrays and Hashes (with String keys) of them.
fn plain_data(v: &RValue) -> bool {
    match v {
        RValue::Nil | RValue::Bool(_) | RValue::Int(_) | RValue::Float(_) | RValue::Str(_) => true,
        RValue::Array(items) => items.borrow().iter().all(plain_data),
        RValue::Hash(pairs) => pairs.borrow().iter().all(|(k, v)| matches!(k, RValue::Str(_)) && plain_data(v)),
        _ => false,
    }
}

/// Whether `path` is absolute on Windows as `Puppet::Util.absolute_path?`
/// says: a drive (`C:\`), a UNC share (`\\host\share`) or a `\\?\` path,
/// with either slash.
fn windows_absolute(path: &str) -> bool {
    let slash = |c: u8| c == b'\\' || c == b'/';
    let b = path.as_bytes();
    let drive = b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && slash(b[2]);
    let unc = || {
        if b.len() < 2 || !slash(b[0]) || !slash(b[1]) {
            return false;
        }
        let rest = &path[2..];
        if let Some(after) = rest.strip_prefix('?') {
            if after.len() >= 2 && slash(after.as_bytes()[0]) && !slash(after.as_bytes()[1]) {
                return true;
            }
        }
        let mut labels = rest.splitn(2, ['\\', '/']);
        let host = labels.next().unwrap_or_default();
        let share = labels.next().unwrap_or_default();
        !host.is_empty() && share.chars().next().is_some_and(|c| c != '\\' && c != '/')
    };
    drive || unc()
}

/// Ruby's `Base64.encode64`: lines of 60 characters, each ending in `\n`.
pub(crate) fn encode64(data: &[u8]) -> String {
    let flat = STANDARD.encode(data);
    let mut out = String::with_capacity(flat.len() + flat.len() / 60 + 1);
    for chunk in flat.as_bytes().chunks(60) {
        out.push_str(std::str::from_utf8(chunk).unwrap_or_default());
        out.push('\n');
    }
    out
}

impl Interp<'_> {
    /// A method of a class or module (`JSON.generate(x)`), or `None` when
    /// the receiver's class has no such method here (the generic methods
    /// of any object then apply).
    pub(crate) fn class_method(
        &mut self,
        class: &str,
        name: &str,
        args: &[RValue],
        block: Option<&Rc<Block>>,
        at: usize,
    ) -> Option<Ev> {
        let own = format!("{class}.{name}");
        if self.methods.contains_key(&own) {
            // Inside, `self` is the module: its other methods are called
            // without a receiver.
            self.modules_as_self.push(class.to_string());
            let result = self.call_defined(&own, args, block, at);
            self.modules_as_self.pop();
            return result;
        }
        let class = class.trim_start_matches("::");
        if crate::puppet_types::CLASSES.contains(&class) {
            if let Some(result) = self.type_system(class, name, args, at) {
                return Some(result);
            }
        }
        if class.starts_with("OpenSSL::") {
            if let Some(result) = crate::openssl::class_method(class, name, args, at) {
                return Some(result);
            }
        }
        Some(match (class, name) {
            (c, "new") if crate::raise::is_exception_class(c) => arity(name, args, 0, 1, at).map(|()| {
                let message = args.first().map_or_else(|| c.to_string(), RValue::to_s);
                RValue::Exception(Rc::new(Exception { class: c.to_string(), message }))
            }),
            ("Puppet", "warning" | "notice" | "info" | "debug" | "err" | "crit" | "alert" | "emerg" | "warn_once") => {
                let message = args.last().map(RValue::to_s).unwrap_or_default();
                self.host.log(if name == "warn_once" { "warning" } else { name }, &message);
                Ok(RValue::Nil)
            }
            ("Puppet", "deprecation_warning") => arity(name, args, 1, 2, at).map(|()| {
                let message = args[0].to_s();
                let key = args.get(1).map_or_else(|| message.clone(), RValue::to_s);
                self.host.log_once(&key, "warning", &message);
                RValue::Nil
            }),
            // `Puppet.settings` is an object whose `[]` reads a setting, as
            // `Puppet[]` does.
            // The Puppet release whose behaviour confer reproduces.
            ("Puppet", "version") => arity(name, args, 0, 0, at).map(|()| RValue::str(PUPPET_VERSION)),
            // Puppet's optional features: confer has none of the libraries
            // they stand for (ruby-augeas, …), as Puppet without them.
            ("Puppet", "features") => arity(name, args, 0, 0, at).map(|()| RValue::Class(Rc::from("Puppet.features"))),
            ("Puppet.features", "augeas?") => Ok(RValue::Bool(false)),
            ("Puppet", "settings") => arity(name, args, 0, 0, at).map(|()| RValue::Class(Rc::from("Puppet::Settings"))),
            ("Puppet" | "Puppet::Settings", "[]") => arity(name, args, 1, 1, at).and_then(|()| {
                let setting = args[0].to_s();
                match self.host.setting(&setting) {
                    Some(v) => Ok(v),
                    None => err(RubyErrorKind::Unsupported(format!("the Puppet setting {setting}")), at),
                }
            }),
            ("Puppet::Pops::PuppetStack", "stacktrace" | "top_of_stack") => arity(name, args, 0, 0, at).map(|()| {
                let frames: Vec<RValue> = self
                    .host
                    .puppet_stack()
                    .into_iter()
                    .map(|(file, line)| RValue::array(vec![RValue::str(file), RValue::Int(line)]))
                    .collect();
                match name {
                    "stacktrace" => RValue::array(frames),
                    _ => frames.into_iter().next().unwrap_or_else(|| RValue::array(vec![])),
                }
            }),
            // The process environment, read only, as Puppet's functions
            // read it.
            ("ENV", "[]" | "fetch") => arity(name, args, 1, 2, at).and_then(|()| {
                let RValue::Str(key) = &args[0] else {
                    return crate::interp::no_implicit(&args[0], "String", at);
                };
                match (std::env::var(&**key), args.get(1)) {
                    (Ok(v), _) => Ok(RValue::str(v)),
                    (Err(_), Some(default)) => Ok(default.clone()),
                    (Err(_), None) if name == "[]" => Ok(RValue::Nil),
                    (Err(_), None) => err(
                        RubyErrorKind::Raised(Exception {
                            class: "KeyError".into(),
                            message: format!("key not found: {}", args[0].inspect()),
                        }),
                        at,
                    ),
                }
            }),
            ("ENV", "key?" | "has_key?" | "include?") => {
                arity(name, args, 1, 1, at).map(|()| RValue::Bool(std::env::var_os(args[0].to_s()).is_some()))
            }
            ("Hash", "new") => match (args, block) {
                ([], None) => Ok(RValue::hash(crate::pairs::Pairs::new())),
                _ => err(RubyErrorKind::Unsupported("Hash.new with a default value or block".into()), at),
            },
            ("Hash", "[]") => match args {
                [RValue::Hash(_)] => Ok(args[0].clone()),
                [RValue::Array(pairs)] => {
                    let mut out = crate::pairs::Pairs::new();
                    for p in pairs.borrow().iter() {
                        let RValue::Array(kv) = p else {
                            return Some(err(
                                RubyErrorKind::Argument(format!(
                                    "wrong element type {} (expected array)",
                                    p.class_name()
                                )),
                                at,
                            ));
                        };
                        let (k, v) = (
                            kv.borrow().first().cloned().unwrap_or(RValue::Nil),
                            kv.borrow().get(1).cloned().unwrap_or(RValue::Nil),
                        );
                        out.insert(k, v);
                    }
                    Ok(RValue::hash(out))
                }
                _ => err(RubyErrorKind::Unsupported("Hash[] with these arguments".into()), at),
            },
            ("Array", "new") => match args {
                [] => Ok(RValue::array(vec![])),
                // With a block, each element is the block's answer for its index.
                [RValue::Int(n)] if (0..=1_000_000).contains(n) && block.is_some() => {
                    let b = block.cloned().unwrap_or_else(|| unreachable!("checked just above"));
                    let mut items = Vec::with_capacity(*n as usize);
                    for i in 0..*n {
                        match self.call_block(&b, vec![RValue::Int(i)], at) {
                            Ok(v) => items.push(v),
                            Err(e) => return Some(Err(e)),
                        }
                    }
                    Ok(RValue::array(items))
                }
                [RValue::Int(n)] | [RValue::Int(n), _] if (0..=1_000_000).contains(n) => {
                    let fill = args.get(1).cloned().unwrap_or(RValue::Nil);
                    Ok(RValue::array(vec![fill; *n as usize]))
                }
                _ => err(RubyErrorKind::Argument("Array.new with these arguments".into()), at),
            },
            ("String", "new") => Ok(RValue::str(args.first().map(RValue::to_s).unwrap_or_default())),
            ("Set", "new") => match args {
                [] => Ok(RValue::array(vec![])),
                _ => err(RubyErrorKind::Unsupported("Set".into()), at),
            },
            ("YAML" | "Psych", "dump") => {
                arity(name, args, 1, 2, at).and_then(|()| crate::psych_dump::ruby_to_yaml(&args[0], args.get(1), at))
            }
            ("JSON", "generate" | "dump" | "pretty_generate") => arity(name, args, 1, 2, at).and_then(|()| {
                let base = if name == "pretty_generate" {
                    crate::json::Style::pretty()
                } else {
                    crate::json::Style::compact()
                };
                let style = match (name, args.get(1)) {
                    (_, None | Some(RValue::Nil)) => base,
                    ("dump", Some(_)) => return err(RubyErrorKind::Unsupported("JSON.dump to an IO".into()), at),
                    (_, Some(options)) => base.with_options(options, at)?,
                };
                crate::json::generate(&args[0], &style, at).map(RValue::str)
            }),
            ("JSON", "parse" | "load") => {
                arity(name, args, 1, 2, at).and_then(|()| crate::json::parse(&args[0].to_s(), at))
            }
            ("Base64", "encode64" | "strict_encode64" | "urlsafe_encode64") => arity(name, args, 1, 1, at).map(|()| {
                let data = crate::binary::bytes_of(&args[0]).unwrap_or_else(|| args[0].to_s().into_bytes());
                RValue::str(match name {
                    "encode64" => encode64(&data),
                    "strict_encode64" => STANDARD.encode(&data),
                    _ => URL_SAFE.encode(&data),
                })
            }),
            ("Base64", "decode64" | "strict_decode64" | "urlsafe_decode64") => {
                arity(name, args, 1, 1, at).and_then(|()| {
                    let text = args[0].to_s();
                    let decoded = match name {
                        "decode64" => confer_core::value::binary::decode(&text, "%b").ok(),
                        "strict_decode64" => STANDARD.decode(text.as_bytes()).ok(),
                        _ => URL_SAFE.decode(text.as_bytes()).ok(),
                    };
                    match decoded {
                        Some(bytes) => Ok(crate::binary::string(bytes)),
                        None => err(RubyErrorKind::Argument("invalid base64".into()), at),
                    }
                })
            }
            (c, "hexdigest" | "digest" | "base64digest") if c.starts_with("Digest::") => {
                let Some(algorithm) = crate::openssl::Algorithm::named(&c["Digest::".len()..]) else {
                    return Some(err(RubyErrorKind::Unsupported(format!("the class {c}")), at));
                };
                arity(name, args, 1, 1, at).map(|()| {
                    let data = crate::binary::bytes_of(&args[0]).unwrap_or_else(|| args[0].to_s().into_bytes());
                    let bytes = algorithm.digest(&data);
                    match name {
                        "hexdigest" => RValue::str(crate::binary::hex(&bytes)),
                        "base64digest" => RValue::str(STANDARD.encode(&bytes)),
                        _ => RValue::Bytes(std::rc::Rc::from(bytes)),
                    }
                })
            }
            ("File", _) => return crate::paths::file_method(self, name, args, at),
            ("Puppet::Pops::Loaders", "private_environment_loader" | "public_environment_loader") => {
                arity(name, args, 0, 0, at).map(|()| RValue::Class(Rc::from("Puppet::Pops::Loader")))
            }
            // `load(:function, name)`: something for a function the loaders
            // find, nil otherwise; other kinds are not modelled.
            ("Puppet::Pops::Loader", "load") => match args {
                [RValue::Sym(kind), name] if &**kind == "function" => Ok(if self.host.function_exists(&name.to_s()) {
                    RValue::Sym(Rc::from("function"))
                } else {
                    RValue::Nil
                }),
                _ => err(RubyErrorKind::Unsupported("a loader's load of anything but a function".into()), at),
            },
            ("Gem::Version", "new") => {
                arity(name, args, 1, 1, at).and_then(|()| match crate::gem_version::Version::new(&args[0].to_s()) {
                    Ok(v) => Ok(RValue::GemVersion(Rc::new(v))),
                    Err(message) => err(RubyErrorKind::Argument(message), at),
                })
            }
            // Form encoding: unreserved characters kept, a space as `+`,
            // every other byte as `%XX`.
            ("CGI", "escape") => arity(name, args, 1, 1, at).map(|()| {
                let mut out = String::new();
                for b in args[0].to_s().bytes() {
                    match b {
                        b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_' | b'.' | b'-' | b'~' => out.push(b as char),
                        b' ' => out.push('+'),
                        other => out.push_str(&format!("%{other:02X}")),
                    }
                }
                RValue::str(out)
            }),
            ("URI", "parse") => {
                arity(name, args, 1, 1, at).and_then(|()| match confer_core::value::uri::Uri::parse(&args[0].to_s()) {
                    Ok(u) => Ok(RValue::Opaque(Rc::new(confer_core::Value::Uri(std::sync::Arc::new(u))))),
                    Err(e) => err(
                        RubyErrorKind::Raised(Exception {
                            class: "URI::InvalidURIError".into(),
                            message: e.to_string(),
                        }),
                        at,
                    ),
                })
            }
            ("Puppet::Parser::Functions", "function") => arity(name, args, 1, 2, at).map(|()| {
                let fname = args[0].to_s();
                if self.host.has_legacy_function(&fname) {
                    RValue::str(format!("function_{fname}"))
                } else {
                    RValue::Bool(false)
                }
            }),
            ("Puppet::Parser::Files", "find_template") => {
                arity(name, args, 1, 2, at).map(|()| match self.host.find_template(&args[0].to_s()) {
                    Some(path) => {
                        self.readable.insert(path.clone());
                        RValue::str(path)
                    }
                    None => RValue::Nil,
                })
            }
            ("Regexp", "new" | "compile") => match args {
                [RValue::Regex(_)] => Ok(args[0].clone()),
                [RValue::Str(src)] | [RValue::Str(src), _] => self.regexp(src, at).map(RValue::Regex),
                _ => err(RubyErrorKind::Type("Regexp.new needs a String or Regexp".into()), at),
            },
            ("Regexp", "union") => {
                let sources: Vec<String> = args
                    .iter()
                    .flat_map(|a| a.elements().unwrap_or_else(|| vec![a.clone()]))
                    .map(|a| match a {
                        r @ RValue::Regex(_) => r.to_s(),
                        other => crate::methods::regexp_escape(&other.to_s()),
                    })
                    .collect();
                self.regexp(&sources.join("|"), at).map(RValue::Regex)
            }
            ("Shellwords", "escape" | "shellescape") => {
                arity(name, args, 1, 1, at).map(|()| RValue::str(shell_escape(&args[0].to_s())))
            }
            ("Shellwords", "join" | "shelljoin") => arity(name, args, 1, 1, at).map(|()| {
                let words = args[0].elements().unwrap_or_default();
                RValue::str(words.iter().map(|w| shell_escape(&w.to_s())).collect::<Vec<_>>().join(" "))
            }),
            ("Zlib", "crc32") => arity(name, args, 0, 2, at).map(|()| {
                let data = args.first().map(RValue::to_s).unwrap_or_default();
                RValue::Int(i64::from(crc32(data.as_bytes())))
            }),
            // Puppet's version comparison, which its `versioncmp` function
            // also is.
            (crate::value::SENSITIVE, "new") => arity(name, args, 1, 1, at).and_then(|()| {
                let inner = crate::binary::puppet_value(&args[0], at)?;
                Ok(RValue::Opaque(Rc::new(confer_core::Value::Sensitive(std::sync::Arc::new(inner)))))
            }),
            // Plain data converts to itself; anything else would become
            // rich data (`__ptype` hashes), which confer does not write.
            ("Puppet::Pops::Serialization::ToDataConverter", "convert") => {
                arity(name, args, 1, 2, at).and_then(|()| match plain_data(&args[0]) {
                    true => Ok(args[0].clone()),
                    false => err(
                        RubyErrorKind::Unsupported(format!(
                            "ToDataConverter.convert of {} (rich data)",
                            args[0].class_name()
                        )),
                        at,
                    ),
                })
            }
            ("Puppet::Util::Package", "versioncmp") => arity(name, args, 2, 2, at).and_then(|()| {
                let versions = crate::binary::puppet_values(args, at)?;
                match self.host.call_function("versioncmp", versions) {
                    Ok(v) => Ok(crate::value::from_puppet(&v)),
                    Err(message) => err(RubyErrorKind::Function(message), at),
                }
            }),
            ("Random", "new") => crate::random::new(args, at),
            ("Puppet::Util", "deterministic_rand_int") => {
                arity(name, args, 2, 2, at).and_then(|()| crate::random::deterministic(&args[0], &args[1], at))
            }
            ("Puppet::Util", "deterministic_rand") => arity(name, args, 2, 2, at)
                .and_then(|()| crate::random::deterministic(&args[0], &args[1], at))
                .map(|n| RValue::str(n.to_s())),
            ("Puppet::Util", "absolute_path?") => arity(name, args, 1, 2, at).and_then(|()| {
                let platform = args.get(1).map_or_else(|| "posix".to_string(), RValue::to_s);
                let RValue::Str(path) = &args[0] else {
                    return crate::interp::no_implicit(&args[0], "String", at);
                };
                match platform.as_str() {
                    "posix" => Ok(RValue::Bool(path.starts_with('/'))),
                    "windows" => Ok(RValue::Bool(windows_absolute(path))),
                    other => err(RubyErrorKind::Unsupported(format!("absolute_path? for the platform {other}")), at),
                }
            }),
            ("Integer", "sqrt") => match args {
                [RValue::Int(n)] if *n >= 0 => Ok(RValue::Int((*n as f64).sqrt() as i64)),
                _ => err(RubyErrorKind::Argument("Integer.sqrt needs a non-negative Integer".into()), at),
            },
            _ => return None,
        })
    }

    /// Methods of exceptions, procs and any object that the value methods
    /// do not cover (`to_json`), or `None`.
    pub(crate) fn object_method(
        &mut self,
        recv: &RValue,
        name: &str,
        args: &[RValue],
        _block: Option<&Rc<Block>>,
        at: usize,
    ) -> Option<Ev> {
        Some(match (recv, name) {
            (RValue::Exception(e), "message" | "to_s" | "to_str") => Ok(RValue::str(&e.message)),
            (RValue::Exception(e), "class") => Ok(RValue::Class(Rc::from(e.class.as_str()))),
            (RValue::Exception(_), "backtrace") => Ok(RValue::Nil),
            (RValue::Proc(b), "arity") => Ok(RValue::Int(b.params.len() as i64)),
            (RValue::Proc(_), "lambda?") => Ok(RValue::Bool(true)),
            (_, "to_json") => crate::json::generate(recv, &crate::json::Style::compact(), at).map(RValue::str),
            (RValue::Class(c), "name" | "to_s") => Ok(RValue::str(&**c)),
            (RValue::Opaque(v), _) if args.is_empty() => match &**v {
                confer_core::Value::Uri(u) if name == "to_s" => Ok(RValue::str(u.as_str())),
                // open-uri's `URI#read`/`#open` fetch the URL: confer reaches
                // no network.
                confer_core::Value::Uri(u) if matches!(name, "read" | "open") => err(
                    RubyErrorKind::Unsupported(format!(
                        "`URI#{name}' of {} (reading a URL: confer reaches no network)",
                        u.as_str()
                    )),
                    at,
                ),
                confer_core::Value::Uri(u) => match u.attribute(name) {
                    Some(part) => Ok(crate::value::from_puppet(&part)),
                    None => return None,
                },
                _ => return None,
            },
            (_, "frozen?") => {
                Ok(RValue::Bool(matches!(recv, RValue::Sym(_) | RValue::Int(_) | RValue::Nil | RValue::Bool(_))))
            }
            (_, "respond_to?") if args.len() == 1 => return None,
            _ => return None,
        })
    }

    /// A method called without a receiver that Ruby's `Kernel` (or
    /// Puppet's gettext) provides, or `None`.
    pub(crate) fn kernel(&mut self, name: &str, args: &[RValue], block: Option<&Rc<Block>>, at: usize) -> Option<Ev> {
        Some(match name {
            "raise" | "fail" => crate::raise::raise(args, None, at),
            // Puppet's gettext: confer answers in the source language, as
            // Puppet does with no translations installed.
            "_" | "n_" => match args.first() {
                Some(s) => Ok(s.clone()),
                None => err(RubyErrorKind::Argument("wrong number of arguments (given 0, expected 1)".into()), at),
            },
            "format" | "sprintf" => match args.split_first() {
                Some((fmt, rest)) => format(&fmt.to_s(), rest, at),
                None => err(RubyErrorKind::Argument("too few arguments".into()), at),
            },
            "Float" => match args {
                [RValue::Float(_)] => Ok(args[0].clone()),
                [RValue::Int(i)] => Ok(RValue::Float(*i as f64)),
                [RValue::Str(s)] => match s.trim().replace('_', "").parse::<f64>() {
                    Ok(f) if !s.trim().is_empty() => Ok(RValue::Float(f)),
                    _ => err(RubyErrorKind::Argument(format!("invalid value for Float(): {}", args[0].inspect())), at),
                },
                [other] => err(RubyErrorKind::Type(format!("can't convert {} into Float", other.class_name())), at),
                _ => err(RubyErrorKind::Argument("wrong number of arguments".into()), at),
            },
            "Hash" => match args {
                [RValue::Hash(_)] => Ok(args[0].clone()),
                [RValue::Nil] => Ok(RValue::hash(crate::pairs::Pairs::new())),
                [RValue::Array(a)] if a.borrow().is_empty() => Ok(RValue::hash(crate::pairs::Pairs::new())),
                [other] => err(RubyErrorKind::Type(format!("can't convert {} into Hash", other.class_name())), at),
                _ => err(RubyErrorKind::Argument("wrong number of arguments".into()), at),
            },
            "block_given?" => {
                Ok(RValue::Bool(self.current_block().is_some() || (self.puppet_lambda && self.blocks_depth() == 1)))
            }
            "loop" => {
                let Some(b) = block else {
                    return Some(err(RubyErrorKind::Unsupported("`loop' without a block".into()), at));
                };
                loop {
                    match self.call_block(b, vec![], at) {
                        Ok(_) => {}
                        Err(crate::interp::Ctl::Err(e)) if matches!(&e.kind, RubyErrorKind::Raised(x) if x.class == "StopIteration") => {
                            break Ok(RValue::Nil)
                        }
                        Err(e) => break Err(e),
                    }
                }
            }
            // Visibility in a function file's body changes nothing confer
            // runs.
            "private" | "public" | "protected" if args.is_empty() => Ok(RValue::Nil),
            // Output to Puppet's console changes no catalog.
            "puts" | "print" | "p" | "pp" | "warn" => Ok(RValue::Nil),
            _ => return None,
        })
    }
}

/// Ruby's `Shellwords.escape`: the empty string quoted, every character
/// outside `A-Za-z0-9_\-.,:+/@\n` (non-ASCII ones too) backslashed, a
/// newline quoted.
pub(crate) fn shell_escape(s: &str) -> String {
    if s.is_empty() {
        return "''".into();
    }
    let mut out = String::with_capacity(s.len() * 2);
    for c in s.chars() {
        match c {
            '\n' => out.push_str("'\n'"),
            c if c.is_ascii_alphanumeric() || "_-.,:+/@".contains(c) => out.push(c),
            c => {
                out.push('\\');
                out.push(c);
            }
        }
    }
    out
}

/// Zlib's CRC-32 (the IEEE polynomial, reflected), as `Zlib.crc32`.
fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// Ruby's `format`/`String#%` through core's sprintf (Puppet's `sprintf`
/// is Ruby's). A Hash argument's Symbol keys are what `%<name>s` and
/// `%{name}` name, which core's sprintf looks up as Puppet's String keys;
/// its other keys no reference reaches.
pub(crate) fn format(fmt: &str, args: &[RValue], at: usize) -> Ev {
    let values = args
        .iter()
        .map(|a| match a {
            RValue::Hash(pairs) => {
                let mut named = confer_core::HashMap::new();
                for (k, v) in pairs.borrow().iter() {
                    if let RValue::Sym(name) = k {
                        named.insert(confer_core::Value::string(&**name), crate::binary::puppet_value(v, at)?);
                    }
                }
                Ok(confer_core::Value::hash(named))
            }
            other => crate::binary::puppet_value(other, at),
        })
        .collect::<Ev<Vec<_>>>()?;
    match confer_core::format::sprintf(fmt, &values) {
        Ok(s) => Ok(RValue::str(s)),
        Err(e) => err(RubyErrorKind::Argument(e.to_string()), at),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_escape_and_crc32_answer_as_ruby_does() {
        assert_eq!(shell_escape("a b\"\n"), "a\\ b\\\"'\n'");
        assert_eq!(shell_escape(""), "''");
        assert_eq!(shell_escape("é"), "\\é");
        assert_eq!(crc32(b"abc"), 891568578);
    }

    #[test]
    fn windows_paths_are_absolute_as_puppet_says() {
        for yes in ["C:\\x", "c:/x", "\\\\host\\share", "//host/share", "\\\\?\\C:"] {
            assert!(windows_absolute(yes), "{yes}");
        }
        for no in ["C:x", "x\\y", "\\\\host", "//host/", "/x"] {
            assert!(!windows_absolute(no), "{no}");
        }
    }
}
