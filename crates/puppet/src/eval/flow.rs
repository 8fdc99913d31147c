//! How evaluation leaves an expression other than by producing a value: an error,
//! a question left undecided, or the `return`, `next` and `break` control
//! functions.

use confer_core::undecided::Undecided;
use confer_core::{CoreError, Value};

use crate::error::ErrorKind;
use crate::span::Span;

/// An evaluation error before it is given a file and line.
#[derive(Debug)]
pub struct Failure {
    /// What kind of mistake it is (see `PuppetError::kind`).
    pub kind: ErrorKind,
    /// What went wrong.
    pub message: String,
    /// The expression it refers to.
    pub span: Span,
    /// Whether the message already says which call failed; errors from a
    /// function's own checks get Puppet's "Error while evaluating a Function
    /// Call, " prefix once, errors from Puppet code it runs (a lambda, a class
    /// body) never.
    pub settled: bool,
    /// Advice after the message (see `PuppetError::notes`).
    pub notes: Vec<crate::log::Note>,
    /// Further places shown in the excerpt (see `PuppetError::labels`).
    pub labels: Vec<confer_diagnostic::Label>,
    /// Whether Puppet reports the line of `span` only, without a column.
    pub line_only: bool,
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
    /// An error already located and worded, from another phase: a syntax or
    /// validation error in a file loaded while evaluating.
    Located(Box<crate::error::PuppetError>),
    /// A type check or match the limits on hostile input left undecided,
    /// on its way to the innermost expression being evaluated, which
    /// locates it (`Evaluator::eval`).
    Undecided(Undecided),
}

impl From<Undecided> for Flow {
    fn from(u: Undecided) -> Flow {
        Flow::Undecided(u)
    }
}

impl Flow {
    /// Carries `error` out of evaluation unchanged.
    pub fn from_error(error: crate::error::PuppetError) -> Flow {
        Flow::Located(Box::new(error))
    }
}

/// The result of evaluating something.
pub type EvalResult<T = Value> = Result<T, Flow>;

/// An evaluation error at `span`, of no more specific kind.
pub fn fail(span: Span, message: impl Into<String>) -> Flow {
    fail_as(ErrorKind::Evaluation, span, message)
}

/// An error of `kind` at `span`.
pub fn fail_as(kind: ErrorKind, span: Span, message: impl Into<String>) -> Flow {
    Flow::Error(Box::new(Failure {
        kind,
        message: message.into(),
        span,
        settled: false,
        notes: Vec::new(),
        labels: Vec::new(),
        line_only: false,
    }))
}

/// Adds advice (`Failure::notes`, `PuppetError::notes`) to an error.
pub fn with_notes(flow: Flow, notes: Vec<crate::log::Note>) -> Flow {
    match flow {
        Flow::Error(mut f) => {
            f.notes.extend(notes);
            Flow::Error(f)
        }
        Flow::Located(mut e) => {
            e.notes.extend(notes);
            Flow::Located(e)
        }
        other => other,
    }
}

/// `flow` with `change` made to its failure, if it is one.
fn on_failure(flow: Flow, change: impl FnOnce(&mut Failure)) -> Flow {
    match flow {
        Flow::Error(mut f) => {
            change(&mut f);
            Flow::Error(f)
        }
        other => other,
    }
}

/// Adds a place (`Failure::labels`) to an error.
pub fn with_label(flow: Flow, label: confer_diagnostic::Label) -> Flow {
    on_failure(flow, |f| f.labels.push(label))
}

/// Marks an error Puppet reports with its line only (raised when the
/// catalog evaluates a defined resource, which keeps no column).
pub fn line_only(flow: Flow) -> Flow {
    on_failure(flow, |f| f.line_only = true)
}

/// Marks an error from evaluating Puppet code so that enclosing calls leave
/// its message as it is.
pub fn settle(flow: Flow) -> Flow {
    on_failure(flow, |f| f.settled = true)
}

/// Prefixes an unsettled error with the kind of call that raised it, as Puppet
/// words it ("Error while evaluating a Function Call, ...").
pub fn attribute_to(flow: Flow, what: &str) -> Flow {
    match flow {
        Flow::Error(mut f) if !f.settled => {
            let article = if what.starts_with(['A', 'E', 'I', 'O', 'U']) { "an" } else { "a" };
            f.message = format!("Error while evaluating {article} {what}, {}", f.message);
            f.settled = true;
            Flow::Error(f)
        }
        other => other,
    }
}

/// Points an error at `span` instead (a statement rather than a part of it).
pub fn relocate(flow: Flow, span: Span) -> Flow {
    match flow {
        Flow::Error(mut f) => {
            f.span = span;
            Flow::Error(f)
        }
        other => other,
    }
}

/// Turns a core error into an evaluation error at `span`.
pub fn core_fail(span: Span) -> impl Fn(CoreError) -> Flow {
    move |e| fail(span, e.to_string())
}
