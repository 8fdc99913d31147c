//! Laws the type operations must obey, checked on random types and values.
//!
//! Types are built the way Puppet code builds them — by parameterising a named
//! type with argument values — so every generated type is one Puppet can make.
//! A few laws do not hold in Puppet 7.23 itself for some types; each exclusion
//! below says which, and `docs/deviations.md` ("Type system") lists them.

use std::sync::Arc;

use confer_core::types::{self, infer, Type};
use confer_core::value::iterable::{IterOp, Iteration};
use confer_core::{HashMap, Regexp, Value};
use proptest::prelude::*;

fn named(name: &str) -> Type {
    types::by_name(name).unwrap_or_else(|| panic!("{name} is a type"))
}

fn param(name: &str, args: Vec<Value>) -> Option<Type> {
    types::parameterize(&named(name), &args).ok()
}

fn tv(t: Type) -> Value {
    Value::from_type(t)
}

fn small_int() -> impl Strategy<Value = i64> {
    -3i64..6
}

fn bound() -> impl Strategy<Value = Value> {
    prop_oneof![small_int().prop_map(Value::Integer), Just(Value::Default)]
}

/// A collection's size range, from zero up. A negative or `default` lower
/// bound with an upper bound of 0 is legal, but leaves the element type behind
/// an empty size (`Array[Regexp, -3, 0]` prints as `Array[0, 0]` and is not
/// assignable to `Data`), which makes Puppet's assignability intransitive.
fn size_range() -> impl Strategy<Value = (Value, Value)> {
    ((0i64..4).prop_map(Value::Integer), prop_oneof![(0i64..4).prop_map(Value::Integer), Just(Value::Default)])
}

fn word() -> impl Strategy<Value = String> {
    prop::sample::select(vec!["a", "b", "ab", "B", "abc", "x"]).prop_map(String::from)
}

fn leaf_type() -> impl Strategy<Value = Type> {
    let simple = prop::sample::select(vec![
        "Any",
        "Undef",
        "Default",
        "Scalar",
        "ScalarData",
        "Numeric",
        "Boolean",
        "Integer",
        "Float",
        "String",
        "Pattern",
        "Regexp",
        "Collection",
        "Array",
        "Hash",
        "Tuple",
        "Struct",
        "Data",
        "RichData",
        "Binary",
        "SemVerRange",
        "CatalogEntry",
        "Resource",
        "Class",
        "Type",
        "Sensitive",
        "Iterable",
        "Iterator",
        "Callable",
        "Timespan",
        "NotUndef",
    ])
    .prop_map(named);
    prop_oneof![
        3 => simple,
        2 => (bound(), bound()).prop_filter_map("ascending", |(a, b)| param("Integer", vec![a, b])),
        1 => (bound(), bound()).prop_filter_map("ascending", |(a, b)| param("Float", vec![a, b])),
        2 => (bound(), bound()).prop_filter_map("ascending", |(a, b)| param("String", vec![a, b])),
        1 => (bound(), bound()).prop_filter_map("ascending", |(a, b)| param("Collection", vec![a, b])),
        1 => (bound(), bound()).prop_filter_map("ascending", |(a, b)| param("Timespan", vec![a, b])),
        1 => any::<bool>().prop_filter_map("boolean", |b| param("Boolean", vec![Value::Boolean(b)])),
        2 => (prop::collection::vec(word(), 1..4), any::<bool>()).prop_filter_map("enum", |(ws, ci)| {
            let mut args: Vec<Value> = ws.into_iter().map(Value::from).collect();
            args.push(Value::Boolean(ci));
            param("Enum", args)
        }),
        1 => prop::collection::vec(prop::sample::select(vec!["^a", "b", "c$", "x"]), 1..3)
            .prop_filter_map("pattern", |ps| param("Pattern", ps.into_iter().map(Value::from).collect())),
        1 => prop::sample::select(vec!["a", "b"]).prop_filter_map("regexp", |r| param("Regexp", vec![Value::from(r)])),
        1 => prop::sample::select(vec!["file", "notify"]).prop_filter_map("resource", |r| param("Resource", vec![Value::from(r)])),
        1 => (prop::sample::select(vec!["file", "notify"]), word())
            .prop_filter_map("resource", |(r, t)| param("Resource", vec![Value::from(r), Value::from(t)])),
        1 => prop::sample::select(vec!["a", "b"]).prop_filter_map("class", |c| param("Class", vec![Value::from(c)])),
    ]
}

fn any_type() -> impl Strategy<Value = Type> {
    leaf_type().prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            (inner.clone(), size_range()).prop_filter_map("array", |(t, (a, b))| { param("Array", vec![tv(t), a, b]) }),
            inner.clone().prop_filter_map("array", |t| param("Array", vec![tv(t)])),
            (inner.clone(), inner.clone()).prop_filter_map("hash", |(k, v)| param("Hash", vec![tv(k), tv(v)])),
            (inner.clone(), inner.clone(), size_range())
                .prop_filter_map("hash", |(k, v, (a, _))| { param("Hash", vec![tv(k), tv(v), a, Value::Default]) }),
            (prop::collection::vec(inner.clone(), 1..3), prop::option::of(size_range())).prop_filter_map(
                "tuple",
                |(ts, size)| {
                    let mut args: Vec<Value> = ts.into_iter().map(tv).collect();
                    if let Some((a, b)) = size {
                        args.push(a);
                        args.push(b);
                    }
                    param("Tuple", args)
                }
            ),
            prop::collection::vec((word(), 0..3u8, inner.clone()), 1..3).prop_filter_map("struct", |ms| {
                let mut h = HashMap::new();
                let mut names = Vec::new();
                for (k, kind, t) in ms {
                    // Two members with one name are legal in Puppet but match nothing.
                    if names.contains(&k) {
                        continue;
                    }
                    names.push(k.clone());
                    let key = match kind {
                        0 => Value::from(k),
                        1 => tv(param("Optional", vec![Value::from(k)])?),
                        _ => tv(param("NotUndef", vec![Value::from(k)])?),
                    };
                    h.insert(key, tv(t));
                }
                param("Struct", vec![Value::hash(h)])
            }),
            prop::collection::vec(inner.clone(), 1..4)
                .prop_filter_map("variant", |ts| param("Variant", ts.into_iter().map(tv).collect())),
            inner.clone().prop_filter_map("optional", |t| param("Optional", vec![tv(t)])),
            inner.clone().prop_filter_map("not undef", |t| param("NotUndef", vec![tv(t)])),
            inner.clone().prop_filter_map("type", |t| param("Type", vec![tv(t)])),
            inner.clone().prop_filter_map("sensitive", |t| param("Sensitive", vec![tv(t)])),
            inner.clone().prop_filter_map("iterable", |t| param("Iterable", vec![tv(t)])),
            inner.clone().prop_filter_map("iterator", |t| param("Iterator", vec![tv(t)])),
            prop::collection::vec(inner, 0..3)
                .prop_filter_map("callable", |ts| { param("Callable", ts.into_iter().map(tv).collect()) }),
        ]
    })
}

fn leaf_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Undef),
        Just(Value::Default),
        any::<bool>().prop_map(Value::Boolean),
        small_int().prop_map(Value::Integer),
        (-3.0f64..3.0).prop_map(|f| Value::Float((f * 4.0).round() / 4.0)),
        word().prop_map(Value::from),
        Just(String::new()).prop_map(Value::from),
        prop::sample::select(vec!["a", "b+"])
            .prop_map(|r| Value::Regexp(Arc::new(Regexp::new(r).expect("valid regexp")))),
        leaf_type().prop_map(tv),
    ]
}

fn any_value() -> impl Strategy<Value = Value> {
    leaf_value().prop_recursive(3, 16, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(Value::array),
            prop::collection::vec((word(), inner.clone()), 0..3)
                .prop_map(|kvs| { Value::hash(kvs.into_iter().map(|(k, v)| (Value::from(k), v)).collect()) }),
            prop::collection::vec((small_int(), inner.clone()), 1..3)
                .prop_map(|kvs| { Value::hash(kvs.into_iter().map(|(k, v)| (Value::Integer(k), v)).collect(),) }),
            inner.clone().prop_map(|v| Value::Sensitive(Arc::new(v))),
            prop::collection::vec(inner, 0..3).prop_map(|vs| Iteration::chain(Value::array(vs), IterOp::Reverse)),
        ]
    })
}

/// Whether any part of `t` (including `t`) satisfies `p`; aliases are not
/// followed.
fn contains(t: &Type, p: &dyn Fn(&Type) -> bool) -> bool {
    if p(t) {
        return true;
    }
    let any = |ts: &[Type]| ts.iter().any(|x| contains(x, p));
    match t {
        Type::Array { element, .. } => contains(element, p),
        Type::Hash { key, value, .. } => contains(key, p) || contains(value, p),
        Type::Tuple(tt) => any(&tt.types),
        Type::Struct(ms) => ms.iter().any(|m| contains(&m.value, p)),
        Type::Variant(ts) => any(ts),
        Type::Optional(Some(x))
        | Type::NotUndef(Some(x))
        | Type::Type(Some(x))
        | Type::Iterable(Some(x))
        | Type::Iterator(Some(x))
        | Type::Sensitive(x) => contains(x, p),
        Type::Callable(c) => {
            c.params.as_ref().is_some_and(|ps| any(&ps.types))
                || c.block.as_ref().is_some_and(|b| contains(b, p))
                || c.return_type.as_ref().is_some_and(|r| contains(r, p))
        }
        _ => false,
    }
}

/// Whether a hash inside `v` has a key that is not a non-empty string.
fn has_non_string_keys(v: &Value) -> bool {
    match v {
        Value::Array(items) => items.iter().any(has_non_string_keys),
        Value::Hash(h) => {
            h.iter().any(|(k, x)| !matches!(k, Value::String(s) if !s.is_empty()) || has_non_string_keys(x))
        }
        Value::Sensitive(x) => has_non_string_keys(x),
        _ => false,
    }
}

/// Puppet's `NotUndef[T]` is not assignable to itself when `T` accepts undef
/// (`NotUndef[Optional[Integer]]`, `NotUndef[Data]`).
fn has_undef_accepting_not_undef(t: &Type) -> bool {
    contains(t, &|x| matches!(x, Type::NotUndef(Some(inner)) if types::assignable(inner, &Type::Undef).unwrap()))
}

const CASES: u32 = 256;

proptest! {
    #![proptest_config(ProptestConfig {
        cases: CASES,
        max_global_rejects: 65_536,
        ..ProptestConfig::default()
    })]

    #[test]
    fn assignability_is_reflexive(t in any_type()) {
        prop_assume!(!has_undef_accepting_not_undef(&t));
        prop_assert!(types::assignable(&t, &t).unwrap(), "{t} is not assignable to itself");
    }

    #[test]
    fn assignability_is_transitive(pool in prop::collection::vec(any_type(), 6..10)) {
        // Random triples are rarely related; every triple of a pool is tried.
        // Puppet sizes an unparameterised `Tuple` as empty when an `Array` or
        // `Collection` asks, but as any size when a `Tuple` asks, so
        // `Array[0, 0] >= Tuple >= Tuple[Any]` without `Array[0, 0] >= Tuple[Any]`.
        // And `Unit`, the element type of `Array[0, 0]` and of the pairs an
        // unconstrained `Hash` iterates, passes any element check while what
        // it stands for does not: `Array[Undef] >= Array[0, 0] >= Tuple[Default,
        // 0, 0]`, `Iterable[Array[Undef, 0]] >= NotUndef[Hash] >= Hash[Any,
        // Undef]`, in neither case with the outer pair.
        // Collections and hashes size a struct by all its members, optional or
        // not: `Collection[1, 1] >= Struct[{'a' => Optional[Any]}] >= Struct`
        // without `Collection[1, 1] >= Struct`. A pattern checks a
        // case-insensitive enum's strings as written: `Pattern[/b/] >=
        // Enum['b', true] >= Enum['B']` without `Pattern[/b/] >= Enum['B']`.
        // A tuple checks another tuple's types only up to that tuple's count,
        // though its last type repeats up to its size: `Tuple[Data, String,
        // 0] >= Tuple[Integer, 0] >= Array[Integer[1]]` without `Tuple[Data,
        // String, 0] >= Array[Integer[1]]` (Puppet's `PTupleType#_assignable?`).
        let bare_tuple = Type::Tuple(Default::default());
        let pool: Vec<Type> = pool
            .into_iter()
            .filter(|t| {
                !contains(t, &|x| {
                    *x == bare_tuple
                        || matches!(x, Type::Iterable(_) | Type::Unit)
                        || matches!(x, Type::Struct(ms) if ms.iter().any(|m| m.optional_key))
                        || matches!(x, Type::Enum(e) if e.case_insensitive)
                        || matches!(x, Type::Tuple(t) if t.size.is_some() && t.types.len() > 1)
                })
            })
            .collect();
        for a in &pool {
            for b in &pool {
                if !types::assignable(a, b).unwrap() {
                    continue;
                }
                for c in &pool {
                    if types::assignable(b, c).unwrap() {
                        prop_assert!(types::assignable(a, c).unwrap(), "{a} >= {b} >= {c} but not {a} >= {c}");
                    }
                }
            }
        }
    }

    #[test]
    fn instance_of_agrees_with_the_inferred_type(t in any_type(), v in any_value()) {
        // `'a' =~ Enum` is false though `Enum >= String` holds, and `-1 =~
        // Iterable` is false though `Iterable >= Integer` holds.
        prop_assume!(!contains(&t, &|x| matches!(x, Type::Enum(e) if e.values.is_empty())));
        prop_assume!(!contains(&t, &|x| matches!(x, Type::Iterable(_))));
        // Inference generalises what a Sensitive holds (`Sensitive('a')` is a
        // `Sensitive[String]`), while `Sensitive[Enum['a']]` is
        // `Sensitive[String[1, 1]]`.
        prop_assume!(!contains(&t, &|x| matches!(x, Type::Sensitive(_))));
        // A struct accepts a hash type whose keys are not strings when all
        // its keys are optional (only the sizes are compared).
        prop_assume!(!(contains(&t, &|x| matches!(x, Type::Struct(_))) && has_non_string_keys(&v)));
        let inferred = infer::infer(&v);
        prop_assert_eq!(
            types::instance_of(&t, &v).unwrap(),
            types::assignable(&t, &inferred).unwrap(),
            "{} =~ {} vs {} >= {}", v, t, t, inferred
        );
    }

    #[test]
    fn both_types_are_assignable_to_their_common_type(a in any_type(), b in any_type()) {
        // Puppet lets `Undef` vanish in a common type (`Undef ∪ Integer` is
        // `Integer`), the union of enums drops case-insensitivity, and the
        // union of patterns is not assignable from either pattern.
        let excluded = |t: &Type| {
            contains(t, &|x| {
                matches!(x, Type::Undef | Type::Pattern(_))
                    || matches!(x, Type::Enum(e) if e.case_insensitive)
            })
        };
        prop_assume!(!excluded(&a) && !excluded(&b));
        prop_assume!(!has_undef_accepting_not_undef(&a) && !has_undef_accepting_not_undef(&b));
        let c = types::common_type(&a, &b);
        prop_assert!(types::assignable(&c, &a).unwrap(), "{c} = {a} ∪ {b} does not accept {a}");
        prop_assert!(types::assignable(&c, &b).unwrap(), "{c} = {a} ∪ {b} does not accept {b}");
    }

    #[test]
    fn normalisation_is_idempotent(t in any_type()) {
        let once = types::normalize(&t);
        prop_assert_eq!(types::normalize(&once), once);
    }

    #[test]
    fn display_is_stable_under_equality(t in any_type()) {
        prop_assert!(types::equals(&t, &t.clone()).unwrap());
        prop_assert!(!t.to_string().is_empty());
    }
}
