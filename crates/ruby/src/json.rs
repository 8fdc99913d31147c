//! Ruby's `json` library as module code uses it: `JSON.generate`,
//! `JSON.pretty_generate`, `to_json` and `JSON.parse`, with Ruby's output
//! format (no spaces when compact; two-space indent and `"k": v` when
//! pretty; non-ASCII text written as is).

use crate::error::RubyErrorKind;
use crate::interp::{err, Ev};
use crate::value::{Exception, RValue};

/// How deeply a generated value may nest (Ruby's own `max_nesting`).
const MAX_NESTING: usize = 100;

/// `JSON.generate(v)` or, with `pretty`, `JSON.pretty_generate(v)`.
pub fn generate(v: &RValue, pretty: bool, at: usize) -> Ev<String> {
    let mut out = String::new();
    write(v, pretty, 0, &mut out, at)?;
    Ok(out)
}

fn generator_error(message: String, at: usize) -> Ev<()> {
    err(RubyErrorKind::Raised(Exception { class: "JSON::GeneratorError".into(), message }), at)
}

fn write(v: &RValue, pretty: bool, depth: usize, out: &mut String, at: usize) -> Ev<()> {
    if depth > MAX_NESTING {
        return err(
            RubyErrorKind::Raised(Exception {
                class: "JSON::NestingError".into(),
                message: format!("nesting of {depth} is too deep"),
            }),
            at,
        );
    }
    if out.len() > crate::interp::MAX_SIZE {
        return err(RubyErrorKind::Limit(crate::interp::too_big()), at);
    }
    let indent = |out: &mut String, d: usize| {
        if pretty {
            out.push('\n');
            out.push_str(&"  ".repeat(d));
        }
    };
    match v {
        RValue::Nil => out.push_str("null"),
        RValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        RValue::Int(i) => out.push_str(&i.to_string()),
        RValue::Float(f) if !f.is_finite() => return generator_error(format!("{} not allowed in JSON", v.to_s()), at),
        RValue::Float(f) => out.push_str(&confer_core::float::ruby_float_to_s(*f)),
        RValue::Array(items) if items.borrow().is_empty() => out.push_str("[]"),
        RValue::Array(items) => {
            out.push('[');
            for (i, item) in items.borrow().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                indent(out, depth + 1);
                write(item, pretty, depth + 1, out, at)?;
            }
            indent(out, depth);
            out.push(']');
        }
        RValue::Hash(pairs) if pairs.borrow().is_empty() => out.push_str("{}"),
        RValue::Hash(pairs) => {
            out.push('{');
            for (i, (k, val)) in pairs.borrow().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                indent(out, depth + 1);
                confer_core::json_string::push_json_string(out, &k.to_s());
                out.push_str(if pretty { ": " } else { ":" });
                write(val, pretty, depth + 1, out, at)?;
            }
            indent(out, depth);
            out.push('}');
        }
        other => confer_core::json_string::push_json_string(out, &other.to_s()),
    }
    Ok(())
}

/// `JSON.parse(text)`: objects become Hashes with String keys.
pub fn parse(text: &str, at: usize) -> Ev {
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(v) => Ok(from_json(&v)),
        Err(e) => {
            err(RubyErrorKind::Raised(Exception { class: "JSON::ParserError".into(), message: e.to_string() }), at)
        }
    }
}

fn from_json(v: &serde_json::Value) -> RValue {
    match v {
        serde_json::Value::Null => RValue::Nil,
        serde_json::Value::Bool(b) => RValue::Bool(*b),
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) => RValue::Int(i),
            None => RValue::Float(n.as_f64().unwrap_or(0.0)),
        },
        serde_json::Value::String(s) => RValue::str(s),
        serde_json::Value::Array(items) => RValue::array(items.iter().map(from_json).collect()),
        serde_json::Value::Object(map) => {
            RValue::hash(map.iter().map(|(k, v)| (RValue::str(k), from_json(v))).collect())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(pairs: Vec<(&str, RValue)>) -> RValue {
        RValue::hash(pairs.into_iter().map(|(k, v)| (RValue::str(k), v)).collect())
    }

    #[test]
    fn compact_and_pretty_as_ruby_writes_them() {
        let v = h(vec![
            ("a", RValue::Int(1)),
            ("b", RValue::array(vec![RValue::Nil, RValue::str("x\"")])),
            ("c", h(vec![])),
        ]);
        assert_eq!(generate(&v, false, 0).ok().unwrap(), r#"{"a":1,"b":[null,"x\""],"c":{}}"#);
        assert_eq!(
            generate(&v, true, 0).ok().unwrap(),
            "{\n  \"a\": 1,\n  \"b\": [\n    null,\n    \"x\\\"\"\n  ],\n  \"c\": {}\n}"
        );
    }
}
