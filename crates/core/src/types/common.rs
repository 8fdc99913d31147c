//! The common type of two types: the narrowest type Puppet finds that both are
//! assignable to, as it computes it when inferring the element type of an
//! array (`type([1, 'a'], 'reduced')` is `Array[ScalarData, 2, 2]`). Spec: the
//! "∪" rows of the per-type algebra tables.

use super::{assignable, data, rich_data, EnumType, IntRange, StringType, Type, Unordered};

/// The common type of `t1` and `t2`. `Undef` is absorbed by the other type
/// (`Undef ∪ Integer` is `Integer`), as in Puppet.
pub fn common_type(t1: &Type, t2: &Type) -> Type {
    match (t1, t2) {
        (Type::Undef | Type::Unit, _) => return t2.clone(),
        (_, Type::Undef | Type::Unit) => return t1.clone(),
        _ => {}
    }
    if assignable(t1, t2) {
        return t1.clone();
    }
    if assignable(t2, t1) {
        return t2.clone();
    }
    if let Some(t) = same_kind_common(t1, t2) {
        return t;
    }
    let both = |t: &Type| assignable(t, t1) && assignable(t, t2);
    if both(&Type::Numeric) {
        return Type::Numeric;
    }
    if both(&Type::ScalarData) {
        return Type::ScalarData;
    }
    if both(&Type::Scalar) {
        return Type::Scalar;
    }
    let data = data();
    if both(&data) {
        return data;
    }
    if let (Type::Type(a), Type::Type(b)) = (t1, t2) {
        return Type::type_of(common_type(a.as_deref().unwrap_or(&Type::Any), b.as_deref().unwrap_or(&Type::Any)));
    }
    let rich = rich_data();
    if both(&rich) {
        return rich;
    }
    Type::Any
}

/// The common type of a non-empty sequence of types, folded left to right.
pub(crate) fn reduce_common(types: impl Iterator<Item = Type>) -> Type {
    types.reduce(|memo, t| common_type(&memo, &t)).unwrap_or(Type::Unit)
}

/// The rules for two types of the same kind that are not assignable either way.
fn same_kind_common(t1: &Type, t2: &Type) -> Option<Type> {
    Some(match (t1, t2) {
        (Type::Array { element: a, .. }, Type::Array { element: b, .. }) => Type::array_of(common_type(a, b)),
        (Type::Hash { key: k1, value: v1, .. }, Type::Hash { key: k2, value: v2, .. }) => {
            Type::hash_of(common_type(k1, k2), common_type(v1, v2))
        }
        (Type::Class(_), Type::Class(_)) => Type::Class(None),
        (Type::Resource { type_name: a, .. }, Type::Resource { type_name: b, .. }) => {
            Type::Resource { type_name: if a == b { a.clone() } else { None }, title: None }
        }
        (Type::Integer(a), Type::Integer(b)) => Type::Integer(a.span(b)),
        (Type::Float { from: f1, to: t1 }, Type::Float { from: f2, to: t2 }) => {
            let lo = |b: &Option<super::FloatBound>| b.map_or(f64::NEG_INFINITY, |b| b.0);
            let hi = |b: &Option<super::FloatBound>| b.map_or(f64::INFINITY, |b| b.0);
            Type::Float { from: if lo(f1) <= lo(f2) { *f1 } else { *f2 }, to: if hi(t1) >= hi(t2) { *t1 } else { *t2 } }
        }
        (Type::String(s), Type::Enum(e)) | (Type::Enum(e), Type::String(s)) => match s.value() {
            None => Type::Enum(EnumType::default()),
            Some(v) => {
                let mut values = e.values.clone();
                values.push(v.clone());
                Type::Enum(EnumType::new(values, false))
            }
        },
        (Type::String(a), Type::String(b)) => match (a, b) {
            (StringType::Sized(ra), StringType::Sized(rb)) => Type::String(StringType::Sized(IntRange::span(ra, rb))),
            (StringType::Value(x), StringType::Value(y)) => {
                Type::Enum(EnumType::new(vec![x.clone(), y.clone()], false))
            }
            _ => Type::string(),
        },
        (Type::Pattern(a), Type::Pattern(b)) => {
            let mut patterns = a.0.clone();
            for p in b.iter() {
                if !patterns.contains(p) {
                    patterns.push(p.clone());
                }
            }
            Type::Pattern(Unordered(patterns))
        }
        (Type::Enum(a), Type::Enum(b)) => {
            let mut values = a.values.clone();
            values.extend(b.values.iter().cloned());
            Type::Enum(EnumType::new(values, false))
        }
        (Type::Variant(a), Type::Variant(b)) => {
            let mut types = a.0.clone();
            for t in b.iter() {
                if !types.contains(t) {
                    types.push(t.clone());
                }
            }
            Type::variant_of(types)
        }
        (Type::Regexp(_), Type::Regexp(_)) => Type::Regexp(None),
        (Type::Callable(_), Type::Callable(_)) => Type::Callable(Box::default()),
        (Type::Runtime(a), Type::Runtime(b)) if a == b => t1.clone(),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{n, ty};
    use super::*;
    use crate::value::Value;

    fn common(a: Type, b: Type) -> String {
        common_type(&a, &b).to_string()
    }

    #[test]
    fn numbers_widen_step_by_step() {
        let int = |a, b| ty("Integer", &[Value::Integer(a), Value::Integer(b)]);
        assert_eq!(common(int(1, 2), int(5, 6)), "Integer[1, 6]");
        assert_eq!(common(Type::integer(), Type::float()), "Numeric");
        assert_eq!(common(Type::integer(), Type::string()), "ScalarData");
        assert_eq!(common(Type::integer(), Type::Regexp(None)), "Scalar");
        assert_eq!(common(Type::integer(), Type::array_of(Type::integer())), "Data");
        assert_eq!(common(Type::integer(), Type::array_of(Type::Any)), "Any");
        assert_eq!(common(Type::integer(), Type::Default), "RichData");
    }

    #[test]
    fn same_kinds_keep_their_shape() {
        assert_eq!(common(ty("Array", &[n("Integer")]), ty("Array", &[n("String")])), "Array[ScalarData]");
        assert_eq!(common(ty("Enum", &["a".into()]), ty("Enum", &["b".into()])), "Enum['a', 'b']");
        assert_eq!(common(ty("File", &["a".into()]), ty("File", &["b".into()])), "File");
        assert_eq!(common(ty("File", &["a".into()]), ty("Class", &["a".into()])), "Any");
        assert_eq!(common(Type::type_of(Type::integer()), Type::type_of(Type::string())), "Type[ScalarData]");
    }

    #[test]
    fn undef_is_absorbed() {
        assert_eq!(common(Type::Undef, Type::integer()), "Integer");
        assert_eq!(common(ty("NotUndef", &[n("Integer")]), Type::Undef), "NotUndef[Integer]");
    }
}
