//! How Ruby shows Puppet values in the messages of functions written in
//! Ruby (stdlib's, openstacklib's, Puppet's own): `inspect` and class names.

use confer_core::Value;

/// Ruby's `inspect` of the value Puppet hands a Ruby function.
pub(crate) use confer_core::format::ruby_inspect as inspect;

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
