//! How Ruby evaluation leaves an expression — a value, an error, `next`,
//! `break`, `return` — and the errors every part of the interpreter raises
//! (a wrong type, a value past confer's size limits, an undecided match).
//! Apart from the interpreter so that the library of methods and classes
//! can raise them without depending on it.

use crate::error::{RubyError, RubyErrorKind};
use crate::value::RValue;

/// The longest string (in bytes) or array a template may build, and the most
/// it may output: repeating or doubling a string in a loop would otherwise
/// take all memory (`'5' * 405 * 405 * 17204` is 2.8 GB).
pub(crate) const MAX_SIZE: usize = 1 << 24;

/// The most bytes a value may take with its shared parts written out
/// (`RValue::expanded_size`): bounds every walk over a value built by
/// doubling `[a, a]` in a loop, as the evaluator's limit of the same name does.
pub(crate) const MAX_EXPANDED_BYTES: u64 = 256 * 1024 * 1024;

/// `v`, or an error when it is a string or array past [`MAX_SIZE`] or any
/// value past [`MAX_EXPANDED_BYTES`].
pub(crate) fn bounded(v: RValue, at: usize) -> Ev {
    let size = match &v {
        RValue::Str(s) => s.len(),
        RValue::Array(items) => items.borrow().len(),
        _ => 0,
    };
    if size > MAX_SIZE {
        return err(RubyErrorKind::Limit(too_big()), at);
    }
    if v.expanded_size() > MAX_EXPANDED_BYTES {
        return err(
            RubyErrorKind::Limit(format!(
                "the Ruby code built a value that takes more than {MAX_EXPANDED_BYTES} bytes with its shared parts \
                 counted each time they appear (confer's limit on hostile input)"
            )),
            at,
        );
    }
    Ok(v)
}

/// Ruby's TypeError for `v` where a value of the class `into` is needed:
/// "no implicit conversion of Integer into String" (`nil`, `true`, `false`
/// named themselves).
pub(crate) fn no_implicit<T>(v: &RValue, into: &str, at: usize) -> Ev<T> {
    err(RubyErrorKind::Type(format!("no implicit conversion of {} into {into}", v.conversion_name())), at)
}

/// The error of a value or output past [`MAX_SIZE`].
pub(crate) fn too_big() -> String {
    format!("the Ruby code built a value or output larger than {MAX_SIZE} (confer's limit on hostile input)")
}

/// How evaluation leaves an expression other than with a value.
pub enum Ctl {
    /// An error.
    Err(RubyError),
    /// `next v` inside a block.
    Next(RValue),
    /// `break` inside a loop (`None`), or inside the block with this
    /// identity (see `block_id`), which ends the method call the block was
    /// given to, with `nil`.
    Break(Option<usize>),
    /// `return v` inside a method.
    Return(RValue),
}

impl From<RubyError> for Ctl {
    fn from(e: RubyError) -> Ctl {
        Ctl::Err(e)
    }
}

/// The result of evaluating something.
pub type Ev<T = RValue> = Result<T, Ctl>;

/// An error of `kind` at `at`.
pub fn err<T>(kind: RubyErrorKind, at: usize) -> Ev<T> {
    Err(Ctl::Err(RubyError::new(kind, at)))
}

/// The answer of a match or type check, or the error at `at` when the
/// limits on hostile input left it undecided (as Ruby's `Regexp.timeout`
/// raises rather than answer).
pub fn decided<T>(answer: Result<T, confer_core::undecided::Undecided>, at: usize) -> Ev<T> {
    answer.or_else(|u| err(RubyErrorKind::Limit(u.to_string()), at))
}
