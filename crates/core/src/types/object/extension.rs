//! An object type with values for its type parameters (`MyType['hello']`),
//! as Puppet's `PObjectTypeExtension`: its instances are the base type's
//! instances whose attributes named like the parameters match the values.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use super::ObjectType;
use crate::types::{assignable, instance_of, Type};
use crate::undecided::{all, Undecided};
use crate::value::{puppet_equals, Value};

/// `MyType[...]`: a base object type and the parameter values given, by name.
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectExtension {
    /// The parameterised object type.
    pub base: Arc<ObjectType>,
    /// The values given, by parameter name, in the parameters' order
    /// (`default` leaves a parameter out).
    pub parameters: Vec<(Arc<str>, Value)>,
}

impl Eq for ObjectExtension {}

impl Hash for ObjectExtension {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.base.hash(state);
        self.parameters.len().hash(state);
    }
}

/// Puppet's `match?` between an attribute value and a parameter value: a type
/// tests membership, a regexp matches strings, arrays and hashes match
/// element-wise, anything else compares with `==`.
pub(crate) fn matches(value: &Value, pattern: &Value) -> Result<bool, Undecided> {
    Ok(match pattern {
        Value::Default => true,
        Value::Type(t) => instance_of(t, value)?,
        Value::Regexp(re) => match value.as_str() {
            Some(s) => re.try_is_match(s)?,
            None => false,
        },
        Value::Array(ps) => match value {
            Value::Array(vs) => vs.len() == ps.len() && all(vs.iter().zip(ps.iter()), |(v, p)| matches(v, p))?,
            _ => false,
        },
        Value::Hash(ps) => match value {
            Value::Hash(vs) => all(ps.iter(), |(k, p)| matches(vs.get(k).unwrap_or(&Value::Undef), p))?,
            _ => false,
        },
        _ => puppet_equals(value, pattern),
    })
}

impl ObjectExtension {
    /// `base[args...]`, checked as Puppet checks it: positional values, or one
    /// hash of values by name when the first parameter does not accept a hash.
    pub fn new(base: Arc<ObjectType>, args: &[Value]) -> Result<ObjectExtension, String> {
        let label = base.label().to_string();
        let params: Vec<(Arc<str>, Type)> =
            base.all_type_parameters().into_iter().map(|p| (p.name.clone(), p.ty.clone())).collect();
        if params.is_empty() {
            return Err(format!("The {label}-Type cannot be parameterized using []"));
        }
        let check = |name: &str, ty: &Type, v: &Value| -> Result<Value, String> {
            if instance_of(ty, v).map_err(|u| u.to_string())? {
                Ok(v.clone())
            } else {
                Err(format!("type_parameter {label}[{name}] has wrong type, {}", crate::mismatch::describe(ty, v)))
            }
        };
        let mut by_name: Vec<(Arc<str>, Value)> = Vec::new();
        let named = match args {
            [Value::Hash(h)] if !instance_of(&params[0].1, &args[0]).map_err(|u| u.to_string())? => Some(h),
            _ => None,
        };
        if let Some(h) = named {
            for (k, v) in h.iter() {
                let key = crate::value::to_s(k);
                let Some((name, ty)) = params.iter().find(|(n, _)| **n == *key) else {
                    return Err(format!("'{key}' is not a known type parameter for {label}-Type"));
                };
                if !matches!(v, Value::Default) {
                    by_name.push((name.clone(), check(name, ty, v)?));
                }
            }
            by_name.sort_by_key(|(n, _)| params.iter().position(|(p, _)| p == n));
        } else {
            // Puppet ignores values past the last parameter.
            for ((name, ty), v) in params.iter().zip(args) {
                if !matches!(v, Value::Default) {
                    by_name.push((name.clone(), check(name, ty, v)?));
                }
            }
        }
        if by_name.is_empty() {
            return Err(format!("The {label}-Type cannot be parameterized using an empty parameter list"));
        }
        Ok(ObjectExtension { base, parameters: by_name })
    }

    /// The parameter values as Puppet prints them: a list (trailing unset
    /// ones dropped, leading ones `default`) for up to two parameters, else a
    /// hash by name.
    pub fn init_parameters(&self) -> Value {
        let params = self.base.all_type_parameters();
        if params.len() > 2 {
            let mut h = crate::HashMap::new();
            for (n, v) in &self.parameters {
                h.insert(Value::String(n.clone()), v.clone());
            }
            return Value::hash(h);
        }
        let mut out: Vec<Value> = params
            .iter()
            .map(|p| self.parameters.iter().find(|(n, _)| *n == p.name).map_or(Value::Default, |(_, v)| v.clone()))
            .collect();
        while matches!(out.last(), Some(Value::Default)) {
            out.pop();
        }
        Value::array(out)
    }

    /// Whether the attribute values of an instance match the parameters.
    pub fn test_instance(&self, attribute: impl Fn(&str) -> Option<Value>) -> Result<bool, Undecided> {
        all(self.parameters.iter(), |(n, p)| attribute(n).map_or(Ok(false), |v| matches(&v, p)))
    }

    /// Puppet's `test_assignable?`: every parameter of this type is given by
    /// `other` with a value that matches (or, for types, is assignable).
    pub fn test_assignable(&self, other: &[(Arc<str>, Value)]) -> Result<bool, Undecided> {
        all(self.parameters.iter(), |(n, b)| match other.iter().find(|(m, _)| m == n) {
            Some((_, a)) => Ok(matches(a, b)?
                || match (a, b) {
                    (Value::Type(ta), Value::Type(tb)) => assignable(tb, ta)?,
                    _ => false,
                }),
            None => Ok(false),
        })
    }
}
