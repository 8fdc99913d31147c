//! The errors Ruby code can give: a syntax error, a construct outside the
//! Ruby subset confer interprets, or a failure while running (an exception
//! it raised among them) — each at a byte offset of the template or file,
//! which the caller turns into line and column.

/// What went wrong.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RubyErrorKind {
    /// An opening tag without its `%>`.
    #[error("unclosed ERB tag")]
    UnclosedTag,
    /// Ruby that does not parse.
    #[error("syntax error, {0}")]
    Syntax(String),
    /// Ruby beyond the subset confer interprets; says which construct.
    #[error("confer's Ruby interpreter does not support {0}")]
    Unsupported(String),
    /// A method the receiver does not have (Ruby's NoMethodError).
    #[error("undefined method `{method}' for {receiver}{hint}")]
    NoMethod {
        /// The method.
        method: String,
        /// How Ruby shows the receiver (`nil:NilClass`, `"x":String`).
        receiver: String,
        /// Ruby's `did_you_mean` lines, or nothing.
        hint: String,
    },
    /// A local name that is neither a variable nor a method.
    #[error("undefined local variable or method `{0}'")]
    UndefinedName(String),
    /// A method called with arguments it does not accept.
    #[error("{0}")]
    Argument(String),
    /// A type mismatch (Ruby's TypeError).
    #[error("{0}")]
    Type(String),
    /// A Puppet function called from the template failed; its message.
    #[error("{0}")]
    Function(String),
    /// Rendering ran longer or deeper than allowed.
    #[error("{0}")]
    Limit(String),
    /// The host asked the run to stop (Ctrl-C in the console). Like Ruby's
    /// `Interrupt`, no `rescue` catches it.
    #[error("Evaluation interrupted (Ctrl-C)")]
    Interrupted,
    /// An exception the Ruby code raised (`raise Puppet::ParseError, msg`).
    #[error("{}", .0.message)]
    Raised(crate::value::Exception),
}

/// An error at a byte offset of the template.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{kind}")]
pub struct RubyError {
    /// What went wrong.
    pub kind: RubyErrorKind,
    /// Where, as a byte offset into the template text.
    pub at: usize,
}

impl RubyError {
    /// An error of `kind` at `at`.
    pub fn new(kind: RubyErrorKind, at: usize) -> RubyError {
        RubyError { kind, at }
    }
}
