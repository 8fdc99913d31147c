//! The parameters of `URI[...]`: a URI string parsed into its parts, or a hash
//! constraining parts with strings, regexps and types. Spec: "URI".

use std::sync::Arc;

use super::Type;
use crate::undecided::{all, Undecided};
use crate::value::{puppet_equals, Value};

/// The part names a `URI` type may constrain.
pub const PARTS: [&str; 8] = ["scheme", "userinfo", "host", "port", "path", "query", "fragment", "opaque"];

/// Puppet's `match?`, as `case` matches a value against an option: a regexp
/// matches strings, a type matches its instances, anything else must be equal.
fn case_match(value: &Value, pattern: &Value) -> Result<bool, Undecided> {
    Ok(match pattern {
        Value::Regexp(r) => match value.as_str() {
            Some(s) => r.try_is_match(s)?,
            None => false,
        },
        Value::Type(t) => super::instance_of(t, value)?,
        Value::Default => true,
        _ => puppet_equals(value, pattern),
    })
}

/// Whether a `URI` type with `params` accepts one with `others`: every
/// constrained part must be present in the other and match its constraint, or
/// be a narrower type.
pub fn params_assignable(
    params: Option<&[(Arc<str>, Value)]>,
    others: Option<&[(Arc<str>, Value)]>,
) -> Result<bool, Undecided> {
    let Some(params) = params else {
        return Ok(true);
    };
    let others = others.unwrap_or(&[]);
    all(params.iter(), |(name, b)| match others.iter().find(|(n, _)| n == name) {
        None => Ok(false),
        Some((_, a)) => Ok(case_match(a, b)?
            || match (a, b) {
                (Value::Type(ta), Value::Type(tb)) => super::assignable(tb, ta)?,
                _ => false,
            }),
    })
}

/// Whether a URI value is an instance of `URI[params]`: each constrained
/// part, as the value's attribute (an absent part is `undef`, the port is
/// the scheme's default when not written), matches its constraint.
pub fn value_matches(params: Option<&[(Arc<str>, Value)]>, uri: &crate::value::uri::Uri) -> Result<bool, Undecided> {
    all(params.unwrap_or(&[]).iter(), |(name, constraint)| {
        let part = uri.attribute(name).unwrap_or(Value::Undef);
        case_match(&part, constraint)
    })
}

/// Whether `v` may constrain a URI part (a string, regexp, `Pattern`, `Enum`,
/// `NotUndef` or `Undef` type, or `undef`; for the port an integer range).
pub fn valid_constraint(part: &str, v: &Value) -> bool {
    match v {
        Value::Undef => true,
        Value::Type(t) => match t.resolved() {
            Type::NotUndef(None) | Type::Undef => true,
            Type::Pattern(_) | Type::Enum(_) => part != "port",
            Type::Integer(r) => part == "port" && r.lo() >= 0,
            _ => false,
        },
        Value::String(s) => part != "port" && !s.is_empty(),
        Value::Regexp(_) => part != "port",
        Value::Integer(i) => part == "port" && *i >= 0,
        _ => false,
    }
}
