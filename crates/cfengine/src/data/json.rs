//! Data containers from and to JSON, formatted as libntech's json.c writes
//! them: two-space indentation, reals with four decimals; and the text of a
//! container's primitives. YAML is read in [`crate::data::yaml`].
//!
//! JSON is parsed with serde_json (with `preserve_order`, so objects keep the
//! order of their keys as CFEngine's do).

use confer_core::json_string::push_json_string;
use confer_core::{HashMap, Value};

use crate::data::container_number::{self, DataError};
use crate::data::number::format_fixed;

/// A real as cf-agent stores it in a container: rounded to four decimals
/// (`JsonRealCreate` formats with `%.4f`).
pub fn real(f: f64) -> Value {
    let f = if f.is_finite() { f } else { 0.0 };
    Value::Float(format_fixed(f, 4).parse().unwrap_or(f))
}

fn from_serde(v: serde_json::Value) -> Value {
    match v {
        serde_json::Value::Null => Value::Undef,
        serde_json::Value::Bool(b) => Value::Boolean(b),
        serde_json::Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                Value::Integer(i)
            } else if let Some(u) = n.as_u64() {
                Value::Integer(i64::try_from(u).unwrap_or(i64::MAX))
            } else {
                real(n.as_f64().unwrap_or(0.0))
            }
        }
        serde_json::Value::String(s) => Value::String(s.into()),
        serde_json::Value::Array(a) => Value::array(a.into_iter().map(from_serde).collect()),
        serde_json::Value::Object(o) => {
            let mut m = HashMap::with_capacity(o.len());
            for (k, v) in o {
                m.insert(Value::String(k.into()), from_serde(v));
            }
            Value::hash(m)
        }
    }
}

/// Parses a JSON document. Like cf-agent, a bare word that is not JSON is
/// an error; the message is cf-agent's wording where known. Numbers become
/// what a stored copy holds (`container_number`).
pub fn parse(s: &str) -> Result<Value, DataError> {
    let (text, fatal) = numbers_as_stored(&unicode_escapes_kept(s))?;
    let v = parse_escaped(&text)?;
    fatal.map_or(Ok(v), |m| Err(DataError::Fatal(m)))
}

/// [`parse`] of text whose escapes and numbers are already as serde_json
/// should read them.
///
/// libntech's `JsonParse` reads the first value and stops: text after it is
/// ignored (`[1] x` is `[1]`), so only the first value is read here too.
fn parse_escaped(s: &str) -> Result<Value, DataError> {
    let text = without_trailing_commas(s.trim());
    match serde_json::Deserializer::from_str(&text).into_iter::<serde_json::Value>().next() {
        Some(Ok(v)) => Ok(from_serde(v)),
        Some(Err(e)) => Err(DataError::Invalid(e.to_string())),
        None => Err(DataError::Invalid("EOF while parsing a value at line 1 column 0".into())),
    }
}

/// Where libntech's reader stops in `s` after a primitive value: on its
/// last character (a string's closing quote, a number's last digit), the
/// text that `parsejson()`'s "Non-container" message shows.
pub fn after_primitive(s: &str) -> &str {
    let t = s.trim_start();
    let b = t.as_bytes();
    let last = if b.first() == Some(&b'"') {
        closing_quote(b, 0).min(b.len().saturating_sub(1))
    } else {
        b.iter().position(|&c| is_separator(c)).unwrap_or(b.len()).saturating_sub(1)
    };
    &t[crate::data::value::prefix_within(t, last).len()..]
}

/// Where the string opened by the quote at `open` closes (past a
/// backslash's escaped character), or the end of `b` when it does not.
fn closing_quote(b: &[u8], open: usize) -> usize {
    let mut i = open + 1;
    while i < b.len() && b[i] != b'"' {
        i += if b[i] == b'\\' { 2 } else { 1 };
    }
    i.min(b.len())
}

/// The text with each number (a `-` or digit where a value starts, up to a
/// separator) written as the value a stored copy holds, and the first
/// conversion error (cf-agent exits on it), or the number libntech refuses.
fn numbers_as_stored(s: &str) -> Result<(String, Option<String>), DataError> {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut fatal = None;
    let (mut in_string, mut value_starts) = (false, true);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if !in_string && value_starts && (c == b'-' || c.is_ascii_digit()) {
            let end = b[i..].iter().position(|&c| is_separator(c)).map_or(b.len(), |n| i + n);
            write_stored_number(&s[i..end], &mut out, &mut fatal)?;
            i = end;
            value_starts = false;
            continue;
        }
        match c {
            b'\\' if in_string => {
                out.push('\\');
                i += 1;
            }
            b'"' => in_string = !in_string,
            b'[' | b',' | b':' if !in_string => value_starts = true,
            c if !in_string && !c.is_ascii_whitespace() => value_starts = false,
            _ => {}
        }
        let ch = s[i..].chars().next().map_or(1, char::len_utf8);
        out.push_str(&s[i..i + ch]);
        i += ch;
    }
    Ok((out, fatal))
}

/// libntech's `IsSeparator`: what ends a number.
fn is_separator(c: u8) -> bool {
    c.is_ascii_whitespace() || matches!(c, b',' | b']' | b'}')
}

/// Writes `token` as the number a stored copy holds, keeping the first
/// conversion error in `fatal`.
fn write_stored_number(token: &str, out: &mut String, fatal: &mut Option<String>) -> Result<(), DataError> {
    match container_number::parse(token) {
        None => Err(DataError::Invalid(format!("invalid number '{token}'"))),
        Some(Err(message)) => {
            fatal.get_or_insert(message);
            out.push('0');
            Ok(())
        }
        Some(Ok(Value::Float(f))) => {
            out.push_str(&format!("{f:?}"));
            Ok(())
        }
        Some(Ok(v)) => {
            out.push_str(&confer_core::value::to_s(&v));
            Ok(())
        }
    }
}

/// libntech's parser does not decode `\uXXXX`: the string keeps the
/// backslash and the letters (`"\u00e9"` is six characters, as cf-agent
/// 3.21 prints it back). serde_json decodes them, so each such backslash is
/// doubled first.
fn unicode_escapes_kept(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.contains("\\u") {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    let mut in_string = false;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        out.push(c);
        match c {
            '"' => in_string = !in_string,
            '\\' if in_string => match chars.next() {
                Some('u') => out.push_str("\\u"),
                Some(next) => out.push(next),
                None => {}
            },
            _ => {}
        }
    }
    std::borrow::Cow::Owned(out)
}

/// libntech's parser accepts a comma before the closing `]` or `}` of an
/// array or object (`[1,2,]`); serde_json does not, so such commas go.
fn without_trailing_commas(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.contains(',') {
        return std::borrow::Cow::Borrowed(s);
    }
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut in_string = false;
    let mut start = 0;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if in_string => i += 1,
            b'"' => in_string = !in_string,
            b',' if !in_string => {
                let next = b[i + 1..].iter().find(|c| !c.is_ascii_whitespace());
                if matches!(next, Some(b']' | b'}')) {
                    out.push_str(&s[start..i]);
                    start = i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    out.push_str(&s[start..]);
    std::borrow::Cow::Owned(out)
}

/// Parses inline JSON in which a bare word outside strings names a variable
/// (libntech's `JsonParseWithLookup` with cf-agent's `LookupVarRefToJson`):
/// `{ "state": state_container }`. `lookup` gives a variable's JSON value;
/// a word it does not know makes the document invalid.
///
/// Each word becomes a placeholder string that is swapped for the variable's
/// value after parsing, so the value is shared rather than written out and
/// parsed again: `mergedata('[ v, v ]')` chained forty times would otherwise
/// write 2^40 copies. A placeholder starts with a NUL character, which no
/// string of the document can hold (a raw one is invalid JSON and `\u0000`
/// stays six characters). A bare word before a `:` is a key, as written.
pub fn parse_with_lookup(s: &str, lookup: &mut dyn FnMut(&str) -> Option<Value>) -> Result<Value, DataError> {
    let s = &*unicode_escapes_kept(s);
    let b = s.as_bytes();
    let mut fatal = None;
    let mut found: Vec<Value> = Vec::new();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'"' {
            let start = i;
            i = (closing_quote(b, i) + 1).min(b.len());
            out.push_str(&s[start..i]);
        } else if c == b'-' || c.is_ascii_digit() {
            let start = i;
            while i < b.len() && !is_separator(b[i]) {
                i += 1;
            }
            write_stored_number(&s[start..i], &mut out, &mut fatal)?;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let end = reference_end(b, i);
            let word = &s[i..end];
            let is_key = b[end..].iter().find(|c| !c.is_ascii_whitespace()) == Some(&b':');
            if matches!(word, "true" | "false" | "null") {
                out.push_str(word);
            } else if is_key {
                out.push('"');
                out.push_str(word);
                out.push('"');
            } else {
                let v = lookup(word).ok_or_else(|| DataError::Invalid(format!("unknown variable '{word}'")))?;
                out.push_str("\"\\u0000");
                out.push_str(&found.len().to_string());
                out.push('"');
                found.push(v);
            }
            i = end;
        } else {
            let ch = s[i..].chars().next().map_or(1, char::len_utf8);
            out.push_str(&s[i..i + ch]);
            i += ch;
        }
    }
    let parsed = parse_escaped(&out)?;
    if let Some(message) = fatal {
        return Err(DataError::Fatal(message));
    }
    if found.is_empty() {
        return Ok(parsed);
    }
    Ok(substitute(parsed, &found))
}

/// `v` with each placeholder string (a NUL and an index into `found`)
/// replaced by the value it stands for.
fn substitute(v: Value, found: &[Value]) -> Value {
    let placeholder = |v: &Value| {
        v.as_str().and_then(|s| s.strip_prefix('\0')).and_then(|n| n.parse::<usize>().ok()).and_then(|n| found.get(n))
    };
    if let Some(value) = placeholder(&v) {
        return value.clone();
    }
    match v {
        Value::Array(items) => Value::array(items.iter().map(|i| substitute(i.clone(), found)).collect()),
        Value::Hash(map) => {
            let mut out = HashMap::with_capacity(map.len());
            for (k, v) in map.iter() {
                out.insert(k.clone(), substitute(v.clone(), found));
            }
            Value::hash(out)
        }
        other => other,
    }
}

/// Where a variable name starting at `b[i]` ends: cf-agent's
/// `^(([a-zA-Z0-9_]+\.)?[a-zA-Z0-9._]+)(\[[^\[\]]+\])?`.
fn reference_end(b: &[u8], i: usize) -> usize {
    let mut end = i;
    while end < b.len() && (b[end].is_ascii_alphanumeric() || b[end] == b'_' || b[end] == b'.') {
        end += 1;
    }
    if b.get(end) == Some(&b'[') {
        let close = b[end + 1..].iter().position(|&c| c == b']' || c == b'[');
        if let Some(p) = close {
            if p > 0 && b[end + 1 + p] == b']' {
                return end + p + 2;
            }
        }
    }
    end
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
