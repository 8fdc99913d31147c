//! Parsing JSON and YAML documents into Puppet values, keeping enough of the
//! source to give the line and column of any value a problem points at.

use std::sync::Arc;

pub use crate::syntax_error::SyntaxError;
use confer_core::mismatch::PathElem;
use confer_core::{HashMap, Value};
use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

/// How a document is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// JSON (RFC 8259).
    Json,
    /// YAML 1.2; a file may hold several documents.
    Yaml,
}

impl Format {
    /// The format a file name suggests: `.json` is JSON, anything else YAML
    /// (which JSON also is).
    pub fn for_path(path: &str) -> Format {
        if path.ends_with(".json") {
            Format::Json
        } else {
            Format::Yaml
        }
    }
}

/// Where a document's values are in its text.
enum Locations {
    /// JSON: found on demand by scanning the text, so that a valid document
    /// costs nothing extra.
    Json(String),
    /// YAML: the tree of positions recorded while parsing.
    Yaml(Arc<crate::yaml::Loc>),
}

/// A parsed document.
pub struct Document {
    /// The document as a Puppet value (null is `undef`, mappings are hashes).
    pub value: Value,
    locations: Locations,
}

impl Document {
    /// The 1-based line and column of the value at `path`.
    pub fn locate(&self, path: &[PathElem]) -> Option<(usize, usize)> {
        match &self.locations {
            Locations::Yaml(root) => yaml_locate(root, path),
            Locations::Json(text) => crate::document::json_locate(text, path),
        }
    }
}

/// Parses `text` as `format`, giving one document per YAML document.
pub fn parse(text: &str, format: Format) -> Result<Vec<Document>, SyntaxError> {
    match format {
        Format::Json => {
            let text = json_text(text)?;
            let mut de = serde_json::Deserializer::from_str(text);
            // `json_text` bounded the nesting; serde_json's own limit (128) is below Puppet's.
            de.disable_recursion_limit();
            let value = ValueSeed.deserialize(&mut de).and_then(|v| de.end().map(|()| v)).map_err(|e| SyntaxError {
                message: e.to_string(),
                line: e.line(),
                column: e.column(),
            })?;
            Ok(vec![Document { value, locations: Locations::Json(text.to_string()) }])
        }
        Format::Yaml => Ok(crate::yaml::load(text)?
            .into_iter()
            .map(|(value, loc)| Document { value, locations: Locations::Yaml(loc) })
            .collect()),
    }
}

/// The position of the YAML value at `path`: the deepest node the path
/// reaches (a missing key points at its mapping).
fn yaml_locate(root: &crate::yaml::Loc, path: &[PathElem]) -> Option<(usize, usize)> {
    use crate::yaml::Parts;
    let mut node = root;
    for elem in path {
        node = match (elem, &node.parts) {
            (PathElem::Index(i), Parts::Seq(items)) => items.get(*i)?,
            (PathElem::Key(k), Parts::Map(entries)) => &entries.iter().find(|(key, _)| key == k)?.1,
            _ => return None,
        };
    }
    Some(node.at)
}

/// JSON text ready to parse: a UTF-8 byte order mark is skipped (editors on
/// Windows write one), nesting deeper than `value::depth::MAX_DEPTH` is
/// refused at the bracket that passes it, before any recursive parse, and an
/// integer beyond Puppet's 64 bits is refused where it starts (the JSON
/// parser would turn one past `u64` into a float without a word).
pub(crate) fn json_text(text: &str) -> Result<&str, SyntaxError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (mut depth, mut line, mut column) = (0usize, 1usize, 0usize);
    let (mut in_string, mut escaped) = (false, false);
    // The number being read: its start as a byte offset, line and column.
    let mut number: Option<(usize, usize, usize)> = None;
    for (at, c) in text.char_indices() {
        column += 1;
        if let Some((start, l, col)) = number {
            if c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-') {
                continue;
            }
            check_integer(&text[start..at], l, col)?;
            number = None;
        }
        if !in_string && (c.is_ascii_digit() || c == '-') {
            number = Some((at, line, column));
            continue;
        }
        match c {
            '\n' => (line, column) = (line + 1, 0),
            _ if in_string => match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            },
            '"' => in_string = true,
            '[' | '{' => {
                depth += 1;
                if depth > confer_core::value::depth::MAX_DEPTH {
                    return Err(SyntaxError {
                        message: format!(
                            "the document is nested deeper than {} levels",
                            confer_core::value::depth::MAX_DEPTH
                        ),
                        line,
                        column,
                    });
                }
            }
            ']' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    if let Some((start, l, col)) = number {
        check_integer(&text[start..], l, col)?;
    }
    Ok(text)
}

/// Refuses a JSON integer literal (no fraction or exponent) outside Puppet's
/// 64-bit Integer range; other numbers are left to the parser.
fn check_integer(token: &str, line: usize, column: usize) -> Result<(), SyntaxError> {
    let digits = token.strip_prefix('-').unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || token.parse::<i64>().is_ok() {
        return Ok(());
    }
    Err(SyntaxError { message: format!("Integer {token} is out of range (Puppet integers are 64-bit)"), line, column })
}

/// A JSON integer as a Puppet Integer, which has 64 bits.
pub(crate) fn json_integer<E: serde::de::Error>(u: u64) -> Result<i64, E> {
    i64::try_from(u).map_err(|_| E::custom(format!("Integer {u} is out of range (Puppet integers are 64-bit)")))
}

/// Builds Puppet values straight from the JSON parser, without an intermediate
/// JSON tree.
pub(crate) struct ValueSeed;

impl<'de> DeserializeSeed<'de> for ValueSeed {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Undef)
    }

    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Boolean(b))
    }

    fn visit_i64<E>(self, i: i64) -> Result<Value, E> {
        Ok(Value::Integer(i))
    }

    fn visit_u64<E: serde::de::Error>(self, u: u64) -> Result<Value, E> {
        json_integer(u).map(Value::Integer)
    }

    fn visit_f64<E>(self, f: f64) -> Result<Value, E> {
        Ok(Value::Float(f))
    }

    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::from(s))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(v) = seq.next_element_seed(ValueSeed)? {
            out.push(v);
        }
        Ok(Value::array(out))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = HashMap::with_capacity(map.size_hint().unwrap_or(0));
        while let Some(k) = map.next_key::<String>()? {
            let v = map.next_value_seed(ValueSeed)?;
            out.insert(Value::from(k), v);
        }
        Ok(Value::hash(out))
    }
}

/// Finds the line and column of the value at `path` in JSON text by scanning
/// it, skipping whatever lies off the path.
pub(crate) fn json_locate(text: &str, path: &[PathElem]) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut pos = skip_ws(bytes, 0);
    for elem in path {
        match (elem, bytes.get(pos)?) {
            (PathElem::Index(n), b'[') => {
                pos = skip_ws(bytes, pos + 1);
                for _ in 0..*n {
                    pos = skip_ws(bytes, skip_value(bytes, pos)?);
                    if bytes.get(pos) != Some(&b',') {
                        return None;
                    }
                    pos = skip_ws(bytes, pos + 1);
                }
            }
            (PathElem::Key(Value::String(key)), b'{') => {
                // A repeated key's last value is the one parsed (as in Ruby's
                // JSON), so the last occurrence is the one to point at.
                pos = skip_ws(bytes, pos + 1);
                let mut last = None;
                loop {
                    let key_end = skip_value(bytes, pos)?;
                    let found: String = serde_json::from_str(text.get(pos..key_end)?).ok()?;
                    pos = skip_ws(bytes, key_end);
                    if bytes.get(pos) != Some(&b':') {
                        return None;
                    }
                    pos = skip_ws(bytes, pos + 1);
                    if found == **key {
                        last = Some(pos);
                    }
                    pos = skip_ws(bytes, skip_value(bytes, pos)?);
                    if bytes.get(pos) != Some(&b',') {
                        break;
                    }
                    pos = skip_ws(bytes, pos + 1);
                }
                pos = last?;
            }
            _ => return None,
        }
    }
    let before = &text[..pos];
    let line = before.matches('\n').count() + 1;
    let column = before.rfind('\n').map_or(before.chars().count(), |nl| before[nl + 1..].chars().count()) + 1;
    Some((line, column))
}

fn skip_ws(bytes: &[u8], mut pos: usize) -> usize {
    while bytes.get(pos).is_some_and(|b| b.is_ascii_whitespace()) {
        pos += 1;
    }
    pos
}

/// The position just after the JSON value starting at `pos`.
fn skip_value(bytes: &[u8], pos: usize) -> Option<usize> {
    match bytes.get(pos)? {
        b'"' => {
            let mut i = pos + 1;
            loop {
                match bytes.get(i)? {
                    b'\\' => i += 2,
                    b'"' => return Some(i + 1),
                    _ => i += 1,
                }
            }
        }
        b'[' | b'{' => {
            let mut depth = 0usize;
            let mut i = pos;
            loop {
                match bytes.get(i)? {
                    b'"' => {
                        i = skip_value(bytes, i)?;
                        continue;
                    }
                    b'[' | b'{' => depth += 1,
                    b']' | b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        _ => {
            let mut i = pos;
            while bytes.get(i).is_some_and(|b| !matches!(b, b',' | b']' | b'}') && !b.is_ascii_whitespace()) {
                i += 1;
            }
            Some(i)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_values_are_located() {
        let text = "{\n  \"servers\": [\n    {\"port\": 1},\n    {\"port\": \"x\"}\n  ]\n}";
        let path = vec![PathElem::Key("servers".into()), PathElem::Index(1), PathElem::Key("port".into())];
        assert_eq!(json_locate(text, &path), Some((4, 14)));
    }

    #[test]
    fn yaml_values_are_located() {
        let docs = parse("servers:\n  - port: 1\n  - port: x\n", Format::Yaml).unwrap();
        let path = vec![PathElem::Key("servers".into()), PathElem::Index(1), PathElem::Key("port".into())];
        assert_eq!(docs[0].locate(&path), Some((3, 11)));
    }

    #[test]
    fn json_becomes_puppet_values() {
        let docs = parse(r#"{"a": [1, 2.5, null, true, "s"]}"#, Format::Json).unwrap();
        assert_eq!(confer_core::value::to_s(&docs[0].value), "{a => [1, 2.5, , true, s]}");
    }

    #[test]
    fn syntax_errors_have_positions() {
        let e = parse("{\n  \"a\": ,\n}", Format::Json).err().unwrap();
        assert_eq!((e.line, e.column), (2, 8));
    }

    #[test]
    fn json_edges_read_as_ruby_reads_them() {
        assert_eq!(parse("\u{feff}{\"a\": 1}", Format::Json).unwrap().len(), 1);
        let docs = parse("{\"a\": 1,\n \"a\": \"x\"}", Format::Json).unwrap();
        assert_eq!(docs[0].locate(&[PathElem::Key("a".into())]), Some((2, 7)));
        let deep = format!("{}{}", "[".repeat(500), "]".repeat(500));
        assert!(parse(&deep, Format::Json).is_ok());
        let too_deep = format!("{}{}", "[".repeat(1001), "]".repeat(1001));
        assert_eq!(parse(&too_deep, Format::Json).err().map(|e| (e.line, e.column)), Some((1, 1001)));
        assert!(parse("[18446744073709551615]", Format::Json).is_err());
    }
}
