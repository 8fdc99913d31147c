//! The one way CFEngine functions use regular expressions: compiled once
//! (cached), matched with a bound, and never silently wrong. fancy-regex
//! stops a match that backtracks too much with an error; every helper here
//! turns that error into a logged failure of the function (issue 16: an
//! iterator that kept yielding the error looped forever, and a `false` in
//! its place was an answer cf-agent does not give). Patterns without
//! backreferences or lookaround run on the regex crate's automaton inside
//! fancy-regex and never hit the limit.

use crate::eval::message::ErrorKind;
use std::ops::Range;
use std::sync::{Mutex, OnceLock};

use super::host::FunctionHost;
use super::regex_cache::{Compiled, REGEX_CACHE_SIZE};

use super::Failed;

/// A compiled pattern and the text it was written as (for messages).
pub(crate) struct Rx {
    re: fancy_regex::Regex,
    pattern: String,
}

/// Compiles a CFEngine (PCRE) regex with the given inline options.
pub(crate) fn regex(ctx: &mut dyn FunctionHost, pattern: &str, flags: &str) -> Result<Rx, Failed> {
    let translated = pcre_escapes(pattern);
    let src = if flags.is_empty() { translated } else { format!("(?{flags}){translated}") };
    match ctx.regexes().compiled.get_or_compile(src) {
        Ok(re) => Ok(Rx { re, pattern: pattern.to_string() }),
        Err(e) => {
            ctx.error(ErrorKind::Function, format!("Could not compile regular expression '{pattern}': {e}"));
            Err(Failed)
        }
    }
}

/// The groups of one match: `(start, end)` per group, `None` when unset.
pub(crate) type Groups = Vec<Option<Range<usize>>>;

impl Rx {
    /// Logs that the pattern could not be decided on `s`.
    fn undecided(&self, ctx: &mut dyn FunctionHost, s: &str, e: &dyn std::fmt::Display) {
        let shown: String = s.chars().take(80).collect();
        ctx.error(
            ErrorKind::Function,
            format!("Regular expression '{}' could not be matched against '{shown}': {e}", self.pattern),
        );
    }

    /// The first match at or after byte `start`.
    pub(crate) fn find_at(
        &self,
        ctx: &mut dyn FunctionHost,
        s: &str,
        start: usize,
    ) -> Result<Option<Range<usize>>, Failed> {
        let seen = ctx.regexes().undecided.get(&self.pattern).map(|set| set.contains(&(subject_hash(s), start)));
        if seen == Some(true) {
            self.undecided(ctx, s, &"backtrack limit exceeded (as before)");
            return Err(Failed);
        }
        match self.re.find_from_pos(s, start) {
            Ok(m) => Ok(m.map(|m| m.range())),
            Err(e) => {
                self.undecided(ctx, s, &e);
                let undecided = &mut ctx.regexes().undecided;
                if undecided.len() >= REGEX_CACHE_SIZE {
                    undecided.clear();
                }
                undecided.entry(self.pattern.clone()).or_default().insert((subject_hash(s), start));
                Err(Failed)
            }
        }
    }

    /// The groups of the first match at or after `start`.
    pub(crate) fn captures_at(
        &self,
        ctx: &mut dyn FunctionHost,
        s: &str,
        start: usize,
    ) -> Result<Option<Groups>, Failed> {
        // Decide the match first (bounded, remembered when undecidable),
        // then take its groups.
        if self.find_at(ctx, s, start)?.is_none() {
            return Ok(None);
        }
        match self.re.captures_from_pos(s, start) {
            Ok(Some(c)) => Ok(Some((0..c.len()).map(|i| c.get(i).map(|m| m.range())).collect())),
            Ok(None) => Ok(None),
            Err(e) => {
                self.undecided(ctx, s, &e);
                Err(Failed)
            }
        }
    }

    /// Every non-overlapping match's groups, left to right. An empty match
    /// moves on by one character, so the walk always ends.
    pub(crate) fn captures_all(&self, ctx: &mut dyn FunctionHost, s: &str) -> Result<Vec<Groups>, Failed> {
        let mut out = vec![];
        let mut pos = 0;
        while pos <= s.len() {
            let Some(g) = self.captures_at(ctx, s, pos)? else {
                break;
            };
            let Some(whole) = g[0].clone() else {
                break;
            };
            pos = if whole.is_empty() { next_char(s, whole.end) } else { whole.end };
            out.push(g);
        }
        Ok(out)
    }

    /// The ranges of every non-overlapping match.
    pub(crate) fn find_all(&self, ctx: &mut dyn FunctionHost, s: &str) -> Result<Vec<Range<usize>>, Failed> {
        let mut out = vec![];
        let mut pos = 0;
        while pos <= s.len() {
            let Some(m) = self.find_at(ctx, s, pos)? else {
                break;
            };
            pos = if m.is_empty() { next_char(s, m.end) } else { m.end };
            out.push(m);
        }
        Ok(out)
    }

    /// `s` cut at every match (an empty match at the very start or end does
    /// not cut), as the regex crate's `split` does.
    pub(crate) fn split<'t>(&self, ctx: &mut dyn FunctionHost, s: &'t str) -> Result<Vec<&'t str>, Failed> {
        let mut out = vec![];
        let mut last = 0;
        for m in self.find_all(ctx, s)? {
            if m.is_empty() && (m.start == 0 || m.start == s.len()) {
                continue;
            }
            out.push(&s[last..m.start]);
            last = m.end;
        }
        out.push(&s[last..]);
        Ok(out)
    }

    /// `RlistFromSplitRegex`: the pieces between matches, each match sought
    /// afresh in the rest of the text (so `^` anchors there), at most `max`
    /// pieces (blank ones count only when kept). An empty match at the
    /// start of the rest ends the splitting, so `""` or `x*` cut nothing.
    /// The rest after the last match is a piece when it is not empty, or
    /// when blanks are kept and some match was cut.
    pub(crate) fn split_cf<'t>(
        &self,
        ctx: &mut dyn FunctionHost,
        s: &'t str,
        max: usize,
        allow_blanks: bool,
    ) -> Result<Vec<&'t str>, Failed> {
        let mut out = vec![];
        let mut sp = 0;
        while out.len() < max {
            let Some(m) = self.find_at(ctx, &s[sp..], 0)? else {
                break;
            };
            if m.end == 0 {
                break;
            }
            let piece = &s[sp..sp + m.start];
            if allow_blanks || !piece.is_empty() {
                out.push(piece);
            }
            sp += m.end;
        }
        let rest = &s[sp..];
        if out.len() < max && ((allow_blanks && sp != 0) || !rest.is_empty()) {
            out.push(rest);
        }
        Ok(out)
    }

    /// `s` with every match removed.
    pub(crate) fn remove_all(&self, ctx: &mut dyn FunctionHost, s: &str) -> Result<String, Failed> {
        let mut out = String::with_capacity(s.len());
        let mut last = 0;
        for m in self.find_all(ctx, s)? {
            out.push_str(&s[last..m.start]);
            last = m.end;
        }
        out.push_str(&s[last..]);
        Ok(out)
    }

    /// The names of the groups (`None` for unnamed ones), group 0 first.
    pub(crate) fn group_names(&self) -> Vec<Option<String>> {
        self.re.capture_names().map(|n| n.map(str::to_string)).collect()
    }
}

/// A subject's hash, to remember it without keeping a copy.
fn subject_hash(s: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

/// The byte index after the character at `i` (or `i + 1` at the end).
fn next_char(s: &str, i: usize) -> usize {
    s[i..].chars().next().map_or(i + 1, |c| i + c.len_utf8())
}

/// `StringMatchFull`: the first match of `re` (compiled, as libntech's
/// `CompileRegex` does, with PCRE_MULTILINE and PCRE_DOTALL) must start at
/// the beginning of `s` and end at its end.
pub(crate) fn full_match(ctx: &mut dyn FunctionHost, re: &str, s: &str) -> Result<bool, Failed> {
    let r = regex(ctx, re, "sm")?;
    Ok(matches!(r.find_at(ctx, s, 0)?, Some(m) if m.start == 0 && m.end == s.len()))
}

/// [`full_match`] where no run is at hand to log a failure (cf-promises'
/// checks of attribute values against their ranges): `None` when the
/// pattern does not compile or the match is undecided. The ranges are
/// cf-agent's syntax tables, a fixed set, so their compiled forms are kept
/// for the process: the same result for every caller, whatever the run.
pub(crate) fn matches_whole(pattern: &str, s: &str) -> Option<bool> {
    static RANGES: OnceLock<Mutex<Compiled>> = OnceLock::new();
    let src = format!("(?sm){}", pcre_escapes(pattern));
    let re = RANGES.get_or_init(Mutex::default).lock().ok()?.get_or_compile(src).ok()?;
    let m = re.find(s).ok()?;
    Some(matches!(m, Some(m) if m.start() == 0 && m.end() == s.len()))
}

/// PCRE lets a backslash make any punctuation literal (`\~`, `\_`, `\<`);
/// the Rust regex syntax refuses some of those and reads `\<`, `\>` as word
/// boundaries. Each such escape becomes a hex escape of the same character.
fn pcre_escapes(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len());
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(p) if p.is_ascii_punctuation() => out.push_str(&format!("\\x{{{:x}}}", p as u32)),
            Some(p) => {
                out.push('\\');
                out.push(p);
            }
            None => out.push('\\'),
        }
    }
    out
}
