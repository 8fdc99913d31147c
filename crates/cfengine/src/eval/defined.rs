//! What evaluation has defined: the variables outside the `this` scope and
//! the global classes, with the classes' tags and comments. It is the
//! state a run produces — kept apart from the policy it runs
//! (`ctx.policy`) and the settings it was started with (`ctx.settings`) —
//! and what `--show-vars`, `--show-classes` and the run's final state read.

use std::collections::{HashMap, HashSet};

use indexmap::IndexMap;

use crate::data::value::Variable;

/// Key of a variable in the global table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VarKey {
    /// Namespace (`None` for special scopes).
    pub ns: Option<String>,
    /// Bundle or special scope.
    pub scope: String,
    /// Name.
    pub lval: String,
    /// Array indices.
    pub indices: Vec<String>,
}

/// The variables and classes of a run.
#[derive(Default)]
pub struct Defined {
    /// Every variable outside the `this` scope.
    pub vars: IndexMap<VarKey, Variable>,
    /// Global classes, `ns:name` (`name` alone in the default namespace).
    pub classes: HashSet<String>,
    /// The tags of classes (qualified as in `classes`), for
    /// `classesmatching()` and friends.
    pub class_tags: HashMap<String, Vec<String>>,
    /// The comments of classes defined by promises, for `--show-classes`.
    pub class_comments: HashMap<String, String>,
}
