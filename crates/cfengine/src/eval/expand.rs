//! Scalar expansion of `$(x)` / `${x}` references (expand.c's `ExpandScalar`)
//! and the string predicates cf-agent uses to decide whether a string still
//! holds references.
//!
//! Spec: "Scalar referencing and expansion". A reference that does not
//! resolve stays in the text as written, so a later pass can expand it.

/// What a reference resolved to.
pub enum Resolved {
    /// A scalar (or a container primitive), to insert as text.
    Text(String),
    /// Resolved, but not to something printable (a list, a container, null):
    /// the reference stays literal.
    NotScalar,
    /// Not defined.
    Undefined,
}

/// Maximum nesting of `$(...)` inside a reference (vars.c's
/// `MAX_VARIABLE_REFERENCE_LEVELS`).
const MAX_LEVELS: usize = 10;

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
fn reference_end(b: &[u8]) -> Option<usize> {
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

/// Expands every `$(...)`/`${...}` in `s` with `resolve`, which receives the
/// (already inner-expanded) reference text. Unresolved references stay
/// literal, with the bracket style they were written with.
pub fn expand_scalar(s: &str, resolve: &mut dyn FnMut(&str) -> Resolved) -> String {
    expand_depth(s, resolve, 0)
}

fn expand_depth(s: &str, resolve: &mut dyn FnMut(&str) -> Resolved, depth: usize) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        // Prefix up to the next `$(` / `${`.
        let next = (i..b.len().saturating_sub(1)).find(|&j| b[j] == b'$' && matches!(b[j + 1], b'(' | b'{'));
        let Some(d) = next else {
            out.push_str(&s[i..]);
            break;
        };
        out.push_str(&s[i..d]);
        let bracket = b[d + 1];
        let Some(end) = reference_end(&b[d..]).map(|e| d + e) else {
            // cf-agent logs a mismatch and gives up on the rest of the string.
            out.push_str(&s[d..]);
            break;
        };
        if end - d < 3 {
            out.push_str(&s[d..=end]);
            i = end + 1;
            continue;
        }
        let inner = &s[d + 2..end];
        let inner = if depth < MAX_LEVELS && is_cf3_var_string(inner) {
            expand_depth(inner, resolve, depth + 1)
        } else {
            inner.to_string()
        };
        let mut done = false;
        if !is_expandable(&inner) {
            if let Resolved::Text(t) = resolve(&inner) {
                out.push_str(&t);
                done = true;
            }
        }
        if !done {
            if bracket == b'{' {
                out.push_str("${");
                out.push_str(&inner);
                out.push('}');
            } else {
                out.push_str("$(");
                out.push_str(&inner);
                out.push(')');
            }
        }
        i = end + 1;
    }
    out
}

/// `StringContainsVar`: whether `s` references the variable `name` as
/// `$(name)` or `${name}`.
pub fn contains_var(s: &str, name: &str) -> bool {
    s.contains(&format!("$({name})")) || s.contains(&format!("${{{name}}}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expands_nested() {
        let mut r = |n: &str| match n {
            "b" => Resolved::Text("x".into()),
            "a_x" => Resolved::Text("deep".into()),
            _ => Resolved::Undefined,
        };
        assert_eq!(expand_scalar("v=$(a_$(b)) ${nope}", &mut r), "v=deep ${nope}");
        assert!(is_cf3_var_string("a $(b) c"));
        assert!(!is_cf3_var_string("@ alone"));
        assert!(is_naked_var("@(x)", b'@'));
        assert!(!is_naked_var("@(x)y", b'@'));
    }
}
