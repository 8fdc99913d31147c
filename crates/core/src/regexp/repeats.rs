//! The shortest text a pattern can match, computed with checked arithmetic
//! before fancy-regex computes it without: its analysis multiplies nested
//! repetition counts (`(?:(?:x{88829}){88829}){88829}…`) and overflows,
//! a panic where overflow checks are on and a wrapped, wrong size where
//! they are off (found by the `puppet_apply` fuzz target). A pattern whose
//! shortest match does not fit in a `usize` is refused instead.

use fancy_regex::Expr;

/// Whether fancy-regex can analyse `pattern` without overflowing. A pattern
/// it cannot parse passes: building it reports the syntax error.
pub(super) fn fits(pattern: &str) -> bool {
    Expr::parse_tree(pattern).map_or(true, |tree| min_size(&tree.expr).is_some())
}

/// The shortest match of `e` in bytes, as fancy-regex's analysis counts it,
/// or `None` past `usize`.
fn min_size(e: &Expr) -> Option<usize> {
    match e {
        Expr::Literal { val, .. } => Some(val.len()),
        Expr::Any { .. } => Some(1),
        Expr::Concat(items) => items.iter().try_fold(0usize, |sum, i| sum.checked_add(min_size(i)?)),
        Expr::Alt(items) => {
            // Every branch is analysed, so every branch must fit.
            let sizes = items.iter().map(min_size).collect::<Option<Vec<_>>>()?;
            Some(sizes.into_iter().min().unwrap_or(0))
        }
        Expr::Group(child) | Expr::AtomicGroup(child) => min_size(child),
        Expr::LookAround(child, _) => min_size(child).map(|_| 0),
        Expr::Repeat { child, lo, .. } => min_size(child)?.checked_mul(*lo),
        Expr::Conditional { condition, true_branch, false_branch } => {
            min_size(condition)?;
            Some(min_size(true_branch)?.min(min_size(false_branch)?))
        }
        _ => Some(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_counts_that_overflow_do_not_fit() {
        assert!(!fits(r"(?:(?:(?:(?:(x)\1{88829}){88829}){88829}){88829}){88829}"));
        assert!(fits(r"(?:(x)\1{1000}){1000}"));
        assert!(fits(r"(unclosed"));
    }
}
