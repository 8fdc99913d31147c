//! Why a value is not an instance of a type, worded as Puppet words it
//! ("index 0 expects an Integer value, got String"), with the path into the
//! value so that a user finds the offending element at once.

use confer_core::types::infer::general_type_name;
use confer_core::types::{instance_of, IntRange, KeyPresence, Type};
use confer_core::value::puppet_quote;
use confer_core::Value;

use super::calls::with_article;

/// Describes the first way `v` fails to match `t` (call only when it does
/// not match).
pub(crate) fn describe(t: &Type, v: &Value) -> String {
    mismatch(t, v).unwrap_or_else(|| format!("expects {} value, got {}", with_article(&t.to_string()), actual(t, v)))
}

/// The type a mismatch reports as "got …": the value's exact type when it is
/// of the expected kind (`Integer[5, 5]` against `Integer[1, 3]`), its general
/// type otherwise (`String`).
fn actual(expected: &Type, v: &Value) -> String {
    let same_kind = matches!(
        (expected.resolved(), v),
        (Type::Integer(_), Value::Integer(_)) | (Type::Float { .. }, Value::Float(_))
    ) || matches!(expected.resolved(), Type::Optional(_) | Type::Variant(_) | Type::NotUndef(_))
        && matches!(v, Value::Integer(_) | Value::Float(_));
    match v {
        Value::Integer(i) if same_kind => format!("Integer[{i}, {i}]"),
        Value::Float(f) if same_kind => {
            let s = confer_core::float::ruby_float_to_s(*f);
            format!("Float[{s}, {s}]")
        }
        _ => general_type_name(v),
    }
}

fn size_problem(range: &IntRange, n: usize) -> Option<String> {
    let n = n as i64;
    if range.contains(n) {
        return None;
    }
    Some(match (range.from, range.to) {
        (Some(f), Some(t)) if f == t => format!("expects size to be {f}, got {n}"),
        (Some(f), _) if n < f => format!("expects size to be at least {f}, got {n}"),
        (_, Some(t)) => format!("expects size to be at most {t}, got {n}"),
        _ => format!("expects a different size, got {n}"),
    })
}

/// Alternatives as Puppet lists them: "A or B", "A, B, or C".
fn alternatives(types: &[String]) -> String {
    match types {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} or {b}"),
        [init @ .., last] => format!("{}, or {last}", init.join(", ")),
    }
}

fn mismatch(t: &Type, v: &Value) -> Option<String> {
    if instance_of(t, v) {
        return None;
    }
    Some(match (t.resolved(), v) {
        (Type::Optional(Some(inner)), _) => {
            format!(
                "expects a value of type {}, got {}",
                alternatives(&["Undef".into(), inner.to_string()]),
                actual(t, v)
            )
        }
        (Type::Variant(members), _) => format!(
            "expects a value of type {}, got {}",
            alternatives(&members.iter().map(|m| m.to_string()).collect::<Vec<_>>()),
            actual(t, v)
        ),
        (Type::Enum(_) | Type::Pattern(_), Value::String(s)) => {
            format!("expects a match for {t}, got {}", puppet_quote(s))
        }
        (Type::Array { element, size }, Value::Array(items)) => {
            if let Some(p) = size.as_ref().and_then(|r| size_problem(r, items.len())) {
                return Some(p);
            }
            let e = element.as_deref()?;
            let (i, item) = items.iter().enumerate().find(|(_, item)| !instance_of(e, item))?;
            format!("index {i} {}", describe(e, item))
        }
        (Type::Tuple { types, size }, Value::Array(items)) => {
            let exact = IntRange::new(Some(types.len() as i64), Some(types.len() as i64));
            if let Some(p) = size_problem(size.as_ref().unwrap_or(&exact), items.len()) {
                return Some(p);
            }
            let (i, item, slot) = items.iter().enumerate().find_map(|(i, item)| {
                let slot = types.get(i.min(types.len().saturating_sub(1)))?;
                (!instance_of(slot, item)).then_some((i, item, slot))
            })?;
            format!("index {i} {}", describe(slot, item))
        }
        (Type::Hash { key_value, size }, Value::Hash(map)) => {
            if let Some(p) = size.as_ref().and_then(|r| size_problem(r, map.len())) {
                return Some(p);
            }
            let kv = key_value.as_deref()?;
            if let Some(k) = map.keys().find(|k| !instance_of(&kv.0, k)) {
                return Some(format!("key '{}' {}", confer_core::value::to_s(k), describe(&kv.0, k)));
            }
            let (k, val) = map.iter().find(|(_, val)| !instance_of(&kv.1, val))?;
            format!("entry '{}' {}", confer_core::value::to_s(k), describe(&kv.1, val))
        }
        (Type::Struct(Some(members)), Value::Hash(map)) => {
            for m in members {
                match map.get(&Value::String(m.key.clone())) {
                    Some(val) if !instance_of(&m.value, val) => {
                        return Some(format!("entry '{}' {}", m.key, describe(&m.value, val)))
                    }
                    None if m.presence == KeyPresence::Required || !m.is_optional() => {
                        return Some(format!("expects a value for key '{}'", m.key))
                    }
                    _ => {}
                }
            }
            let extra = map.keys().find(|k| !k.as_str().is_some_and(|k| members.iter().any(|m| *m.key == *k)))?;
            format!("unrecognized key '{}'", confer_core::value::to_s(extra))
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use confer_core::types::parameterize;

    fn ty(name: &str, args: &[Value]) -> Type {
        parameterize(&confer_core::types::by_name(name).unwrap(), args).unwrap()
    }

    #[test]
    fn element_paths_are_named() {
        let t = ty("Array", &[Value::from_type(Type::Integer(IntRange::default()))]);
        assert_eq!(describe(&t, &Value::array(vec!["a".into()])), "index 0 expects an Integer value, got String");
    }

    #[test]
    fn ranges_show_the_exact_value() {
        let t = ty("Optional", &[Value::from_type(Type::Integer(IntRange::new(Some(1), Some(3))))]);
        assert_eq!(
            describe(&t, &Value::Integer(5)),
            "expects a value of type Undef or Integer[1, 3], got Integer[5, 5]"
        );
    }

    #[test]
    fn enums_quote_the_value() {
        let t = ty("Enum", &["a".into(), "b".into()]);
        assert_eq!(describe(&t, &"c".into()), "expects a match for Enum['a', 'b'], got 'c'");
    }

    #[test]
    fn sizes_are_explained() {
        let t = ty("Array", &[Value::from_type(Type::String(None)), Value::Integer(2)]);
        assert_eq!(describe(&t, &Value::array(vec!["a".into()])), "expects size to be at least 2, got 1");
    }
}
