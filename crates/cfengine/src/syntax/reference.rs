//! The shape of variable references inside a string: where `$(...)`,
//! `${...}`, `@(...)` and `@{...}` start and close, and the predicates
//! cf-agent uses to decide whether a string still holds references (vars.c's
//! `IsCf3VarString`, `IsCf3Scalar`, `IsNakedVar`, expand.c's `IsExpandable`).
//! Both the parser's checks and the evaluator ask these questions, so they
//! live with the syntax; resolving a reference is [`crate::eval::expand`]'s.
//!
//! Spec: "Scalar referencing and expansion".

/// Maximum nesting of `$(...)` inside a reference (vars.c's
/// `MAX_VARIABLE_REFERENCE_LEVELS`).
pub(crate) const MAX_LEVELS: usize = 10;

/// What a scan for references found (the loop shared by vars.c's
/// `IsCf3VarString`, `IsCf3Scalar` and expand.c's `IsExpandable`).
struct RefScan {
    /// Complete references seen.
    vars: usize,
    /// A reference was opened and not closed.
    open: bool,
    /// Bracket depth at the end.
    bracks: i64,
    /// A `/` appeared inside brackets (`$(/bin/cat file)` is shell, not a
    /// reference).
    slash: bool,
}

impl RefScan {
    /// A complete reference, no shell-like slash, no dangling bracket.
    fn found_complete(&self) -> bool {
        if self.slash || (self.open && self.bracks != 0) {
            return false;
        }
        self.vars != 0
    }
}

fn scan_refs(s: &str, with_at: bool) -> RefScan {
    let b = s.as_bytes();
    let (mut left, mut right) = (b'x', b'x');
    let mut scan = RefScan { vars: 0, open: false, bracks: 0, slash: false };
    for i in 0..b.len() {
        let c = b[i];
        match c {
            b'$' | b'@' if c == b'$' || with_at => {
                if matches!(b.get(i + 1), Some(b'{') | Some(b'(')) {
                    scan.open = true;
                }
            }
            b'(' | b'{' if scan.open => {
                left = c;
                scan.bracks += 1;
            }
            b')' | b'}' if scan.open => {
                scan.bracks -= 1;
                right = c;
            }
            _ => {}
        }
        if scan.bracks > 0 && c == b'/' {
            scan.slash = true;
        }
        if scan.open && scan.bracks == 0 && ((left == b'(' && right == b')') || (left == b'{' && right == b'}')) {
            scan.vars += 1;
            scan.open = false;
        }
    }
    scan
}

/// `IsCf3VarString`: whether `s` holds a complete `$(...)`, `${...}`,
/// `@(...)` or `@{...}` reference.
pub fn is_cf3_var_string(s: &str) -> bool {
    scan_refs(s, true).found_complete()
}

/// `IsCf3Scalar`: like [`is_cf3_var_string`] for `$` references only; what
/// makes a function argument unresolved (`@(list)` arguments are not).
pub fn is_cf3_scalar(s: &str) -> bool {
    scan_refs(s, false).found_complete()
}

/// `IsExpandable`: whether `s` holds a complete `$` reference, brackets
/// balanced.
pub fn is_expandable(s: &str) -> bool {
    let scan = scan_refs(s, false);
    scan.bracks == 0 && scan.vars > 0
}

fn opposite(c: u8) -> u8 {
    if c == b'(' {
        b')'
    } else {
        b'}'
    }
}

/// `IsNakedVar`: `s` is exactly one `$(...)` (or `@(...)` for `kind == '@'`).
pub fn is_naked_var(s: &str, kind: u8) -> bool {
    let b = s.as_bytes();
    if b.len() < 3 || b[0] != kind || !matches!(b[1], b'(' | b'{') || b[b.len() - 1] != opposite(b[1]) {
        return false;
    }
    let mut count: i64 = 0;
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'(' | b'{' => count += 1,
            b')' | b'}' => {
                count -= 1;
                if count == 0 && i + 1 != b.len() {
                    return false;
                }
            }
            _ => {}
        }
    }
    count == 0
}

/// `GetNaked`: `@(name)` → `name`.
pub fn naked(s: &str) -> &str {
    if s.len() < 4 {
        return s;
    }
    s.get(2..s.len() - 1).unwrap_or(s)
}

/// Where the reference starting at `b[0] == '$'` closes (`ReferenceEnd`).
pub(crate) fn reference_end(b: &[u8]) -> Option<usize> {
    let mut stack = vec![b[1]];
    for (i, &c) in b.iter().enumerate().skip(2) {
        match c {
            b'{' | b'(' => {
                if stack.len() >= MAX_LEVELS - 1 {
                    return None;
                }
                stack.push(c);
            }
            b'}' | b')' => {
                let open = stack.pop()?;
                if opposite(open) != c {
                    return None;
                }
            }
            _ => {}
        }
        if stack.is_empty() {
            return Some(i);
        }
    }
    None
}

/// `StringContainsVar`: whether `s` references the variable `name` as
/// `$(name)` or `${name}`.
pub fn contains_var(s: &str, name: &str) -> bool {
    // Without building the two reference texts: each `$(`/`${` followed by
    // the name and the matching close.
    let b = s.as_bytes();
    s.match_indices('$').any(|(at, _)| {
        let close = match b.get(at + 1) {
            Some(b'(') => b')',
            Some(b'{') => b'}',
            _ => return false,
        };
        s[at + 2..].strip_prefix(name).is_some_and(|rest| rest.as_bytes().first() == Some(&close))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_references() {
        assert!(is_cf3_var_string("a $(b) c"));
        assert!(!is_cf3_var_string("@ alone"));
        assert!(is_naked_var("@(x)", b'@'));
        assert!(!is_naked_var("@(x)y", b'@'));
    }

    #[test]
    fn variable_references_are_found_in_both_bracket_forms() {
        assert!(contains_var("a $(x) b", "x"));
        assert!(contains_var("${x}", "x"));
        assert!(!contains_var("$(xy)", "x"));
        assert!(!contains_var("$(x}", "x"));
        assert!(!contains_var("x $", "x"));
        assert!(contains_var("$(a) $(x)", "x"));
    }
}
