//! Building types from their names and from `Name[params]` expressions.

use std::sync::Arc;

use super::{FloatBound, IntRange, KeyPresence, StructMember, Type};
use crate::error::CoreError;
use crate::regexp::Regexp;
use crate::value::Value;

/// The unparameterised type called `name`, or `None` when no built-in type has
/// that name (the caller then treats it as a resource type or an alias).
pub fn by_name(name: &str) -> Option<Type> {
    Some(match name {
        "Any" => Type::Any,
        "Undef" => Type::Undef,
        "Default" => Type::Default,
        "Scalar" => Type::Scalar,
        "ScalarData" => Type::ScalarData,
        "Data" => Type::Data,
        "RichData" => Type::RichData,
        "Numeric" => Type::Numeric,
        "CatalogEntry" => Type::CatalogEntry,
        "Boolean" => Type::Boolean(None),
        "Integer" => Type::Integer(IntRange::default()),
        "Float" => Type::Float { from: None, to: None },
        "String" => Type::String(None),
        "Enum" => Type::Enum(Vec::new()),
        "Pattern" => Type::Pattern(Vec::new()),
        "Regexp" => Type::Regexp(None),
        "Array" => Type::Array { element: None, size: None },
        "Hash" => Type::Hash { key_value: None, size: None },
        "Tuple" => Type::Tuple { types: Vec::new(), size: None },
        "Struct" => Type::Struct(None),
        "Collection" => Type::Collection(None),
        "Variant" => Type::Variant(Vec::new()),
        "Optional" => Type::Optional(None),
        "NotUndef" => Type::NotUndef(None),
        "Type" => Type::Type(None),
        "Sensitive" => Type::Sensitive(None),
        "Resource" => Type::Resource { type_name: None, title: None },
        "Class" => Type::Class(None),
        _ => return None,
    })
}

fn bad(msg: impl Into<String>) -> CoreError {
    CoreError::BadTypeParameters(msg.into())
}

fn as_type(v: &Value, of: &str) -> Result<Type, CoreError> {
    match v {
        Value::Type(t) => Ok((**t).clone()),
        other => Err(bad(format!("{of}-Type[] arguments must be types. Got {}", other.type_name()))),
    }
}

/// An optional integer bound: an Integer, or `default` for an open end.
fn int_bound(v: &Value, of: &str) -> Result<Option<i64>, CoreError> {
    match v {
        Value::Integer(i) => Ok(Some(*i)),
        Value::Default => Ok(None),
        Value::Float(f) if f.is_infinite() => Ok(None),
        other => Err(bad(format!("{of}[] arguments must be Integer or default. Got {}", other.type_name()))),
    }
}

/// One or two arguments describing a range: `[n]` (from n), `[from, to]`, or an
/// `Integer[a,b]` type standing for its range.
fn range_args(args: &[Value], of: &str, single_is_exact: bool) -> Result<IntRange, CoreError> {
    match args {
        [Value::Type(t)] => match t.resolved() {
            Type::Integer(r) => Ok(*r),
            _ => Err(bad(format!("{of}[] argument must be an Integer type"))),
        },
        [one] => {
            let n = int_bound(one, of)?;
            Ok(if single_is_exact { IntRange::new(n, n) } else { IntRange::new(n, None) })
        }
        [from, to] => {
            let range = IntRange::new(int_bound(from, of)?, int_bound(to, of)?);
            if let (Some(f), Some(t)) = (range.from, range.to) {
                if f > t {
                    return Err(bad(format!(
                        "{of}[] 'from' {f} is greater than 'to' {t}: the range must be ascending"
                    )));
                }
            }
            Ok(range)
        }
        _ => Err(bad(format!("{of}[] takes 1 or 2 arguments, got {}", args.len()))),
    }
}

fn float_bound(v: &Value) -> Result<Option<FloatBound>, CoreError> {
    match v {
        Value::Integer(i) => Ok(Some(FloatBound(*i as f64))),
        Value::Float(f) => Ok(Some(FloatBound(*f))),
        Value::Default => Ok(None),
        other => Err(bad(format!("Float[] arguments must be Float, Integer or default. Got {}", other.type_name()))),
    }
}

fn single_type(args: &[Value], of: &str) -> Result<Box<Type>, CoreError> {
    match args {
        [Value::String(s)] if matches!(of, "Optional" | "NotUndef") => Ok(Box::new(Type::Enum(vec![s.clone()]))),
        [v] => Ok(Box::new(as_type(v, of)?)),
        _ => Err(bad(format!("{of}[] takes exactly one argument, got {}", args.len()))),
    }
}

fn pattern_of(v: &Value) -> Result<Vec<Arc<Regexp>>, CoreError> {
    match v {
        Value::String(s) => Ok(vec![Arc::new(Regexp::new(s)?)]),
        Value::Regexp(r) => Ok(vec![r.clone()]),
        Value::Type(t) => match t.resolved() {
            Type::Regexp(Some(r)) => Ok(vec![r.clone()]),
            Type::Pattern(ps) => Ok(ps.clone()),
            _ => Err(bad("Pattern[] arguments must be strings, regexps or Pattern/Regexp types")),
        },
        _ => Err(bad("Pattern[] arguments must be strings, regexps or Pattern/Regexp types")),
    }
}

/// Splits trailing size arguments (integers or `default`) off a list of types.
fn split_types_and_size(args: &[Value], of: &str) -> Result<(Vec<Type>, Option<IntRange>), CoreError> {
    let first_size = args.iter().position(|a| matches!(a, Value::Integer(_) | Value::Default)).unwrap_or(args.len());
    let types = args[..first_size].iter().map(|a| as_type(a, of)).collect::<Result<Vec<_>, _>>()?;
    let size_args = &args[first_size..];
    let size = if size_args.is_empty() { None } else { Some(range_args(size_args, of, false)?) };
    Ok((types, size))
}

fn struct_members(v: &Value) -> Result<Vec<StructMember>, CoreError> {
    let Value::Hash(map) = v else {
        return Err(bad("Struct[] argument must be a Hash"));
    };
    map.iter()
        .map(|(k, t)| {
            let value = as_type(t, "Struct")?;
            let (key, presence) = match k {
                Value::String(s) => (s.clone(), KeyPresence::Plain),
                Value::Type(kt) => match &**kt {
                    Type::Optional(Some(inner)) => (enum_key(inner)?, KeyPresence::Optional),
                    Type::NotUndef(Some(inner)) => (enum_key(inner)?, KeyPresence::Required),
                    Type::Enum(e) if e.len() == 1 => (e[0].clone(), KeyPresence::Plain),
                    _ => return Err(bad("Struct[] keys must be strings, Optional[key] or NotUndef[key]")),
                },
                _ => return Err(bad("Struct[] keys must be strings, Optional[key] or NotUndef[key]")),
            };
            Ok(StructMember { key, presence, value })
        })
        .collect()
}

fn enum_key(t: &Type) -> Result<Arc<str>, CoreError> {
    match t {
        Type::Enum(e) if e.len() == 1 => Ok(e[0].clone()),
        _ => Err(bad("Struct[] key wrapper must hold a single string")),
    }
}

fn name_arg(v: &Value, of: &str) -> Result<Arc<str>, CoreError> {
    match v {
        Value::String(s) => Ok(s.clone()),
        Value::Type(t) => match &**t {
            Type::Resource { type_name: Some(n), title: None } => Ok(n.clone()),
            Type::Class(Some(n)) => Ok(n.clone()),
            _ => Err(bad(format!("{of}[] arguments must be names"))),
        },
        _ => Err(bad(format!("{of}[] arguments must be names"))),
    }
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

/// Applies `args` to the type `base`, as in `Integer[1, 10]`.
pub fn parameterize(base: &Type, args: &[Value]) -> Result<Type, CoreError> {
    Ok(match base {
        Type::Integer(r) if r.is_full() => Type::Integer(range_args(args, "Integer", true)?),
        Type::Float { from: None, to: None } => match args {
            [one] => Type::Float { from: float_bound(one)?, to: float_bound(one)? },
            [from, to] => Type::Float { from: float_bound(from)?, to: float_bound(to)? },
            _ => return Err(bad("Float[] takes 1 or 2 arguments")),
        },
        Type::String(None) => Type::String(Some(range_args(args, "String", false)?)),
        Type::Collection(None) => Type::Collection(Some(range_args(args, "Collection", false)?)),
        Type::Boolean(None) => match args {
            [Value::Boolean(b)] => Type::Boolean(Some(*b)),
            _ => return Err(bad("Boolean[] takes a single Boolean argument")),
        },
        Type::Enum(e) if e.is_empty() => Type::Enum(
            args.iter()
                .flat_map(|a| match a {
                    Value::Array(items) => items.iter().cloned().collect::<Vec<_>>(),
                    other => vec![other.clone()],
                })
                .map(|a| match a {
                    Value::String(s) => Ok(s),
                    other => Err(bad(format!("Enum[] arguments must be strings. Got {}", other.type_name()))),
                })
                .collect::<Result<_, _>>()?,
        ),
        Type::Pattern(p) if p.is_empty() => {
            let mut pats = Vec::new();
            for a in args {
                pats.extend(pattern_of(a)?);
            }
            Type::Pattern(pats)
        }
        Type::Regexp(None) => match args {
            [Value::String(s)] => Type::Regexp(Some(Arc::new(Regexp::new(s)?))),
            [Value::Regexp(r)] => Type::Regexp(Some(r.clone())),
            _ => return Err(bad("Regexp[] takes a single String or Regexp argument")),
        },
        Type::Array { element: None, size: None } => {
            let (types, size) = split_types_and_size(args, "Array")?;
            match types.as_slice() {
                [] => Type::Array { element: None, size },
                [t] => Type::Array { element: Some(Box::new(t.clone())), size },
                _ => return Err(bad("Array[] takes one type and an optional size range")),
            }
        }
        Type::Hash { key_value: None, size: None } => {
            let (types, size) = split_types_and_size(args, "Hash")?;
            match types.as_slice() {
                [] => Type::Hash { key_value: None, size },
                [k, v] => Type::Hash { key_value: Some(Box::new((k.clone(), v.clone()))), size },
                _ => return Err(bad("Hash[] takes a key type, a value type and an optional size range")),
            }
        }
        Type::Tuple { types, size: None } if types.is_empty() => {
            let (types, size) = split_types_and_size(args, "Tuple")?;
            Type::Tuple { types, size }
        }
        Type::Struct(None) => match args {
            [h] => Type::Struct(Some(struct_members(h)?)),
            _ => return Err(bad("Struct[] takes a single Hash argument")),
        },
        Type::Variant(v) if v.is_empty() => {
            Type::Variant(args.iter().map(|a| as_type(a, "Variant")).collect::<Result<_, _>>()?)
        }
        Type::Optional(None) => Type::Optional(Some(single_type(args, "Optional")?)),
        Type::NotUndef(None) => Type::NotUndef(Some(single_type(args, "NotUndef")?)),
        Type::Type(None) => Type::Type(Some(single_type(args, "Type")?)),
        Type::Sensitive(None) => Type::Sensitive(Some(single_type(args, "Sensitive")?)),
        Type::Class(None) => match args {
            [one] => Type::Class(Some(name_arg(one, "Class")?.to_lowercase().trim_start_matches("::").into())),
            _ => return Err(bad("Class[] takes one class name")),
        },
        Type::Resource { type_name: None, title: None } => match args {
            [t] => {
                Type::Resource { type_name: Some(capitalize_segments(&name_arg(t, "Resource")?).into()), title: None }
            }
            [t, title] => Type::Resource {
                type_name: Some(capitalize_segments(&name_arg(t, "Resource")?).into()),
                title: Some(title_arg(title)?),
            },
            _ => return Err(bad("Resource[] takes a type name and one title")),
        },
        Type::Resource { type_name: Some(n), title: None } => match args {
            [title] => Type::Resource { type_name: Some(n.clone()), title: Some(title_arg(title)?) },
            _ => return Err(bad(format!("{n}[] takes one title"))),
        },
        other => return Err(bad(format!("{other} does not accept type parameters"))),
    })
}

fn title_arg(v: &Value) -> Result<Arc<str>, CoreError> {
    match v {
        Value::String(s) => Ok(s.clone()),
        other => Err(bad(format!("resource titles must be strings. Got {}", other.type_name()))),
    }
}
