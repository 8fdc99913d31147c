//! stdlib's encoders: `base64`, `stdlib::xml_encode`, `to_python` and
//! `to_ruby` (a value as Python or Ruby source).

use confer_core::value::binary;
use confer_core::value::to_s;
use confer_core::Value;

use super::ruby::inspect;
use crate::eval::flow::{fail, EvalResult};
use crate::eval::functions::{Builtin, Call};

/// The encoding functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::legacy("base64", -1, base64),
    Builtin::new("stdlib::xml_encode", &["String str, Enum['text', 'attr'] type?"], xml_encode),
    Builtin::new("to_python", &["Any object"], |call| Ok(Value::from(source(&call.args[0], true)))),
    Builtin::new("to_ruby", &["Any object"], |call| Ok(Value::from(source(&call.args[0], false)))),
];

/// `base64('encode'|'decode', text, 'default'|'strict'|'urlsafe')`, as
/// Ruby's `Base64` module does it (`encode64` breaks lines every 60
/// characters).
fn base64(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() < 2 {
        return Err(fail(
            call.span,
            format!("base64(): Wrong number of arguments ({}; must be >= 2)", call.args.len()),
        ));
    }
    let action = to_s(&call.args[0]);
    if action != "encode" && action != "decode" {
        return Err(fail(call.span, "base64(): the first argument must be one of 'encode' or 'decode'"));
    }
    let Value::String(text) = &call.args[1] else {
        return Err(fail(call.span, "base64(): the second argument must be a string to base64"));
    };
    let method = call.args.get(2).map_or("default".to_string(), to_s);
    if !matches!(method.as_str(), "default" | "strict" | "urlsafe") {
        return Err(fail(call.span, "base64(): the third argument must be one of 'default', 'strict', or 'urlsafe'"));
    }
    if action == "encode" {
        let bytes = text.as_bytes();
        return Ok(Value::from(match method.as_str() {
            "default" => binary::lines(bytes),
            "strict" => binary::strict(bytes),
            _ => binary::url_safe(bytes),
        }));
    }
    let format = match method.as_str() {
        "default" => "%b",
        "strict" => "%B",
        _ => "%u",
    };
    let bytes = binary::decode(text, format).map_err(|e| fail(call.span, e.to_string()))?;
    Ok(Value::from(String::from_utf8_lossy(&bytes).into_owned()))
}

/// Ruby's `String#encode(xml: :text | :attr)`.
fn xml_encode(call: &mut Call<'_, '_>) -> EvalResult {
    let text = to_s(&call.args[0]);
    let attr = call.args.get(1).and_then(Value::as_str) == Some("attr");
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attr => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    Ok(Value::from(if attr { format!("\"{out}\"") } else { out }))
}

/// The value as Python (`True`, `None`, `{'a': 1}` with Ruby's string
/// quoting) or Ruby source, as stdlib writes it.
fn source(v: &Value, python: bool) -> String {
    match v {
        Value::Boolean(true) if python => "True".to_string(),
        Value::Boolean(false) if python => "False".to_string(),
        Value::Undef if python => "None".to_string(),
        Value::Array(items) => format!("[{}]", items.iter().map(|i| source(i, python)).collect::<Vec<_>>().join(", ")),
        Value::Hash(h) => {
            let sep = if python { ": " } else { " => " };
            format!(
                "{{{}}}",
                h.iter()
                    .map(|(k, v)| format!("{}{sep}{}", source(k, python), source(v, python)))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
        other => inspect(other),
    }
}
