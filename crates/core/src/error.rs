//! Errors that value and type operations can raise, independent of source locations.
//! Front-ends attach a span when they turn one into a diagnostic.

use thiserror::Error;

/// An error from an operation on values or types.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CoreError {
    /// An integer operation whose exact result does not fit in 64 bits.
    #[error("{0}")]
    IntegerOverflow(String),
    /// Division or modulo by zero.
    #[error("{0}")]
    DivisionByZero(String),
    /// A float operation that produced an infinite or NaN result.
    #[error("{0}")]
    FloatOutOfRange(String),
    /// A regular expression that does not compile.
    #[error("{0}")]
    BadRegexp(String),
    /// A match that the backtracking limit left undecided.
    #[error("{0}")]
    RegexpUndecided(String),
    /// A type parameterised with arguments it does not accept.
    #[error("{0}")]
    BadTypeParameters(String),
    /// Values that an operator does not accept.
    #[error("{0}")]
    Operand(String),
}
