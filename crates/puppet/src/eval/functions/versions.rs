//! `versioncmp`: Puppet's package-version comparison
//! (`Puppet::Util::Package.versioncmp`): versions split into runs of digits,
//! runs of other characters and the separators `-` and `.`, compared run by
//! run.

use std::cmp::Ordering;

use confer_core::Value;

use super::{Builtin, Call};
use crate::eval::flow::EvalResult;

/// `versioncmp`.
pub(crate) const FUNCTIONS: &[Builtin] =
    &[Builtin::new("versioncmp", &["String a, String b, Boolean ignore_trailing_zeroes?"], versioncmp)];

fn versioncmp(call: &mut Call<'_, '_>) -> EvalResult {
    let (a, b): (&str, &str) = (call.arg(0)?, call.arg(1)?);
    let ignore = call.arg::<Option<bool>>(2)?.unwrap_or(false);
    Ok(Value::Integer(match compare(a, b, ignore) {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }))
}

/// The runs `/[-.]|\d+|[^-.\d]+/` finds: each separator alone, digits and
/// other characters in runs.
fn runs(s: &str) -> Vec<&str> {
    let kind = |c: char| match c {
        '-' | '.' => 0,
        c if c.is_ascii_digit() => 1,
        _ => 2,
    };
    let mut out = Vec::new();
    let (mut start, mut prev) = (0, None);
    for (at, c) in s.char_indices() {
        let k = kind(c);
        if prev.is_some_and(|p| p != k || k == 0) {
            out.push(&s[start..at]);
            start = at;
        }
        prev = Some(k);
    }
    if start < s.len() {
        out.push(&s[start..]);
    }
    out
}

/// Drops trailing zeros and dots from the part before the first `-`.
fn normalize(version: &str) -> String {
    let mut parts: Vec<String> = version.split('-').map(str::to_string).collect();
    if let Some(first) = parts.first_mut() {
        let trimmed = first.trim_end_matches(['.', '0']).len();
        first.truncate(trimmed);
    }
    parts.join("-")
}

/// Puppet's comparison of two versions.
pub(crate) fn compare(a: &str, b: &str, ignore_trailing_zeroes: bool) -> Ordering {
    let (a, b) = if ignore_trailing_zeroes { (normalize(a), normalize(b)) } else { (a.to_string(), b.to_string()) };
    for (x, y) in runs(&a).into_iter().zip(runs(&b)) {
        if x == y {
            continue;
        }
        for (sep, order) in [("-", Ordering::Less), (".", Ordering::Less)] {
            if x == sep {
                return order;
            }
            if y == sep {
                return order.reverse();
            }
        }
        let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
        if digits(x) && digits(y) && !x.starts_with('0') && !y.starts_with('0') {
            let (nx, ny) = (x.trim_start_matches('0'), y.trim_start_matches('0'));
            return nx.len().cmp(&ny.len()).then_with(|| nx.cmp(ny));
        }
        return x.to_uppercase().cmp(&y.to_uppercase());
    }
    a.cmp(&b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compares_runs() {
        assert_eq!(compare("1.2.10", "1.2.9", false), Ordering::Greater);
        assert_eq!(compare("1.0", "1.0.0", false), Ordering::Less);
        assert_eq!(compare("1.0", "1.0.0", true), Ordering::Equal);
        assert_eq!(compare("1.0-rc1", "1.0.1", false), Ordering::Less);
        assert_eq!(runs("1.10a-b"), vec!["1", ".", "10", "a", "-", "b"]);
    }
}
