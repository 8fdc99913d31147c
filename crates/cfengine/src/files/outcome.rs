//! How a `files` promise (or one of its edits) went, combined as cf-agent's
//! `PromiseResultUpdate` does: a failure outweighs a warning, a warning a
//! change, a change nothing done.

use crate::eval::classes_body;
use crate::eval::context::EvalContext;
use crate::eval::promise::Expanded;

/// A promise's result. cf-agent sets a promise's classes at each step
/// that reports (`cfPS`, `MakingChanges`), so a promise that changed
/// something and then failed (or only warned) has both its repaired and
/// its failed classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Nothing needed doing.
    Kept,
    /// Something was changed.
    Repaired,
    /// A change was due, but only a warning was promised (or the run is
    /// a dry run).
    Warned,
    /// Something could not be done.
    Failed,
    /// Something was changed, then another change was only warned of.
    RepairedThenWarned,
    /// Something was changed, then something else could not be done.
    RepairedThenFailed,
}

impl Outcome {
    /// The outcome of doing both.
    pub(crate) fn and(self, other: Outcome) -> Outcome {
        let repaired = self.repaired() || other.repaired();
        let failed = self.failed() || other.failed();
        let warned = self.warned() || other.warned();
        match (repaired, failed, warned) {
            (false, false, false) => Outcome::Kept,
            (true, false, false) => Outcome::Repaired,
            (false, false, true) => Outcome::Warned,
            (false, true, _) => Outcome::Failed,
            (true, false, true) => Outcome::RepairedThenWarned,
            (true, true, _) => Outcome::RepairedThenFailed,
        }
    }

    /// Whether something could not be done.
    pub(crate) fn failed(self) -> bool {
        matches!(self, Outcome::Failed | Outcome::RepairedThenFailed)
    }

    /// Whether a change was only warned of (and nothing failed).
    pub(crate) fn warned(self) -> bool {
        matches!(self, Outcome::Warned | Outcome::RepairedThenWarned)
    }

    /// Whether something was changed.
    pub(crate) fn repaired(self) -> bool {
        matches!(self, Outcome::Repaired | Outcome::RepairedThenWarned | Outcome::RepairedThenFailed)
    }

    /// What `classes` bodies see, in the order cf-agent reported it.
    pub(crate) fn classes(self) -> &'static [classes_body::Outcome] {
        match self {
            Outcome::Kept => &[classes_body::Outcome::Kept],
            Outcome::Repaired => &[classes_body::Outcome::Repaired],
            Outcome::Warned => &[classes_body::Outcome::Warned],
            Outcome::Failed => &[classes_body::Outcome::Failed],
            Outcome::RepairedThenWarned => &[classes_body::Outcome::Repaired, classes_body::Outcome::Warned],
            Outcome::RepairedThenFailed => &[classes_body::Outcome::Repaired, classes_body::Outcome::Failed],
        }
    }

    /// The single result the promise reports to its bundle.
    pub(crate) fn weighed(self) -> classes_body::Outcome {
        if self.failed() {
            classes_body::Outcome::Failed
        } else if self.warned() {
            classes_body::Outcome::Warned
        } else if self.repaired() {
            classes_body::Outcome::Repaired
        } else {
            classes_body::Outcome::Kept
        }
    }

    /// Defines the files promise's classes for this outcome, which counts
    /// towards its bundle's outcome as the weightiest part of it.
    pub(crate) fn settle(self, ctx: &mut EvalContext, exp: &Expanded) {
        self.set_classes(ctx, exp);
        let weighed = self.weighed();
        ctx.agent.bundle_outcome = Some(ctx.agent.bundle_outcome.map_or(weighed, |o| o.max(weighed)));
    }

    /// Defines the promise's classes for this outcome.
    pub(crate) fn set_classes(self, ctx: &mut EvalContext, exp: &Expanded) {
        for &o in self.classes() {
            classes_body::apply(ctx, exp, o);
        }
    }
}
