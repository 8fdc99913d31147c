//! Ruby's `json` library as module code uses it: `JSON.generate`,
//! `JSON.pretty_generate`, `to_json` and `JSON.parse`, with Ruby's output
//! format (no spaces when compact; two-space indent and `"k": v` when
//! pretty; non-ASCII text written as is).

use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::value::{Exception, RValue};

/// How deeply a generated value may nest (Ruby's own `max_nesting`).
const MAX_NESTING: usize = 100;

/// The generator's layout (Ruby's `JSON::State`): what goes between the
/// parts of the output.
#[derive(Debug, Clone, Default)]
pub struct Style {
    indent: String,
    space: String,
    space_before: String,
    object_nl: String,
    array_nl: String,
}

impl Style {
    /// `JSON.generate`'s: nothing between the parts.
    pub fn compact() -> Style {
        Style::default()
    }

    /// `JSON.pretty_generate`'s: two-space indent, a line per element.
    pub fn pretty() -> Style {
        Style {
            indent: "  ".into(),
            space: " ".into(),
            object_nl: "\n".into(),
            array_nl: "\n".into(),
            ..Style::default()
        }
    }

    /// This layout changed by an options Hash (`indent: '@@'`); like
    /// Ruby's, only Symbol keys count.
    pub fn with_options(mut self, options: &RValue, at: usize) -> Ev<Style> {
        let RValue::Hash(pairs) = options else {
            return err(RubyErrorKind::Type(format!("can't convert {} into Hash", options.class_name())), at);
        };
        for (k, v) in pairs.borrow().iter() {
            let RValue::Sym(key) = k else { continue };
            let slot = match &**key {
                "indent" => &mut self.indent,
                "space" => &mut self.space,
                "space_before" => &mut self.space_before,
                "object_nl" => &mut self.object_nl,
                "array_nl" => &mut self.array_nl,
                other => {
                    return err(RubyErrorKind::Unsupported(format!("the JSON generator option {other}")), at);
                }
            };
            *slot = v.to_s();
        }
        Ok(self)
    }
}

/// `JSON.generate(v)` with a layout (`JSON.pretty_generate` is
/// [`Style::pretty`]).
pub fn generate(v: &RValue, style: &Style, at: usize) -> Ev<String> {
    let mut out = String::new();
    write(v, style, 0, &mut out, at)?;
    Ok(out)
}

fn generator_error(message: String, at: usize) -> Ev<()> {
    err(RubyErrorKind::Raised(Exception { class: "JSON::GeneratorError".into(), message }), at)
}

fn write(v: &RValue, style: &Style, depth: usize, out: &mut String, at: usize) -> Ev<()> {
    if depth > MAX_NESTING {
        return err(
            RubyErrorKind::Raised(Exception {
                class: "JSON::NestingError".into(),
                message: format!("nesting of {depth} is too deep"),
            }),
            at,
        );
    }
    if out.len() > crate::flow::MAX_SIZE {
        return err(RubyErrorKind::Limit(crate::flow::too_big()), at);
    }
    let indent = |out: &mut String, d: usize| {
        for _ in 0..d {
            out.push_str(&style.indent);
        }
    };
    match v {
        RValue::Nil => out.push_str("null"),
        RValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        RValue::Int(i) => out.push_str(&i.to_string()),
        RValue::Float(f) if !f.is_finite() => return generator_error(format!("{} not allowed in JSON", v.to_s()), at),
        RValue::Float(f) => out.push_str(&confer_core::ruby_compat::float_to_s(*f)),
        // As json 2.6 lays them out: an empty Array pretty is `[\n\n]`,
        // an empty Hash `{\n}`.
        RValue::Array(items) => {
            out.push('[');
            out.push_str(&style.array_nl);
            for (i, item) in items.borrow().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                    out.push_str(&style.array_nl);
                }
                indent(out, depth + 1);
                write(item, style, depth + 1, out, at)?;
            }
            out.push_str(&style.array_nl);
            indent(out, depth);
            out.push(']');
        }
        RValue::Hash(pairs) => {
            out.push('{');
            for (i, (k, val)) in pairs.borrow().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&style.object_nl);
                indent(out, depth + 1);
                confer_core::json_string::push_json_string(out, &k.to_s());
                out.push_str(&style.space_before);
                out.push(':');
                out.push_str(&style.space);
                write(val, style, depth + 1, out, at)?;
            }
            out.push_str(&style.object_nl);
            indent(out, depth);
            out.push('}');
        }
        other => confer_core::json_string::push_json_string(out, &other.to_s()),
    }
    Ok(())
}

/// `JSON.parse(text)`: objects become Hashes with String keys.
pub fn parse(text: &str, at: usize) -> Ev {
    match crate::json_parse::parse(text) {
        Ok(v) => Ok(from_json(&v)),
        Err(crate::json_parse::JsonError::Parser(message)) => {
            err(RubyErrorKind::Raised(Exception { class: "JSON::ParserError".into(), message }), at)
        }
        Err(bignum) => err(RubyErrorKind::Unsupported(bignum.to_string()), at),
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
        assert_eq!(generate(&v, &Style::compact(), 0).ok().unwrap(), r#"{"a":1,"b":[null,"x\""],"c":{}}"#);
        // Ruby 3.1's json 2.6.1: an empty Hash spans a line, an empty Array two.
        assert_eq!(
            generate(&v, &Style::pretty(), 0).ok().unwrap(),
            "{\n  \"a\": 1,\n  \"b\": [\n    null,\n    \"x\\\"\"\n  ],\n  \"c\": {\n  }\n}"
        );
        assert_eq!(generate(&RValue::array(vec![]), &Style::pretty(), 0).ok().unwrap(), "[\n\n]");
        let options = h(vec![]);
        let RValue::Hash(pairs) = &options else { unreachable!("made a Hash") };
        let _ = pairs.change(&options, &[], 0, &mut Default::default(), |p| {
            p.insert(RValue::Sym("indent".into()), RValue::str("@@"));
            p.insert(RValue::Sym("array_nl".into()), RValue::str("|"));
            p.insert(RValue::Sym("object_nl".into()), RValue::str(""));
            p.insert(RValue::Sym("space".into()), RValue::str(""));
        });
        let style = Style::pretty().with_options(&options, 0).ok().unwrap();
        let nested = RValue::array(vec![RValue::Int(1), RValue::array(vec![RValue::Int(2)])]);
        assert_eq!(generate(&nested, &style, 0).ok().unwrap(), "[|@@1,|@@[|@@@@2|@@]|]");
    }
}
