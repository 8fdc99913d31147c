//! A `Gem::Version`: RubyGems' parsing of a version string and its
//! comparison, the value module code sorts versions by. Its methods are
//! `gem_version.rs`'s.

use regex::Regex;
use std::cmp::Ordering;
use std::sync::LazyLock;

/// A parsed version.
#[derive(Debug, Clone, PartialEq)]
pub struct Version {
    /// The version as RubyGems keeps it (`1.2.pre.rc1`).
    pub text: String,
    /// Its segments, without trailing zeros in each part.
    canonical: Vec<Segment>,
}

/// One segment: a number or letters.
#[derive(Debug, Clone, PartialEq)]
enum Segment {
    Number(u128),
    Letters(String),
}

/// RubyGems' `Gem::Version::ANCHORED_VERSION_PATTERN`.
static PATTERN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\A\s*([0-9]+(?:\.[0-9a-zA-Z]+)*(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?)?\s*\z").expect("a valid pattern")
});
static SEGMENT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"[0-9]+|[a-zA-Z]+").expect("a valid pattern"));

impl Version {
    /// `Gem::Version.new(text)`, or RubyGems' error message.
    pub fn new(text: &str) -> Result<Version, String> {
        if !PATTERN.is_match(text) {
            return Err(format!("Malformed version number string {text}"));
        }
        let text = text.trim().replace('-', ".pre.");
        let segments: Vec<Segment> = SEGMENT
            .find_iter(&text)
            .map(|m| match m.as_str().parse::<u128>() {
                Ok(n) => Segment::Number(n),
                Err(_) => Segment::Letters(m.as_str().to_string()),
            })
            .collect();
        // The numbers before the first letters, then the rest: each without
        // its trailing zeros.
        let split = segments.iter().position(|s| matches!(s, Segment::Letters(_))).unwrap_or(segments.len());
        let trim = |part: &[Segment]| {
            let mut part = part.to_vec();
            while part.last() == Some(&Segment::Number(0)) {
                part.pop();
            }
            part
        };
        let mut canonical = trim(&segments[..split]);
        canonical.extend(trim(&segments[split..]));
        Ok(Version { text, canonical })
    }

    /// RubyGems' `<=>`.
    pub fn compare(&self, other: &Version) -> Ordering {
        let limit = self.canonical.len().max(other.canonical.len());
        for i in 0..limit {
            let zero = Segment::Number(0);
            let (l, r) = (self.canonical.get(i).unwrap_or(&zero), other.canonical.get(i).unwrap_or(&zero));
            let order = match (l, r) {
                (Segment::Number(a), Segment::Number(b)) => a.cmp(b),
                (Segment::Letters(a), Segment::Letters(b)) => a.cmp(b),
                (Segment::Letters(_), Segment::Number(_)) => Ordering::Less,
                (Segment::Number(_), Segment::Letters(_)) => Ordering::Greater,
            };
            if order != Ordering::Equal {
                return order;
            }
        }
        Ordering::Equal
    }
}
