//! Normalisation: rewriting a type into an equivalent simpler one, as Puppet
//! does to the target of every `type` alias. Variants are flattened, their
//! undef members become an `Optional`, their enums, patterns and integer or
//! float ranges merge, `Optional[Optional[T]]` becomes `Optional[T]`, and
//! `NotUndef[T]` drops its wrapper when `T` cannot be undef anyway.

use super::{accepts_undef, CallableType, EnumType, StructMember, TimeRange, TupleType, Type, Unordered};

/// The normal form of `t` (Puppet's `normalize`). Idempotent.
pub fn normalize(t: &Type) -> Type {
    let inner = |x: &Option<Box<Type>>| x.as_deref().map(|x| Box::new(normalize(x)));
    match t {
        Type::Type(x) => Type::Type(inner(x)),
        Type::Iterable(x) => Type::Iterable(inner(x)),
        Type::Iterator(x) => Type::Iterator(inner(x)),
        Type::Sensitive(x) => Type::Sensitive(Box::new(normalize(x))),
        Type::NotUndef(x) => match inner(x) {
            None => Type::NotUndef(None),
            Some(n) => match *n {
                Type::Optional(o) => normalize(&Type::NotUndef(o)),
                n if !accepts_undef(&n) => n,
                n => Type::NotUndef(Some(Box::new(n))),
            },
        },
        Type::Optional(x) => match inner(x) {
            None => Type::Optional(None),
            Some(n) => match *n {
                Type::NotUndef(o) => normalize(&Type::Optional(o)),
                n if accepts_undef(&n) => n,
                n => Type::Optional(Some(Box::new(n))),
            },
        },
        Type::Collection(_) => Type::Collection(None),
        Type::Struct(members) => {
            Type::Struct(members.iter().map(|m| StructMember { value: normalize(&m.value), ..m.clone() }).collect())
        }
        Type::Tuple(tt) => Type::Tuple(TupleType { types: tt.types.iter().map(normalize).collect(), size: tt.size }),
        Type::Callable(c) => Type::Callable(Box::new(CallableType {
            params: c
                .params
                .as_ref()
                .map(|p| TupleType { types: p.types.iter().map(normalize).collect(), size: p.size }),
            block: c.block.as_ref().map(normalize),
            return_type: c.return_type.as_ref().map(normalize),
        })),
        Type::Array { element, .. } if **element == Type::Any => Type::array_of(Type::Any),
        Type::Array { element, size } => Type::Array { element: Box::new(normalize(element)), size: *size },
        Type::Hash { key, value, size } => {
            if *t == Type::empty_hash() {
                t.clone()
            } else {
                Type::Hash { key: Box::new(normalize(key)), value: Box::new(normalize(value)), size: *size }
            }
        }
        Type::Variant(types) if types.is_empty() => t.clone(),
        Type::Variant(types) => normalize_variant(types),
        _ => t.clone(),
    }
}

fn normalize_variant(original: &Unordered<Type>) -> Type {
    let types: Vec<Type> = original.iter().map(normalize).collect();
    let modified = types.as_slice() != &original[..];
    if types.len() == 1 {
        return types.into_iter().next().unwrap_or(Type::Any);
    }
    if types.iter().any(|t| matches!(t, Type::Undef | Type::Optional(_))) {
        let rest: Vec<Type> = types
            .into_iter()
            .filter_map(|t| match t {
                Type::Undef => None,
                Type::Optional(inner) => inner.map(|i| *i),
                other => Some(other),
            })
            .collect();
        return normalize(&Type::optional(Type::variant_of(rest)));
    }
    let mut types = flatten(types);
    let size_before_merge = types.len();
    types = swap_not_undefs(types);
    types = merge_enums(types);
    types = merge_patterns(types);
    types = merge_ranges(types);
    if types.len() == 1 {
        types.pop().unwrap_or(Type::Any)
    } else if modified || types.len() != size_before_merge {
        Type::variant_of(types)
    } else {
        Type::Variant(original.clone())
    }
}

fn flatten(types: Vec<Type>) -> Vec<Type> {
    types
        .into_iter()
        .flat_map(|t| match t {
            Type::Variant(inner) => inner.0,
            other => vec![other],
        })
        .collect()
}

/// Several `NotUndef[T]` members become one `NotUndef[Variant[T...]]`, placed
/// last.
fn swap_not_undefs(types: Vec<Type>) -> Vec<Type> {
    let (not_undefs, mut others): (Vec<Type>, Vec<Type>) =
        types.into_iter().partition(|t| matches!(t, Type::NotUndef(_)));
    if not_undefs.len() > 1 {
        let inner = not_undefs
            .into_iter()
            .map(|t| match t {
                Type::NotUndef(Some(i)) => *i,
                _ => Type::Any,
            })
            .collect();
        others.push(normalize(&Type::NotUndef(Some(Box::new(Type::variant_of(inner))))));
        others
    } else {
        others.extend(not_undefs);
        others
    }
}

/// Several enums (and exact strings) become one enum, placed last;
/// case-insensitive enums merge separately, lower-cased.
fn merge_enums(types: Vec<Type>) -> Vec<Type> {
    let sensitive = |t: &Type| match t {
        Type::Enum(e) => !e.values.is_empty() && !e.case_insensitive,
        Type::String(s) => s.value().is_some(),
        _ => false,
    };
    let (enums, mut others): (Vec<Type>, Vec<Type>) = types.iter().cloned().partition(sensitive);
    let mut types = if enums.len() > 1 {
        let values = enums
            .iter()
            .flat_map(|t| match t {
                Type::Enum(e) => e.values.clone(),
                Type::String(s) => s.value().into_iter().cloned().collect(),
                _ => Vec::new(),
            })
            .collect();
        others.push(Type::Enum(EnumType::new(values, false)));
        others
    } else {
        types
    };
    let insensitive = |t: &Type| matches!(t, Type::Enum(e) if !e.values.is_empty() && e.case_insensitive);
    if types.iter().filter(|t| insensitive(t)).count() > 1 {
        let (enums, mut others): (Vec<Type>, Vec<Type>) = types.into_iter().partition(insensitive);
        let values = enums
            .iter()
            .flat_map(|t| match t {
                Type::Enum(e) => e.values.iter().map(|v| v.to_lowercase().into()).collect(),
                _ => Vec::new(),
            })
            .collect();
        others.push(Type::Enum(EnumType::new(values, true)));
        types = others;
    }
    types
}

/// Several patterns become one, placed last.
fn merge_patterns(types: Vec<Type>) -> Vec<Type> {
    let (patterns, mut others): (Vec<Type>, Vec<Type>) =
        types.iter().cloned().partition(|t| matches!(t, Type::Pattern(_)));
    if patterns.len() < 2 {
        return types;
    }
    let mut all = Vec::new();
    for p in patterns {
        if let Type::Pattern(ps) = p {
            for r in ps.0 {
                if !all.contains(&r) {
                    all.push(r);
                }
            }
        }
    }
    others.push(Type::Pattern(Unordered(all)));
    others
}

/// Overlapping (and, for integers, adjacent) ranges of the same kind merge;
/// merged ranges come first, in Puppet's order.
fn merge_ranges(types: Vec<Type>) -> Vec<Type> {
    let mut types = types;
    for kind in 0..4 {
        let is_kind = |t: &Type| {
            matches!(
                (kind, t),
                (0, Type::Integer(_)) | (1, Type::Float { .. }) | (2, Type::Timespan(_)) | (3, Type::Timestamp(_))
            )
        };
        let (ranges, others): (Vec<Type>, Vec<Type>) = types.iter().cloned().partition(is_kind);
        if ranges.len() > 1 {
            let mut merged = merge_range_list(ranges);
            merged.extend(others);
            types = merged;
        }
    }
    types
}

/// Puppet's `merge_ranges`: repeatedly takes the last range and merges into it
/// every other range it can.
fn merge_range_list(mut ranges: Vec<Type>) -> Vec<Type> {
    let mut result = Vec::new();
    while let Some(x) = ranges.pop() {
        let mut unmerged = Vec::new();
        let mut memo = x;
        for y in ranges {
            match merge_two(&memo, &y) {
                Some(m) => memo = m,
                None => unmerged.push(y),
            }
        }
        result.push(memo);
        ranges = unmerged;
    }
    result
}

fn merge_two(a: &Type, b: &Type) -> Option<Type> {
    match (a, b) {
        (Type::Integer(x), Type::Integer(y)) if x.intersects(y) || x.adjacent(y) => Some(Type::Integer(x.span(y))),
        (Type::Float { .. }, Type::Float { .. }) => {
            let lo = |t: &Type| match t {
                Type::Float { from, .. } => from.map_or(f64::NEG_INFINITY, |b| b.0),
                _ => 0.0,
            };
            let hi = |t: &Type| match t {
                Type::Float { to, .. } => to.map_or(f64::INFINITY, |b| b.0),
                _ => 0.0,
            };
            if hi(a) < lo(b) || hi(b) < lo(a) {
                return None;
            }
            let common = super::common_type(a, b);
            Some(common)
        }
        (Type::Timespan(x), Type::Timespan(y)) if x.intersects(y) => Some(Type::Timespan(TimeRange::span(x, y))),
        (Type::Timestamp(x), Type::Timestamp(y)) if x.intersects(y) => Some(Type::Timestamp(TimeRange::span(x, y))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{n, tv, ty};
    use super::*;
    use crate::value::Value;

    fn int(a: i64, b: i64) -> Value {
        tv(ty("Integer", &[Value::Integer(a), Value::Integer(b)]))
    }

    #[test]
    fn variants_merge_ranges_and_enums() {
        assert_eq!(normalize(&ty("Variant", &[int(1, 2), int(3, 4)])).to_string(), "Integer[1, 4]");
        // Unmerged ranges keep their order.
        assert_eq!(
            normalize(&ty("Variant", &[int(1, 2), int(5, 6)])).to_string(),
            "Variant[Integer[1, 2], Integer[5, 6]]"
        );
        let enums = ty("Variant", &[tv(ty("Enum", &["a".into()])), tv(ty("Enum", &["b".into()])), n("Integer")]);
        assert_eq!(normalize(&enums).to_string(), "Variant[Integer, Enum['a', 'b']]");
    }

    #[test]
    fn undef_members_become_optional() {
        let v = ty("Variant", &[n("Integer"), n("Undef")]);
        assert_eq!(normalize(&v).to_string(), "Optional[Integer]");
        let nested = ty("Optional", &[tv(ty("Optional", &[n("Integer")]))]);
        assert_eq!(normalize(&nested).to_string(), "Optional[Integer]");
        assert_eq!(normalize(&ty("NotUndef", &[n("Integer")])).to_string(), "Integer");
        assert_eq!(normalize(&ty("Optional", &[tv(super::super::data())])).to_string(), "Data");
    }

    #[test]
    fn normalising_twice_changes_nothing() {
        let v = ty("Variant", &[int(1, 2), n("Undef"), tv(ty("Optional", &[int(2, 3)]))]);
        let once = normalize(&v);
        assert_eq!(once.to_string(), "Optional[Integer[1, 3]]");
        assert_eq!(normalize(&once), once);
    }
}
