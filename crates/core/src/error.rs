//! Errors that value and type operations can raise, independent of source locations.
//! Front-ends attach a span when they turn one into a diagnostic.

use thiserror::Error;

/// An error from an operation on values or types.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CoreError {
    /// A regular expression that does not compile.
    #[error("invalid regular expression /{pattern}/: {reason}")]
    BadRegexp {
        /// The pattern as shown (at most 200 characters, controls escaped).
        pattern: String,
        /// The regexp engine's reason.
        reason: String,
    },
    /// A match that the backtracking limit left undecided.
    #[error("The regular expression /{pattern}/ needs too much backtracking to decide this match")]
    RegexpUndecided {
        /// The pattern as shown (at most 200 characters, controls escaped).
        pattern: String,
    },
    /// A type parameterised with arguments it does not accept.
    #[error("{0}")]
    BadTypeParameters(String),
    /// One argument of a type's parameters is of the wrong kind; Puppet
    /// places the error at that argument.
    #[error("{message}")]
    BadTypeArgument {
        /// Puppet's message.
        message: String,
        /// The argument it is about.
        argument: crate::Value,
    },
    /// Values that an operator does not accept.
    #[error("{0}")]
    Operand(String),
}
