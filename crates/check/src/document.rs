//! Parsing JSON and YAML documents into Puppet values, keeping enough of the
//! source to give the line and column of any value a problem points at.

use std::collections::HashMap as StdHashMap;

use confer_core::mismatch::PathElem;
use confer_core::{HashMap, Value};
use saphyr::{LoadableYamlNode, MarkedYamlOwned, ScalarOwned, YamlDataOwned};
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
    /// YAML: recorded while converting, by rendered path.
    Yaml(StdHashMap<String, (usize, usize)>),
}

/// A parsed document.
pub struct Document {
    /// The document as a Puppet value (null is `undef`, mappings are hashes).
    pub value: Value,
    locations: Locations,
}

/// A document that does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// What is wrong.
    pub message: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
}

impl Document {
    /// The 1-based line and column of the value at `path`.
    pub fn locate(&self, path: &[PathElem]) -> Option<(usize, usize)> {
        match &self.locations {
            Locations::Yaml(map) => map.get(&crate::path::render(path)).copied(),
            Locations::Json(text) => crate::document::json_locate(text, path),
        }
    }
}

/// Parses `text` as `format`, giving one document per YAML document.
pub fn parse(text: &str, format: Format) -> Result<Vec<Document>, SyntaxError> {
    match format {
        Format::Json => {
            let mut de = serde_json::Deserializer::from_str(text);
            let value = ValueSeed.deserialize(&mut de).and_then(|v| de.end().map(|()| v)).map_err(|e| SyntaxError {
                message: e.to_string(),
                line: e.line(),
                column: e.column(),
            })?;
            Ok(vec![Document { value, locations: Locations::Json(text.to_string()) }])
        }
        Format::Yaml => {
            let docs = MarkedYamlOwned::load_from_str(text).map_err(|e| SyntaxError {
                message: e.info().to_string(),
                line: e.marker().line(),
                column: e.marker().col() + 1,
            })?;
            docs.iter()
                .map(|doc| {
                    let mut locations = StdHashMap::new();
                    let mut path = Vec::new();
                    let value = yaml_value(doc, &mut path, &mut locations)?;
                    Ok(Document { value, locations: Locations::Yaml(locations) })
                })
                .collect()
        }
    }
}

fn yaml_value(
    node: &MarkedYamlOwned,
    path: &mut Vec<PathElem>,
    locations: &mut StdHashMap<String, (usize, usize)>,
) -> Result<Value, SyntaxError> {
    let start = node.span.start;
    let here = crate::path::render(path);
    locations.insert(here.clone(), (start.line(), start.col() + 1));
    // Block collections carry no position of their own: use their first entry's.
    if start.line() == 0 {
        let first = match &node.data {
            YamlDataOwned::Sequence(items) => items.first().map(|i| i.span.start),
            YamlDataOwned::Mapping(map) => map.keys().next().map(|k| k.span.start),
            _ => None,
        };
        if let Some(m) = first {
            locations.insert(here, (m.line(), m.col() + 1));
        }
    }
    Ok(match &node.data {
        YamlDataOwned::Value(scalar) => scalar_value(scalar),
        YamlDataOwned::Representation(text, ..) => Value::from(text.as_str()),
        YamlDataOwned::Sequence(items) => {
            let mut out = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                path.push(PathElem::Index(i));
                out.push(yaml_value(item, path, locations)?);
                path.pop();
            }
            Value::array(out)
        }
        YamlDataOwned::Mapping(map) => {
            let mut out = HashMap::with_capacity(map.len());
            for (k, v) in map.iter() {
                let key = yaml_value(k, &mut Vec::new(), &mut StdHashMap::new())?;
                path.push(PathElem::Key(key.clone()));
                let value = yaml_value(v, path, locations)?;
                path.pop();
                out.insert(key, value);
            }
            Value::hash(out)
        }
        YamlDataOwned::Tagged(_, inner) => yaml_value(inner, path, locations)?,
        YamlDataOwned::Alias(_) | YamlDataOwned::BadValue => {
            return Err(SyntaxError {
                message: "unsupported YAML node (alias or invalid value)".into(),
                line: start.line(),
                column: start.col() + 1,
            })
        }
    })
}

fn scalar_value(s: &ScalarOwned) -> Value {
    match s {
        ScalarOwned::Null => Value::Undef,
        ScalarOwned::Boolean(b) => Value::Boolean(*b),
        ScalarOwned::Integer(i) => Value::Integer(*i),
        ScalarOwned::FloatingPoint(f) => Value::Float(f.into_inner()),
        ScalarOwned::String(s) => Value::from(s.as_str()),
    }
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

    fn visit_u64<E>(self, u: u64) -> Result<Value, E> {
        Ok(i64::try_from(u).map_or(Value::Float(u as f64), Value::Integer))
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
                pos = skip_ws(bytes, pos + 1);
                loop {
                    let key_end = skip_value(bytes, pos)?;
                    let found: String = serde_json::from_str(text.get(pos..key_end)?).ok()?;
                    pos = skip_ws(bytes, key_end);
                    if bytes.get(pos) != Some(&b':') {
                        return None;
                    }
                    pos = skip_ws(bytes, pos + 1);
                    if found == **key {
                        break;
                    }
                    pos = skip_ws(bytes, skip_value(bytes, pos)?);
                    if bytes.get(pos) != Some(&b',') {
                        return None;
                    }
                    pos = skip_ws(bytes, pos + 1);
                }
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
}
