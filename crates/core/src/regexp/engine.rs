//! The compiled matcher behind a [`super::Regexp`]: the cheapest engine that
//! gives the pattern Ruby's meaning, compiled once per source text.
//!
//! Most patterns need no backtracking: the `regex` crate runs them in time
//! linear in the input and can never fail. Only patterns with backreferences or
//! look-around (which `regex` refuses to compile) go to fancy-regex, whose
//! backtracking is bounded by a step limit; hitting it is an error, never a
//! "no match".

use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex, OnceLock};

use super::translate::translate_ruby;

/// Backtracking steps fancy-regex may take for one match attempt before the
/// match is reported as undecidable rather than left to run for minutes.
const BACKTRACK_LIMIT: usize = 1_000_000;

/// How many compiled patterns the cache keeps; past it the cache starts over,
/// so a manifest that builds patterns from data cannot grow it without bound.
const CACHE_CAPACITY: usize = 1024;

/// A compiled pattern.
pub(super) enum Engine {
    /// No backtracking features: linear time, infallible.
    Plain(regex::Regex),
    /// Backreferences or look-around: bounded backtracking, behind a linear
    /// prefilter that must match first (see [`super::relaxed`]).
    Fancy(fancy_regex::Regex, Option<regex::Regex>),
}

/// Why a pattern did not compile or a match could not be decided.
pub(super) enum EngineError {
    /// The pattern is not valid; the message is the engine's.
    Invalid(String),
    /// The match needed more than [`BACKTRACK_LIMIT`] steps.
    Undecided,
}

/// One match: the byte range of the whole match (group 0) and of each group.
pub(super) type Groups = Vec<Option<Range<usize>>>;

impl Engine {
    /// The engine for `source` (Ruby syntax), from the cache when it was compiled before.
    pub(super) fn for_source(source: &str) -> Result<Arc<Engine>, EngineError> {
        static CACHE: OnceLock<Mutex<HashMap<String, Arc<Engine>>>> = OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        // A poisoned lock only means another thread panicked mid-insert; the map is still usable.
        if let Some(engine) = cache.lock().unwrap_or_else(|p| p.into_inner()).get(source) {
            return Ok(engine.clone());
        }
        let engine = Arc::new(Engine::compile(source)?);
        let mut map = cache.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() >= CACHE_CAPACITY {
            map.clear();
        }
        map.insert(source.to_string(), engine.clone());
        Ok(engine)
    }

    /// Checks `source` without compiling it when its syntax is the plain
    /// engine's (`None`: compile on first match); any other pattern (one
    /// only the backtracking engine reads, or none) is compiled now, so its
    /// error is the one compiling gives.
    pub(super) fn check(source: &str) -> Result<Option<Arc<Engine>>, EngineError> {
        static CHECKED: OnceLock<Mutex<std::collections::HashSet<String>>> = OnceLock::new();
        let checked = CHECKED.get_or_init(Default::default);
        if checked.lock().unwrap_or_else(|p| p.into_inner()).contains(source) {
            return Ok(None);
        }
        let translated = format!("(?m){}", translate_ruby(source));
        // A counted repetition may pass the syntax check and still exceed
        // the compiled size limit: such a pattern compiles now, so its error
        // comes where the pattern is written.
        if !translated.contains('{') && regex_syntax::Parser::new().parse(&translated).is_ok() {
            let mut set = checked.lock().unwrap_or_else(|p| p.into_inner());
            if set.len() >= CACHE_CAPACITY {
                set.clear();
            }
            set.insert(source.to_string());
            return Ok(None);
        }
        Engine::for_source(source).map(Some)
    }

    fn compile(source: &str) -> Result<Engine, EngineError> {
        // In Ruby `^` and `$` always match at line starts and ends.
        let translated = format!("(?m){}", translate_ruby(source));
        if let Ok(plain) = regex::Regex::new(&translated) {
            return Ok(Engine::Plain(plain));
        }
        if !super::repeats::fits(&translated) {
            return Err(EngineError::Invalid("too big number for repeat range".into()));
        }
        let fancy = fancy_regex::RegexBuilder::new(&translated)
            .backtrack_limit(BACKTRACK_LIMIT)
            .build()
            .map_err(|e| EngineError::Invalid(e.to_string()))?;
        Ok(Engine::Fancy(fancy, super::relaxed::relaxed(&translated)))
    }

    /// Each group's name, by group number (`None` for unnamed ones).
    pub(super) fn group_names(&self) -> Vec<Option<String>> {
        match self {
            Engine::Plain(re) => re.capture_names().map(|n| n.map(str::to_string)).collect(),
            Engine::Fancy(re, _) => re.capture_names().map(|n| n.map(str::to_string)).collect(),
        }
    }

    pub(super) fn is_match(&self, text: &str) -> Result<bool, EngineError> {
        match self {
            Engine::Plain(re) => Ok(re.is_match(text)),
            Engine::Fancy(_, Some(filter)) if !filter.is_match(text) => Ok(false),
            Engine::Fancy(re, _) => re.is_match(text).map_err(|_| EngineError::Undecided),
        }
    }

    /// Up to `max` successive non-overlapping matches, as Ruby's `scan`/`gsub`
    /// find them. Stops at the first undecidable attempt instead of retrying it.
    pub(super) fn matches(&self, text: &str, max: usize) -> Result<Vec<Groups>, EngineError> {
        let mut out = Vec::new();
        self.each_match(text, &mut |groups| {
            out.push(groups);
            out.len() < max
        })?;
        Ok(out)
    }

    /// Gives each match's groups to `f`, in order, until `f` answers false:
    /// a caller that builds from the matches (`gsub`) checks what it built
    /// as it goes, and no list of every match is ever held.
    pub(super) fn each_match(&self, text: &str, f: &mut dyn FnMut(Groups) -> bool) -> Result<(), EngineError> {
        match self {
            // Finding whether there is a match at all is much cheaper than
            // finding its groups, and most texts a filter tests do not match.
            Engine::Plain(re) if !re.is_match(text) => {}
            Engine::Plain(re) => {
                for caps in re.captures_iter(text) {
                    if !f(caps.iter().map(|g| g.map(|m| m.range())).collect()) {
                        break;
                    }
                }
            }
            Engine::Fancy(_, Some(filter)) if !filter.is_match(text) => {}
            Engine::Fancy(re, _) => {
                for caps in re.captures_iter(text) {
                    let caps = caps.map_err(|_| EngineError::Undecided)?;
                    if !f(caps.iter().map(|g| g.map(|m| m.range())).collect()) {
                        break;
                    }
                }
            }
        }
        Ok(())
    }
}
