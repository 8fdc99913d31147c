//! How Ruby shows Puppet values in stdlib's messages: `inspect` and class
//! names, as stdlib's Ruby code interpolates them.

use confer_core::Value;

/// Ruby's `inspect` of the value Puppet hands a Ruby function.
pub(crate) fn inspect(v: &Value) -> String {
    match v {
        Value::Undef => "nil".to_string(),
        Value::String(s) => confer_core::format::ruby_string_inspect(s),
        Value::Array(items) => format!("[{}]", items.iter().map(inspect).collect::<Vec<_>>().join(", ")),
        Value::Hash(h) => {
            format!(
                "{{{}}}",
                h.iter().map(|(k, v)| format!("{}=>{}", inspect(k), inspect(v))).collect::<Vec<_>>().join(", ")
            )
        }
        other => confer_core::value::to_s(other),
    }
}

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
