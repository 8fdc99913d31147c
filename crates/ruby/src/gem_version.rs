//! `Gem::Version`, which module code sorts and compares version strings
//! with (`versions.sort_by { |v| Gem::Version.new(v) }`): RubyGems' parsing
//! (a `-` is `.pre.`), its segments (numbers, and letters that make a
//! prerelease), and its `<=>` (trailing zero segments ignored, a letter
//! segment before a number).

use std::cmp::Ordering;
use std::rc::Rc;
use std::sync::LazyLock;

use regex::Regex;

use crate::contract::{Arity, Call, Method, Table, Takes};
use crate::flow::Ev;
use crate::value::RValue;

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

/// A `Gem::Version` method's implementation.
type VersionFn = fn(&Version, &Call<'_>) -> Ev;

/// Every `Gem::Version` method confer answers: its text and the
/// comparisons, with another version or a version string (anything else,
/// or a string that is no version, compares as nil).
static VERSION_METHODS: Table<VersionFn> = Table::new(&[
    Method {
        names: &["version"],
        arity: Arity::Unchecked,
        takes: Takes::AnyBlock,
        run: |v, _| Ok(RValue::str(&v.text)),
    },
    Method {
        names: &["<=>", "<", ">", "<=", ">="],
        arity: Arity::Exactly(1),
        takes: Takes::AnyBlock,
        run: |v, c| {
            let other = match &c.args[0] {
                RValue::GemVersion(o) => o.clone(),
                RValue::Str(s) => match Version::new(s) {
                    Ok(o) => Rc::new(o),
                    Err(_) => return Ok(RValue::Nil),
                },
                _ => return Ok(RValue::Nil),
            };
            Ok(crate::methods::comparison(c.name, v.compare(&other)))
        },
    },
]);

/// Calls the `Gem::Version` method `name` on `v`.
pub(crate) fn method(v: &Version, c: &Call<'_>) -> Ev {
    match VERSION_METHODS.find(c.name) {
        Some(row) => row.admit(c.name, c.args.len(), c.block.is_some(), c.at)?(v, c),
        None => crate::missing::missing_method(c.recv, c.name, c.at),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each answer is what Ruby 3.1's RubyGems gave.
    #[test]
    fn orders_as_rubygems_does() {
        let v = |t: &str| Version::new(t).expect("valid");
        assert_eq!(v("1.0.a").compare(&v("1.0")), Ordering::Less);
        assert_eq!(v("1.0.0").compare(&v("1")), Ordering::Equal);
        let mut list: Vec<Version> = ["10.0.0b12", "10.0.0b3", "10.0.0a2", "9.0.10", "9.0.3"].map(v).to_vec();
        list.sort_by(|a, b| a.compare(b));
        let texts: Vec<&str> = list.iter().map(|x| x.text.as_str()).collect();
        assert_eq!(texts, ["9.0.3", "9.0.10", "10.0.0a2", "10.0.0b3", "10.0.0b12"]);
        assert_eq!(v(" 1.2-rc1 ").text, "1.2.pre.rc1");
        assert_eq!(Version::new("a.b").unwrap_err(), "Malformed version number string a.b");
    }
}
