//! How a `files` promise (or one of its edits) went, combined as cf-agent's
//! `PromiseResultUpdate` does: a failure outweighs a change, a change
//! outweighs nothing done.

use crate::eval::classes_body;

/// A promise's result. cf-agent sets a promise's classes at each step
/// that reports (`cfPS`), so a promise that changed something and then
/// failed has both its repaired and its failed classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Nothing needed doing.
    Kept,
    /// Something was changed.
    Repaired,
    /// Something could not be done.
    Failed,
    /// Something was changed, then something else could not be done.
    RepairedThenFailed,
}

impl Outcome {
    /// The outcome of doing both.
    pub(crate) fn and(self, other: Outcome) -> Outcome {
        match (self.repaired() || other.repaired(), self.failed() || other.failed()) {
            (false, false) => Outcome::Kept,
            (true, false) => Outcome::Repaired,
            (false, true) => Outcome::Failed,
            (true, true) => Outcome::RepairedThenFailed,
        }
    }

    /// Whether something could not be done.
    pub(crate) fn failed(self) -> bool {
        matches!(self, Outcome::Failed | Outcome::RepairedThenFailed)
    }

    /// Whether something was changed.
    pub(crate) fn repaired(self) -> bool {
        matches!(self, Outcome::Repaired | Outcome::RepairedThenFailed)
    }

    /// What `classes` bodies see, in the order cf-agent reported it.
    pub(crate) fn classes(self) -> &'static [classes_body::Outcome] {
        match self {
            Outcome::Kept => &[classes_body::Outcome::Kept],
            Outcome::Repaired => &[classes_body::Outcome::Repaired],
            Outcome::Failed => &[classes_body::Outcome::Failed],
            Outcome::RepairedThenFailed => &[classes_body::Outcome::Repaired, classes_body::Outcome::Failed],
        }
    }

    /// Defines the files promise's classes for this outcome, which counts
    /// towards its bundle's outcome as the weightiest part of it.
    pub(crate) fn settle(self, ctx: &mut crate::eval::context::EvalContext, exp: &crate::eval::promise::Expanded) {
        self.set_classes(ctx, exp);
        let weighed = if self.failed() {
            classes_body::Outcome::Failed
        } else if self.repaired() {
            classes_body::Outcome::Repaired
        } else {
            classes_body::Outcome::Kept
        };
        ctx.bundle_outcome = Some(ctx.bundle_outcome.map_or(weighed, |o| o.max(weighed)));
    }

    /// Defines the promise's classes for this outcome.
    pub(crate) fn set_classes(self, ctx: &mut crate::eval::context::EvalContext, exp: &crate::eval::promise::Expanded) {
        for &o in self.classes() {
            classes_body::apply(ctx, exp, o);
        }
    }
}
