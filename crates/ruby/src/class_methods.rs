//! The methods of Ruby's library classes and modules that module code
//! calls on the class itself (`JSON.generate`, `Base64.strict_encode64`,
//! `Puppet.warning`, `Hash.new`, `Gem::Version.new`), declared as one table
//! keyed by `Class.method` (see `contract.rs`). Chosen by measuring the
//! function files of the module corpus (`scripts/measure-module-ruby.py`);
//! anything else is an error naming it.

use std::rc::Rc;

use base64::engine::general_purpose::{STANDARD, URL_SAFE};
use base64::Engine;

use crate::ast::Block;
use crate::binary::encode64;
use crate::contract::{Arity, Method, Table, Takes};
use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::interp::Interp;
use crate::library::{shell_escape, PUPPET_VERSION};
use crate::value::{Exception, RValue};

/// A call of a class method, as its implementation receives it.
pub(crate) struct ClassCall<'c> {
    /// The receiver, as written (`Puppet::ParseError`, `Digest::SHA256`).
    class: &'c str,
    /// The method's name, one of its row's names.
    name: &'c str,
    args: &'c [RValue],
    block: Option<&'c Rc<Block>>,
    at: usize,
}

/// A class method's implementation.
type ClassFn = fn(&mut Interp<'_>, &ClassCall<'_>) -> Ev;

/// A row whose implementation checks nothing the table could.
const fn row(names: &'static [&'static str], arity: Arity, run: ClassFn) -> Method<ClassFn> {
    Method { names, arity, takes: Takes::AnyBlock, run }
}

/// Every class method, by `Class.method`: an exception class's `new` is
/// `Exception.new`, a digest class's methods are `Digest.…` (see
/// [`table_key`]).
static CLASS_METHODS: Table<ClassFn> = Table::new(&[
    row(&["Exception.new"], Arity::Between(0, 1), exception_new),
    row(
        &[
            "Puppet.warning",
            "Puppet.notice",
            "Puppet.info",
            "Puppet.debug",
            "Puppet.err",
            "Puppet.crit",
            "Puppet.alert",
            "Puppet.emerg",
            "Puppet.warn_once",
        ],
        Arity::Unchecked,
        puppet_log,
    ),
    row(&["Puppet.deprecation_warning"], Arity::Between(1, 2), deprecation_warning),
    // The Puppet release whose behaviour confer reproduces.
    row(&["Puppet.version"], Arity::Exactly(0), |_, _| Ok(RValue::str(PUPPET_VERSION))),
    // Puppet's optional features: confer has none of the libraries they
    // stand for (ruby-augeas, …), as Puppet without them.
    row(&["Puppet.features"], Arity::Exactly(0), |_, _| Ok(RValue::Class(Rc::from("Puppet.features")))),
    row(&["Puppet.features.augeas?"], Arity::Unchecked, |_, _| Ok(RValue::Bool(false))),
    // `Puppet.settings` is an object whose `[]` reads a setting, as
    // `Puppet[]` does.
    row(&["Puppet.settings"], Arity::Exactly(0), |_, _| Ok(RValue::Class(Rc::from("Puppet::Settings")))),
    row(&["Puppet.[]", "Puppet::Settings.[]"], Arity::Exactly(1), setting),
    row(
        &["Puppet::Pops::PuppetStack.stacktrace", "Puppet::Pops::PuppetStack.top_of_stack"],
        Arity::Exactly(0),
        puppet_stack,
    ),
    // The process environment, read only, as Puppet's functions read it.
    row(&["ENV.[]", "ENV.fetch"], Arity::Between(1, 2), env_fetch),
    row(&["ENV.key?", "ENV.has_key?", "ENV.include?"], Arity::Exactly(1), |_, c| {
        Ok(RValue::Bool(std::env::var_os(c.args[0].to_s()).is_some()))
    }),
    row(&["Hash.new"], Arity::Unchecked, hash_new),
    row(&["Hash.[]"], Arity::Unchecked, hash_of),
    row(&["Array.new"], Arity::Unchecked, array_new),
    row(&["String.new"], Arity::Unchecked, |_, c| {
        Ok(RValue::str(c.args.first().map(RValue::to_s).unwrap_or_default()))
    }),
    row(&["Set.new"], Arity::Unchecked, |_, c| match c.args {
        [] => Ok(RValue::array(vec![])),
        _ => err(RubyErrorKind::Unsupported("Set".into()), c.at),
    }),
    row(&["YAML.dump", "Psych.dump"], Arity::Between(1, 2), |_, c| {
        crate::psych_dump::ruby_to_yaml(&c.args[0], c.args.get(1), c.at)
    }),
    row(&["JSON.generate", "JSON.dump", "JSON.pretty_generate"], Arity::Between(1, 2), json_generate),
    row(&["JSON.parse", "JSON.load"], Arity::Between(1, 2), |_, c| crate::json::parse(&c.args[0].to_s(), c.at)),
    row(&["Base64.encode64", "Base64.strict_encode64", "Base64.urlsafe_encode64"], Arity::Exactly(1), base64_encode),
    row(&["Base64.decode64", "Base64.strict_decode64", "Base64.urlsafe_decode64"], Arity::Exactly(1), base64_decode),
    row(&["Digest.hexdigest", "Digest.digest", "Digest.base64digest"], Arity::Exactly(1), digest),
    row(
        &["Puppet::Pops::Loaders.private_environment_loader", "Puppet::Pops::Loaders.public_environment_loader"],
        Arity::Exactly(0),
        |_, _| Ok(RValue::Class(Rc::from("Puppet::Pops::Loader"))),
    ),
    row(&["Puppet::Pops::Loader.load"], Arity::Unchecked, loader_load),
    row(&["Gem::Version.new"], Arity::Exactly(1), |_, c| {
        match crate::value::version::Version::new(&c.args[0].to_s()) {
            Ok(v) => Ok(RValue::GemVersion(Rc::new(v))),
            Err(message) => err(RubyErrorKind::Argument(message), c.at),
        }
    }),
    row(&["CGI.escape"], Arity::Exactly(1), cgi_escape),
    row(&["URI.parse"], Arity::Exactly(1), uri_parse),
    row(&["Puppet::Parser::Functions.function"], Arity::Between(1, 2), |it, c| {
        let fname = c.args[0].to_s();
        Ok(if it.host.has_legacy_function(&fname) {
            RValue::str(format!("function_{fname}"))
        } else {
            RValue::Bool(false)
        })
    }),
    row(&["Puppet::Parser::Files.find_template"], Arity::Between(1, 2), |it, c| {
        Ok(match it.host.find_template(&c.args[0].to_s()) {
            Some(path) => {
                it.readable.insert(path.clone());
                RValue::str(path)
            }
            None => RValue::Nil,
        })
    }),
    row(&["Regexp.new", "Regexp.compile"], Arity::Unchecked, |it, c| match c.args {
        [RValue::Regex(_)] => Ok(c.args[0].clone()),
        [RValue::Str(src)] | [RValue::Str(src), _] => it.regexp(src, c.at).map(RValue::Regex),
        _ => err(RubyErrorKind::Type("Regexp.new needs a String or Regexp".into()), c.at),
    }),
    row(&["Regexp.union"], Arity::Unchecked, regexp_union),
    row(&["Regexp.escape", "Regexp.quote"], Arity::Exactly(1), |_, c| {
        Ok(RValue::str(crate::methods::regexp_escape(&c.args[0].to_s())))
    }),
    row(&["IPAddr.new"], Arity::Exactly(1), |_, c| crate::ipaddr::new(&c.args[0].to_s(), c.at)),
    row(&["Shellwords.escape", "Shellwords.shellescape"], Arity::Exactly(1), |_, c| {
        Ok(RValue::str(shell_escape(&c.args[0].to_s())))
    }),
    row(&["Shellwords.join", "Shellwords.shelljoin"], Arity::Exactly(1), |_, c| {
        let words = c.args[0].elements().unwrap_or_default();
        Ok(RValue::str(words.iter().map(|w| shell_escape(&w.to_s())).collect::<Vec<_>>().join(" ")))
    }),
    row(&["Zlib.crc32"], Arity::Between(0, 2), |_, c| {
        let data = c.args.first().map(RValue::to_s).unwrap_or_default();
        Ok(RValue::Int(i64::from(crc32(data.as_bytes()))))
    }),
    row(&["Puppet::Pops::Types::PSensitiveType::Sensitive.new"], Arity::Exactly(1), |_, c| {
        let inner = crate::binary::puppet_value(&c.args[0], c.at)?;
        Ok(RValue::Opaque(Rc::new(confer_core::Value::Sensitive(std::sync::Arc::new(inner)))))
    }),
    // Plain data converts to itself; anything else would become rich data
    // (`__ptype` hashes), which confer does not write.
    row(&["Puppet::Pops::Serialization::ToDataConverter.convert"], Arity::Between(1, 2), |_, c| {
        match plain_data(&c.args[0]) {
            true => Ok(c.args[0].clone()),
            false => err(
                RubyErrorKind::Unsupported(format!(
                    "ToDataConverter.convert of {} (rich data)",
                    c.args[0].class_name()
                )),
                c.at,
            ),
        }
    }),
    // Puppet's version comparison, which its `versioncmp` function also is.
    row(&["Puppet::Util::Package.versioncmp"], Arity::Exactly(2), |it, c| {
        let versions = crate::binary::puppet_values(c.args, c.at)?;
        match it.host.call_function("versioncmp", versions) {
            Ok(v) => Ok(crate::value::from_puppet(&v)),
            Err(message) => err(RubyErrorKind::Function(message), c.at),
        }
    }),
    row(&["Random.new"], Arity::Unchecked, |_, c| crate::random::new(c.args, c.at)),
    row(&["Puppet::Util.deterministic_rand_int"], Arity::Exactly(2), |_, c| {
        crate::random::deterministic(&c.args[0], &c.args[1], c.at)
    }),
    row(&["Puppet::Util.deterministic_rand"], Arity::Exactly(2), |_, c| {
        crate::random::deterministic(&c.args[0], &c.args[1], c.at).map(|n| RValue::str(n.to_s()))
    }),
    row(&["Puppet::Util.absolute_path?"], Arity::Between(1, 2), absolute_path),
    row(&["Integer.sqrt"], Arity::Unchecked, |_, c| match c.args {
        [RValue::Int(n)] if *n >= 0 => Ok(RValue::Int((*n as f64).sqrt() as i64)),
        _ => err(RubyErrorKind::Argument("Integer.sqrt needs a non-negative Integer".into()), c.at),
    }),
]);

/// The key of `class.name` in [`CLASS_METHODS`]: every exception class
/// shares `new`, and the digest algorithms confer knows share their
/// methods.
fn table_key(class: &str, name: &str) -> String {
    if name == "new" && crate::value::exception_classes::is_exception_class(class) {
        return "Exception.new".into();
    }
    match class.strip_prefix("Digest::") {
        Some(algorithm) if crate::value::crypto::Algorithm::named(algorithm).is_some() => format!("Digest.{name}"),
        _ => format!("{class}.{name}"),
    }
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
        if class == "File" {
            return crate::paths::file_method(self, name, args, at);
        }
        if let Some(row) = CLASS_METHODS.find(&table_key(class, name)) {
            let call = ClassCall { class, name, args, block, at };
            return Some(row.admit(name, args.len(), block.is_some(), at).and_then(|run| run(self, &call)));
        }
        match class.strip_prefix("Digest::") {
            Some(_) if matches!(name, "hexdigest" | "digest" | "base64digest") => {
                Some(err(RubyErrorKind::Unsupported(format!("the class {class}")), at))
            }
            _ => None,
        }
    }
}

fn exception_new(_: &mut Interp<'_>, c: &ClassCall<'_>) -> Ev {
    let message = c.args.first().map_or_else(|| c.class.to_string(), RValue::to_s);
    Ok(RValue::Exception(Rc::new(Exception { class: c.class.to_string(), message })))
}

fn puppet_log(it: &mut Interp<'_>, c: &ClassCall<'_>) -> Ev {
    let message = c.args.last().map(RValue::to_s).unwrap_or_default();
    it.host.log(if c.name == "warn_once" { "warning" } else { c.name }, &message);
    Ok(RValue::Nil)
}

fn deprecation_warning(it: &mut Interp<'_>, c: &ClassCall<'_>) -> Ev {
    let message = c.args[0].to_s();
    let key = c.args.get(1).map_or_else(|| message.clone(), RValue::to_s);
    it.host.log_once(&key, "warning", &message);
    Ok(RValue::Nil)
}

fn setting(it: &mut Interp<'_>, c: &ClassCall<'_>) -> Ev {
    let setting = c.args[0].to_s();
    match it.host.setting(&setting) {
        Some(v) => Ok(v),
        None => err(RubyErrorKind::Unsupported(format!("the Puppet setting {setting}")), c.at),
    }
}

fn puppet_stack(it: &mut Interp<'_>, c: &ClassCall<'_>) -> Ev {
    let frames: Vec<RValue> = it
        .host
        .puppet_stack()
        .into_iter()
        .map(|(file, line)| RValue::array(vec![RValue::str(file), RValue::Int(line)]))
        .collect();
    Ok(match c.name {
        "stacktrace" => RValue::array(frames),
        _ => frames.into_iter().next().unwrap_or_else(|| RValue::array(vec![])),
    })
}

fn env_fetch(_: &mut Interp<'_>, c: &ClassCall<'_>) -> Ev {
    let RValue::Str(key) = &c.args[0] else {
        return crate::flow::no_implicit(&c.args[0], "String", c.at);
    };
    match (std::env::var(&**key), c.args.get(1)) {
        (Ok(v), _) => Ok(RValue::str(v)),
        (Err(_), Some(default)) => Ok(default.clone()),
        (Err(_), None) if c.name == "[]" => Ok(RValue::Nil),
        (Err(_), None) => err(
            RubyErrorKind::Raised(Exception {
                class: "KeyError".into(),
                message: format!("key not found: {}", c.args[0].inspect()),
            }),
            c.at,
        ),
    }
}

fn hash_new(_: &mut Interp<'_>, c: &ClassCall<'_>) -> Ev {
    match (c.args, c.block) {
        ([], None) => Ok(RValue::hash(crate::value::pairs::Pairs::new())),
        _ => err(RubyErrorKind::Unsupported("Hash.new with a default value or block".into()), c.at),
    }
}

fn hash_of(_: &mut Interp<'_>, c: &ClassCall<'_>) -> Ev {
    match c.args {
        [RValue::Hash(_)] => Ok(c.args[0].clone()),
        [RValue::Array(pairs)] => {
            let mut out = crate::value::pairs::Pairs::new();
            for p in pairs.borrow().iter() {
                let RValue::Array(kv) = p else {
                    return err(
                        RubyErrorKind::Argument(format!("wrong element type {} (expected array)", p.class_name())),
                        c.at,
                    );
                };
                let (k, v) = (
                    kv.borrow().first().cloned().unwrap_or(RValue::Nil),
                    kv.borrow().get(1).cloned().unwrap_or(RValue::Nil),
                );
                out.insert(k, v);
            }
            Ok(RValue::hash(out))
        }
        _ => err(RubyErrorKind::Unsupported("Hash[] with these arguments".into()), c.at),
    }
}

fn array_new(it: &mut Interp<'_>, c: &ClassCall<'_>) -> Ev {
    match c.args {
        [] => Ok(RValue::array(vec![])),
        // With a block, each element is the block's answer for its index.
        [RValue::Int(n)] if (0..=1_000_000).contains(n) && c.block.is_some() => {
            let b = c.block.cloned().unwrap_or_else(|| unreachable!("checked just above"));
            let mut items = Vec::with_capacity(*n as usize);
            for i in 0..*n {
                items.push(it.call_block(&b, vec![RValue::Int(i)], c.at)?);
            }
            Ok(RValue::array(items))
        }
        [RValue::Int(n)] | [RValue::Int(n), _] if (0..=1_000_000).contains(n) => {
            let fill = c.args.get(1).cloned().unwrap_or(RValue::Nil);
            Ok(RValue::array(vec![fill; *n as usize]))
        }
        _ => err(RubyErrorKind::Argument("Array.new with these arguments".into()), c.at),
    }
}

fn json_generate(_: &mut Interp<'_>, c: &ClassCall<'_>) -> Ev {
    let base = if c.name == "pretty_generate" { crate::json::Style::pretty() } else { crate::json::Style::compact() };
    let style = match (c.name, c.args.get(1)) {
        (_, None | Some(RValue::Nil)) => base,
        ("dump", Some(_)) => return err(RubyErrorKind::Unsupported("JSON.dump to an IO".into()), c.at),
        (_, Some(options)) => base.with_options(options, c.at)?,
    };
    crate::json::generate(&c.args[0], &style, c.at).map(RValue::str)
}

fn base64_encode(_: &mut Interp<'_>, c: &ClassCall<'_>) -> Ev {
    let data = crate::binary::bytes_of(&c.args[0]).unwrap_or_else(|| c.args[0].to_s().into_bytes());
    Ok(RValue::str(match c.name {
        "encode64" => encode64(&data),
        "strict_encode64" => STANDARD.encode(&data),
        _ => URL_SAFE.encode(&data),
    }))
}

fn base64_decode(_: &mut Interp<'_>, c: &ClassCall<'_>) -> Ev {
    let text = c.args[0].to_s();
    let decoded = match c.name {
        "decode64" => confer_core::value::binary::decode(&text, "%b").ok(),
        "strict_decode64" => STANDARD.decode(text.as_bytes()).ok(),
        _ => URL_SAFE.decode(text.as_bytes()).ok(),
    };
    match decoded {
        Some(bytes) => Ok(crate::binary::string(bytes)),
        None => err(RubyErrorKind::Argument("invalid base64".into()), c.at),
    }
}

/// `Digest::SHA256.hexdigest(data)` and its kin; [`table_key`] sends here
/// only the algorithms confer knows.
fn digest(_: &mut Interp<'_>, c: &ClassCall<'_>) -> Ev {
    let Some(algorithm) = c.class.strip_prefix("Digest::").and_then(crate::value::crypto::Algorithm::named) else {
        return err(RubyErrorKind::Unsupported(format!("the class {}", c.class)), c.at);
    };
    let data = crate::binary::bytes_of(&c.args[0]).unwrap_or_else(|| c.args[0].to_s().into_bytes());
    let bytes = algorithm.digest(&data);
    Ok(match c.name {
        "hexdigest" => RValue::str(crate::binary::hex(&bytes)),
        "base64digest" => RValue::str(STANDARD.encode(&bytes)),
        _ => RValue::Bytes(std::rc::Rc::from(bytes)),
    })
}

/// `load(:function, name)`: something for a function the loaders find, nil
/// otherwise; other kinds are not modelled.
fn loader_load(it: &mut Interp<'_>, c: &ClassCall<'_>) -> Ev {
    match c.args {
        [RValue::Sym(kind), name] if &**kind == "function" => {
            Ok(if it.host.function_exists(&name.to_s()) { RValue::Sym(Rc::from("function")) } else { RValue::Nil })
        }
        _ => err(RubyErrorKind::Unsupported("a loader's load of anything but a function".into()), c.at),
    }
}

/// Form encoding: unreserved characters kept, a space as `+`, every other
/// byte as `%XX`.
fn cgi_escape(_: &mut Interp<'_>, c: &ClassCall<'_>) -> Ev {
    let mut out = String::new();
    for b in c.args[0].to_s().bytes() {
        match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_' | b'.' | b'-' | b'~' => out.push(b as char),
            b' ' => out.push('+'),
            other => out.push_str(&format!("%{other:02X}")),
        }
    }
    Ok(RValue::str(out))
}

fn uri_parse(_: &mut Interp<'_>, c: &ClassCall<'_>) -> Ev {
    match confer_core::value::uri::Uri::parse(&c.args[0].to_s()) {
        Ok(u) => Ok(RValue::Opaque(Rc::new(confer_core::Value::Uri(std::sync::Arc::new(u))))),
        Err(e) => {
            err(RubyErrorKind::Raised(Exception { class: "URI::InvalidURIError".into(), message: e.to_string() }), c.at)
        }
    }
}

fn regexp_union(it: &mut Interp<'_>, c: &ClassCall<'_>) -> Ev {
    let sources: Vec<String> = c
        .args
        .iter()
        .flat_map(|a| a.elements().unwrap_or_else(|| vec![a.clone()]))
        .map(|a| match a {
            r @ RValue::Regex(_) => r.to_s(),
            other => crate::methods::regexp_escape(&other.to_s()),
        })
        .collect();
    it.regexp(&sources.join("|"), c.at).map(RValue::Regex)
}

fn absolute_path(_: &mut Interp<'_>, c: &ClassCall<'_>) -> Ev {
    let platform = c.args.get(1).map_or_else(|| "posix".to_string(), RValue::to_s);
    let RValue::Str(path) = &c.args[0] else {
        return crate::flow::no_implicit(&c.args[0], "String", c.at);
    };
    match platform.as_str() {
        "posix" => Ok(RValue::Bool(path.starts_with('/'))),
        "windows" => Ok(RValue::Bool(windows_absolute(path))),
        other => err(RubyErrorKind::Unsupported(format!("absolute_path? for the platform {other}")), c.at),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_answers_as_ruby_does() {
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

    #[test]
    fn every_class_method_has_one_row() {
        let mut seen = std::collections::HashSet::new();
        for row in CLASS_METHODS.rows() {
            for name in row.names {
                assert!(seen.insert(*name), "{name} is in two rows");
                assert!(name.contains('.'), "{name} names no class");
            }
        }
    }
}
