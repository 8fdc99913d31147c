//! The answer a question could not reach: a regexp match past the
//! backtracking limit, a value nested past `value::depth::MAX_DEPTH`.
//!
//! Every question that can end this way returns it as the error of a
//! `Result` (`instance_of`, `assignable`, `Regexp::try_is_match`): an
//! undecided match must never pass for "no match", so callers either
//! propagate it with `?`, turning it into a located error where the
//! front-end asked, or decide explicitly what it means for them.

use crate::error::CoreError;

/// A question the limits on hostile input left without an answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Undecided {
    /// A regexp match that needed more backtracking than allowed.
    #[error("The regular expression /{pattern}/ needs too much backtracking to decide this match")]
    Regexp {
        /// The pattern as shown (at most 200 characters, controls escaped).
        pattern: String,
    },
    /// A value nested deeper than a check descends.
    #[error("The value is nested deeper than {} levels", crate::value::depth::MAX_DEPTH)]
    TooDeep,
}

impl From<Undecided> for CoreError {
    fn from(u: Undecided) -> CoreError {
        match u {
            Undecided::Regexp { pattern } => CoreError::RegexpUndecided { pattern },
            Undecided::TooDeep => CoreError::Operand(u.to_string()),
        }
    }
}

/// `Ok(true)` when `f` answers true for every item, stopping at the first
/// false or undecided answer, as `Iterator::all` would.
pub fn all<T>(
    items: impl IntoIterator<Item = T>,
    mut f: impl FnMut(T) -> Result<bool, Undecided>,
) -> Result<bool, Undecided> {
    for item in items {
        if !f(item)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `Ok(true)` when `f` answers true for some item, stopping at the first
/// true or undecided answer, as `Iterator::any` would.
pub fn any<T>(
    items: impl IntoIterator<Item = T>,
    mut f: impl FnMut(T) -> Result<bool, Undecided>,
) -> Result<bool, Undecided> {
    for item in items {
        if f(item)? {
            return Ok(true);
        }
    }
    Ok(false)
}
