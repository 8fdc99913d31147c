//! The run's cache of compiled regular expressions, apart from the helpers
//! that use it so that the host interface can hand it out.

use std::collections::{HashMap, HashSet};

/// The run's compiled regexes by source, and the matches that hit the
/// backtrack limit. Owned by the run (one per evaluation context), not by
/// the thread, so that two runs in one process share nothing.
#[derive(Default)]
pub(crate) struct RegexCache {
    /// Compiled regexes by source: policies match the same few patterns
    /// against many strings (variablesmatching over every variable, class
    /// guards in loops), and compiling dominates otherwise.
    pub(super) compiled: HashMap<String, fancy_regex::Regex>,
    /// Per pattern, the (subject's hash, start) pairs that hit the backtrack
    /// limit: a policy evaluates the same call in every pass, and deciding
    /// again would spend the whole limit each time. Keyed by pattern first
    /// so that the common case (a pattern never undecided) costs one lookup,
    /// not a pass over the subject: a split walks a long file match by match.
    pub(super) undecided: HashMap<String, HashSet<(u64, usize)>>,
}
