//! The classes of Ruby's exceptions module code names, with their
//! superclasses: what `rescue Class` catches, and what a raised
//! exception is an instance of. Raising and rescuing are `raise.rs`'s.

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
}
