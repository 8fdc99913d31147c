//! Regular expressions with Ruby's syntax, as Puppet writes them between slashes.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Range;
use std::sync::{Arc, OnceLock};

use crate::error::CoreError;
use crate::undecided::Undecided;
use engine::{Engine, EngineError};

mod engine;
mod relaxed;
mod repeats;
mod translate;

/// One match: the byte range of the whole match (index 0) and of each group,
/// `None` for a group that did not participate.
pub type Groups = Vec<Option<Range<usize>>>;

/// A regular expression that remembers the source it came from, because
/// Puppet compares, hashes and prints regexps by their source text. Clones share
/// the compiled matcher, and equal sources share it through the engine's cache.
/// A pattern is checked when made but compiled when first matched: a
/// manifest's regexp literals are read with it, most never matched.
#[derive(Clone)]
pub struct Regexp {
    source: String,
    engine: Arc<OnceLock<Option<Arc<Engine>>>>,
}

impl Regexp {
    /// Compiles `source` (the text between the slashes) with Ruby-compatible syntax.
    pub fn new(source: &str) -> Result<Regexp, CoreError> {
        let checked = Engine::check(source).map_err(|e| match e {
            EngineError::Invalid(message) => {
                CoreError::BadRegexp { pattern: shown(source), reason: message.to_string() }
            }
            EngineError::Undecided => undecided(source).into(),
        })?;
        let engine = OnceLock::new();
        if let Some(compiled) = checked {
            let _ = engine.set(Some(compiled));
        }
        Ok(Regexp { source: source.to_string(), engine: Arc::new(engine) })
    }

    /// The compiled matcher, compiled on first use; `None` in the rare case a
    /// pattern whose syntax was accepted does not compile (past the size
    /// limit), which every match then reports.
    fn engine(&self) -> Result<&Arc<Engine>, Undecided> {
        self.engine
            .get_or_init(|| Engine::for_source(&self.source).ok())
            .as_ref()
            .ok_or_else(|| undecided(&self.source))
    }

    /// The source text, without delimiters.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Whether the expression matches anywhere in `text`, or [`Undecided`]
    /// when the backtracking limit left that undecided.
    pub fn try_is_match(&self, text: &str) -> Result<bool, Undecided> {
        self.engine()?.is_match(text).map_err(|_| undecided(&self.source))
    }

    /// Whether the expression matches anywhere in `text`, an undecided match
    /// counting as none: for callers whose reference reads a match it gave
    /// up on as no match (cf-agent's PCRE at its match limit). Puppet's
    /// questions use [`Regexp::try_is_match`].
    pub fn is_match(&self, text: &str) -> bool {
        self.try_is_match(text).unwrap_or(false)
    }

    /// Each group's name, by group number (`None` for group 0 and unnamed
    /// groups): `(?<name>...)`.
    pub fn group_names(&self) -> Result<Vec<Option<String>>, Undecided> {
        Ok(self.engine()?.group_names())
    }

    /// Up to `max` successive non-overlapping matches in `text`.
    pub fn matches(&self, text: &str, max: usize) -> Result<Vec<Groups>, Undecided> {
        self.engine()?.matches(text, max).map_err(|_| undecided(&self.source))
    }

    /// Gives each match's groups to `f` in order until it answers false,
    /// holding one match at a time.
    pub fn each_match(&self, text: &str, mut f: impl FnMut(Groups) -> bool) -> Result<(), Undecided> {
        self.engine()?.each_match(text, &mut f).map_err(|_| undecided(&self.source))
    }

    /// The first match's groups: index 0 is the whole match; groups that did not
    /// participate are `None`.
    pub fn try_captures(&self, text: &str) -> Result<Option<Vec<Option<String>>>, Undecided> {
        let first = self.matches(text, 1)?.pop();
        Ok(first.map(|groups| groups.into_iter().map(|g| g.map(|r| text[r].to_string())).collect()))
    }
}

/// A match the backtracking limit left undecided, naming the pattern.
fn undecided(source: &str) -> Undecided {
    Undecided::Regexp { pattern: shown(source) }
}

/// The pattern as an error message shows it: at most 200 characters, control
/// characters escaped so that none reaches the terminal.
fn shown(source: &str) -> String {
    let mut out = String::new();
    for c in source.chars().take(200) {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if source.chars().nth(200).is_some() {
        out.push('…');
    }
    out
}

impl PartialEq for Regexp {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source
    }
}

impl Eq for Regexp {}

impl Hash for Regexp {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.source.hash(state);
    }
}

impl fmt::Debug for Regexp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "/{}/", self.source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruby_multiline_flag_means_dot_all() {
        let r = Regexp::new("(?m:a.b)").unwrap();
        assert!(r.is_match("a\nb"));
    }

    #[test]
    fn capital_z_allows_final_newline() {
        let r = Regexp::new(r"\Aab\Z").unwrap();
        assert!(r.is_match("ab\n"));
        assert!(r.is_match("ab"));
        assert!(!r.is_match("ab\nc"));
    }

    #[test]
    fn captures_report_unmatched_groups() {
        let r = Regexp::new("(a)|(b)").unwrap();
        assert_eq!(r.try_captures("b").unwrap().unwrap(), vec![Some("b".into()), None, Some("b".into())]);
    }

    #[test]
    fn backtrack_limit_is_an_error_not_a_mismatch() {
        let r = Regexp::new(r"^(?:(a+)+\1c|.*b)$").unwrap();
        let text = format!("{}b", "a".repeat(25));
        assert!(matches!(r.try_is_match(&text), Err(Undecided::Regexp { .. })));
        assert!(!r.is_match(&text));
    }

    #[test]
    fn iteration_stops_at_an_undecided_match() {
        let r = Regexp::new(r"(a+)+\1b").unwrap();
        assert!(r.matches(&format!("{}cb", "a".repeat(25)), usize::MAX).is_err());
        // Text without the required `b` is decided by the linear prefilter.
        assert_eq!(r.matches(&"a".repeat(25), usize::MAX).unwrap(), Vec::<Groups>::new());
    }

    #[test]
    fn plain_and_fancy_patterns_agree() {
        let plain = Regexp::new("(a)(b)?").unwrap();
        let fancy = Regexp::new(r"(a)(?=c)").unwrap();
        assert_eq!(
            plain.matches("xaab", 9).unwrap(),
            vec![vec![Some(1..2), Some(1..2), None], vec![Some(2..4), Some(2..3), Some(3..4)]]
        );
        assert!(fancy.is_match("ac"));
    }

    #[test]
    fn equality_is_by_source() {
        assert_eq!(Regexp::new("a+").unwrap(), Regexp::new("a+").unwrap());
        assert_ne!(Regexp::new("a+").unwrap(), Regexp::new("a*").unwrap());
    }
}
