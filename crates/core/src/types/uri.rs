//! The parameters of `URI[...]`: a URI string parsed into its parts, or a hash
//! constraining parts with strings, regexps and types. Spec: "URI".

use std::sync::Arc;

use super::Type;
use crate::value::{puppet_equals, Value};

/// The part names a `URI` type may constrain.
pub const PARTS: [&str; 8] = ["scheme", "userinfo", "host", "port", "path", "query", "fragment", "opaque"];

/// Puppet's `match?`, as `case` matches a value against an option: a regexp
/// matches strings, a type matches its instances, anything else must be equal.
fn case_match(value: &Value, pattern: &Value) -> bool {
    match pattern {
        Value::Regexp(r) => value.as_str().is_some_and(|s| r.is_match(s)),
        Value::Type(t) => super::instance_of(t, value),
        Value::Default => true,
        _ => puppet_equals(value, pattern),
    }
}

/// Whether a `URI` type with `params` accepts one with `others`: every
/// constrained part must be present in the other and match its constraint, or
/// be a narrower type.
pub fn params_assignable(params: Option<&[(Arc<str>, Value)]>, others: Option<&[(Arc<str>, Value)]>) -> bool {
    let Some(params) = params else {
        return true;
    };
    let others = others.unwrap_or(&[]);
    params.iter().all(|(name, b)| {
        others.iter().find(|(n, _)| n == name).is_some_and(|(_, a)| {
            case_match(a, b) || matches!((a, b), (Value::Type(ta), Value::Type(tb)) if super::assignable(tb, ta))
        })
    })
}

/// Whether a URI value is an instance of `URI[params]`: each constrained
/// part, as the value's attribute (an absent part is `undef`, the port is
/// the scheme's default when not written), matches its constraint.
pub fn value_matches(params: Option<&[(Arc<str>, Value)]>, uri: &crate::value::uri::Uri) -> bool {
    params.unwrap_or(&[]).iter().all(|(name, constraint)| {
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
