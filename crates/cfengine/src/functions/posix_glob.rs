//! glob(3) as cf-agent 3.21 calls it for `findfiles` (libntech's
//! `GlobFileList`): no flags, so `*`, `?`, `[..]` (negated by `!` or `^`)
//! and backslash escapes are special and `{a,b}` is not; a name starting
//! with `.` is matched only by a pattern starting with `.` (which also
//! matches `.` and `..`); a trailing `/` keeps only directories; the
//! parts without wildcards are kept as written (`/a//b`, `x/../y`).
//! `**` is libntech's, not glob's: the pattern is tried with it replaced
//! by `*`, `*/*`, … up to six levels, so a walk never goes deeper than
//! that, links or not.
//!
//! The walk matches each component against the entries of the directories
//! the previous components reached: its cost is the entries it reads,
//! bounded by [`MAX_ENTRIES`] (links to parent directories multiply them
//! level by level, as they do for cf-agent).

use std::collections::BTreeSet;

/// Most directory entries one `findfiles` pattern may read.
pub(crate) const MAX_ENTRIES: usize = 1_000_000;

/// The patterns libntech globs for one `findfiles` argument.
pub(crate) fn candidates(pattern: &str) -> Vec<String> {
    if !pattern.contains("**") {
        return vec![pattern.to_string()];
    }
    (1..=6).map(|depth| pattern.replace("**", &vec!["*"; depth].join("/"))).collect()
}

/// The walk's budget ran out.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct TooMany;

/// The existing paths `pattern` (absolute) matches, sorted as glob(3)
/// sorts them.
pub(crate) fn glob(pattern: &str, budget: &mut usize) -> Result<BTreeSet<String>, TooMany> {
    let mut out = BTreeSet::new();
    for path in walk(pattern, budget)? {
        out.insert(path);
    }
    Ok(out)
}

fn walk(pattern: &str, budget: &mut usize) -> Result<Vec<String>, TooMany> {
    if !has_magic(pattern) {
        let path = unescape(pattern);
        return Ok(if std::fs::symlink_metadata(&path).is_ok() { vec![path] } else { vec![] });
    }
    let Some(slash) = pattern.rfind('/') else {
        return Ok(vec![]);
    };
    let (dir, name) = (&pattern[..slash], &pattern[slash + 1..]);
    let dir = if dir.is_empty() { "/" } else { dir };
    let dirs = if has_magic(dir) { walk(dir, budget)? } else { vec![unescape(dir)] };
    let mut out = vec![];
    for d in dirs {
        if name.is_empty() {
            if std::fs::metadata(&d).is_ok_and(|m| m.is_dir()) {
                out.push(format!("{}/", d.trim_end_matches('/')));
            }
            continue;
        }
        let prefix = if d.ends_with('/') { d.clone() } else { format!("{d}/") };
        if !has_magic(name) {
            let path = format!("{prefix}{}", unescape(name));
            if std::fs::symlink_metadata(&path).is_ok() {
                out.push(path);
            }
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        let mut names: Vec<String> = vec![".".into(), "..".into()];
        for e in entries.flatten() {
            names.push(e.file_name().to_string_lossy().into_owned());
        }
        for n in names {
            *budget = budget.checked_sub(1).ok_or(TooMany)?;
            if fnmatch(name.as_bytes(), n.as_bytes()) {
                out.push(format!("{prefix}{n}"));
            }
        }
    }
    Ok(out)
}

/// `text` with glob(3)'s special characters escaped, to prefix a pattern.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '*' | '?' | '[' | ']' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Whether the pattern has an unescaped `*`, `?` or `[` that a `]` closes.
fn has_magic(p: &str) -> bool {
    let b = p.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'*' | b'?' => return true,
            b'[' if b[i + 1..].contains(&b']') => return true,
            _ => {}
        }
        i += 1;
    }
    false
}

/// The pattern's text with its escapes removed.
fn unescape(p: &str) -> String {
    let mut out = String::with_capacity(p.len());
    let mut chars = p.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.extend(chars.next()),
            c => out.push(c),
        }
    }
    out
}

/// fnmatch(3) with `FNM_PERIOD` on one file name: iterative, with one
/// backtrack point per `*`, so its cost is at most the product of the two
/// lengths.
fn fnmatch(p: &[u8], s: &[u8]) -> bool {
    if s.first() == Some(&b'.') && p.first() != Some(&b'.') {
        return false;
    }
    let (mut pi, mut si) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while si < s.len() {
        let step = match p.get(pi) {
            Some(b'*') => {
                star = Some((pi + 1, si));
                pi += 1;
                continue;
            }
            Some(b'?') => Some(pi + 1),
            Some(b'[') => match bracket(p, pi, s[si]) {
                Some((true, next)) => Some(next),
                Some((false, _)) => None,
                None => (s[si] == b'[').then_some(pi + 1),
            },
            Some(b'\\') if pi + 1 < p.len() => (p[pi + 1] == s[si]).then_some(pi + 2),
            Some(&c) => (c == s[si]).then_some(pi + 1),
            None => None,
        };
        match (step, star) {
            (Some(next), _) => {
                pi = next;
                si += 1;
            }
            (None, Some((sp, ss))) => {
                pi = sp;
                si = ss + 1;
                star = Some((sp, ss + 1));
            }
            (None, None) => return false,
        }
    }
    p[pi..].iter().all(|&c| c == b'*')
}

/// A bracket expression at `p[at]`: whether `c` matches it and where the
/// pattern goes on, or `None` when no `]` closes it (a literal `[`).
fn bracket(p: &[u8], at: usize, c: u8) -> Option<(bool, usize)> {
    let mut i = at + 1;
    let negated = matches!(p.get(i), Some(b'!' | b'^'));
    if negated {
        i += 1;
    }
    let mut matched = false;
    let mut first = true;
    loop {
        let lo = *p.get(i)?;
        if lo == b']' && !first {
            return Some((matched != negated, i + 1));
        }
        first = false;
        let (lo, width) = if lo == b'\\' { (*p.get(i + 1)?, 2) } else { (lo, 1) };
        i += width;
        if p.get(i) == Some(&b'-') && p.get(i + 1).is_some_and(|&h| h != b']') {
            let hi = p[i + 1];
            matched |= (lo..=hi).contains(&c);
            i += 2;
        } else {
            matched |= lo == c;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{candidates, fnmatch, has_magic, unescape};

    #[test]
    fn names_match_as_fnmatch_with_fnm_period() {
        assert!(fnmatch(b"*.cf", b"promises.cf"));
        assert!(!fnmatch(b"*", b".hidden"));
        assert!(fnmatch(b".*", b".hidden"));
        assert!(fnmatch(b"[!q]*", b"{q1,q2}"));
        assert!(fnmatch(b"[^q]*", b"x"));
        assert!(!fnmatch(b"[^q]*", b"q1"));
        assert!(fnmatch(b"[b-c]", b"b"));
        assert!(fnmatch(b"\\{q1,q2\\}", b"{q1,q2}"));
        assert!(!fnmatch(b"{q1,q2}", b"q1"));
        assert!(fnmatch(b"a[", b"a["));
        assert!(fnmatch(b"**x", b"abx"));
    }

    #[test]
    fn a_long_run_of_stars_fails_without_backtracking_blowup() {
        let p = "*a".repeat(50) + "b";
        assert!(!fnmatch(p.as_bytes(), "a".repeat(200).as_bytes()));
    }

    #[test]
    fn double_star_stands_for_one_to_six_levels() {
        let c = candidates("/a/**/x");
        assert_eq!(c.first().map(String::as_str), Some("/a/*/x"));
        assert_eq!(c.last().map(String::as_str), Some("/a/*/*/*/*/*/*/x"));
        assert_eq!(candidates("/a/x"), vec!["/a/x".to_string()]);
    }

    #[test]
    fn escapes_hide_wildcards() {
        assert!(!has_magic("/a/\\*"));
        assert!(has_magic("/a/[bc]"));
        assert!(!has_magic("/a/[bc"));
        assert_eq!(unescape("/a/\\{b\\}"), "/a/{b}");
    }
}
