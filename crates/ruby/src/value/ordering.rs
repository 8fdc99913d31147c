//! Ruby's `<=>` on values, and what the comparison operators answer from
//! it: what sorting, `min`/`max` and the numeric and version types share.

use std::cmp::Ordering;

use super::RValue;

/// Ruby's `<=>` for sorting; `None` when the values do not compare.
pub(crate) fn compare(a: &RValue, b: &RValue) -> Option<Ordering> {
    match (a, b) {
        (RValue::Int(x), RValue::Int(y)) => Some(x.cmp(y)),
        (RValue::Wide(x), RValue::Wide(y)) => Some(x.cmp(y)),
        (RValue::GemVersion(x), RValue::GemVersion(y)) => Some(x.compare(y)),
        (RValue::Wide(_), RValue::Int(_)) => Some(Ordering::Greater),
        (RValue::Int(_), RValue::Wide(_)) => Some(Ordering::Less),
        (RValue::Int(x), RValue::Float(y)) => (*x as f64).partial_cmp(y),
        (RValue::Float(x), RValue::Int(y)) => x.partial_cmp(&(*y as f64)),
        (RValue::Float(x), RValue::Float(y)) => x.partial_cmp(y),
        (RValue::Str(x), RValue::Str(y)) | (RValue::Sym(x), RValue::Sym(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
        (RValue::Array(x), RValue::Array(y)) => {
            for (p, q) in x.borrow().iter().zip(y.borrow().iter()) {
                match compare(p, q)? {
                    Ordering::Equal => {}
                    other => return Some(other),
                }
            }
            Some(x.borrow().len().cmp(&y.borrow().len()))
        }
        _ => None,
    }
}

/// What the comparison operator `name` (`<=>`, `<`, `>`, `<=`, `>=`)
/// answers for `o`.
pub(crate) fn comparison(name: &str, o: Ordering) -> RValue {
    match name {
        "<=>" => RValue::Int(o as i64),
        "<" => RValue::Bool(o.is_lt()),
        ">" => RValue::Bool(o.is_gt()),
        "<=" => RValue::Bool(o.is_le()),
        _ => RValue::Bool(o.is_ge()),
    }
}
