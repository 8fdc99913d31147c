//! Whether a value is an instance of a type (`$v =~ T`, `case`, typed
//! parameters), following Puppet 7.23's `instance?` for each type.

use super::assignable::Checker;
use super::infer::{infer, iterator_element_type};
use super::{StringType, Type};
use crate::undecided::{all, any, Undecided};
use crate::value::Value;

/// Whether `v` is an instance of `t`, or [`Undecided`] when a limit on
/// hostile input left that open (a pattern's match, a value too deep).
pub fn instance_of(t: &Type, v: &Value) -> Result<bool, Undecided> {
    instance_at(t, v, Depth { hops: 0, level: 0 })
}

/// Type steps taken without descending into the value (alias, variant,
/// optional …) past which a type is taken to loop on itself. Aliases that
/// stand for no real type are refused when resolved; this only bounds what
/// slips through.
const MAX_HOPS: usize = 256;

/// Where a check stands: steps through types at the current value, and how
/// deep into the value it is.
#[derive(Clone, Copy)]
struct Depth {
    hops: usize,
    level: usize,
}

/// `Ok(true)` when `f` is absent or answers true, as `Option::is_none_or`.
fn none_or<T>(o: Option<T>, f: impl FnOnce(T) -> Result<bool, Undecided>) -> Result<bool, Undecided> {
    o.map_or(Ok(true), f)
}

/// `Ok(true)` when `f` is present and answers true, as `Option::is_some_and`.
fn some_and<T>(o: Option<T>, f: impl FnOnce(T) -> Result<bool, Undecided>) -> Result<bool, Undecided> {
    o.map_or(Ok(false), f)
}

fn instance_at(t: &Type, v: &Value, depth: Depth) -> Result<bool, Undecided> {
    if depth.hops > MAX_HOPS {
        return Ok(false);
    }
    if depth.level > crate::value::depth::MAX_DEPTH {
        return Err(Undecided::TooDeep);
    }
    // `inst` checks the same value against another type, `elem` a part of it.
    let inst = |t: &Type, v: &Value| instance_at(t, v, Depth { hops: depth.hops + 1, ..depth });
    let elem = |t: &Type, v: &Value| instance_at(t, v, Depth { hops: 0, level: depth.level + 1 });
    Ok(match t {
        Type::Alias(a) => some_and(a.0.target(), |target| inst(target, v))?,
        Type::Any | Type::Unit => true,
        Type::Reference(_) => false,
        Type::Undef => v.is_undef(),
        Type::Default => matches!(v, Value::Default),
        Type::NotUndef(inner) => !v.is_undef() && none_or(inner.as_ref(), |i| inst(i, v))?,
        Type::Optional(inner) => v.is_undef() || some_and(inner.as_ref(), |i| inst(i, v))?,
        Type::Type(inner) => match v {
            Value::Type(x) => none_or(inner.as_ref(), |i| super::assignable(i, x))?,
            _ => false,
        },
        Type::Scalar => match v {
            Value::String(_) | Value::Integer(_) | Value::Float(_) | Value::Boolean(_) | Value::Regexp(_) => true,
            Value::Array(_) | Value::Hash(_) | Value::Type(_) | Value::Undef => false,
            other => super::assignable(t, &infer(other))?,
        },
        Type::ScalarData => matches!(v, Value::String(_) | Value::Integer(_) | Value::Float(_) | Value::Boolean(_)),
        Type::Numeric => matches!(v, Value::Integer(_) | Value::Float(_)),
        Type::Integer(r) => matches!(v, Value::Integer(i) if r.contains(*i)),
        Type::Float { from, to } => match v {
            Value::Float(f) => from.is_none_or(|b| *f >= b.0) && to.is_none_or(|b| *f <= b.0),
            _ => false,
        },
        Type::Boolean(b) => matches!(v, Value::Boolean(x) if b.is_none_or(|b| b == *x)),
        Type::String(st) => match v {
            Value::String(s) => match st {
                StringType::Unrestricted => true,
                StringType::Sized(r) => r.contains(s.chars().count() as i64),
                StringType::Value(x) => x == s,
            },
            _ => false,
        },
        Type::Enum(e) => matches!(v, Value::String(s) if e.matches(s)),
        Type::Pattern(patterns) => match v {
            Value::String(s) => patterns.is_empty() || any(patterns.iter(), |p| p.try_is_match(s))?,
            _ => false,
        },
        Type::Regexp(r) => match v {
            Value::Regexp(x) => r.as_ref().is_none_or(|r| r.source() == x.source()),
            _ => false,
        },
        Type::Collection(size) => match v {
            Value::Array(a) => size.is_none_or(|r| r.contains(a.len() as i64)),
            Value::Hash(h) => size.is_none_or(|r| r.contains(h.len() as i64)),
            _ => false,
        },
        Type::Array { element, size } => match v {
            Value::Array(a) => all(a.iter(), |x| elem(element, x))? && size.is_none_or(|r| r.contains(a.len() as i64)),
            _ => false,
        },
        Type::Hash { key, value, size } => match v {
            Value::Hash(h) => {
                all(h.iter(), |(k, x)| Ok(elem(key, k)? && elem(value, x)?))?
                    && size.is_none_or(|r| r.contains(h.len() as i64))
            }
            _ => false,
        },
        Type::Tuple(tt) => match v {
            Value::Array(a) => {
                let size_ok = match tt.size {
                    Some(r) => r.contains(a.len() as i64),
                    None => tt.types.is_empty() || tt.types.len() == a.len(),
                };
                size_ok
                    && (tt.types.is_empty()
                        || all(a.iter().enumerate(), |(i, x)| some_and(tt.type_at(i), |t| elem(t, x)))?)
            }
            _ => false,
        },
        Type::Struct(members) => match v {
            Value::Hash(h) => {
                let mut matched = 0;
                let every = all(members.iter(), |m| match h.get(&Value::String(m.key.clone())) {
                    None => Ok(m.optional_key),
                    Some(x) => {
                        matched += 1;
                        elem(&m.value, x)
                    }
                })?;
                every && matched == h.len()
            }
            _ => false,
        },
        Type::Variant(types) => any(types.iter(), |t| inst(t, v))?,
        Type::Sensitive(inner) => match v {
            Value::Sensitive(x) => elem(inner, x)?,
            _ => false,
        },
        Type::Iterable(inner) => {
            if none_or(inner.as_ref(), |i| super::assignable(i, &Type::Any))? {
                match v {
                    Value::Iterator(_) | Value::String(_) | Value::Hash(_) | Value::Array(_) => true,
                    Value::Integer(i) => *i >= 0,
                    Value::Type(x) => match x.resolved() {
                        Type::Enum(_) => true,
                        Type::Integer(r) => r.is_finite(),
                        _ => false,
                    },
                    _ => false,
                }
            } else {
                Checker::default().assignable(t, &infer(v))?
            }
        }
        Type::Iterator(inner) => match v {
            Value::Iterator(_) => none_or(inner.as_ref(), |i| super::assignable(i, &iterator_element_type(v)))?,
            _ => false,
        },
        Type::Init(init) => match &init.target {
            None => inst(&super::rich_data(), v)?,
            Some(target) => inst(target, v)?,
        },
        Type::TypeSet => matches!(v, Value::Type(x) if matches!(***x, Type::TypeSet | Type::TypeSetType(_))),
        Type::ObjectType(t) => matches!(v, Value::Object(o) if t.is_ancestor_of(&o.ty)),
        Type::ObjectExt(e) => match v {
            Value::Object(o) => e.base.is_ancestor_of(&o.ty) && e.test_instance(|n| o.attribute_value(n))?,
            _ => false,
        },
        Type::TypeSetType(_) => false,
        // Callables, runtime objects, catalog entries, versions and deferred
        // values are not among confer's values yet; Puppet
        // infers a `Type[...]` for resource and class references, so they are
        // not instances of `Resource` or `Class` either.
        Type::Binary => matches!(v, Value::Binary(_)),
        Type::Timespan(range) => match v {
            Value::Timespan(t) => range.covers(&super::time::TimeRange { from: Some(*t), to: Some(*t) }),
            _ => false,
        },
        Type::Timestamp(range) => match v {
            Value::Timestamp(t) => range.covers(&super::time::TimeRange::exactly(*t)),
            _ => false,
        },
        Type::Uri(params) => match v {
            Value::Uri(u) => super::uri::value_matches(params.as_deref(), u)?,
            _ => false,
        },
        Type::SemVer(ranges) => match v {
            Value::SemVer(version) => {
                ranges.is_empty() || ranges.iter().any(|r| crate::value::semver::includes(r, version))
            }
            _ => false,
        },
        Type::SemVerRange => matches!(v, Value::SemVerRange(_)),
        Type::Deferred => matches!(v, Value::Deferred(_)),
        Type::Object => matches!(v, Value::Deferred(_) | Value::Object(_)),
        Type::Runtime(rt) => match v {
            Value::Runtime(r) => {
                rt.runtime.as_deref().is_none_or(|runtime| runtime == "ruby")
                    && rt.name.as_deref().is_none_or(|name| name == r.class())
            }
            _ => false,
        },
        Type::Callable(_) | Type::CatalogEntry | Type::Resource { .. } | Type::Class(_) => false,
    })
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{n, ty};
    use super::*;
    use crate::value::HashMap;

    fn hash(entries: &[(&str, Value)]) -> Value {
        let mut m = HashMap::new();
        for (k, v) in entries {
            m.insert(Value::from(*k), v.clone());
        }
        Value::hash(m)
    }

    #[test]
    fn struct_keys_follow_their_presence() {
        let opt = ty("Struct", &[hash(&[("a", Value::from_type(ty("Optional", &[n("Integer")])))])]);
        assert!(instance_of(&opt, &hash(&[])).unwrap());
        assert!(instance_of(&opt, &hash(&[("a", Value::Undef)])).unwrap());
        assert!(!instance_of(&opt, &hash(&[("b", Value::Integer(1))])).unwrap());
        // Puppet: `{a => 1} =~ Struct` is false.
        assert!(!instance_of(&ty("Struct", &[]), &hash(&[("a", Value::Integer(1))])).unwrap());
    }

    #[test]
    fn tuples_repeat_their_last_type() {
        let t = ty("Tuple", &[n("String"), n("Integer"), Value::Integer(1)]);
        let v = Value::array(vec!["a".into(), Value::Integer(1), Value::Integer(2)]);
        assert!(instance_of(&t, &v).unwrap());
        assert!(instance_of(&t, &Value::array(vec!["a".into()])).unwrap());
        assert!(!instance_of(&t, &Value::array(vec![Value::Integer(1)])).unwrap());
    }

    #[test]
    fn enums_match_exactly_unless_case_insensitive() {
        let e = ty("Enum", &["abc".into()]);
        assert!(!instance_of(&e, &"ABC".into()).unwrap());
        let ci = ty("Enum", &["abc".into(), Value::Boolean(true)]);
        assert!(instance_of(&ci, &"ABC".into()).unwrap());
        // Puppet: no string is an instance of the bare Enum.
        assert!(!instance_of(&ty("Enum", &[]), &"a".into()).unwrap());
    }

    #[test]
    fn references_are_instances_of_their_type_types() {
        let file_x = Value::from_type(ty("File", &["x".into()]));
        assert!(!instance_of(&ty("File", &[]), &file_x).unwrap());
        assert!(instance_of(&ty("Type", &[n("File")]), &file_x).unwrap());
        assert!(instance_of(&Type::Type(None), &file_x).unwrap());
    }

    #[test]
    fn integers_and_ranges_are_iterable() {
        let iterable = ty("Iterable", &[]);
        assert!(instance_of(&iterable, &Value::Integer(3)).unwrap());
        assert!(!instance_of(&iterable, &Value::Integer(-3)).unwrap());
        let bounded = Value::from_type(ty("Integer", &[Value::Integer(1), Value::Integer(3)]));
        assert!(instance_of(&iterable, &bounded).unwrap());
        let open = Value::from_type(ty("Integer", &[Value::Integer(1)]));
        assert!(!instance_of(&iterable, &open).unwrap());
    }
}
