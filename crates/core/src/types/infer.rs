//! The type of a value. Spec: "type inference".

use super::Type;
use crate::value::Value;

/// The unparameterised name of a value's type, as Puppet's operator errors
/// print it ("Comparison of: String < Integer").
pub fn general_type_name(v: &Value) -> String {
    match v {
        Value::Type(t) => format!("Type[{}]", base_name(t)),
        other => other.type_name().to_string(),
    }
}

fn base_name(t: &Type) -> String {
    let s = t.to_string();
    s.split('[').next().unwrap_or(&s).to_string()
}
