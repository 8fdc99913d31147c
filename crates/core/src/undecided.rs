//! The question that could not be decided, for callers that answer with a
//! plain `bool` (type checks, `in`, `case`): a regexp match past the
//! backtracking limit, a value nested past `value::depth::MAX_DEPTH`.
//!
//! `instance_of`, `assignable` and the matching rules return `bool` at dozens
//! of call sites; threading a `Result` through all of them for an event that
//! only hostile input causes would burden every caller. Instead a failed
//! attempt is recorded here, and the front-end turns it into a located error
//! as soon as the expression that asked returns (the Puppet evaluator after
//! every expression, `check` after every document), so the provisional
//! `false` never becomes an answer.

use std::cell::RefCell;

use crate::error::CoreError;

thread_local! {
    static PENDING: RefCell<Option<CoreError>> = const { RefCell::new(None) };
}

/// Remembers the first undecided question since the last [`take`].
pub(crate) fn record(error: CoreError) {
    PENDING.with(|p| {
        let mut p = p.borrow_mut();
        if p.is_none() {
            *p = Some(error);
        }
    });
}

/// The undecided question recorded on this thread since the last call, if any.
pub fn take() -> Option<CoreError> {
    PENDING.with(|p| p.borrow_mut().take())
}
