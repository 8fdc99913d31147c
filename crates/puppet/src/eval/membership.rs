//! The `in` operator, `=~`, and the matching rules shared by `=~`, `case`
//! and selectors.

use std::rc::Rc;
use std::sync::Arc;

use confer_core::types::instance_of;
use confer_core::undecided::{any, Undecided};
use confer_core::value::puppet_equals;
use confer_core::{Regexp, Value};

use super::flow::{core_fail, fail, EvalResult};
use super::scope::{MatchData, Scope};
use super::Evaluator;
use crate::span::Span;

/// What a match produced: whether it matched, and the captures when a regexp did.
pub struct MatchOutcome {
    /// Whether the value matched.
    pub matched: bool,
    /// Captures of a successful regexp match.
    pub captures: Option<MatchData>,
}

/// Matches `v` against a regexp, returning the captures on success.
pub fn regexp_match(re: &Regexp, v: &str) -> Result<MatchOutcome, Undecided> {
    Ok(match re.try_captures(v)? {
        Some(caps) => MatchOutcome { matched: true, captures: Some(Arc::new(caps)) },
        None => MatchOutcome { matched: false, captures: None },
    })
}

/// `lhs in rhs`: a substring test for strings (ignoring case), membership for
/// arrays, key membership for hashes; a regexp on the left matches any string
/// element, a type on the left accepts any instance.
pub fn contains(lhs: &Value, rhs: &Value) -> Result<bool, Undecided> {
    Ok(match rhs {
        Value::String(haystack) => match lhs {
            Value::String(needle) => haystack.to_lowercase().contains(&needle.to_lowercase()),
            Value::Regexp(re) => re.try_is_match(haystack)?,
            _ => false,
        },
        Value::Array(items) => any(items.iter(), |item| element_matches(lhs, item))?,
        Value::Hash(map) => any(map.keys(), |key| element_matches(lhs, key))?,
        Value::SemVerRange(range) => confer_core::value::semver::value_in_range(range, lhs),
        _ => false,
    })
}

fn element_matches(lhs: &Value, item: &Value) -> Result<bool, Undecided> {
    Ok(match lhs {
        Value::Regexp(re) => match item.as_str() {
            Some(s) => re.try_is_match(s)?,
            None => false,
        },
        Value::Type(t) => instance_of(t, item)?,
        _ => puppet_equals(lhs, item),
    })
}

impl Evaluator<'_> {
    /// `lhs =~ rhs`: a regexp (or a string taken as one) matches a string and sets
    /// the match variables; a type tests instance-of.
    /// `spans` are the left operand's and the right's.
    pub(super) fn match_value(
        &mut self,
        lhs: &Value,
        rhs: &Value,
        spans: (Span, Span),
        scope: &Rc<Scope>,
    ) -> EvalResult<bool> {
        let (left, span) = spans;
        let re = match rhs {
            Value::Type(t) => return Ok(instance_of(t, lhs)?),
            Value::SemVerRange(range) => return Ok(confer_core::value::semver::value_in_range(range, lhs)),
            Value::Regexp(re) => re.clone(),
            Value::String(s) => Arc::new(Regexp::new(s).map_err(core_fail(span))?),
            other => {
                return Err(fail(
                    span,
                    format!(
                        "Cannot match against a {}: expected a Regexp, a String, a SemVerRange or a Type",
                        other.type_name()
                    ),
                ))
            }
        };
        let Value::String(text) = lhs else {
            return Err(fail(
                left,
                format!(
                    "Left match operand must result in a String value. Got {}.",
                    confer_core::mismatch::with_article(&confer_core::value::label(lhs))
                ),
            ));
        };
        let outcome = regexp_match(&re, text)?;
        if let Some(caps) = outcome.captures {
            scope.set_matches(caps);
        }
        Ok(outcome.matched)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substring_ignores_case() {
        assert!(contains(&"a".into(), &"cAt".into()).unwrap());
        assert!(!contains(&"x".into(), &"cat".into()).unwrap());
    }

    #[test]
    fn arrays_and_hash_keys_use_puppet_equality() {
        assert!(contains(&"A".into(), &Value::array(vec!["a".into()])).unwrap());
        assert!(contains(&Value::Integer(1), &Value::array(vec![Value::Float(1.0)])).unwrap());
        let re = Value::Regexp(Arc::new(Regexp::new("a").unwrap()));
        assert!(contains(&re, &Value::array(vec!["xay".into()])).unwrap());
    }
}
