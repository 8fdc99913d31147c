//! How a `files` promise (or one of its edits) went, combined as cf-agent's
//! `PromiseResultUpdate` does: a failure outweighs a change, a change
//! outweighs nothing done.

use crate::eval::classes_body;

/// A promise's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Outcome {
    /// Nothing needed doing.
    Kept,
    /// Something was changed.
    Repaired,
    /// Something could not be done.
    Failed,
}

impl Outcome {
    /// The outcome of doing both.
    pub(crate) fn and(self, other: Outcome) -> Outcome {
        self.max(other)
    }

    /// What `classes` bodies see.
    pub(crate) fn classes(self) -> classes_body::Outcome {
        match self {
            Outcome::Kept => classes_body::Outcome::Kept,
            Outcome::Repaired => classes_body::Outcome::Repaired,
            Outcome::Failed => classes_body::Outcome::Failed,
        }
    }
}
