//! Building types from `Name[params]` expressions, with Puppet 7.23's checks
//! and error messages (the text after Puppet's `Evaluation Error: ` prefix).

mod catalog;
mod collections;
mod errors;

use std::sync::Arc;

use self::errors::{a_an, arity, arity_named, bad, bad_argument, cannot_use, class_label, in_access, not_a_type};
use super::time::{time_range, TimeKind};
use super::{uri, EnumType, FloatBound, InitType, IntRange, RuntimeType, StringType, Type, Unordered, VersionRange};
use crate::error::CoreError;
use crate::regexp::Regexp;
use crate::value::Value;

pub use self::catalog::capitalize_segments;
pub use self::errors::ruby_class;
pub use super::builtin::by_name;

pub(super) fn as_type(v: &Value) -> Option<Type> {
    match v {
        Value::Type(t) => Some(Type::clone(t)),
        _ => None,
    }
}

/// Arrays among the arguments are spliced in, as Puppet does for most types.
pub(super) fn flatten(args: &[Value]) -> Vec<Value> {
    let mut out = Vec::with_capacity(args.len());
    for a in args {
        match a {
            Value::Array(items) => out.extend(flatten(items)),
            other => out.push(other.clone()),
        }
    }
    out
}

pub(super) fn ascending(from: Option<i64>, to: Option<i64>) -> Result<IntRange, CoreError> {
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
pub(super) fn int_or_default(v: &Value) -> Option<Option<i64>> {
    match v {
        Value::Integer(i) => Some(Some(*i)),
        Value::Default => Some(None),
        _ => None,
    }
}

/// Puppet's `collection_size_t`: one `Integer[a, b]` type, or one or two
/// integers (or `default`).
pub(super) fn collection_size(args: &[Value]) -> Result<IntRange, CoreError> {
    if let [Value::Type(t)] = args {
        if let Type::Integer(r) = ***t {
            return Ok(r);
        }
    }
    let mut bounds = Vec::with_capacity(2);
    for a in args {
        bounds.push(int_or_default(a).ok_or_else(|| {
            bad_argument(
                format!(
                    "A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got {}",
                    a_an(&class_label(a))
                ),
                a,
            )
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
pub(super) fn split_size(mut args: Vec<Value>) -> Result<(Vec<Value>, Option<IntRange>), CoreError> {
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
pub(super) fn type_of(v: &Value) -> Type {
    match v {
        Value::Type(t) => Type::clone(t),
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
        Type::Array { .. } => collections::array(args),
        Type::Hash { .. } => collections::hash(args),
        Type::Tuple(_) => collections::tuple(base, args),
        Type::Struct(_) => collections::structure(base, args),
        Type::Callable(_) => collections::callable(base, args),
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
                [Value::Type(t)] if ***t == Type::Any => Ok(Type::NotUndef(None)),
                [Value::Type(t)] => Ok(Type::NotUndef(Some(Box::new(Type::clone(t))))),
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
                Ok(Type::Init(Box::new(InitType { target: Some(Type::clone(t)), args: args[1..].to_vec() })))
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
                    Value::SemVerRange(r) => Ok((**r).clone()),
                    other => Err(cannot_use(base, other, "String or SemanticPuppet::VersionRange")),
                })
                .collect::<Result<_, _>>()?;
            Ok(Type::SemVer(VersionRange::merge_all(ranges)))
        }
        Type::Uri(_) => uri_type(args),
        Type::Resource { type_name, title } => catalog::resource(base, type_name.as_ref(), title.is_some(), args),
        Type::Class(None) => catalog::class(args),
        // `Object[{...}]`: an anonymous object type from its declaration.
        Type::Object => match args {
            [Value::Hash(h)] => super::object::ObjectType::from_init_hash(None, h)
                .map(|o| Type::ObjectType(Arc::new(o)))
                .map_err(in_access),
            _ => Err(bad(format!("Operator '[]' is not applicable to {}.", a_an("Object[{}]-Type")))),
        },
        Type::ObjectType(o) => super::object::ObjectExtension::new(o.clone(), args)
            .map(|e| Type::ObjectExt(Arc::new(e)))
            .map_err(in_access),
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
        Value::Type(t) => Ok(Type::clone(t)),
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
            bad_argument(
                format!("Integer-Type [] requires all arguments to be integers (or default). Got {}", ruby_class(a)),
                a,
            )
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
                return Err(bad_argument(
                    format!(
                        "Float-Type [] requires all arguments to be floats, or integers (or default). Got {}",
                        ruby_class(other)
                    ),
                    other,
                ))
            }
        });
    }
    let from = bounds[0];
    let to = bounds.get(1).copied().flatten();
    if let (Some(f), Some(t)) = (from, to) {
        if f > t {
            return Err(in_access(format!(
                "'from' must be less or equal to 'to'. Got ({}, {}",
                crate::ruby_compat::float_to_s(f),
                crate::ruby_compat::float_to_s(t)
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
            Value::Type(t) => match &***t {
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

fn uri_type(args: &[Value]) -> Result<Type, CoreError> {
    let args = flatten(args);
    let [param] = args.as_slice() else {
        return Err(arity_named("URI-Type", 1, Some(1), args.len()));
    };
    match param {
        Value::String(s) if !s.is_empty() => {
            let parts = crate::value::uri::parse_parts(s)?;
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

#[cfg(test)]
mod tests {
    use super::super::test_support::{n, ty};
    use super::*;
    use crate::value::HashMap;

    fn err(name: &str, args: &[Value]) -> String {
        parameterize(&ty(name, &[]), args).expect_err("parameters are rejected").to_string()
    }

    #[test]
    fn arity_errors_use_puppets_wording() {
        assert_eq!(
            err("Integer", &[Value::Integer(1), Value::Integer(2), Value::Integer(3)]),
            "Integer-Type supports [] with one or two arguments (from, to). Got 3"
        );
        assert_eq!(
            err("Array", &[n("String"), Value::Integer(1), Value::Integer(2), Value::Integer(3)]),
            "Array-Type[] accepts 1 to 3 arguments. Got 4"
        );
        assert_eq!(
            err("Boolean", &[Value::Boolean(true), Value::Boolean(false)]),
            "A Boolean-Type[] accepts 1 argument. Got 2"
        );
        assert_eq!(err("Enum", &[Value::Boolean(true)]), "An Enum-Type[] accepts 1 or more arguments. Got 0");
        // Puppet reports Runtime's arity with a fixed minimum of 1.
        assert_eq!(err("Runtime", &["ruby".into()]), "A Runtime-Type[] accepts 1 to 2 arguments. Got 1");
    }

    #[test]
    fn kind_errors_name_the_ruby_class_or_the_type() {
        assert_eq!(err("Array", &[Value::Default]), "Array-Type[] arguments must be types. Got Symbol");
        assert_eq!(
            err("Integer", &[Value::Float(1.5)]),
            "Integer-Type [] requires all arguments to be integers (or default). Got Float"
        );
        assert_eq!(
            err("Array", &[n("String"), n("String")]),
            "A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got a String-Type"
        );
        assert_eq!(
            err("Pattern", &[n("Integer")]),
            "Error creating type specialization of a Pattern-Type, Cannot use Type[Integer] where String or Regexp or Pattern-Type or Regexp-Type is expected"
        );
        assert_eq!(err("Data", &[Value::Integer(1)]), "Operator '[]' is not applicable to a Data-Type.");
    }

    #[test]
    fn ranges_must_ascend() {
        assert_eq!(
            err("Integer", &[Value::Integer(2), Value::Integer(1)]),
            "Error while evaluating a '[]' expression, 'from' must be less or equal to 'to'. Got (2, 1"
        );
        assert_eq!(
            err("Float", &[Value::Integer(2), Value::Integer(1)]),
            "Error while evaluating a '[]' expression, 'from' must be less or equal to 'to'. Got (2.0, 1.0"
        );
    }

    #[test]
    fn struct_keys_must_be_literal_strings() {
        let mut m = HashMap::new();
        m.insert(Value::Integer(1), n("Integer"));
        assert_eq!(
            err("Struct", &[Value::hash(m)]),
            "Error while evaluating a '[]' expression, Illegal Struct member key type. Expected NotUndef, Optional, String, or Enum. Got: Integer"
        );
        let mut m = HashMap::new();
        m.insert("".into(), n("Integer"));
        assert_eq!(
            err("Struct", &[Value::hash(m)]),
            "Error while evaluating a '[]' expression, Struct element key cannot be an empty String"
        );
    }

    #[test]
    fn parameters_replace_earlier_ones() {
        let one_two = ty("Integer", &[Value::Integer(1), Value::Integer(2)]);
        assert_eq!(parameterize(&one_two, &[Value::Integer(3)]).map(|t| t.to_string()), Ok("Integer[3]".into()));
    }

    #[test]
    fn catalog_references_check_their_names() {
        assert_eq!(
            err("Resource", &["1abc".into()]),
            "Illegal type reference. The given name '1abc' does not conform to the naming rule"
        );
        assert_eq!(
            err("Class", &[Value::Integer(1)]),
            "Illegal Class name in class reference. An Integer cannot be used where a String is expected"
        );
        assert_eq!(
            err("File", &[Value::Integer(1)]),
            "Error creating type specialization of a File-Type, Cannot use Integer where a resource title String is expected"
        );
    }
}
