//! `CheckConstraintTypeMatch` (syntax.c): whether an attribute's literal
//! value fits the data type and range cf-promises describes for it — an
//! option from its list, an integer or real within its bounds, a string
//! or class expression matching its regex, a list where a list is wanted.
//! A value still naming a variable cannot be checked and passes; the
//! expanded value is checked again when the promise runs.

use crate::data::number;
use crate::syntax::attribute_syntax::Syntax;
use crate::syntax::literal::{Literal, SyntaxError};
use crate::syntax::reference::{is_cf3_var_string, is_naked_var};

/// cf-agent's `CF_INFINITY`, the value `inf` stands for in an integer range.
const INFINITY: i64 = 999_999_999;

/// `CF_ABSPATHRANGE`: the range of attributes that want an absolute path.
const ABSOLUTE_PATH: &str = "\"?(/.*)";

/// The error for `value` given to an attribute of syntax `syntax`, if any.
pub fn type_match(lval: &str, value: &Literal, syntax: &Syntax) -> Option<SyntaxError> {
    let list_type = matches!(syntax.datatype, "slist" | "ilist" | "rlist" | "clist" | "olist");
    match value {
        Literal::Unchecked => None,
        Literal::Scalar(s) => {
            // A list given by reference (`@(x)`, `$(x)`) is checked once expanded.
            if list_type && !s.starts_with('@') && !is_cf3_var_string(s) {
                return Some("Attempted to give a scalar to a non-scalar type".into());
            }
            scalar(lval, s, syntax)
        }
        Literal::List(items) => {
            if !list_type {
                return Some("Attempted to give a list to a non-list type".into());
            }
            items.iter().find_map(|s| scalar(lval, s, syntax))
        }
    }
}

/// The checks of one scalar (`level` 1 for a list's items).
fn scalar(lval: &str, s: &str, syntax: &Syntax) -> Option<SyntaxError> {
    let range = syntax.range;
    match syntax.datatype {
        "string" | "slist" => string(lval, s, range),
        "int" | "ilist" => int(s, range),
        "real" | "rlist" => real(s, range),
        "option" | "olist" => option(s, range),
        "context" | "clist" => context(s, range),
        "irange" => int_range(s, range),
        _ => None,
    }
}

/// `CheckParseString`.
fn string(lval: &str, s: &str, range: &str) -> Option<SyntaxError> {
    if range.is_empty() || is_naked_var(s, b'@') || is_naked_var(s, b'$') {
        return None;
    }
    if (lval == "mode" || lval == "search_mode") && !is_cf3_var_string(s) && crate::files::parse_mode(s).is_none() {
        return Some("Error parsing Unix permission string".into());
    }
    if s == range || full_match(range, s) || is_cf3_var_string(s) {
        return None;
    }
    Some(if s.is_empty() {
        "Empty scalar value is out of range".into()
    } else if range == ABSOLUTE_PATH {
        "Filename is not an absolute path".into()
    } else {
        "Scalar value is out of range".into()
    })
}

/// `CheckParseContext`.
fn context(s: &str, range: &str) -> Option<SyntaxError> {
    if range.is_empty() || s == range || full_match(range, s) {
        return None;
    }
    Some("Context string is invalid/out of range".into())
}

/// `CheckParseOpts`: one of the range's comma-separated choices.
fn option(s: &str, range: &str) -> Option<SyntaxError> {
    if is_naked_var(s, b'@') || is_naked_var(s, b'$') || range.split(',').any(|o| o == s) {
        return None;
    }
    Some("Selection is out of bounds".into())
}

/// An integer range's bounds (`min,max`, `inf` for no maximum).
fn int_bounds(range: &str) -> Option<(i64, i64)> {
    let (min, max) = range.split_once(',')?;
    let max = if max == "inf" { INFINITY } else { max.parse().ok()? };
    Some((min.parse().ok()?, max))
}

/// `CheckParseInt`.
fn int(s: &str, range: &str) -> Option<SyntaxError> {
    let (min, max) = int_bounds(range)?;
    if is_cf3_var_string(s) {
        return None;
    }
    match number::int_from_string(s) {
        Err(log) => Some(SyntaxError { message: "Cannot parse value as integer".into(), log }),
        Ok(v) if v < min || v > max => Some("Integer is out of range".into()),
        Ok(_) => None,
    }
}

/// `CheckParseIntRange`: `a,b`, both within the bounds.
fn int_range(s: &str, range: &str) -> Option<SyntaxError> {
    if s.starts_with('[') || s.starts_with('(') {
        return Some("Real range specification should not be enclosed in brackets - just 'a,b'".into());
    }
    let (min, max) = int_bounds(range)?;
    if is_cf3_var_string(s) {
        return None;
    }
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() != 2 {
        return Some("Range format specifier should be of form 'a,b'' but got multiple items".into());
    }
    let out = parts.iter().any(|p| number::int_from_string(p).map_or(true, |v| v < min || v > max));
    out.then(|| "Integer is out of range".into())
}

/// `CheckParseReal`.
fn real(s: &str, range: &str) -> Option<SyntaxError> {
    if s == "inf" {
        return Some("Keyword 'inf' has an integer value, cannot be used as real".into());
    }
    if is_cf3_var_string(s) {
        return None;
    }
    let (min, max) = range.split_once(',')?;
    let (min, max): (f64, f64) = (min.parse().ok()?, max.parse().ok()?);
    match number::real_from_string(s) {
        Err(log) => Some(SyntaxError { message: "Real value is out of range".into(), log }),
        Ok(v) if v < min || v > max => Some("Real value is out of range".into()),
        Ok(_) => None,
    }
}

/// `StringMatchFull`: the regex's first match is the whole string (a range
/// that cannot be decided does not stop the policy).
fn full_match(range: &str, s: &str) -> bool {
    crate::functions::regex::matches_whole(range, s).unwrap_or(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::attribute_syntax::{lookup, Block, Lookup};

    fn check(block: Block, kind: &str, lval: &str, value: &Literal) -> Option<String> {
        let Lookup::Known(syntax) = lookup(block, kind, lval) else { panic!("{kind}.{lval} is described") };
        type_match(lval, value, &syntax).map(|e| e.message)
    }

    #[test]
    fn literal_values_are_checked_against_their_range() {
        let banana = Literal::Scalar("banana");
        assert_eq!(
            check(Block::Body, "link_from", "link_type", &banana).as_deref(),
            Some("Selection is out of bounds")
        );
        assert_eq!(check(Block::Body, "link_from", "link_type", &Literal::Scalar("symlink")), None);
        assert_eq!(check(Block::Body, "link_from", "link_type", &Literal::Scalar("$(t)")), None);
        assert_eq!(check(Block::Promise, "files", "create", &banana).as_deref(), Some("Selection is out of bounds"));
        assert_eq!(
            check(Block::Body, "edit_field", "select_field", &Literal::Scalar("-1")).as_deref(),
            Some("Integer is out of range")
        );
        assert_eq!(
            check(Block::Body, "edit_field", "value_separator", &Literal::Scalar("ab")).as_deref(),
            Some("Scalar value is out of range")
        );
        assert_eq!(
            check(Block::Promise, "vars", "slist", &Literal::Scalar("x")).as_deref(),
            Some("Attempted to give a scalar to a non-scalar type")
        );
        assert_eq!(
            check(Block::Promise, "vars", "string", &Literal::List(vec!["x"])).as_deref(),
            Some("Attempted to give a list to a non-list type")
        );
        assert_eq!(check(Block::Body, "perms", "mode", &Literal::Scalar("0644")), None);
    }
}
