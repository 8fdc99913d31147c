//! Values as compact JSON, as Puppet's `--render-as json` writes them
//! (Ruby's JSON generator: no spaces, `/` and non-ASCII left as they are).

use confer_core::Value;

/// A JSON string literal.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    confer_core::json_string::push_json_string(&mut out, s);
    out
}

/// A value as compact JSON; non-data values are written as their string form.
pub fn to_json(v: &Value) -> String {
    match v {
        Value::Undef => "null".into(),
        Value::Boolean(b) => b.to_string(),
        Value::Integer(i) => i.to_string(),
        Value::Float(f) => confer_core::ruby_compat::float_to_s(*f),
        Value::String(s) => string(s),
        Value::Array(a) => format!("[{}]", a.iter().map(to_json).collect::<Vec<_>>().join(",")),
        Value::Hash(h) => format!(
            "{{{}}}",
            h.iter()
                .map(|(k, v)| format!("{}:{}", string(&confer_core::value::to_s(k)), to_json(v)))
                .collect::<Vec<_>>()
                .join(",")
        ),
        other => string(&confer_core::value::to_s(other)),
    }
}
