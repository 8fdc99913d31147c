//! Ruby's exceptions as module code raises and rescues them: `raise` in its
//! forms, the class hierarchy `rescue` matches against, and the class of
//! each error the interpreter itself gives.

use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::value::{Exception, RValue};

/// Each exception class module code names, with its superclass: what
/// `rescue Class` catches follows these links.
const HIERARCHY: &[(&str, &str)] = &[
    ("StandardError", "Exception"),
    ("RuntimeError", "StandardError"),
    ("ArgumentError", "StandardError"),
    ("TypeError", "StandardError"),
    ("NameError", "StandardError"),
    ("NoMethodError", "NameError"),
    ("IndexError", "StandardError"),
    ("KeyError", "IndexError"),
    ("StopIteration", "IndexError"),
    ("RangeError", "StandardError"),
    ("FloatDomainError", "RangeError"),
    ("ZeroDivisionError", "StandardError"),
    ("IOError", "StandardError"),
    ("RegexpError", "StandardError"),
    ("FrozenError", "RuntimeError"),
    ("NotImplementedError", "ScriptError"),
    ("ScriptError", "Exception"),
    ("LoadError", "ScriptError"),
    ("IPAddr::Error", "ArgumentError"),
    ("IPAddr::InvalidAddressError", "IPAddr::Error"),
    ("IPAddr::AddressFamilyError", "IPAddr::Error"),
    ("IPAddr::InvalidPrefixError", "IPAddr::InvalidAddressError"),
    ("JSON::JSONError", "StandardError"),
    ("URI::Error", "StandardError"),
    ("URI::InvalidURIError", "URI::Error"),
    ("Errno::ENOENT", "StandardError"),
    ("Errno::EACCES", "StandardError"),
    ("Errno::EISDIR", "StandardError"),
    ("JSON::ParserError", "JSON::JSONError"),
    ("Psych::SyntaxError", "StandardError"),
    ("Puppet::Error", "RuntimeError"),
    ("Puppet::ParseError", "Puppet::Error"),
    ("Puppet::ParseErrorWithIssue", "Puppet::ParseError"),
    ("Puppet::DevError", "Puppet::Error"),
    ("Puppet::PreformattedError", "Puppet::Error"),
];

/// Whether `class` is `ancestor` or descends from it.
pub fn descends(class: &str, ancestor: &str) -> bool {
    let ancestor = ancestor.trim_start_matches("::");
    let mut at = class.trim_start_matches("::");
    for _ in 0..HIERARCHY.len() + 1 {
        if at == ancestor {
            return true;
        }
        match HIERARCHY.iter().find(|(c, _)| *c == at) {
            Some((_, parent)) => at = parent,
            None => return false,
        }
    }
    false
}

/// Whether `class` is a `ScriptError` (`LoadError`, `NotImplementedError`),
/// which Puppet lets through unwrapped where it wraps a `StandardError`.
pub fn is_script_error(class: &str) -> bool {
    descends(class, "ScriptError")
}

/// Whether `name` is an exception class module code may raise.
pub fn is_exception_class(name: &str) -> bool {
    let name = name.trim_start_matches("::");
    name == "Exception" || HIERARCHY.iter().any(|(c, _)| *c == name)
}

/// The Ruby class of an error the interpreter gives, as `rescue` sees it;
/// `None` for confer's own refusals and limits (an unsupported construct,
/// a step or depth limit), which must never be swallowed into a
/// different answer.
pub fn class_of(kind: &RubyErrorKind) -> Option<String> {
    Some(
        match kind {
            RubyErrorKind::NoMethod { .. } => "NoMethodError",
            RubyErrorKind::UndefinedName(_) => "NameError",
            RubyErrorKind::Argument(_) => "ArgumentError",
            RubyErrorKind::Type(_) => "TypeError",
            RubyErrorKind::Function(_) => "Puppet::ParseError",
            RubyErrorKind::Raised(e) => return Some(e.class.clone()),
            _ => return None,
        }
        .to_string(),
    )
}

/// The exception object `rescue => e` binds for an error.
pub fn exception_of(kind: &RubyErrorKind) -> Option<Exception> {
    let class = class_of(kind)?;
    Some(match kind {
        RubyErrorKind::Raised(e) => e.clone(),
        other => Exception { class, message: other.to_string() },
    })
}

/// `raise`'s arguments as the exception they raise: `raise 'msg'` (a
/// RuntimeError), `raise Class`, `raise Class, 'msg'`, `raise exception`.
pub fn raise(args: &[RValue], current: Option<&Exception>, at: usize) -> Ev {
    let exception = match args {
        [] => current
            .cloned()
            .unwrap_or(Exception { class: "RuntimeError".into(), message: "unhandled exception".into() }),
        [RValue::Str(message)] => Exception { class: "RuntimeError".into(), message: message.to_string() },
        [RValue::Exception(e)] => (**e).clone(),
        [RValue::Exception(e), message] => Exception { class: e.class.clone(), message: message.to_s() },
        [RValue::Class(class)] => Exception { class: class.to_string(), message: class.to_string() },
        [RValue::Class(class), message, ..] => Exception { class: class.to_string(), message: message.to_s() },
        [other, ..] => {
            return err(RubyErrorKind::Type(format!("exception class/object expected, got {}", other.inspect())), at)
        }
    };
    if !is_exception_class(&exception.class) {
        return err(RubyErrorKind::Type("exception class/object expected".into()), at);
    }
    err(RubyErrorKind::Raised(exception), at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_error_is_a_standard_error_and_a_puppet_error() {
        assert!(descends("Puppet::ParseError", "StandardError"));
        assert!(descends("Puppet::ParseError", "Puppet::Error"));
        assert!(descends("::Puppet::ParseError", "RuntimeError"));
        assert!(!descends("ArgumentError", "Puppet::Error"));
        assert!(descends("NoMethodError", "NameError"));
    }

    #[test]
    fn raise_forms_give_their_class_and_message() {
        let e = |args: &[RValue]| match raise(args, None, 0) {
            Err(crate::flow::Ctl::Err(e)) => match e.kind {
                RubyErrorKind::Raised(x) => (x.class, x.message),
                other => panic!("{other:?}"),
            },
            _ => panic!("raise returned"),
        };
        assert_eq!(e(&[RValue::str("boom")]), ("RuntimeError".into(), "boom".into()));
        assert_eq!(
            e(&[RValue::Class("Puppet::ParseError".into()), RValue::str("bad")]),
            ("Puppet::ParseError".into(), "bad".into())
        );
        assert_eq!(e(&[RValue::Class("ArgumentError".into())]), ("ArgumentError".into(), "ArgumentError".into()));
    }
}
