//! The type of a value, as the `type()` function reports it in its three modes,
//! and generalisation of value-specific types.
//!
//! - `type($v)` / `type($v, 'detailed')`: [`infer`] keeps every element's type
//!   (`Tuple[Integer[1, 1], String]`, `Struct[{'a' => Integer[1, 1]}]`);
//! - `type($v, 'reduced')`: [`infer_reduced`] reduces elements to their common
//!   type (`Array[ScalarData, 2, 2]`);
//! - `type($v, 'generalized')`: [`infer_generalized`] also drops ranges, sizes
//!   and string values (`Array[ScalarData]`).

use super::common::reduce_common;
use super::{CallableType, EnumType, IntRange, StringType, StructMember, TupleType, Type, Unordered};
use crate::value::iterable::IterOp;
use crate::value::Value;

/// The detailed type of `v`: what `type($v)` returns.
pub fn infer(v: &Value) -> Type {
    match v {
        Value::Array(items) if items.is_empty() => Type::empty_array(),
        Value::Array(items) => Type::Tuple(TupleType { types: items.iter().map(infer).collect(), size: None }),
        Value::Hash(h) if h.is_empty() => Type::empty_hash(),
        Value::Hash(h) => {
            let struct_keys = h.keys().all(|k| matches!(k, Value::String(s) if !s.is_empty()));
            if struct_keys {
                Type::Struct(
                    h.iter()
                        .map(|(k, x)| StructMember {
                            key: k.as_str().unwrap_or_default().into(),
                            optional_key: false,
                            value: infer(x),
                        })
                        .collect(),
                )
            } else {
                Type::Hash {
                    key: Box::new(Type::variant_of(h.keys().map(infer).collect())),
                    value: Box::new(Type::variant_of(h.values().map(infer).collect())),
                    size: Some(IntRange::exactly(h.len() as i64)),
                }
            }
        }
        other => infer_reduced(other),
    }
}

/// The type of `v` with the elements of arrays and hashes reduced to their
/// common type: what `type($v, 'reduced')` returns.
pub fn infer_reduced(v: &Value) -> Type {
    match v {
        Value::Undef => Type::Undef,
        Value::Default => Type::Default,
        Value::Boolean(b) => Type::Boolean(Some(*b)),
        Value::Integer(i) => Type::Integer(IntRange::exactly(*i)),
        Value::Float(f) => Type::Float { from: Some(super::FloatBound(*f)), to: Some(super::FloatBound(*f)) },
        Value::String(s) => Type::string_value(s.clone()),
        Value::Regexp(r) => Type::Regexp(Some(r.clone())),
        Value::Array(items) if items.is_empty() => Type::empty_array(),
        Value::Array(items) => Type::Array {
            element: Box::new(reduce_common(items.iter().map(infer_reduced))),
            size: Some(IntRange::exactly(items.len() as i64)),
        },
        Value::Hash(h) if h.is_empty() => Type::empty_hash(),
        Value::Hash(h) => Type::Hash {
            key: Box::new(reduce_common(h.keys().map(infer_reduced))),
            value: Box::new(reduce_common(h.values().map(infer_reduced))),
            size: Some(IntRange::exactly(h.len() as i64)),
        },
        Value::Type(t) => Type::type_of(Type::clone(t)),
        Value::Sensitive(x) => Type::Sensitive(Box::new(generalize(&infer_reduced(x)))),
        Value::Iterator(_) => Type::Iterator(Some(Box::new(iterator_element_type(v)))),
        Value::Uri(u) => Type::Uri(Some(u.parts().to_vec())),
        Value::Timespan(t) => Type::Timespan(super::time::TimeRange { from: Some(*t), to: Some(*t) }),
        Value::Timestamp(t) => Type::Timestamp(super::time::TimeRange::exactly(*t)),
        Value::Binary(_) => Type::Binary,
        // Puppet describes a version by the range of just that version.
        Value::SemVer(v) => {
            let bound = super::semver::Version::from_semver(v);
            Type::SemVer(vec![super::VersionRange::between(bound.clone(), bound, false)])
        }
        Value::SemVerRange(_) => Type::SemVerRange,
        Value::Deferred(_) => Type::Deferred,
        Value::Object(o) => o.infer(),
        Value::Runtime(r) => match r.reference() {
            Some(reference) => Type::type_of(reference),
            None => Type::Runtime(super::RuntimeType {
                runtime: Some(std::sync::Arc::from("ruby")),
                name: Some(std::sync::Arc::from(r.class())),
            }),
        },
    }
}

/// The general type of `v`: what `type($v, 'generalized')` returns.
pub fn infer_generalized(v: &Value) -> Type {
    generalize(&infer_reduced(v))
}

/// The unparameterised name of a value's type, as Puppet's operator errors
/// print it ("Comparison of: String < Integer").
pub fn general_type_name(v: &Value) -> String {
    match v {
        Value::Type(t) => format!("Type[{}]", base_name(t)),
        // Puppet labels a version by its Ruby class's short name.
        Value::SemVer(_) => "Semver".into(),
        other => other.type_name().to_string(),
    }
}

fn base_name(t: &Type) -> String {
    let s = t.to_string();
    s.split('[').next().unwrap_or(&s).to_string()
}

/// Removes what is specific to particular values from a type: ranges, sizes,
/// string values and enum members (Puppet's `generalize`). Regexps, patterns,
/// resources and classes stay as they are.
pub fn generalize(t: &Type) -> Type {
    let boxed = |t: &Type| Box::new(generalize(t));
    let opt = |t: &Option<Box<Type>>| t.as_deref().map(|x| Box::new(generalize(x)));
    match t {
        Type::Integer(_) => Type::integer(),
        Type::Float { .. } => Type::float(),
        Type::String(_) => Type::string(),
        Type::Boolean(_) => Type::Boolean(None),
        Type::Collection(_) => Type::Collection(None),
        Type::Timespan(_) => Type::Timespan(Default::default()),
        Type::Timestamp(_) => Type::Timestamp(Default::default()),
        Type::Uri(_) => Type::Uri(None),
        Type::ObjectExt(e) => Type::ObjectType(e.base.clone()),
        Type::SemVer(_) => Type::SemVer(Vec::new()),
        Type::Enum(EnumType { values, .. }) if values.is_empty() => Type::string(),
        Type::Enum(EnumType { values, .. }) => {
            let lens = values.iter().map(|v| v.chars().count() as i64);
            let min = lens.clone().min().unwrap_or(0);
            let max = lens.max().unwrap_or(0);
            Type::String(StringType::Sized(IntRange::new(Some(min), Some(max))))
        }
        Type::Array { element, .. } if **element == Type::Any => Type::array_of(Type::Any),
        Type::Array { element, .. } => Type::array_of(generalize(element)),
        Type::Hash { key, value, size } => {
            if **key == Type::Any && **value == Type::Any && size.is_none() || *t == Type::empty_hash() {
                t.clone()
            } else {
                Type::hash_of(generalize(key), generalize(value))
            }
        }
        Type::Tuple(tt) => Type::Tuple(TupleType { types: tt.types.iter().map(generalize).collect(), size: tt.size }),
        Type::Struct(members) => {
            Type::Struct(members.iter().map(|m| StructMember { value: generalize(&m.value), ..m.clone() }).collect())
        }
        Type::Variant(types) if types.is_empty() => t.clone(),
        Type::Variant(types) => Type::variant_of(types.iter().map(generalize).collect()),
        Type::Callable(c) => Type::Callable(Box::new(CallableType {
            params: c
                .params
                .as_ref()
                .map(|p| TupleType { types: p.types.iter().map(generalize).collect(), size: p.size }),
            block: c.block.as_ref().map(generalize),
            return_type: c.return_type.as_ref().map(generalize),
        })),
        Type::Optional(inner) => Type::Optional(opt(inner)),
        Type::NotUndef(inner) => Type::NotUndef(opt(inner)),
        Type::Type(inner) => Type::Type(opt(inner)),
        Type::Iterable(inner) => Type::Iterable(opt(inner)),
        Type::Iterator(inner) => Type::Iterator(opt(inner)),
        Type::Sensitive(inner) => Type::Sensitive(boxed(inner)),
        Type::Init(init) => Type::Init(Box::new(super::InitType {
            target: init.target.as_ref().map(generalize),
            args: init.args.clone(),
        })),
        _ => t.clone(),
    }
}

/// The element type of an iterator value, as Puppet's iterators report it:
/// the detailed types of an array's elements as a variant, `String[1, 1]` for
/// the characters of a string, `Integer[0, n - 1]` when counting to `n`, the
/// pair tuple for a hash.
pub fn iterator_element_type(v: &Value) -> Type {
    let Value::Iterator(it) = v else {
        return Type::Any;
    };
    let range = match &it.source {
        Value::Integer(n) if *n > 0 => Some(IntRange::new(Some(0), Some(n - 1))),
        Value::Type(t) => match t.resolved() {
            Type::Integer(r) if r.is_finite() => Some(*r),
            _ => None,
        },
        _ => None,
    };
    let Some(r) = range else {
        return source_element_type(&it.source);
    };
    let (mut from, mut to) = (r.from.unwrap_or(0), r.to.unwrap_or(0));
    let mut step: i64 = 1;
    for op in &it.ops {
        match op {
            IterOp::Reverse => step = -step,
            IterOp::Step(n) => {
                step = step.saturating_mul(i64::try_from(*n).unwrap_or(i64::MAX));
                // Ruby's modulo takes the divisor's sign.
                let r = (to - from).rem_euclid(step.abs());
                let m = if step < 0 && r != 0 { r - step.abs() } else { r };
                if m < 0 {
                    from -= m;
                } else if m > 0 {
                    to -= m;
                }
            }
        }
    }
    Type::Integer(IntRange::new(Some(from), Some(to)))
}

/// The element type of iterating `source` directly.
fn source_element_type(source: &Value) -> Type {
    let pair = |k: Type, v: Type| Type::Tuple(TupleType { types: vec![k, v], size: Some(IntRange::exactly(2)) });
    match source {
        Value::String(_) => Type::String(StringType::Sized(IntRange::exactly(1))),
        Value::Array(items) if items.is_empty() => Type::Unit,
        Value::Array(items) => Type::variant_of(items.iter().map(infer).collect()),
        Value::Hash(h) if h.is_empty() => pair(Type::Unit, Type::Unit),
        Value::Hash(h) => {
            pair(Type::variant_of(h.keys().map(infer).collect()), Type::variant_of(h.values().map(infer).collect()))
        }
        Value::Integer(_) => Type::Unit,
        Value::Type(t) => match t.resolved() {
            e @ Type::Enum(_) => e.clone(),
            _ => Type::Unit,
        },
        Value::Iterator(_) => iterator_element_type(source),
        _ => Type::Variant(Unordered(Vec::new())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::HashMap;

    fn mixed() -> Value {
        Value::array(vec![Value::Integer(1), "a".into()])
    }

    #[test]
    fn the_three_modes_of_type() {
        assert_eq!(infer(&mixed()).to_string(), "Tuple[Integer[1, 1], String]");
        assert_eq!(infer_reduced(&mixed()).to_string(), "Array[ScalarData, 2, 2]");
        assert_eq!(infer_generalized(&mixed()).to_string(), "Array[ScalarData]");
    }

    #[test]
    fn hashes_with_string_keys_infer_structs() {
        let mut m = HashMap::new();
        m.insert("a".into(), Value::Undef);
        assert_eq!(infer(&Value::hash(m)).to_string(), "Struct[{NotUndef['a'] => Undef}]");
        let mut m = HashMap::new();
        m.insert("".into(), Value::Integer(1));
        assert_eq!(infer(&Value::hash(m)).to_string(), "Hash[String, Integer[1, 1], 1, 1]");
    }

    #[test]
    fn strings_keep_their_value() {
        let t = infer(&"abc".into());
        assert_eq!(t.to_string(), "String");
        assert_ne!(t, Type::string());
        let reduced = infer_reduced(&Value::array(vec!["a".into(), "b".into()]));
        assert_eq!(reduced.to_string(), "Array[Enum['a', 'b'], 2, 2]");
    }

    #[test]
    fn undef_vanishes_in_reduced_elements() {
        let v = Value::array(vec![Value::Undef, Value::Integer(1)]);
        assert_eq!(infer_reduced(&v).to_string(), "Array[Integer[1, 1], 2, 2]");
    }

    #[test]
    fn iterators_report_their_element_types() {
        use crate::value::iterable::{IterOp, Iteration};
        let it = Iteration::chain(Value::Integer(10), IterOp::Step(3));
        assert_eq!(infer(&it).to_string(), "Iterator[Integer[0, 9]]");
        let rev = Iteration::chain(Value::Integer(10), IterOp::Reverse);
        let stepped = Iteration::chain(rev, IterOp::Step(3));
        assert_eq!(infer(&stepped).to_string(), "Iterator[Integer[0, 9]]");
        let it = Iteration::chain("ab".into(), IterOp::Reverse);
        assert_eq!(infer(&it).to_string(), "Iterator[String[1, 1]]");
    }

    #[test]
    fn generalize_keeps_regexps_and_patterns() {
        let r = infer(&Value::Regexp(std::sync::Arc::new(crate::regexp::Regexp::new("a").expect("valid"))));
        assert_eq!(generalize(&r).to_string(), "Regexp[/a/]");
        assert_eq!(generalize(&Type::empty_array()).to_string(), "Array[Unit]");
    }
}
