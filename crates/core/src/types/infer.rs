//! The type of a value. Spec: "type inference".

use super::Type;
use crate::value::Value;

/// The unparameterised name of a value's type, as Puppet's operator errors
/// print it ("Comparison of: String < Integer").
pub fn general_type_name(v: &Value) -> String {
    match v {
        Value::Type(t) => format!("Type[{}]", base_name(t)),
        other => other.type_name().to_string(),
    }
}

fn base_name(t: &Type) -> String {
    let s = t.to_string();
    s.split('[').next().unwrap_or(&s).to_string()
}

/// The type of `v` as Puppet's `type()` reports it: exact for scalars
/// (`Integer[1, 1]`), `Tuple`/`Struct` for non-empty arrays and string-keyed
/// hashes, `Array[0, 0]`/`Hash[0, 0]` when empty.
pub fn infer(v: &Value) -> super::Type {
    use super::{FloatBound, IntRange, KeyPresence, StructMember, Type};
    let exact = |n: usize| Some(IntRange::new(Some(n as i64), Some(n as i64)));
    let variant = |mut ts: Vec<Type>| {
        let mut unique = Vec::new();
        for t in ts.drain(..) {
            if !unique.contains(&t) {
                unique.push(t);
            }
        }
        if unique.len() == 1 {
            unique.remove(0)
        } else {
            Type::Variant(unique)
        }
    };
    match v {
        Value::Undef => Type::Undef,
        Value::Default => Type::Default,
        Value::Boolean(b) => Type::Boolean(Some(*b)),
        Value::Integer(i) => Type::Integer(IntRange::new(Some(*i), Some(*i))),
        Value::Float(f) => Type::Float { from: Some(FloatBound(*f)), to: Some(FloatBound(*f)) },
        Value::String(_) => Type::String(None),
        Value::Regexp(r) => Type::Regexp(Some(r.clone())),
        Value::Array(items) if items.is_empty() => Type::Array { element: None, size: exact(0) },
        Value::Array(items) => Type::Tuple { types: items.iter().map(infer).collect(), size: None },
        Value::Hash(map) if map.is_empty() => Type::Hash { key_value: None, size: exact(0) },
        Value::Hash(map) if map.keys().all(|k| matches!(k, Value::String(_))) => Type::Struct(Some(
            map.iter()
                .filter_map(|(k, val)| {
                    let key = k.as_str()?;
                    Some(StructMember { key: key.into(), presence: KeyPresence::Plain, value: infer(val) })
                })
                .collect(),
        )),
        Value::Hash(map) => Type::Hash {
            key_value: Some(Box::new((
                variant(map.keys().map(infer).collect()),
                variant(map.values().map(infer).collect()),
            ))),
            size: exact(map.len()),
        },
        Value::Type(t) => Type::Type(Some(Box::new((**t).clone()))),
        Value::Sensitive(inner) => {
            let general = general_type_name(inner);
            Type::Sensitive(super::by_name(&general).map(Box::new))
        }
        Value::Iterator(_) => Type::Any,
    }
}
