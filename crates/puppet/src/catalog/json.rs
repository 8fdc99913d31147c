//! The JSON text of a catalog, as Puppet's JSON generator writes it: keys in
//! Puppet's order, no spaces, strings with only the escapes JSON requires.

use std::fmt::Write;

use confer_core::json_string::push_json_string as string;
use confer_core::value::to_s;
use confer_core::{Type, Value};

use super::Catalog;

/// How the catalog's text carries Sensitive parameter values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SensitiveValues {
    /// As `"Sensitive [value redacted]"`: confer's default, so that a
    /// catalog on a terminal or in a CI log never shows a secret.
    Redact,
    /// Unwrapped, in clear, as Puppet writes them (the agent needs them);
    /// for tools that apply or store the catalog.
    Reveal,
}

/// The catalog as `puppet catalog compile --render-as json` prints it, with
/// Sensitive values as `sensitive` says (both ways the parameters holding
/// them are listed in `sensitive_parameters`, as Puppet lists them).
pub fn to_json(c: &Catalog, sensitive: SensitiveValues) -> String {
    let mut out = String::with_capacity(256 + c.resources.len() * 256);
    out.push_str("{\"tags\":");
    string_array(&mut out, &c.tags);
    out.push_str(",\"name\":");
    string(&mut out, &c.name);
    let _ = write!(out, ",\"version\":{},\"code_id\":null,\"catalog_uuid\":", c.version);
    string(&mut out, &c.catalog_uuid);
    out.push_str(",\"catalog_format\":2,\"environment\":");
    string(&mut out, &c.environment);
    out.push_str(",\"resources\":[");
    for (i, r) in c.resources.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"type\":");
        string(&mut out, &r.type_name);
        out.push_str(",\"title\":");
        string(&mut out, &r.title);
        out.push_str(",\"tags\":");
        string_array(&mut out, &r.tags);
        if let (Some(file), Some(line)) = (&r.file, r.line) {
            out.push_str(",\"file\":");
            string(&mut out, file);
            let _ = write!(out, ",\"line\":{line}");
        }
        let _ = write!(out, ",\"exported\":{},\"kind\":\"{}\"", r.exported, r.kind);
        if !r.parameters.is_empty() {
            out.push_str(",\"parameters\":{");
            for (j, (k, v)) in r.parameters.iter().enumerate() {
                if j > 0 {
                    out.push(',');
                }
                string(&mut out, k);
                out.push(':');
                value(&mut out, v, sensitive);
            }
            out.push('}');
        }
        if !r.sensitive_parameters.is_empty() {
            out.push_str(",\"sensitive_parameters\":");
            string_array(&mut out, &r.sensitive_parameters);
        }
        out.push('}');
    }
    out.push_str("],\"edges\":[");
    for (i, &(from, to)) in c.edges.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"source\":");
        string(&mut out, &c.resources[from].reference());
        out.push_str(",\"target\":");
        string(&mut out, &c.resources[to].reference());
        out.push('}');
    }
    out.push_str("],\"classes\":");
    string_array(&mut out, &c.classes);
    out.push('}');
    out
}

fn string_array(out: &mut String, items: &[String]) {
    out.push('[');
    for (i, s) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        string(out, s);
    }
    out.push(']');
}

/// A parameter value as the catalog carries it: data as JSON, a resource
/// reference as its `Type[title]` text, other rich values as their string
/// form. A Sensitive value is written in clear only when `sensitive` says
/// to reveal it (see docs/deviations.md: Puppet always writes it unwrapped).
fn value(out: &mut String, v: &Value, sensitive: SensitiveValues) {
    match v {
        Value::Undef => out.push_str("null"),
        Value::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Integer(i) => {
            let _ = write!(out, "{i}");
        }
        Value::Float(f) if f.is_finite() => out.push_str(&confer_core::ruby_compat::float_to_s(*f)),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                value(out, item, sensitive);
            }
            out.push(']');
        }
        Value::Hash(map) => {
            out.push('{');
            for (i, (k, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                string(out, &to_s(k));
                out.push(':');
                value(out, item, sensitive);
            }
            out.push('}');
        }
        Value::Sensitive(inner) if sensitive == SensitiveValues::Reveal => value(out, inner, sensitive),
        Value::Sensitive(_) => string(out, "Sensitive [value redacted]"),
        Value::Type(t) => match &***t {
            Type::Resource { type_name: Some(ty), title: Some(title) } => string(out, &format!("{ty}[{title}]")),
            Type::Class(Some(name)) => string(out, &format!("Class[{}]", capitalize(name))),
            other => string(out, &other.to_string()),
        },
        other => string(out, &to_s(other)),
    }
}

fn capitalize(name: &str) -> String {
    confer_core::types::params::capitalize_segments(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sensitive_values_are_redacted_unless_revealed() {
        let secret = Value::Sensitive(std::sync::Arc::new(Value::from("secret")));
        let mut out = String::new();
        value(&mut out, &secret, SensitiveValues::Redact);
        assert_eq!(out, "\"Sensitive [value redacted]\"");
        out.clear();
        value(&mut out, &secret, SensitiveValues::Reveal);
        assert_eq!(out, "\"secret\"");
    }
}
