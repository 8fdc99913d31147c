//! The classes and modules of Ruby's library that module code names (their
//! methods are `class_methods.rs`), the methods of exceptions and procs, and
//! the kernel methods a function calls without a receiver (`raise`,
//! `format`, `_`). Chosen by measuring the function files of the module corpus
//! (`scripts/measure-module-ruby.py`); anything else is an error naming it.

use std::rc::Rc;

use crate::ast::Block;
use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::interp::Interp;
use crate::value::RValue;

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

impl Interp<'_> {
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
                [RValue::Nil] => Ok(RValue::hash(crate::value::pairs::Pairs::new())),
                [RValue::Array(a)] if a.borrow().is_empty() => Ok(RValue::hash(crate::value::pairs::Pairs::new())),
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
                        Err(crate::flow::Ctl::Err(e)) if matches!(&e.kind, RubyErrorKind::Raised(x) if x.class == "StopIteration") => {
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
    fn shell_escape_answers_as_ruby_does() {
        assert_eq!(shell_escape("a b\"\n"), "a\\ b\\\"'\n'");
        assert_eq!(shell_escape(""), "''");
        assert_eq!(shell_escape("é"), "\\é");
    }
}
