//! Whether a value is an instance of a type (`$v =~ T`, `case`, typed parameters).

use super::{IntRange, Type};
use crate::value::Value;

/// Whether `v` is an instance of `t`.
pub fn instance_of(t: &Type, v: &Value) -> bool {
    instance_at_depth(t, v, 0)
}

/// Recursive aliases can describe infinitely deep structures, but values are
/// finite; the depth bound only guards against an alias that refers to itself
/// without any structure in between.
const MAX_DEPTH: usize = 256;

fn size_ok(size: &Option<IntRange>, n: usize) -> bool {
    size.as_ref().is_none_or(|r| r.contains(n as i64))
}

fn instance_at_depth(t: &Type, v: &Value, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    let inst = |t: &Type, v: &Value| instance_at_depth(t, v, depth + 1);
    match (t, v) {
        (Type::Alias(a), _) => a.0.target().is_some_and(|target| inst(target, v)),
        (Type::Any, _) => true,
        (Type::Undef, Value::Undef) => true,
        (Type::Default, Value::Default) => true,
        (Type::Boolean(b), Value::Boolean(x)) => b.is_none_or(|b| b == *x),
        (Type::Integer(r), Value::Integer(i)) => r.contains(*i),
        (Type::Float { from, to }, Value::Float(f)) => from.is_none_or(|b| *f >= b.0) && to.is_none_or(|b| *f <= b.0),
        (Type::Numeric, Value::Integer(_) | Value::Float(_)) => true,
        (Type::String(size), Value::String(s)) => size_ok(size, s.chars().count()),
        (Type::Enum(options), Value::String(s)) => options.is_empty() || options.iter().any(|o| **o == **s),
        (Type::Pattern(pats), Value::String(s)) => pats.is_empty() || pats.iter().any(|p| p.is_match(s)),
        (Type::Regexp(r), Value::Regexp(x)) => r.as_ref().is_none_or(|r| r.source() == x.source()),
        (Type::ScalarData, _) => {
            matches!(v, Value::Integer(_) | Value::Float(_) | Value::String(_) | Value::Boolean(_))
        }
        (Type::Scalar, _) => {
            matches!(v, Value::Integer(_) | Value::Float(_) | Value::String(_) | Value::Boolean(_) | Value::Regexp(_))
        }
        (Type::Data, _) => is_data(v, depth),
        (Type::RichData, _) => true,
        (Type::Collection(size), Value::Array(a)) => size_ok(size, a.len()),
        (Type::Collection(size), Value::Hash(h)) => size_ok(size, h.len()),
        (Type::Array { element, size }, Value::Array(a)) => {
            size_ok(size, a.len()) && element.as_ref().is_none_or(|e| a.iter().all(|x| inst(e, x)))
        }
        (Type::Hash { key_value, size }, Value::Hash(h)) => {
            size_ok(size, h.len())
                && key_value.as_ref().is_none_or(|kv| h.iter().all(|(k, x)| inst(&kv.0, k) && inst(&kv.1, x)))
        }
        (Type::Tuple { types, size }, Value::Array(a)) => tuple_instance(types, size, a, &inst),
        (Type::Struct(None), Value::Hash(_)) => true,
        (Type::Struct(Some(members)), Value::Hash(h)) => {
            h.keys().all(|k| k.as_str().is_some_and(|k| members.iter().any(|m| *m.key == *k)))
                && members.iter().all(|m| match h.get(&Value::String(m.key.clone())) {
                    Some(x) => inst(&m.value, x),
                    None => m.is_optional(),
                })
        }
        (Type::Variant(types), _) => types.iter().any(|t| inst(t, v)),
        (Type::Optional(inner), _) => v.is_undef() || inner.as_ref().is_none_or(|t| inst(t, v)),
        (Type::NotUndef(inner), _) => !v.is_undef() && inner.as_ref().is_none_or(|t| inst(t, v)),
        (Type::Type(inner), Value::Type(x)) => inner.as_ref().is_none_or(|t| super::assignable(t, x)),
        (Type::Sensitive(inner), Value::Sensitive(x)) => inner.as_ref().is_none_or(|t| inst(t, x)),
        (Type::CatalogEntry, Value::Type(x)) => {
            matches!(**x, Type::Resource { title: Some(_), .. } | Type::Class(Some(_)))
        }
        (Type::Resource { type_name, title }, Value::Type(x)) => match &**x {
            Type::Resource { type_name: Some(n), title: Some(tt) } => {
                type_name.as_ref().is_none_or(|tn| tn.eq_ignore_ascii_case(n)) && title.as_ref().is_none_or(|t| t == tt)
            }
            _ => false,
        },
        (Type::Class(name), Value::Type(x)) => match &**x {
            Type::Class(Some(n)) => name.as_ref().is_none_or(|c| c == n),
            _ => false,
        },
        _ => false,
    }
}

fn is_data(v: &Value, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    match v {
        Value::Undef | Value::Integer(_) | Value::Float(_) | Value::String(_) | Value::Boolean(_) => true,
        Value::Array(a) => a.iter().all(|x| is_data(x, depth + 1)),
        Value::Hash(h) => h.iter().all(|(k, x)| matches!(k, Value::String(_)) && is_data(x, depth + 1)),
        _ => false,
    }
}

fn tuple_instance(types: &[Type], size: &Option<IntRange>, a: &[Value], inst: &dyn Fn(&Type, &Value) -> bool) -> bool {
    let range = size.unwrap_or(IntRange::new(Some(types.len() as i64), Some(types.len() as i64)));
    if !range.contains(a.len() as i64) {
        return false;
    }
    if types.is_empty() {
        return true;
    }
    a.iter().enumerate().all(|(i, x)| inst(&types[i.min(types.len() - 1)], x))
}
