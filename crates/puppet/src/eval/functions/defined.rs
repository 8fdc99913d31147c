//! `defined(...)`: whether a variable exists, a class or resource type is
//! known, or a resource or class is declared — true if any argument is.

use confer_core::types::params::capitalize_segments;
use confer_core::types::Type;
use confer_core::Value;

use super::{Builtin, Call};
use crate::eval::flow::{fail, EvalResult};
use crate::eval::resource::is_resource_type;

/// `defined`.
pub(crate) const FUNCTIONS: &[Builtin] =
    &[Builtin::new("defined", &["Variant[String, Type[CatalogEntry], Type[Type[CatalogEntry]]] vals+"], defined)];

fn defined(call: &mut Call<'_, '_>) -> EvalResult {
    for arg in call.args.clone() {
        if is_defined(call, &arg)? {
            return Ok(Value::Boolean(true));
        }
    }
    Ok(Value::Boolean(false))
}

fn is_defined(call: &mut Call<'_, '_>, v: &Value) -> EvalResult<bool> {
    Ok(match v {
        Value::String(s) => match s.strip_prefix('$') {
            Some(var) if !var.is_empty() => call.host.variable(var, call.scope).is_some(),
            _ => known_type_or_class(call, s)?,
        },
        Value::Type(t) => match &***t {
            Type::Resource { type_name: None, .. } => {
                return Err(fail(call.span, "The given resource type is a reference to all kind of types"))
            }
            Type::Resource { type_name: Some(ty), title: None } => known_type_or_class(call, ty)?,
            Type::Resource { type_name: Some(ty), title: Some(title) } => {
                call.host.resource_declared(&capitalize_segments(ty), title)
            }
            Type::Class(None) => return Err(fail(call.span, "The given class type is a reference to all classes")),
            Type::Class(Some(name)) => call.host.class_declared(name),
            Type::Type(Some(inner)) => match &**inner {
                Type::Class(Some(name)) => call.host.class_exists(&name.to_lowercase(), call.span)?,
                other => is_defined(call, &Value::from_type(other.clone()))?,
            },
            other => {
                return Err(fail(
                    call.span,
                    format!("'defined' expects a String or a CatalogEntry type, got Type[{other}]"),
                ))
            }
        },
        other => {
            return Err(fail(
                call.span,
                format!(
                "'defined' parameter 'vals' expects a value of type String, Type[CatalogEntry], or Type[Type], got {}",
                other.type_name()
            ),
            ))
        }
    })
}

/// A class, a defined type or a built-in resource type of that name: the
/// modules' classes and defined types are looked for as Puppet's loaders
/// look for them, not only among those loaded so far.
fn known_type_or_class(call: &mut Call<'_, '_>, name: &str) -> EvalResult<bool> {
    let key = name.trim_start_matches("::").to_lowercase();
    if key.is_empty() {
        return Ok(false);
    }
    if is_resource_type(&key) || key == "main" {
        return Ok(true);
    }
    Ok(call.host.class_exists(&key, call.span)? || call.host.defined_type_exists(&key, call.span)?)
}
