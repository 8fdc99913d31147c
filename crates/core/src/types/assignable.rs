//! Whether one type accepts every value of another (`T1 <= T2`, `Type[T]`).

use super::{instance_of, Type};
use crate::value::Value;

/// Whether every value of `other` is also a value of `t`.
pub fn assignable(t: &Type, other: &Type) -> bool {
    let (t, other) = (t.resolved(), other.resolved());
    if t == other {
        return true;
    }
    match (t, other) {
        (Type::Any, _) => true,
        (_, Type::Variant(members)) => members.iter().all(|m| assignable(t, m)),
        (Type::Variant(members), _) => members.iter().any(|m| assignable(m, other)),
        (Type::Optional(inner), _) => {
            matches!(other, Type::Undef) || inner.as_ref().is_none_or(|i| assignable(i, other))
        }
        (Type::NotUndef(inner), _) => {
            !assignable(other, &Type::Undef) && inner.as_ref().is_none_or(|i| assignable(i, other))
        }
        (Type::Numeric, Type::Integer(_) | Type::Float { .. }) => true,
        (Type::Integer(a), Type::Integer(b)) => a.covers(b),
        (Type::Float { from, to }, Type::Float { from: f2, to: t2 }) => {
            let lo = match (from, f2) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some(a), Some(b)) => a.0 <= b.0,
            };
            let hi = match (to, t2) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some(a), Some(b)) => a.0 >= b.0,
            };
            lo && hi
        }
        (Type::String(size), Type::String(s2)) => match (size, s2) {
            (None, _) => true,
            (Some(a), Some(b)) => a.covers(b),
            (Some(a), None) => a.covers(&super::IntRange::new(Some(0), None)),
        },
        (Type::String(size), Type::Enum(opts)) => {
            !opts.is_empty() && opts.iter().all(|o| size.is_none_or(|r| r.contains(o.chars().count() as i64)))
                || size.is_none()
        }
        (Type::String(None), Type::Pattern(_)) => true,
        (Type::Enum(a), Type::Enum(b)) => a.is_empty() || (!b.is_empty() && b.iter().all(|x| a.contains(x))),
        (Type::Pattern(p), Type::Enum(opts)) => {
            p.is_empty() || (!opts.is_empty() && opts.iter().all(|o| instance_of(t, &Value::String(o.clone()))))
        }
        (Type::Pattern(p), Type::Pattern(_)) => p.is_empty(),
        (Type::Pattern(p), Type::String(_)) => p.is_empty(),
        (Type::Boolean(None), Type::Boolean(_)) => true,
        (Type::Regexp(None), Type::Regexp(_)) => true,
        (Type::ScalarData, _) => [
            Type::Integer(Default::default()),
            Type::Float { from: None, to: None },
            Type::String(None),
            Type::Boolean(None),
        ]
        .iter()
        .any(|s| assignable(s, other)),
        (Type::Scalar, _) => assignable(&Type::ScalarData, other) || assignable(&Type::Regexp(None), other),
        (Type::Data, _) => match other {
            Type::Undef => true,
            Type::Array { element, .. } => {
                element.as_ref().is_none_or(|e| assignable(&Type::Data, e)) && element.is_some()
            }
            Type::Hash { key_value: Some(kv), .. } => {
                assignable(&Type::String(None), &kv.0) && assignable(&Type::Data, &kv.1)
            }
            Type::Tuple { types, .. } => types.iter().all(|e| assignable(&Type::Data, e)),
            Type::Struct(Some(members)) => members.iter().all(|m| assignable(&Type::Data, &m.value)),
            Type::Optional(Some(i)) | Type::NotUndef(Some(i)) => assignable(&Type::Data, i),
            _ => assignable(&Type::ScalarData, other),
        },
        (Type::RichData, _) => !matches!(other, Type::Any),
        (Type::Collection(size), Type::Array { size: s2, .. } | Type::Hash { size: s2, .. } | Type::Collection(s2)) => {
            size.is_none_or(|a| s2.is_some_and(|b| a.covers(&b)))
        }
        (Type::Collection(None), Type::Tuple { .. } | Type::Struct(_)) => true,
        (Type::Array { element, size }, Type::Array { element: e2, size: s2 }) => {
            element.as_ref().is_none_or(|e| e2.as_ref().is_some_and(|e2| assignable(e, e2)))
                && size.is_none_or(|a| s2.is_some_and(|b| a.covers(&b)))
        }
        (Type::Array { element, size }, Type::Tuple { types, size: s2 }) => {
            element.as_ref().is_none_or(|e| types.iter().all(|x| assignable(e, x)))
                && size.is_none_or(|a| {
                    a.covers(&s2.unwrap_or(super::IntRange::new(Some(types.len() as i64), Some(types.len() as i64))))
                })
        }
        (Type::Hash { key_value, size }, Type::Hash { key_value: kv2, size: s2 }) => {
            key_value
                .as_ref()
                .is_none_or(|kv| kv2.as_ref().is_some_and(|kv2| assignable(&kv.0, &kv2.0) && assignable(&kv.1, &kv2.1)))
                && size.is_none_or(|a| s2.is_some_and(|b| a.covers(&b)))
        }
        (Type::Hash { key_value, size: None }, Type::Struct(Some(members))) => key_value.as_ref().is_none_or(|kv| {
            members.iter().all(|m| instance_of(&kv.0, &Value::String(m.key.clone())) && assignable(&kv.1, &m.value))
        }),
        (Type::Hash { key_value: None, size: None }, Type::Struct(None)) => true,
        (Type::Tuple { types, size }, Type::Tuple { types: t2, size: s2 }) => {
            size == s2 && types.len() == t2.len() && types.iter().zip(t2).all(|(a, b)| assignable(a, b))
        }
        (Type::Struct(None), Type::Struct(_)) => true,
        (Type::Type(None), Type::Type(_)) => true,
        (Type::Type(Some(a)), Type::Type(Some(b))) => assignable(a, b),
        (Type::Sensitive(None), Type::Sensitive(_)) => true,
        (Type::Sensitive(Some(a)), Type::Sensitive(Some(b))) => assignable(a, b),
        (Type::CatalogEntry, Type::Resource { .. } | Type::Class(_)) => true,
        (Type::Resource { type_name: None, .. }, Type::Resource { .. }) => true,
        (Type::Resource { type_name: Some(n), title: None }, Type::Resource { type_name: Some(n2), .. }) => {
            n.eq_ignore_ascii_case(n2)
        }
        (Type::Class(None), Type::Class(_)) => true,
        _ => false,
    }
}
