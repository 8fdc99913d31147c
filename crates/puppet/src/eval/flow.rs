//! How evaluation leaves an expression other than by producing a value: an error,
//! or the `return`, `next` and `break` control functions.

use confer_core::{CoreError, Value};

use crate::span::Span;

/// An evaluation error before it is given a file and line.
#[derive(Debug)]
pub struct Failure {
    /// What went wrong.
    pub message: String,
    /// The expression it refers to.
    pub span: Span,
}

/// Non-local exits from expression evaluation.
#[derive(Debug)]
pub enum Flow {
    /// An error that aborts evaluation.
    Error(Box<Failure>),
    /// `return(value)` from a function or the end of a lambda's caller.
    Return(Value, Span),
    /// `next(value)`: the lambda's result for this iteration.
    Next(Value, Span),
    /// `break()`: stops an iteration.
    Break(Span),
}

/// The result of evaluating something.
pub type EvalResult<T = Value> = Result<T, Flow>;

/// An error at `span`.
pub fn fail(span: Span, message: impl Into<String>) -> Flow {
    Flow::Error(Box::new(Failure { message: message.into(), span }))
}

/// Turns a core error into an evaluation error at `span`.
pub fn core_fail(span: Span) -> impl Fn(CoreError) -> Flow {
    move |e| fail(span, e.to_string())
}
