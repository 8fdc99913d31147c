//! How Ruby shows Puppet values in the messages of functions written in
//! Ruby (stdlib's, openstacklib's, Puppet's own): `inspect` and class names.

use confer_core::Value;

/// Ruby's `inspect` of the value Puppet hands a Ruby function.
pub(crate) use confer_core::ruby_compat::inspect;

/// Ruby's class name for the value.
pub(crate) fn class(v: &Value) -> &'static str {
    match v {
        Value::Undef => "NilClass",
        Value::Boolean(true) => "TrueClass",
        Value::Boolean(false) => "FalseClass",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::String(_) => "String",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        Value::Regexp(_) => "Regexp",
        _ => "Object",
    }
}

/// How Ruby's TypeError names the value in "no implicit conversion of X
/// into Y": `nil`, `true` and `false` themselves, others by class.
pub(crate) fn conversion_name(v: &Value) -> &'static str {
    match v {
        Value::Undef => "nil",
        Value::Boolean(true) => "true",
        Value::Boolean(false) => "false",
        other => class(other),
    }
}
