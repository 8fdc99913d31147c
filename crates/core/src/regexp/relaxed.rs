//! A backtracking-free over-approximation of a fancy pattern, used to answer
//! "no match" without backtracking when even the looser pattern fails.
//!
//! Hostile patterns (`(a+)+\1b`) are usually slow only on text they do not
//! match; Ruby's engine rejects much of that text at once because a required
//! piece is missing. Replacing every backreference by "any text", every
//! look-around by nothing and every atomic group by a plain one gives a pattern
//! that matches at least wherever the original does, and that the `regex` crate
//! runs in linear time: when it fails, so does the original, decided.

use fancy_regex::{Assertion, Expr};

/// The relaxed pattern for the fancy pattern `translated`, when every feature
/// it uses has a relaxation and the result compiles.
pub(super) fn relaxed(translated: &str) -> Option<regex::Regex> {
    let tree = Expr::parse_tree(translated).ok()?;
    let mut text = String::new();
    relax(tree.expr)?.to_str(&mut text, 0);
    regex::Regex::new(&text).ok()
}

fn relax(e: Expr) -> Option<Expr> {
    let all = |children: Vec<Expr>| children.into_iter().map(relax).collect::<Option<Vec<_>>>();
    Some(match e {
        Expr::Backref(_) => {
            Expr::Repeat { child: Box::new(Expr::Any { newline: true }), lo: 0, hi: usize::MAX, greedy: true }
        }
        Expr::LookAround(..) | Expr::KeepOut => Expr::Empty,
        Expr::AtomicGroup(inner) => Expr::Group(Box::new(relax(*inner)?)),
        Expr::Group(inner) => Expr::Group(Box::new(relax(*inner)?)),
        Expr::Concat(children) => Expr::Concat(all(children)?),
        Expr::Alt(children) => Expr::Alt(all(children)?),
        Expr::Repeat { child, lo, hi, greedy } => Expr::Repeat { child: Box::new(relax(*child)?), lo, hi, greedy },
        kept @ Expr::Assertion(
            Assertion::StartText | Assertion::EndText | Assertion::StartLine { .. } | Assertion::EndLine { .. },
        ) => kept,
        // fancy-regex cannot write word boundaries back as text; without them
        // the pattern only matches more.
        Expr::Assertion(_) => Expr::Empty,
        kept @ (Expr::Empty | Expr::Any { .. } | Expr::Literal { .. } | Expr::Delegate { .. }) => kept,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relaxation_matches_a_superset() {
        let r = relaxed(r"(a+)+\1b(?=c)(?>d)").unwrap();
        assert!(r.is_match("aaxbd") && r.is_match("aabd"));
        assert!(!r.is_match("aaaa"));
    }

    #[test]
    fn word_boundaries_are_dropped_not_written() {
        // Found by fuzzing: fancy-regex panics when asked to write `\b` back as text.
        let r = relaxed(r"\bW(?=x)\B").unwrap();
        assert!(r.is_match("Wx"));
    }
}
