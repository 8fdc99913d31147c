//! What became of a promise, as classes bodies and the bundle's own outcome
//! weigh it. Its own module because the evaluation context keeps the
//! outcome of the bundle at hand, and classes bodies, which read the
//! context, act on it.

/// A promise's outcome, as far as classes bodies see it. Ordered as
/// `PromiseResultUpdate` weighs them: a failure outweighs a change, a
/// change outweighs nothing done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// `PROMISE_RESULT_NOOP`.
    Kept,
    /// `PROMISE_RESULT_CHANGE` (a `files` promise changed a file).
    Repaired,
    /// `PROMISE_RESULT_WARN`: a repair was due but only a warning was
    /// promised (`action_policy => "warn"`); classes as for a failure.
    Warned,
    /// `PROMISE_RESULT_FAIL`.
    Failed,
}
