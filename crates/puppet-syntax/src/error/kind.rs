//! What kind of mistake a Puppet error reports, decided where the error is
//! made: the machine code `--error-format json` prints, and the data code
//! that reacts to an error (rewording an unresolved type name) reads instead
//! of its message.

/// The kind of a [`super::PuppetError`] (and of an evaluation failure on its
/// way to becoming one). The message stays Puppet's words; the kind is what
/// tools and confer's own code match on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The manifest does not lex or parse, or breaks one rule of Puppet's
    /// static checks (Puppet words a single one as a parse error).
    Syntax,
    /// Puppet's static checks found several problems, or a catalog that
    /// cannot be ordered (a dependency cycle).
    Validation,
    /// What Puppet raises as a plain Ruby exception (an invalid regexp, a
    /// definition registered twice, a Ruby function that cannot load).
    Loading,
    /// Data that Hiera or a data function could not read (a YAML or JSON
    /// file that does not parse, a value that is not data).
    Data,
    /// A type reference names no type (`Resource type not found: X`).
    UnknownType {
        /// The name as written, capitalised per segment as Puppet prints it.
        name: Box<str>,
    },
    /// A resource declaration names no resource type or defined type.
    UnknownResourceType,
    /// A class that is included or declared does not exist.
    UnknownClass,
    /// A call names no function.
    UnknownFunction,
    /// A function was called with a number or kind of arguments none of its
    /// signatures accepts.
    FunctionArguments,
    /// A value given to a class, defined type or lambda parameter is not of
    /// the parameter's type, or a parameter is missing or unknown.
    TypeMismatch,
    /// A variable that is not defined, read under `--strict_variables`.
    UndefinedVariable,
    /// A resource or class declared twice.
    DuplicateDeclaration,
    /// A Hiera lookup found no value and had no default.
    LookupFailed,
    /// An ERB or EPP template that cannot be found, parsed or rendered.
    Template,
    /// A bound on hostile input was reached (nesting depth, size, the
    /// catalog's resource count, a regexp's backtracking).
    ResourceLimit,
    /// Any other evaluation error.
    Evaluation,
}

impl ErrorKind {
    /// Every kind's stable name in diagnostics, `puppet::` and the kind in
    /// snake case.
    pub fn code(&self) -> &'static str {
        match self {
            ErrorKind::Syntax => "puppet::syntax",
            ErrorKind::Validation => "puppet::validation",
            ErrorKind::Loading => "puppet::loading",
            ErrorKind::Data => "puppet::data",
            ErrorKind::UnknownType { .. } => "puppet::unknown_type",
            ErrorKind::UnknownResourceType => "puppet::unknown_resource_type",
            ErrorKind::UnknownClass => "puppet::unknown_class",
            ErrorKind::UnknownFunction => "puppet::unknown_function",
            ErrorKind::FunctionArguments => "puppet::function_arguments",
            ErrorKind::TypeMismatch => "puppet::type_mismatch",
            ErrorKind::UndefinedVariable => "puppet::undefined_variable",
            ErrorKind::DuplicateDeclaration => "puppet::duplicate_declaration",
            ErrorKind::LookupFailed => "puppet::lookup_failed",
            ErrorKind::Template => "puppet::template",
            ErrorKind::ResourceLimit => "puppet::resource_limit",
            ErrorKind::Evaluation => "puppet::evaluation",
        }
    }

    /// One kind of each variant, for listing the codes.
    pub fn all() -> [ErrorKind; 16] {
        [
            ErrorKind::Syntax,
            ErrorKind::Validation,
            ErrorKind::Loading,
            ErrorKind::Data,
            ErrorKind::UnknownType { name: Box::default() },
            ErrorKind::UnknownResourceType,
            ErrorKind::UnknownClass,
            ErrorKind::UnknownFunction,
            ErrorKind::FunctionArguments,
            ErrorKind::TypeMismatch,
            ErrorKind::UndefinedVariable,
            ErrorKind::DuplicateDeclaration,
            ErrorKind::LookupFailed,
            ErrorKind::Template,
            ErrorKind::ResourceLimit,
            ErrorKind::Evaluation,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_distinct_and_named_for_puppet() {
        let codes: Vec<&str> = ErrorKind::all().iter().map(ErrorKind::code).collect();
        let unique: std::collections::BTreeSet<&str> = codes.iter().copied().collect();
        assert_eq!(unique.len(), codes.len(), "{codes:?}");
        assert!(codes.iter().all(|c| c.starts_with("puppet::")), "{codes:?}");
    }
}
