//! Data containers from and to JSON, formatted as libntech's json.c writes
//! them: two-space indentation, reals with four decimals; and the text of a
//! container's primitives. YAML is read in [`crate::data::yaml`].
//!
//! JSON is read by [`json_reader`], a port of libntech's lenient reader.

use confer_core::json_string::push_json_string;
use confer_core::{HashMap, Value};

use crate::data::container_number::DataError;
use crate::data::json_reader;
use crate::data::number::format_fixed;

/// Parses a JSON document as libntech does ([`json_reader`]). A number a
/// stored copy cannot convert makes it [`DataError::Fatal`].
pub fn parse(s: &str) -> Result<Value, DataError> {
    parsed(json_reader::read(s, None))
}

/// Parses inline JSON in which a bare word where a value goes names a
/// variable (libntech's `JsonParseWithLookup` with cf-agent's
/// `LookupVarRefToJson`): `{ "state": state_container }`. `lookup` gives a
/// variable's JSON value; a word it does not know makes the document
/// invalid.
pub fn parse_with_lookup(s: &str, lookup: &mut dyn FnMut(&str) -> Option<Value>) -> Result<Value, DataError> {
    parsed(json_reader::read(s, Some(lookup)))
}

/// A reading as a container or the reason there is none.
pub fn parsed(r: Result<json_reader::Read, json_reader::Refused>) -> Result<Value, DataError> {
    match r {
        Ok(json_reader::Read { fatal: Some(message), .. }) => Err(DataError::Fatal(message)),
        Ok(read) => Ok(read.value),
        Err(refused) => Err(DataError::Invalid(refused.error.to_string())),
    }
}

/// How a data-container primitive expands into a string: reals with two
/// decimals (`StringFromDouble`), integers plainly, booleans as
/// `true`/`false`; `None` for null and for containers.
pub fn primitive_to_string(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.to_string()),
        Value::Integer(i) => Some(i.to_string()),
        Value::Float(f) => Some(format_fixed(*f, 2)),
        Value::Boolean(b) => Some(b.to_string()),
        _ => None,
    }
}

/// Whether `v` is a JSON primitive (not an array or object).
pub fn is_primitive(v: &Value) -> bool {
    !matches!(v, Value::Array(_) | Value::Hash(_))
}

fn key_text(k: &Value) -> String {
    match k {
        Value::String(s) => s.to_string(),
        other => primitive_to_string(other).unwrap_or_default(),
    }
}

/// An object's entries with their keys in byte order: libntech's writers
/// sort an object's children before writing it (`JsonSort` in
/// `JsonObjectWrite` and `JsonObjectWriteCompact`).
///
/// Both writers print a key as stored, between quotes, without escaping it
/// (values are escaped): a key holding a quote or a newline comes out as
/// cf-agent writes it, even where that is not JSON.
fn sorted_entries(h: &HashMap) -> Vec<(String, &Value)> {
    let mut entries: Vec<(String, &Value)> = h.iter().map(|(k, v)| (key_text(k), v)).collect();
    entries.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    entries
}

fn push_raw_key(out: &mut String, key: &str) {
    out.push('"');
    out.push_str(key);
    out.push('"');
}

fn write_primitive(v: &Value, out: &mut String) {
    match v {
        Value::Undef => out.push_str("null"),
        Value::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Integer(i) => out.push_str(&i.to_string()),
        Value::Float(f) => out.push_str(&format_fixed(*f, 4)),
        Value::String(s) => push_json_string(out, s),
        _ => out.push_str("null"),
    }
}

/// An empty object still opens a line (`{\n  }`), as cf-agent writes it;
/// an empty array is `[]`.
fn write_pretty_into(v: &Value, indent: usize, out: &mut String) {
    match v {
        Value::Array(a) if a.is_empty() => out.push_str("[]"),
        Value::Array(a) => {
            out.push_str("[\n");
            for (i, item) in a.iter().enumerate() {
                out.push_str(&" ".repeat(indent + 2));
                write_pretty_into(item, indent + 2, out);
                if i + 1 < a.len() {
                    out.push(',');
                }
                out.push('\n');
            }
            out.push_str(&" ".repeat(indent));
            out.push(']');
        }
        Value::Hash(h) => {
            out.push_str("{\n");
            for (i, (k, item)) in sorted_entries(h).into_iter().enumerate() {
                out.push_str(&" ".repeat(indent + 2));
                push_raw_key(out, &k);
                out.push_str(": ");
                write_pretty_into(item, indent + 2, out);
                if i + 1 < h.len() {
                    out.push(',');
                }
                out.push('\n');
            }
            out.push_str(&" ".repeat(indent));
            out.push('}');
        }
        _ => write_primitive(v, out),
    }
}

/// `JsonWrite` with indentation, as `storejson()` prints.
pub fn write_pretty(v: &Value) -> String {
    let mut out = String::new();
    write_pretty_into(v, 0, &mut out);
    out
}

fn write_compact_into(v: &Value, out: &mut String) {
    match v {
        Value::Array(a) => {
            out.push('[');
            for (i, item) in a.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_compact_into(item, out);
            }
            out.push(']');
        }
        Value::Hash(h) => {
            out.push('{');
            for (i, (k, item)) in sorted_entries(h).into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_raw_key(out, &k);
                out.push(':');
                write_compact_into(item, out);
            }
            out.push('}');
        }
        _ => write_primitive(v, out),
    }
}

/// `JsonWriteCompact`: no whitespace.
pub fn write_compact(v: &Value) -> String {
    let mut out = String::new();
    write_compact_into(v, &mut out);
    out
}

/// Selects a child by a path of indices (`JsonSelect`): object keys, or
/// array positions given as decimal strings.
pub fn select<'a>(v: &'a Value, indices: &[String]) -> Option<&'a Value> {
    let mut cur = v;
    for idx in indices {
        cur = match cur {
            Value::Hash(h) => h.get(&Value::String(idx.as_str().into()))?,
            Value::Array(a) => {
                let i: usize = idx.parse().ok()?;
                a.get(i)?
            }
            _ => return None,
        };
    }
    Some(cur)
}

/// An object value from string keys.
pub fn object(entries: impl IntoIterator<Item = (String, Value)>) -> Value {
    let mut m = HashMap::new();
    for (k, v) in entries {
        m.insert(Value::String(k.into()), v);
    }
    Value::hash(m)
}

/// The string keys of an object, in order.
pub fn keys(v: &Value) -> Vec<String> {
    match v {
        Value::Hash(h) => h.keys().map(key_text).collect(),
        Value::Array(a) => (0..a.len()).map(|i| i.to_string()).collect(),
        _ => vec![],
    }
}
