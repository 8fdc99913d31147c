//! Values as compact JSON, as Puppet's `--render-as json` writes them
//! (Ruby's JSON generator: no spaces, `/` and non-ASCII left as they are).

use confer_core::Value;

/// A JSON string literal.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A value as compact JSON; non-data values are written as their string form.
pub fn to_json(v: &Value) -> String {
    match v {
        Value::Undef => "null".into(),
        Value::Boolean(b) => b.to_string(),
        Value::Integer(i) => i.to_string(),
        Value::Float(f) => crate::ruby::float_to_s(*f),
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
