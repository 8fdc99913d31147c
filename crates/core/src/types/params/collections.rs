//! The parameters of collection types (`Array`, `Hash`, `Tuple`, `Struct`)
//! and of `Callable`, whose parameter list is a tuple.

use super::errors::{arity, arity_named, cannot_use, in_access, not_a_type, ruby_class};
use super::{as_type, ascending, collection_size, flatten, split_size, type_of};
use crate::error::CoreError;
use crate::types::{CallableType, IntRange, StringType, StructMember, TupleType, Type};
use crate::value::Value;

fn sized(size: Option<IntRange>) -> Option<IntRange> {
    size.map(IntRange::to_size)
}

fn is_empty_size(size: &Option<IntRange>) -> bool {
    *size == Some(IntRange::exactly(0))
}

pub(super) fn array(args: &[Value]) -> Result<Type, CoreError> {
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

pub(super) fn hash(args: &[Value]) -> Result<Type, CoreError> {
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
            Value::Type(t) if matches!(***t, Type::Integer(_)) => collection_size(&args[2..])?,
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

pub(super) fn tuple(base: &Type, args: &[Value]) -> Result<Type, CoreError> {
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

pub(super) fn callable(base: &Type, args: &[Value]) -> Result<Type, CoreError> {
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
            let b = Type::clone(t);
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

pub(super) fn structure(base: &Type, args: &[Value]) -> Result<Type, CoreError> {
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
            Value::String(s) => (s.clone(), crate::types::accepts_undef(&value)),
            Value::Type(t) => {
                let (inner, optional) = match &***t {
                    Type::NotUndef(inner) => (inner.as_deref(), false),
                    Type::Optional(inner) => (inner.as_deref(), true),
                    Type::String(_) | Type::Enum(_) => (Some(&***t), false),
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
