//! Version ranges as `SemVer[...]` takes them (`'>=1.0.0 <2.0.0'`, `'~1.2'`,
//! `'1.x'`, `'1.0.0 - 2.0.0'`, `||` alternatives). A range keeps the text it was
//! written with, which is how Puppet prints it, and its overall lower and upper
//! bound, which is what Puppet compares when one `SemVer` type is assigned to
//! another. Spec: "SemVer", "SemVerRange".

use std::cmp::Ordering;
use std::sync::Arc;

use crate::error::CoreError;

/// A semantic version (`1.2.3-rc.1`); build metadata is ignored.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Version {
    major: u64,
    minor: u64,
    patch: u64,
    /// Pre-release identifiers; `None` for a release. `Some(vec![])` is the
    /// smallest version with these numbers (`0.0.0-`, Puppet's `Version::MIN`).
    pre: Option<Vec<String>>,
}

impl Version {
    fn new(major: u64, minor: u64, patch: u64) -> Version {
        Version { major, minor, patch, pre: None }
    }

    /// The smallest version, `0.0.0-` (Puppet's `Version::MIN`).
    fn min() -> Version {
        Version { pre: Some(Vec::new()), ..Version::new(0, 0, 0) }
    }

    /// Above every version (Puppet's `Version::MAX`).
    fn max() -> Version {
        Version::new(u64::MAX, 0, 0)
    }

    /// A version value as a range bound (its build metadata plays no part).
    pub fn from_semver(v: &semver::Version) -> Version {
        let pre = (!v.pre.is_empty()).then(|| v.pre.as_str().split('.').map(String::from).collect());
        Version { pre, ..Version::new(v.major, v.minor, v.patch) }
    }

    /// Whether a range bound names a pre-release of the same
    /// major.minor.patch as `v`, which lets the range match pre-releases of
    /// that release (`semantic_puppet`'s `test_prerelease?`).
    fn admits_prerelease_of(&self, v: &Version) -> bool {
        self.pre.is_some() && (self.major, self.minor, self.patch) == (v.major, v.minor, v.patch)
    }
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.major == u64::MAX {
            return f.write_str("Infinity.0.0");
        }
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)?;
        match &self.pre {
            Some(pre) => write!(f, "-{}", pre.join(".")),
            None => Ok(()),
        }
    }
}

fn cmp_ident(a: &str, b: &str) -> Ordering {
    match (a.parse::<u64>(), b.parse::<u64>()) {
        (Ok(x), Ok(y)) => x.cmp(&y),
        (Ok(_), Err(_)) => Ordering::Less,
        (Err(_), Ok(_)) => Ordering::Greater,
        (Err(_), Err(_)) => a.cmp(b),
    }
}

impl Ord for Version {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.major, self.minor, self.patch).cmp(&(other.major, other.minor, other.patch)).then_with(|| {
            match (&self.pre, &other.pre) {
                (None, None) => Ordering::Equal,
                (None, Some(_)) => Ordering::Greater,
                (Some(_), None) => Ordering::Less,
                (Some(a), Some(b)) => {
                    for (x, y) in a.iter().zip(b) {
                        let c = cmp_ident(x, y);
                        if c != Ordering::Equal {
                            return c;
                        }
                    }
                    a.len().cmp(&b.len())
                }
            }
        })
    }
}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// A contiguous span of versions: `None` ends are open.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
struct Span {
    begin: Option<Version>,
    end: Option<Version>,
    exclude_begin: bool,
    exclude_end: bool,
}

impl Span {
    fn all() -> Span {
        Span::default()
    }

    fn includes(&self, v: &Version) -> bool {
        let above = match &self.begin {
            None => true,
            Some(b) => b < v || (b == v && !self.exclude_begin),
        };
        let below = match &self.end {
            None => true,
            Some(e) => v < e || (v == e && !self.exclude_end),
        };
        // `*` admits every pre-release; other ranges only those of a bound's
        // own release.
        let unbounded = self.begin.is_none() && self.end.is_none();
        let prerelease_ok = v.pre.is_none()
            || unbounded
            || self.begin.iter().chain(&self.end).any(|bound| bound.admits_prerelease_of(v));
        above && below && prerelease_ok
    }

    /// SemanticPuppet's `to_s` of one range: `*`, `1.2.3`, `>=1.0.0`,
    /// `<2.0.0`, or both bounds.
    fn canonical(&self) -> String {
        let lower = |b: &Version| format!("{}{b}", if self.exclude_begin { ">" } else { ">=" });
        let upper = |e: &Version| format!("{}{e}", if self.exclude_end { "<" } else { "<=" });
        match (&self.begin, &self.end) {
            (None, None) => "*".into(),
            (Some(b), Some(e)) if b == e && !self.exclude_begin && !self.exclude_end => b.to_string(),
            (Some(b), None) => lower(b),
            (None, Some(e)) => upper(e),
            (Some(b), Some(e)) => format!("{} {}", lower(b), upper(e)),
        }
    }

    fn intersect(self, other: Span) -> Span {
        let (begin, exclude_begin) = match (self.begin, other.begin) {
            (Some(a), Some(b)) => match a.cmp(&b) {
                Ordering::Greater => (Some(a), self.exclude_begin),
                Ordering::Less => (Some(b), other.exclude_begin),
                Ordering::Equal => (Some(a), self.exclude_begin || other.exclude_begin),
            },
            (Some(a), None) => (Some(a), self.exclude_begin),
            (None, b) => (b, other.exclude_begin),
        };
        let (end, exclude_end) = match (self.end, other.end) {
            (Some(a), Some(b)) => match a.cmp(&b) {
                Ordering::Less => (Some(a), self.exclude_end),
                Ordering::Greater => (Some(b), other.exclude_end),
                Ordering::Equal => (Some(a), self.exclude_end || other.exclude_end),
            },
            (Some(a), None) => (Some(a), self.exclude_end),
            (None, Some(b)) => (Some(b), other.exclude_end),
            (None, None) => (None, false),
        };
        Span { begin, end, exclude_begin, exclude_end }
    }
}

/// A version range as written in a `SemVer` type's parameters. Two ranges
/// are equal when they admit the same versions the same way (SemanticPuppet
/// compares the parsed ranges, not the text: `1.x == >=1.0.0 <2.0.0`).
#[derive(Clone, Debug)]
pub struct VersionRange {
    text: Arc<str>,
    /// The `||` alternatives, which decide membership.
    alternatives: Vec<Span>,
    /// The overall lower and upper bound, which decide assignability.
    span: Span,
}

impl PartialEq for VersionRange {
    fn eq(&self, other: &Self) -> bool {
        self.alternatives == other.alternatives
    }
}

impl Eq for VersionRange {}

impl std::hash::Hash for VersionRange {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.alternatives.hash(state);
    }
}

impl VersionRange {
    /// Parses a range; Puppet's error for text that is not one.
    pub fn parse(text: &str) -> Result<VersionRange, CoreError> {
        let bad = || {
            CoreError::BadTypeParameters(format!(
                "Error while evaluating a '[]' expression, Unparsable version range: \"{text}\""
            ))
        };
        let mut alternatives = Vec::new();
        for alt in text.split("||") {
            let alt = alt.trim();
            let span = if let Some((lo, hi)) = alt.split_once(" - ") {
                let lo = partial(lo.trim()).ok_or_else(bad)?;
                let hi = partial(hi.trim()).ok_or_else(bad)?;
                // `semantic_puppet` fills the missing parts of both ends with
                // zeros: `1.2.3 - 1.2` ends at 1.2.0, inclusive.
                Span { begin: Some(lo.lowest()), end: Some(hi.lowest()), exclude_begin: false, exclude_end: false }
            } else {
                let mut span = Span::all();
                for simple in joined_operators(alt).split_whitespace() {
                    span = span.intersect(simple_span(simple).ok_or_else(bad)?);
                }
                span
            };
            alternatives.push(span);
        }
        let begin = alternatives
            .iter()
            .map(|s| s.begin.clone())
            .try_fold(None::<Version>, |acc, b| b.map(|b| Some(acc.map_or(b.clone(), |a| a.min(b)))))
            .flatten();
        let widest = alternatives.iter().fold(None::<&Span>, |acc, s| match acc {
            None => Some(s),
            Some(a) => match (&a.end, &s.end) {
                (None, _) => Some(a),
                (_, None) => Some(s),
                (Some(x), Some(y)) if y > x || (y == x && !s.exclude_end) => Some(s),
                _ => Some(a),
            },
        });
        let (end, exclude_end) = widest.map_or((None, false), |s| (s.end.clone(), s.exclude_end));
        let span = Span { begin, end, exclude_begin: false, exclude_end };
        Ok(VersionRange { text: text.into(), alternatives, span })
    }

    /// Whether the range includes version `v` (Puppet's `include?`).
    pub fn includes(&self, v: &Version) -> bool {
        self.alternatives.iter().any(|span| span.includes(v))
    }

    /// `SemVerRange.new(min, max, exclude_max)`: open ends are `None`.
    pub fn from_versions(min: Option<Version>, max: Option<Version>, exclude_max: bool) -> VersionRange {
        let min = min.unwrap_or_else(Version::min);
        let max = max.unwrap_or_else(Version::max);
        VersionRange::between(min, max, exclude_max)
    }

    fn begin(&self) -> Version {
        self.span.begin.clone().unwrap_or_else(Version::min)
    }

    fn end(&self) -> Version {
        self.span.end.clone().unwrap_or_else(Version::max)
    }

    fn span_includes(&self, v: &Version) -> bool {
        self.begin() <= *v
            && (self.span.end.is_none() || *v < self.end() || (*v == self.end() && !self.span.exclude_end))
    }

    /// A range from `begin` to `end` built the way Puppet's merge builds it,
    /// which swaps the two in the range's text (`>=2.0.0 <1.0.0` for the
    /// versions from 1.0.0 below 2.0.0).
    pub(crate) fn between(begin: Version, end: Version, exclude_end: bool) -> VersionRange {
        let text = if exclude_end { format!(">={end} <{begin}") } else { format!("{end} - {begin}") };
        let span = Span { begin: Some(begin), end: Some(end), exclude_begin: false, exclude_end };
        VersionRange { text: text.into(), alternatives: vec![span.clone()], span }
    }

    /// Puppet's `PSemVerRangeType.merge`: one range covering two that overlap
    /// or touch, or `None`.
    fn merge(a: &VersionRange, b: &VersionRange) -> Option<VersionRange> {
        let (ae, be) = (a.span.exclude_end, b.span.exclude_end);
        if a.span_includes(&b.begin()) || b.span_includes(&a.begin()) {
            let max = a.end().max(b.end());
            let exclude_end = if ae {
                max == a.end() && (max > b.end() || be)
            } else if be {
                max == b.end() && (max > a.end() || ae)
            } else {
                false
            };
            Some(VersionRange::between(a.begin().min(b.begin()), max, exclude_end))
        } else if ae && a.end() == b.begin() {
            Some(VersionRange::between(a.begin(), b.end(), be))
        } else if be && b.end() == a.begin() {
            Some(VersionRange::between(b.begin(), a.end(), ae))
        } else {
            None
        }
    }

    /// Merges overlapping and adjacent ranges, as a `SemVer` type's parameters
    /// are merged (Puppet's `PSemVerType#merge_ranges`).
    pub fn merge_all(mut ranges: Vec<VersionRange>) -> Vec<VersionRange> {
        if ranges.len() < 2 {
            return ranges;
        }
        let mut result = Vec::new();
        while let Some(x) = ranges.pop() {
            let mut unmerged = Vec::new();
            let mut memo = x;
            for y in ranges {
                match VersionRange::merge(&memo, &y) {
                    Some(m) => memo = m,
                    None => unmerged.push(y),
                }
            }
            result.push(memo);
            ranges = unmerged;
        }
        result.reverse();
        result
    }

    /// The text the range was written with.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The canonical text SemanticPuppet's `inspect` assembles from the
    /// parsed ranges, which `%p` shows.
    pub fn canonical(&self) -> String {
        self.alternatives.iter().map(Span::canonical).collect::<Vec<_>>().join(" || ")
    }

    /// Puppet's `covered_by?(self, other)`: whether `other` spans this range.
    pub fn covered_by(&self, other: &VersionRange) -> bool {
        let (a, b) = (&self.span, &other.span);
        let begins = match (&b.begin, &a.begin) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(x), Some(y)) => x <= y,
        };
        let ends = match (&b.end, &a.end) {
            (None, None) => !b.exclude_end || a.exclude_end,
            (None, Some(_)) => true,
            (Some(_), None) => false,
            (Some(x), Some(y)) => x > y || (x == y && (!b.exclude_end || a.exclude_end)),
        };
        begins && ends
    }
}

/// `>= 1.0` is written `>=1.0`: Puppet removes blanks after operators.
fn joined_operators(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut after_op = false;
    for c in s.chars() {
        if after_op && (c.is_whitespace() || c == 'v') {
            continue;
        }
        after_op = matches!(c, '>' | '<' | '=' | '~' | '^');
        out.push(c);
    }
    out
}

/// A version with possibly missing or wildcard parts (`1`, `1.2`, `1.x`).
struct Partial {
    parts: [u64; 3],
    count: usize,
    pre: Option<Vec<String>>,
}

impl Partial {
    /// The first version the partial version matches (`1.2` is `1.2.0`).
    fn lowest(&self) -> Version {
        let [a, b, c] = self.parts;
        Version { pre: if self.count == 3 { self.pre.clone() } else { None }, ..Version::new(a, b, c) }
    }

    /// The lowest version above everything this partial version matches.
    fn next_after(&self) -> Version {
        let [a, b, c] = self.parts;
        match self.count {
            0 => Version::new(u64::MAX, 0, 0),
            1 => Version::new(a + 1, 0, 0),
            2 => Version::new(a, b + 1, 0),
            _ => Version::new(a, b, c + 1),
        }
    }
}

fn partial(s: &str) -> Option<Partial> {
    let s = s.strip_prefix('v').unwrap_or(s);
    let (main, pre) = match s.split_once('-') {
        Some((m, p)) => (m, Some(p.split('+').next().unwrap_or("").split('.').map(String::from).collect())),
        None => (s.split('+').next().unwrap_or(s), None),
    };
    let mut parts = [0u64; 3];
    let mut count = 0;
    for (i, seg) in main.split('.').enumerate() {
        if i >= 3 {
            return None;
        }
        if matches!(seg, "x" | "X" | "*") {
            break;
        }
        if seg.is_empty() || !seg.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        parts[i] = seg.parse().ok()?;
        count = i + 1;
    }
    Some(Partial { parts, count, pre })
}

fn simple_span(simple: &str) -> Option<Span> {
    let op_len = simple.find(|c: char| !matches!(c, '>' | '<' | '=' | '~' | '^')).unwrap_or(simple.len());
    let (op, operand) = simple.split_at(op_len);
    let p = partial(operand)?;
    let at_least = |v: Version| Span { begin: Some(v), ..Span::default() };
    let below = |v: Version, exclude: bool| Span { end: Some(v), exclude_end: exclude, ..Span::default() };
    let between =
        |lo: Version, hi: Version| Span { begin: Some(lo), end: Some(hi), exclude_end: true, ..Span::default() };
    let [a, b, _] = p.parts;
    Some(match op {
        "" | "=" if p.count == 3 => Span { begin: Some(p.lowest()), end: Some(p.lowest()), ..Span::default() },
        "" | "=" if p.count == 0 => Span::all(),
        "" | "=" => between(p.lowest(), p.next_after()),
        ">=" => at_least(p.lowest()),
        ">" if p.count == 3 => Span { begin: Some(p.lowest()), exclude_begin: true, ..Span::default() },
        ">" => at_least(p.next_after()),
        "<" => below(p.lowest(), true),
        "<=" if p.count == 3 => below(p.lowest(), false),
        "<=" => below(p.next_after(), true),
        "~" | "~>" | "~=" => match p.count {
            0 => Span::all(),
            1 => between(p.lowest(), Version::new(a + 1, 0, 0)),
            _ => between(p.lowest(), Version::new(a, b + 1, 0)),
        },
        "^" => match p.count {
            0 => Span::all(),
            _ if a > 0 || p.count == 1 => between(p.lowest(), Version::new(a + 1, 0, 0)),
            _ if b > 0 || p.count == 2 => between(p.lowest(), Version::new(a, b + 1, 0)),
            _ => between(p.lowest(), p.next_after()),
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(s: &str) -> VersionRange {
        VersionRange::parse(s).unwrap()
    }

    #[test]
    fn ranges_cover_narrower_ranges() {
        assert!(r("1.2.3").covered_by(&r(">=1.0.0 <2.0.0")));
        assert!(r("~1.2").covered_by(&r("1.x")));
        assert!(!r("1.x").covered_by(&r("~1.2")));
        assert!(r(">=1.0.0 <2.0.0").covered_by(&r(">=1.0.0")));
        assert!(!r(">=1.0.0").covered_by(&r(">=1.0.0 <2.0.0")));
        assert!(r("1.0.0 - 1.5.0").covered_by(&r("^1.0.0")));
    }

    #[test]
    fn bad_ranges_are_errors() {
        assert!(VersionRange::parse("a.b").is_err());
        assert!(VersionRange::parse("1.2.3.4").is_err());
    }
}
