//! The run's cache of compiled regular expressions, apart from the helpers
//! that use it so that the host interface can hand it out.

use std::collections::{HashMap, HashSet};

/// How many compiled regexes (or undecided patterns) a cache keeps before
/// it starts over.
pub(super) const REGEX_CACHE_SIZE: usize = 4096;

/// Compiled regexes by source, bounded: policies match the same few
/// patterns against many strings (variablesmatching over every variable,
/// class guards in loops), and compiling dominates otherwise.
#[derive(Default)]
pub(crate) struct Compiled(HashMap<String, fancy_regex::Regex>);

impl Compiled {
    /// The regex compiled from `src`, from the cache or compiled now and
    /// kept.
    pub(super) fn get_or_compile(&mut self, src: String) -> Result<fancy_regex::Regex, fancy_regex::Error> {
        if let Some(re) = self.0.get(&src) {
            return Ok(re.clone());
        }
        let re = fancy_regex::Regex::new(&src)?;
        if self.0.len() >= REGEX_CACHE_SIZE {
            self.0.clear();
        }
        self.0.insert(src, re.clone());
        Ok(re)
    }
}

/// The run's compiled regexes by source, and the matches that hit the
/// backtrack limit. Owned by the run (one per evaluation context), not by
/// the thread, so that two runs in one process share nothing.
#[derive(Default)]
pub(crate) struct RegexCache {
    /// The regexes the run's functions compiled.
    pub(super) compiled: Compiled,
    /// Per pattern, the (subject's hash, start) pairs that hit the backtrack
    /// limit: a policy evaluates the same call in every pass, and deciding
    /// again would spend the whole limit each time. Keyed by pattern first
    /// so that the common case (a pattern never undecided) costs one lookup,
    /// not a pass over the subject: a split walks a long file match by match.
    pub(super) undecided: HashMap<String, HashSet<(u64, usize)>>,
}
