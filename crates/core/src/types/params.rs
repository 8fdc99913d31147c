//! Building types from `Name[params]` expressions, with Puppet 7.23's checks
//! and error messages (the text after Puppet's `Evaluation Error: ` prefix).

use std::sync::Arc;

use super::display::capitalize_name;
use super::time::{time_range, TimeKind};
use super::{
    infer, uri, CallableType, EnumType, FloatBound, InitType, IntRange, RuntimeType, StringType, StructMember,
    TupleType, Type, Unordered, VersionRange,
};
use crate::error::CoreError;
use crate::regexp::Regexp;
use crate::value::Value;

pub use super::builtin::by_name;

fn bad(msg: impl Into<String>) -> CoreError {
    CoreError::BadTypeParameters(msg.into())
}

/// An error Puppet raises from inside a type's constructor, which it reports
/// with this prefix.
fn in_access(msg: impl std::fmt::Display) -> CoreError {
    bad(format!("Error while evaluating a '[]' expression, {msg}"))
}

/// The simple name of the Ruby class Puppet implements a type with (`Integer`
/// for `PIntegerType`), as its labels use it.
fn ruby_type_name(t: &Type) -> &'static str {
    match t {
        Type::Any => "Any",
        Type::Undef => "Undef",
        Type::Default => "Default",
        Type::Unit => "Unit",
        Type::Scalar => "Scalar",
        Type::ScalarData => "ScalarData",
        Type::Numeric => "Numeric",
        Type::Boolean(_) => "Boolean",
        Type::Integer(_) => "Integer",
        Type::Float { .. } => "Float",
        Type::String(_) => "String",
        Type::Enum(_) => "Enum",
        Type::Pattern(_) => "Pattern",
        Type::Regexp(_) => "Regexp",
        Type::Collection(_) => "Collection",
        Type::Array { .. } => "Array",
        Type::Hash { .. } => "Hash",
        Type::Tuple(_) => "Tuple",
        Type::Struct(_) => "Struct",
        Type::Variant(_) => "Variant",
        Type::Optional(_) => "Optional",
        Type::NotUndef(_) => "NotUndef",
        Type::Type(_) => "Type",
        Type::Sensitive(_) => "Sensitive",
        Type::Iterable(_) => "Iterable",
        Type::Iterator(_) => "Iterator",
        Type::Callable(_) => "Callable",
        Type::Runtime(_) => "Runtime",
        Type::Timespan(_) => "Timespan",
        Type::Timestamp(_) => "Timestamp",
        Type::SemVer(_) => "SemVer",
        Type::SemVerRange => "SemVerRange",
        Type::Binary => "Binary",
        Type::Uri(_) => "URI",
        Type::Init(_) => "Init",
        Type::Object | Type::Deferred => "Object",
        Type::TypeSet => "TypeSet",
        Type::CatalogEntry => "CatalogEntry",
        Type::Resource { .. } => "Resource",
        Type::Class(_) => "Class",
        Type::Alias(_) => "TypeAlias",
    }
}

/// The Ruby class name of a value, as Puppet's parameter errors print it
/// (`Integer`, `NilClass`, `Symbol` for `default`, `Puppet::Pops::Types::PIntegerType`).
pub(crate) fn ruby_class(v: &Value) -> String {
    match v {
        Value::Undef => "NilClass".into(),
        Value::Default => "Symbol".into(),
        Value::Boolean(true) => "TrueClass".into(),
        Value::Boolean(false) => "FalseClass".into(),
        Value::Integer(_) => "Integer".into(),
        Value::Float(_) => "Float".into(),
        Value::String(_) => "String".into(),
        Value::Regexp(_) => "Regexp".into(),
        Value::Array(_) => "Array".into(),
        Value::Hash(_) => "Hash".into(),
        Value::Type(t) => format!("Puppet::Pops::Types::P{}Type", ruby_type_name(t)),
        Value::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive".into(),
        Value::Iterator(_) => "Puppet::Pops::Types::Iterable::Iterator".into(),
    }
}

/// Puppet's label of a value's Ruby class (`String`, `String-Type`).
fn class_label(v: &Value) -> String {
    match v {
        Value::Type(t) => format!("{}-Type", ruby_type_name(t)),
        other => ruby_class(other),
    }
}

/// "a" or "an" before a label, by its first letter (Puppet's `article`).
fn a_an(label: &str) -> String {
    let first = label.trim_start_matches(['"', '\'']).chars().next().map(|c| c.to_ascii_lowercase());
    let article = if matches!(first, Some('a' | 'e' | 'i' | 'o' | 'u' | 'y')) { "an" } else { "a" };
    format!("{article} {label}")
}

fn a_an_uc(label: &str) -> String {
    let s = a_an(label);
    let mut cs = s.chars();
    cs.next().map(|c| c.to_ascii_uppercase().to_string() + cs.as_str()).unwrap_or_default()
}

/// How Puppet names a value's type in a "Cannot use X" message: its
/// generalised inferred type.
fn key_type_name(v: &Value) -> String {
    super::infer::infer_generalized(v).to_string()
}

/// `BAD_TYPE_SLICE_ARITY` for a type given as a value (labelled `A Type-Type`).
fn arity(base: &Type, min: usize, max: Option<usize>, actual: usize) -> CoreError {
    arity_named(&a_an_uc(&format!("{base}-Type")), min, max, actual)
}

/// `BAD_TYPE_SLICE_ARITY` with the label given as text; `None` as maximum
/// means "or more".
fn arity_named(label: &str, min: usize, max: Option<usize>, actual: usize) -> CoreError {
    bad(match max {
        None => format!("{label}[] accepts {min} or more arguments. Got {actual}"),
        Some(max) if max != min => {
            format!("{label}[] accepts {min} to {max} arguments. Got {actual}")
        }
        Some(_) => format!("{label}[] accepts {min} {}. Got {actual}", if min == 1 { "argument" } else { "arguments" }),
    })
}

/// `BAD_TYPE_SLICE_TYPE`.
fn not_a_type(label: &str, v: &Value) -> CoreError {
    bad(format!("{label}[] arguments must be types. Got {}", ruby_class(v)))
}

/// `BAD_TYPE_SPECIALIZATION` for an argument of the wrong kind.
fn cannot_use(base: &Type, v: &Value, expected: &str) -> CoreError {
    bad(format!(
        "Error creating type specialization of {}, Cannot use {} where {expected} is expected",
        a_an(&format!("{base}-Type")),
        key_type_name(v)
    ))
}

fn as_type(v: &Value) -> Option<Type> {
    match v {
        Value::Type(t) => Some((**t).clone()),
        _ => None,
    }
}

/// Arrays among the arguments are spliced in, as Puppet does for most types.
fn flatten(args: &[Value]) -> Vec<Value> {
    let mut out = Vec::with_capacity(args.len());
    for a in args {
        match a {
            Value::Array(items) => out.extend(flatten(items)),
            other => out.push(other.clone()),
        }
    }
    out
}

fn ascending(from: Option<i64>, to: Option<i64>) -> Result<IntRange, CoreError> {
    let r = IntRange::new(from, to);
    if r.lo() > r.hi() {
        let show = |b: Option<i64>, inf: &str| b.map_or(inf.to_string(), |n| n.to_string());
        return Err(in_access(format!(
            "'from' must be less or equal to 'to'. Got ({}, {}",
            show(from, "-Infinity"),
            show(to, "Infinity")
        )));
    }
    Ok(r)
}

/// An integer bound: an Integer, or `default` for an open end.
fn int_or_default(v: &Value) -> Option<Option<i64>> {
    match v {
        Value::Integer(i) => Some(Some(*i)),
        Value::Default => Some(None),
        _ => None,
    }
}

/// Puppet's `collection_size_t`: one `Integer[a, b]` type, or one or two
/// integers (or `default`).
fn collection_size(args: &[Value]) -> Result<IntRange, CoreError> {
    if let [Value::Type(t)] = args {
        if let Type::Integer(r) = **t {
            return Ok(r);
        }
    }
    let mut bounds = Vec::with_capacity(2);
    for a in args {
        bounds.push(int_or_default(a).ok_or_else(|| {
            bad(format!(
                "A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got {}",
                a_an(&class_label(a))
            ))
        })?);
    }
    ascending(bounds[0], bounds.get(1).copied().flatten())
}

/// Whether an argument ends a tuple or callable's types as a size bound.
fn is_range_param(v: &Value) -> bool {
    matches!(v, Value::Integer(_) | Value::Default) || v.as_str() == Some("default")
}

fn range_bound(v: &Value) -> Result<Option<i64>, CoreError> {
    match v {
        Value::Integer(i) => Ok(Some(*i)),
        _ => Ok(None),
    }
}

/// Splits trailing size bounds off a tuple's or callable's parameters.
fn split_size(mut args: Vec<Value>) -> Result<(Vec<Value>, Option<IntRange>), CoreError> {
    let n = args.len();
    if n >= 2 && is_range_param(&args[n - 2]) && is_range_param(&args[n - 1]) {
        let size = ascending(range_bound(&args[n - 2])?, range_bound(&args[n - 1])?)?;
        args.truncate(n - 2);
        Ok((args, Some(size)))
    } else if n >= 1 && is_range_param(&args[n - 1]) {
        let size = ascending(range_bound(&args[n - 1])?, None)?;
        args.truncate(n - 1);
        Ok((args, Some(size)))
    } else {
        Ok((args, None))
    }
}

/// What Puppet's `TypeFactory.type_of` makes of a non-type argument where a
/// type is expected: a string names a runtime type, other values stand for
/// their generalised type.
fn type_of(v: &Value) -> Type {
    match v {
        Value::Type(t) => (**t).clone(),
        Value::String(s) => Type::Runtime(RuntimeType { runtime: Some("ruby".into()), name: Some(s.clone()) }),
        other => super::infer::infer_generalized(other),
    }
}

/// Applies `args` to the type `base`, as in `Integer[1, 10]`. Parameters
/// replace those `base` already has (`Integer[1, 2][3]` is `Integer[3]`),
/// except for resource and class references, whose titles and names the
/// evaluator handles when there are several.
pub fn parameterize(base: &Type, args: &[Value]) -> Result<Type, CoreError> {
    match base {
        Type::Integer(_) => integer(args),
        Type::Float { .. } => float(args),
        Type::String(_) => string(args),
        Type::Collection(_) => {
            let args = flatten(args);
            if !(1..=2).contains(&args.len()) {
                return Err(arity_named("Collection-Type", 1, Some(2), args.len()));
            }
            Ok(Type::Collection(Some(collection_size(&args)?.to_size())))
        }
        Type::Array { .. } => array(args),
        Type::Hash { .. } => hash(args),
        Type::Tuple(_) => tuple(base, args),
        Type::Struct(_) => structure(base, args),
        Type::Callable(_) => callable(base, args),
        Type::Boolean(_) => {
            let args = flatten(args);
            if args.len() != 1 {
                return Err(arity(base, 1, Some(1), args.len()));
            }
            match args[0] {
                Value::Boolean(b) => Ok(Type::Boolean(Some(b))),
                ref other => Err(cannot_use(base, other, "TrueClass or FalseClass")),
            }
        }
        Type::Enum(_) => {
            let mut args = flatten(args);
            let mut case_insensitive = false;
            if let Some(Value::Boolean(b)) = args.last() {
                case_insensitive = *b;
                args.pop();
            }
            if args.is_empty() {
                return Err(arity(base, 1, None, 0));
            }
            let values = args
                .iter()
                .map(|a| match a {
                    Value::String(s) => Ok(s.clone()),
                    other => Err(cannot_use(base, other, "String")),
                })
                .collect::<Result<_, _>>()?;
            Ok(Type::Enum(EnumType::new(values, case_insensitive)))
        }
        Type::Pattern(_) => pattern(base, args),
        Type::Regexp(_) => {
            let args = flatten(args);
            if args.len() != 1 {
                return Err(arity(base, 1, Some(1), args.len()));
            }
            match &args[0] {
                Value::String(s) => Ok(Type::Regexp(Some(Arc::new(Regexp::new(s)?)))),
                Value::Regexp(r) => Ok(Type::Regexp(Some(r.clone()))),
                other => Err(cannot_use(base, other, "String or Regexp")),
            }
        }
        Type::Variant(_) => {
            let args = flatten(args);
            if args.is_empty() {
                return Err(arity(base, 1, None, 0));
            }
            let types = args
                .iter()
                .map(|a| as_type(a).ok_or_else(|| cannot_use(base, a, "Any-Type")))
                .collect::<Result<_, _>>()?;
            Ok(Type::variant_of(types))
        }
        Type::Optional(_) => {
            let t = single("Optional-Type", args, true)?;
            Ok(Type::Optional(Some(Box::new(t))))
        }
        Type::NotUndef(_) => {
            let args = flatten(args);
            match args.as_slice() {
                [] => Ok(Type::NotUndef(None)),
                [Value::String(s)] => Ok(Type::NotUndef(Some(Box::new(Type::string_value(s.clone()))))),
                [Value::Type(t)] if **t == Type::Any => Ok(Type::NotUndef(None)),
                [Value::Type(t)] => Ok(Type::NotUndef(Some(Box::new((**t).clone())))),
                [other] => {
                    Err(bad(format!("NotUndef-Type[] argument must be a Type or a String. Got {}", ruby_class(other))))
                }
                many => Err(arity_named("NotUndef-Type", 0, Some(1), many.len())),
            }
        }
        Type::Type(_) => Ok(Type::type_of(single("Type-Type", args, false)?)),
        Type::Iterable(_) => Ok(Type::Iterable(Some(Box::new(single("Iterable-Type", args, false)?)))),
        Type::Iterator(_) => Ok(Type::Iterator(Some(Box::new(single("Iterator-Type", args, false)?)))),
        Type::Sensitive(_) => {
            let t = single("Sensitive-Type", args, false)?;
            Ok(Type::Sensitive(Box::new(super::infer::generalize(&t))))
        }
        Type::Init(_) => match args.first() {
            Some(Value::Type(t)) => {
                Ok(Type::Init(Box::new(InitType { target: Some((**t).clone()), args: args[1..].to_vec() })))
            }
            Some(other) => Err(not_a_type("Init-Type", other)),
            None => Err(arity_named("Init-Type", 1, None, 0)),
        },
        Type::Runtime(_) => {
            let args = flatten(args);
            if args.len() != 2 {
                // Puppet reports this arity with a fixed minimum of 1.
                return Err(arity(base, 1, Some(2), args.len()));
            }
            let names = args
                .iter()
                .map(|a| match a {
                    Value::String(s) => Ok(s.clone()),
                    other => Err(cannot_use(base, other, "String or String")),
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Type::Runtime(RuntimeType { runtime: Some(names[0].clone()), name: Some(names[1].clone()) }))
        }
        Type::Timespan(_) | Type::Timestamp(_) => {
            let args = flatten(args);
            if args.len() > 2 {
                return Err(arity(base, 0, Some(2), args.len()));
            }
            Ok(match base {
                Type::Timespan(_) => Type::Timespan(time_range(TimeKind::Timespan, &args)?),
                _ => Type::Timestamp(time_range(TimeKind::Timestamp, &args)?),
            })
        }
        Type::SemVer(_) => {
            let args = flatten(args);
            if args.is_empty() {
                return Err(arity(base, 1, None, 0));
            }
            let ranges = args
                .iter()
                .map(|a| match a {
                    Value::String(s) => VersionRange::parse(s),
                    other => Err(cannot_use(base, other, "String or SemanticPuppet::VersionRange")),
                })
                .collect::<Result<_, _>>()?;
            Ok(Type::SemVer(VersionRange::merge_all(ranges)))
        }
        Type::Uri(_) => uri_type(args),
        Type::Resource { type_name, title } => resource(base, type_name.as_ref(), title.is_some(), args),
        Type::Class(None) => class(args),
        Type::Class(Some(name)) => {
            Err(bad(format!("Class[{name}][] looks up class parameters, which is the evaluator's part")))
        }
        other => Err(bad(format!("Operator '[]' is not applicable to {}.", a_an(&format!("{other}-Type"))))),
    }
}

/// The one type argument of `Optional`, `Type`, `Sensitive`, ...; `Optional`
/// also takes a string, meaning exactly that string.
fn single(label: &str, args: &[Value], string_ok: bool) -> Result<Type, CoreError> {
    let args = flatten(args);
    if args.len() != 1 {
        return Err(arity_named(label, 1, Some(1), args.len()));
    }
    match &args[0] {
        Value::Type(t) => Ok((**t).clone()),
        Value::String(s) if string_ok => Ok(Type::string_value(s.clone())),
        other => Err(not_a_type(label, other)),
    }
}

fn integer(args: &[Value]) -> Result<Type, CoreError> {
    let args = flatten(args);
    if !(1..=2).contains(&args.len()) {
        return Err(bad(format!("Integer-Type supports [] with one or two arguments (from, to). Got {}", args.len())));
    }
    let mut bounds = Vec::with_capacity(2);
    for a in &args {
        bounds.push(int_or_default(a).ok_or_else(|| {
            bad(format!("Integer-Type [] requires all arguments to be integers (or default). Got {}", ruby_class(a)))
        })?);
    }
    Ok(Type::Integer(ascending(bounds[0], bounds.get(1).copied().flatten())?))
}

fn float(args: &[Value]) -> Result<Type, CoreError> {
    let args = flatten(args);
    if !(1..=2).contains(&args.len()) {
        return Err(bad(format!("Float-Type supports [] with one or two arguments (from, to). Got {}", args.len())));
    }
    let mut bounds = Vec::with_capacity(2);
    for a in &args {
        bounds.push(match a {
            Value::Integer(i) => Some(*i as f64),
            Value::Float(f) => Some(*f),
            Value::Default => None,
            other => {
                return Err(bad(format!(
                    "Float-Type [] requires all arguments to be floats, or integers (or default). Got {}",
                    ruby_class(other)
                )))
            }
        });
    }
    let from = bounds[0];
    let to = bounds.get(1).copied().flatten();
    if let (Some(f), Some(t)) = (from, to) {
        if f > t {
            return Err(in_access(format!(
                "'from' must be less or equal to 'to'. Got ({}, {}",
                crate::float::ruby_float_to_s(f),
                crate::float::ruby_float_to_s(t)
            )));
        }
    }
    Ok(Type::Float { from: from.map(FloatBound), to: to.map(FloatBound) })
}

fn string(args: &[Value]) -> Result<Type, CoreError> {
    let args = flatten(args);
    if !(1..=2).contains(&args.len()) {
        return Err(bad(format!("String supports [] with one or two arguments. Got {}", args.len())));
    }
    Ok(Type::String(StringType::Sized(collection_size(&args)?.to_size())))
}

fn sized(size: Option<IntRange>) -> Option<IntRange> {
    size.map(IntRange::to_size)
}

fn is_empty_size(size: &Option<IntRange>) -> bool {
    *size == Some(IntRange::exactly(0))
}

fn array(args: &[Value]) -> Result<Type, CoreError> {
    let args = flatten(args);
    let (element, size) = match args.as_slice() {
        [t] => (Some(as_type(t).ok_or_else(|| not_a_type("Array-Type", t))?), None),
        [t, a] => match as_type(t) {
            Some(t) => (Some(t), Some(collection_size(std::slice::from_ref(a))?)),
            None => (None, Some(collection_size(&args)?)),
        },
        [t, a, b] => match as_type(t) {
            Some(t) => (Some(t), Some(collection_size(&[a.clone(), b.clone()])?)),
            None => return Err(not_a_type("Array-Type", t)),
        },
        _ => return Err(arity_named("Array-Type", 1, Some(3), args.len())),
    };
    let element = if is_empty_size(&size) { Type::Unit } else { element.unwrap_or(Type::Any) };
    Ok(Type::Array { element: Box::new(element), size: sized(size) })
}

fn hash(args: &[Value]) -> Result<Type, CoreError> {
    let args = flatten(args);
    if let [Value::Integer(a), Value::Integer(b)] = args.as_slice() {
        let size = ascending(Some(*a), Some(*b))?;
        return Ok(hash_type(Type::Any, Type::Any, Some(size)));
    }
    let mut types = Vec::with_capacity(2);
    for a in args.iter().take(2) {
        types.push(as_type(a).ok_or_else(|| not_a_type("Hash-Type", a))?);
    }
    let size = match args.len() {
        2 => None,
        3 => Some(match &args[2] {
            Value::Type(t) if matches!(**t, Type::Integer(_)) => collection_size(&args[2..])?,
            Value::Integer(_) | Value::Default => collection_size(&args[2..])?,
            other => return Err(in_access(format!("comparison of {} with Infinity failed", ruby_class(other)))),
        }),
        4 => Some(collection_size(&args[2..])?),
        n => return Err(arity_named("Hash-Type", 2, Some(4), n)),
    };
    let mut types = types.into_iter();
    let key = types.next().unwrap_or(Type::Any);
    let value = types.next().unwrap_or(Type::Any);
    Ok(hash_type(key, value, size))
}

fn hash_type(key: Type, value: Type, size: Option<IntRange>) -> Type {
    if is_empty_size(&size) {
        Type::empty_hash()
    } else {
        Type::Hash { key: Box::new(key), value: Box::new(value), size: sized(size) }
    }
}

fn tuple(base: &Type, args: &[Value]) -> Result<Type, CoreError> {
    let (types, size) = split_size(flatten(args))?;
    if types.is_empty() {
        return Err(arity(base, 1, None, 0));
    }
    let types =
        types.iter().map(|a| as_type(a).ok_or_else(|| cannot_use(base, a, "Any-Type"))).collect::<Result<_, _>>()?;
    Ok(Type::Tuple(TupleType { types, size: sized(size) }))
}

/// Whether a type describes callables (Puppet's `kind_of_callable?`):
/// callables, optional callables, and variants of them.
fn kind_of_callable(t: &Type) -> bool {
    match t.resolved() {
        Type::Callable(_) => true,
        Type::Optional(Some(inner)) => kind_of_callable(inner),
        Type::Variant(types) => types.iter().all(kind_of_callable),
        _ => false,
    }
}

fn callable(base: &Type, args: &[Value]) -> Result<Type, CoreError> {
    let (params, return_type) = match args {
        [Value::Array(params), ret] => match ret {
            Value::Type(_) => (params.to_vec(), Some(type_of(ret))),
            other => return Err(cannot_use(base, other, "Any-Type")),
        },
        [Value::Array(_), ..] => return Err(arity(base, 2, Some(2), args.len())),
        _ => (args.to_vec(), None),
    };
    let mut params = params;
    let block = match params.last() {
        Some(Value::Type(t)) if kind_of_callable(t) => {
            let b = (**t).clone();
            params.pop();
            Some(b)
        }
        _ => None,
    };
    let (params, size) = split_size(params)?;
    let mut types: Vec<Type> = params.iter().map(type_of).collect();
    if types.is_empty() && size.is_some_and(|s| s.hi() > 0) {
        types.push(Type::Unit);
    }
    Ok(Type::Callable(Box::new(CallableType {
        params: Some(TupleType { types, size: sized(size) }),
        block,
        return_type: return_type.filter(|r| *r != Type::Any),
    })))
}

fn pattern(base: &Type, args: &[Value]) -> Result<Type, CoreError> {
    let args = flatten(args);
    if args.is_empty() {
        return Err(arity(base, 1, None, 0));
    }
    let mut patterns: Vec<Arc<Regexp>> = Vec::new();
    let mut add = |r: Arc<Regexp>| {
        if !patterns.iter().any(|p| p.source() == r.source()) {
            patterns.push(r);
        }
    };
    for a in &args {
        match a {
            Value::String(s) => add(Arc::new(Regexp::new(s)?)),
            Value::Regexp(r) => add(r.clone()),
            Value::Type(t) => match &**t {
                Type::Regexp(Some(r)) => add(r.clone()),
                Type::Regexp(None) => add(Arc::new(Regexp::new("")?)),
                Type::Pattern(ps) => ps.iter().cloned().for_each(&mut add),
                _ => return Err(cannot_use(base, a, "String or Regexp or Pattern-Type or Regexp-Type")),
            },
            other => return Err(cannot_use(base, other, "String or Regexp or Pattern-Type or Regexp-Type")),
        }
    }
    Ok(Type::Pattern(Unordered(patterns)))
}

fn structure(base: &Type, args: &[Value]) -> Result<Type, CoreError> {
    let hash = match args {
        [Value::Hash(h)] => h,
        [other] => return Err(cannot_use(base, other, "Hash")),
        _ => return Err(arity(base, 1, Some(1), args.len())),
    };
    let mut members = Vec::with_capacity(hash.len());
    for (k, v) in hash.iter() {
        let value = type_of(v);
        let (key, optional_key) = match k {
            Value::String(s) if s.is_empty() => return Err(in_access("Struct element key cannot be an empty String")),
            Value::String(s) => (s.clone(), super::assignable(&value, &Type::Undef)),
            Value::Type(t) => {
                let (inner, optional) = match &**t {
                    Type::NotUndef(inner) => (inner.as_deref(), false),
                    Type::Optional(inner) => (inner.as_deref(), true),
                    Type::String(_) | Type::Enum(_) => (Some(&**t), false),
                    _ => {
                        return Err(in_access(format!(
                            "Illegal Struct member key type. Expected NotUndef, Optional, String, or Enum. Got: {}",
                            ruby_class(k)
                        )))
                    }
                };
                match inner {
                    Some(Type::String(StringType::Value(s))) => (s.clone(), optional),
                    _ => {
                        return Err(in_access(format!(
                            "Unable to extract a non-empty literal string from Struct member key type {t}"
                        )))
                    }
                }
            }
            other => {
                return Err(in_access(format!(
                    "Illegal Struct member key type. Expected NotUndef, Optional, String, or Enum. Got: {}",
                    ruby_class(other)
                )))
            }
        };
        members.push(StructMember { key, optional_key, value });
    }
    Ok(Type::Struct(members))
}

fn uri_type(args: &[Value]) -> Result<Type, CoreError> {
    let args = flatten(args);
    let [param] = args.as_slice() else {
        return Err(arity_named("URI-Type", 1, Some(1), args.len()));
    };
    match param {
        Value::String(s) if !s.is_empty() => {
            let parts = uri::parse_uri(s)?;
            if !parts.iter().any(|(k, _)| &**k == "scheme") {
                return Err(in_access(format!(
                    "URI-Type parameter has wrong type, expects an absolute URI, got '{s}'"
                )));
            }
            Ok(Type::Uri(Some(parts)))
        }
        Value::Hash(h) => {
            let valid = h
                .iter()
                .all(|(k, v)| k.as_str().is_some_and(|k| uri::PARTS.contains(&k) && uri::valid_constraint(k, v)));
            if !valid {
                return Err(not_a_type("URI-Type", param));
            }
            if h.is_empty() {
                return Ok(Type::Uri(None));
            }
            Ok(Type::Uri(Some(h.iter().map(|(k, v)| (Arc::from(k.as_str().unwrap_or_default()), v.clone())).collect())))
        }
        other => Err(not_a_type("URI-Type", other)),
    }
}

/// Whether `name` is a class reference as the lexer writes one (`File`,
/// `Foo::Bar`, `::Foo`).
fn is_classref(name: &str) -> bool {
    let rest = name.strip_prefix("::").unwrap_or(name);
    !rest.is_empty()
        && rest.split("::").all(|seg| {
            seg.starts_with(|c: char| c.is_ascii_uppercase())
                && seg.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
}

/// `Resource[type, title]` and `File[title]`, for at most one title.
fn resource(base: &Type, type_name: Option<&Arc<str>>, has_title: bool, args: &[Value]) -> Result<Type, CoreError> {
    if has_title {
        return Err(bad(format!("{base}[] looks up resource parameters, which is the evaluator's part")));
    }
    if args.is_empty() {
        return Err(bad(format!("{}[] accepts 1 or more arguments. Got 0", a_an_uc(&format!("{base}-Type")))));
    }
    let (name, titles) = match type_name {
        Some(n) => (n.to_string(), args),
        None => {
            let name = match &args[0] {
                Value::String(s) => capitalize_name(s),
                Value::Type(t) => match &**t {
                    Type::Resource { type_name: Some(n), .. } => n.to_string(),
                    _ => {
                        return Err(bad(format!(
                            "First argument to Resource[] must be a resource type or a String. Got {}.",
                            key_type_name(&args[0])
                        )))
                    }
                },
                other => {
                    return Err(bad(format!(
                        "First argument to Resource[] must be a resource type or a String. Got {}.",
                        key_type_name(other)
                    )))
                }
            };
            (name, &args[1..])
        }
    };
    if !is_classref(&name) {
        return Err(bad(format!(
            "Illegal type reference. The given name '{name}' does not conform to the naming rule"
        )));
    }
    let title = match flatten(titles).as_slice() {
        [] => None,
        [Value::String(t)] => Some(t.clone()),
        [other] => {
            return Err(bad(format!(
                "Error creating type specialization of {}, Cannot use {} where a resource title String is expected",
                a_an(&format!("{base}-Type")),
                key_type_name(other)
            )))
        }
        _ => return Err(bad("several titles make an array of references, which is the evaluator's part")),
    };
    Ok(Type::Resource { type_name: Some(name.into()), title })
}

/// Puppet's rule for class names.
fn is_class_name(name: &str) -> bool {
    let rest = name.strip_prefix("::").unwrap_or(name);
    !rest.is_empty()
        && rest.split("::").all(|seg| {
            seg.starts_with(|c: char| c.is_ascii_lowercase())
                && seg.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
}

/// `Class[name]`, for one name.
fn class(args: &[Value]) -> Result<Type, CoreError> {
    let args = flatten(args);
    let [arg] = args.as_slice() else {
        return Err(bad("several class names make an array of references, which is the evaluator's part"));
    };
    let Value::String(name) = arg else {
        let label = match arg {
            Value::Type(t) => format!("{t}-Type"),
            other => infer::general_type_name(other),
        };
        return Err(bad(format!(
            "Illegal Class name in class reference. {} cannot be used where a String is expected",
            a_an_uc(&label)
        )));
    };
    let lower = name.to_lowercase();
    let lower = lower.strip_prefix("::").unwrap_or(&lower);
    if !is_class_name(lower) {
        return Err(bad(format!(
            "Illegal name. The given name '{name}' does not conform to the naming rule /^((::)?[a-z_]\\w*)(::[a-z]\\w*)*$/"
        )));
    }
    Ok(Type::Class(Some(lower.into())))
}

/// Capitalises each `::`-separated segment of a resource type name.
pub fn capitalize_segments(name: &str) -> String {
    name.trim_start_matches("::")
        .split("::")
        .map(|seg| {
            let mut cs = seg.chars();
            match cs.next() {
                Some(c) => c.to_uppercase().chain(cs.flat_map(char::to_lowercase)).collect::<String>(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join("::")
}
