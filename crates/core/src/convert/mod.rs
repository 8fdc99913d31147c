//! `T.new(...)` / `T(...)`: creating values of a type from other values.
//! Spec: the "new" sections of each type — numbers from strings with radix
//! rules, booleans from words, arrays and hashes from iterables, and the
//! assert-after-construct rule for constrained types.

mod collection;
mod init;
mod number;
mod semver;

pub use collection::hash_entries;
pub use init::init_value;
pub use number::{parse_float, parse_integer};
mod strptime;
mod timespan;
pub(crate) mod timestamp;

use thiserror::Error;

use crate::types::{instance_of, Type};
use crate::Value;

/// Why a value could not be created.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ConvertError {
    /// The arguments cannot be converted (Puppet's wording).
    #[error("{0}")]
    Invalid(String),
    /// The type has no constructor here.
    #[error("Creation of new instance of type '{0}' is not supported")]
    Unsupported(String),
}

fn invalid(msg: impl Into<String>) -> ConvertError {
    ConvertError::Invalid(msg.into())
}

/// Creates a value of type `t` from `args`, then checks that it is an
/// instance of `t` (so `Integer[1, 10]('20')` fails).
pub fn new_value(t: &Type, args: &[Value]) -> Result<Value, ConvertError> {
    let value = unchecked(t, args)?;
    if !instance_of(t, &value).map_err(|u| invalid(u.to_string()))? {
        return Err(invalid(format!(
            "Converted value from {}.new() has wrong type, {}",
            t,
            crate::mismatch::describe(t, &value)
        )));
    }
    Ok(value)
}

/// The value `t`'s constructor makes of `args`, not yet checked against `t`:
/// `Optional[T]` and `NotUndef[T]` construct with `T`'s and check against
/// themselves.
fn unchecked(t: &Type, args: &[Value]) -> Result<Value, ConvertError> {
    let base = t.resolved();
    // Puppet's `new` returns a single argument that already is an instance.
    if let [v] = args {
        if !matches!(base, Type::Init(_)) && instance_of(t, v).map_err(|u| invalid(u.to_string()))? {
            return Ok(v.clone());
        }
    }
    let value = match base {
        Type::Integer(_) => number::integer(args)?,
        Type::Float { .. } => number::float(args)?,
        Type::Numeric => number::numeric(args)?,
        Type::Boolean(_) => boolean(args)?,
        Type::String(_) => match args {
            [v] => Value::from(crate::format::string(v, None).map_err(|e| invalid(e.to_string()))?),
            [v, f] => Value::from(crate::format::string(v, Some(f)).map_err(|e| invalid(e.to_string()))?),
            _ => return Err(invalid(format!("'new_string' expects between 1 and 2 arguments, got {}", args.len()))),
        },
        Type::Array { .. } | Type::Tuple(_) => collection::array(args)?,
        Type::Hash { .. } | Type::Struct(_) => collection::hash(args)?,
        Type::Optional(Some(inner)) | Type::NotUndef(Some(inner)) => unchecked(inner, args)?,
        Type::Timespan(_) => timespan::timespan(args)?,
        Type::Timestamp(_) => timestamp::timestamp(args)?,
        Type::Binary => binary(args)?,
        Type::SemVer(_) => semver::semver(args)?,
        Type::SemVerRange => semver::semver_range(args)?,
        Type::Deferred => deferred(args)?,
        Type::ObjectType(o) => {
            return crate::value::object::new_object(o, args).map_err(|e| ConvertError::Invalid(e.0));
        }
        Type::ObjectExt(e) => {
            return crate::value::object::new_object(&e.base, args).map_err(|e| ConvertError::Invalid(e.0));
        }
        Type::Init(init) => return init_value(init, args),
        Type::Regexp(_) => match args {
            [Value::String(s)] => {
                Value::Regexp(std::sync::Arc::new(crate::regexp::Regexp::new(s).map_err(|e| invalid(e.to_string()))?))
            }
            _ => return Err(invalid("Regexp.new expects a String")),
        },
        Type::Uri(_) => {
            let uri = match args {
                [Value::String(s)] if !s.is_empty() => crate::value::uri::Uri::parse(s),
                [Value::Hash(h)] => {
                    // Puppet's signature: known parts only, strings, and an
                    // Integer port.
                    for (k, v) in h.iter() {
                        let name = k.as_str().unwrap_or_default();
                        let fits = match name {
                            "port" => matches!(v, Value::Integer(p) if *p >= 0),
                            _ => crate::types::uri::PARTS.contains(&name) && matches!(v, Value::String(_)),
                        };
                        if !fits {
                            return Err(invalid(format!(
                                "URI.new expects a Hash of the parts {} (port an Integer), got '{}' => {}",
                                crate::types::uri::PARTS.join(", "),
                                crate::value::to_s(k),
                                crate::types::infer::infer_generalized(v)
                            )));
                        }
                    }
                    crate::value::uri::Uri::from_parts(h)
                }
                _ => return Err(invalid("URI.new expects a non-empty String or a Hash of parts")),
            };
            Value::Uri(std::sync::Arc::new(uri.map_err(|e| invalid(e.to_string()))?))
        }
        // Any value is wrapped; the check below then reports a wrong content
        // type as Puppet does (`expects a Sensitive[Integer] value, got
        // Sensitive[String]`).
        Type::Sensitive(_) => match args {
            [v @ Value::Sensitive(_)] => v.clone(),
            [v] => Value::Sensitive(std::sync::Arc::new(v.clone())),
            _ => return Err(invalid("'new' for Sensitive expects 1 argument")),
        },
        _ => return Err(ConvertError::Unsupported(t.to_string())),
    };
    Ok(value)
}

/// `Boolean.new`: numbers are false only when zero; strings must be one of
/// true/yes/y or false/no/n (any case).
fn boolean(args: &[Value]) -> Result<Value, ConvertError> {
    let [v] = args else {
        return Err(invalid(format!("'new' for Boolean expects 1 argument, got {}", args.len())));
    };
    Ok(Value::Boolean(match v {
        Value::Boolean(b) => *b,
        Value::Integer(i) => *i != 0,
        Value::Float(f) => *f != 0.0,
        Value::String(s) => match s.to_lowercase().as_str() {
            "true" | "yes" | "y" => true,
            "false" | "no" | "n" => false,
            _ => return Err(invalid(format!("'new_boolean' The string '{s}' cannot be converted to Boolean"))),
        },
        other => {
            return Err(invalid(format!(
                "'new_boolean' Value of type {} cannot be converted to Boolean",
                crate::types::infer::infer_generalized(other)
            )))
        }
    }))
}

/// `Binary.new`: from a string in a format (`%B` strict base64 by default,
/// `%b`, `%u`, `%s`, `%r`), from an array of bytes, or from a hash of those.
fn binary(args: &[Value]) -> Result<Value, ConvertError> {
    use crate::value::binary::decode;
    let from_string = |s: &str, f: Option<&Value>| {
        let format = f.and_then(Value::as_str).unwrap_or("%B");
        decode(s, format).map_err(|e| invalid(e.to_string()))
    };
    let bytes = match args {
        [Value::String(s)] => from_string(s, None)?,
        [Value::String(s), f] => from_string(s, Some(f))?,
        [Value::Array(items)] => items
            .iter()
            .map(|i| match i {
                Value::Integer(b @ 0..=255) => Ok(*b as u8),
                other => {
                    Err(invalid(format!("Binary bytes must be Integers 0..255, got {}", crate::value::to_s(other))))
                }
            })
            .collect::<Result<Vec<u8>, _>>()?,
        [Value::Hash(h)] => {
            let value = h.get(&Value::from("value")).cloned().unwrap_or(Value::Undef);
            let format = h.get(&Value::from("format")).cloned();
            let mut inner = vec![value];
            inner.extend(format);
            return binary(&inner);
        }
        _ => return Err(invalid("Binary.new expects a String (and a format), an Array of bytes or a Hash")),
    };
    Ok(Value::Binary(std::sync::Arc::new(bytes)))
}

/// `Deferred(name, arguments?)` and `Deferred({name => …, arguments => …})`.
fn deferred(args: &[Value]) -> Result<Value, ConvertError> {
    use crate::value::deferred::Deferred;
    let (name, arguments) = match args {
        [Value::Hash(h)] => (
            h.get(&Value::from("name")).cloned().unwrap_or(Value::Undef),
            h.get(&Value::from("arguments")).cloned().unwrap_or(Value::Undef),
        ),
        [name] => (name.clone(), Value::Undef),
        [name, arguments] => (name.clone(), arguments.clone()),
        _ => return Err(invalid(format!("Deferred.new expects 1 or 2 arguments, got {}", args.len()))),
    };
    let name = match name {
        Value::String(s) if Deferred::valid_name(&s) => s,
        other => {
            return Err(invalid(format!(
                "Deferred initializer has wrong type, entry 'name' expects a match for Pattern[/\\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\\z/], got {}",
                crate::types::infer::infer_generalized(&other)
            )))
        }
    };
    let arguments = match arguments {
        Value::Undef => None,
        Value::Array(a) => Some(a),
        other => {
            return Err(invalid(format!(
                "Deferred initializer has wrong type, entry 'arguments' expects a value of type Undef or Array, got {}",
                crate::types::infer::infer_generalized(&other)
            )))
        }
    };
    Ok(Value::Deferred(std::sync::Arc::new(Deferred { name, arguments })))
}
