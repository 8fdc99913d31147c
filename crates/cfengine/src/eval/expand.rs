//! Scalar expansion of `$(x)` / `${x}` references (expand.c's `ExpandScalar`).
//! Where a reference starts and ends is the syntax's business
//! ([`crate::syntax::reference`]); this module resolves and substitutes.
//!
//! Spec: "Scalar referencing and expansion". A reference that does not
//! resolve stays in the text as written, so a later pass can expand it.

use crate::syntax::reference::{is_cf3_var_string, is_expandable, reference_end, MAX_LEVELS};

/// The longest string an expansion may build: `"$(s)$(s)"` in a loop or a
/// recursive bundle doubles a string each time, and cf-agent dies when its
/// allocation fails; confer stops at this length with an error instead.
pub const MAX_SCALAR_BYTES: usize = 64 << 20;

/// An expansion would have built a string longer than [`MAX_SCALAR_BYTES`].
#[derive(Debug, PartialEq, Eq)]
pub struct Oversized;

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

/// Expands every `$(...)`/`${...}` in `s` with `resolve`, which receives the
/// (already inner-expanded) reference text. Unresolved references stay
/// literal, with the bracket style they were written with.
pub fn expand_scalar(s: &str, resolve: &mut dyn FnMut(&str) -> Resolved) -> Result<String, Oversized> {
    expand_depth(s, resolve, 0)
}

fn expand_depth(s: &str, resolve: &mut dyn FnMut(&str) -> Resolved, depth: usize) -> Result<String, Oversized> {
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
            expand_depth(inner, resolve, depth + 1)?
        } else {
            inner.to_string()
        };
        let mut done = false;
        if !is_expandable(&inner) {
            if let Resolved::Text(t) = resolve(&inner) {
                if out.len() + t.len() + (b.len() - end) > MAX_SCALAR_BYTES {
                    return Err(Oversized);
                }
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
    Ok(out)
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
        assert_eq!(expand_scalar("v=$(a_$(b)) ${nope}", &mut r), Ok("v=deep ${nope}".into()));
    }

    #[test]
    fn a_doubling_stops_at_the_limit() {
        let half = "x".repeat(MAX_SCALAR_BYTES / 2 + 1);
        let mut r = |_: &str| Resolved::Text(half.clone());
        assert_eq!(expand_scalar("$(s)$(s)", &mut r), Err(Oversized));
    }
}
