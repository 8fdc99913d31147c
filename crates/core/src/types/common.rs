//! The common type of two types: the narrowest type Puppet finds that both are
//! assignable to, as it computes it when inferring the element type of an
//! array (`type([1, 'a'], 'reduced')` is `Array[ScalarData, 2, 2]`). Spec: the
//! "∪" rows of the per-type algebra tables.

use super::{assignable, data, rich_data, EnumType, IntRange, StringType, Type, Unordered};
use std::sync::Arc;

/// Whether `t` accepts every value of `u`, for the common type. Decided as
/// "no" when a pattern left a string type undecided: only types inferred from
/// type values can meet that, and the answer is then a wider common type,
/// never a wrong verdict on a value.
fn covers(t: &Type, u: &Type) -> bool {
    assignable(t, u).unwrap_or(false)
}

/// The common type of `t1` and `t2`. `Undef` is absorbed by the other type
/// (`Undef ∪ Integer` is `Integer`), as in Puppet.
pub fn common_type(t1: &Type, t2: &Type) -> Type {
    match (t1, t2) {
        (Type::Undef | Type::Unit, _) => return t2.clone(),
        (_, Type::Undef | Type::Unit) => return t1.clone(),
        _ => {}
    }
    if covers(t1, t2) {
        return t1.clone();
    }
    if covers(t2, t1) {
        return t2.clone();
    }
    if let Some(t) = same_kind_common(t1, t2) {
        return t;
    }
    let both = |t: &Type| covers(t, t1) && covers(t, t2);
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

/// The common type of a non-empty sequence of types, folded left to right
/// (Puppet's `reduce_type`).
///
/// Folding pair by pair costs O(n²) on n distinct strings: each step checks
/// membership in, copies and re-sorts an enum that keeps growing. Once the
/// running type is a case-sensitive `Enum` with members, every string value
/// that follows only adds itself to the members (whether it was already one
/// or not), so those values are gathered and merged in one sort when the run
/// of strings ends: the same type, in O(n log n).
pub(crate) fn reduce_common(types: impl Iterator<Item = Type>) -> Type {
    let mut memo: Option<Type> = None;
    let mut pending: Vec<Arc<str>> = Vec::new();
    for t in types {
        // Two integer ranges have the range spanning both as their common
        // type (the wider one when one covers the other): no assignability
        // checks per integer of a hash's values.
        if let (Some(Type::Integer(a)), Type::Integer(b)) = (&memo, &t) {
            memo = Some(Type::Integer(a.span(b)));
            continue;
        }
        if let (Some(Type::Enum(e)), Type::String(StringType::Value(v))) = (&memo, &t) {
            if !e.case_insensitive && !e.values.is_empty() {
                pending.push(v.clone());
                continue;
            }
        }
        memo = Some(match memo.take() {
            None => t,
            Some(m) => common_type(&merge_pending(m, &mut pending), &t),
        });
    }
    memo.map_or(Type::Unit, |m| merge_pending(m, &mut pending))
}

/// Adds the gathered string values to the members of `memo`, an `Enum`
/// whenever `pending` is not empty.
fn merge_pending(memo: Type, pending: &mut Vec<Arc<str>>) -> Type {
    match memo {
        Type::Enum(mut e) if !pending.is_empty() => {
            e.values.append(pending);
            Type::Enum(EnumType::new(e.values, e.case_insensitive))
        }
        other => other,
    }
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

    #[test]
    fn integer_ranges_reduce_as_the_pairwise_fold() {
        let ranges = [
            IntRange::exactly(3),
            IntRange::new(Some(1), Some(5)),
            IntRange::new(None, Some(2)),
            IntRange::new(Some(-4), None),
            IntRange::exactly(9),
            IntRange::default(),
            IntRange::exactly(-7),
        ];
        for a in ranges {
            for b in ranges {
                for c in ranges {
                    let types = [Type::Integer(a), Type::Integer(b), Type::Integer(c)];
                    let folded = common_type(&common_type(&types[0], &types[1]), &types[2]);
                    assert_eq!(reduce_common(types.into_iter()), folded, "{a:?} {b:?} {c:?}");
                }
            }
        }
    }

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
    fn reducing_many_strings_gives_the_pairwise_fold() {
        let s = |x: &str| Type::string_value(Arc::from(x));
        let sequences = vec![
            vec![s("b"), s("a"), s("b"), s("c")],
            vec![s("a"), s("a"), s("a")],
            vec![s("x"), s("y"), Type::integer(), s("z")],
            vec![s("x"), s("y"), Type::Undef, s("z"), s("x")],
            vec![s("q"), ty("Enum", &["r".into(), "s".into()]), s("t"), ty("Enum", &[])],
            vec![s("m"), s("n"), Type::string(), s("o")],
        ];
        for types in sequences {
            let pairwise = types.iter().cloned().reduce(|memo, t| common_type(&memo, &t)).unwrap_or(Type::Unit);
            assert_eq!(reduce_common(types.into_iter()), pairwise);
        }
    }

    #[test]
    fn undef_is_absorbed() {
        assert_eq!(common(Type::Undef, Type::integer()), "Integer");
        assert_eq!(common(ty("NotUndef", &[n("Integer")]), Type::Undef), "NotUndef[Integer]");
    }
}
