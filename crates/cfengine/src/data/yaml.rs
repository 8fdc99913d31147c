//! YAML to a data container, from saphyr's parser events. Built here rather
//! than through saphyr's loader, which expands an alias by copying its
//! anchor (a "billion laughs" file of 342 bytes exhausted memory). cf-agent
//! (libyaml events, `JsonParseYamlString`) ignores aliases: an alias in a
//! sequence adds nothing and a key whose value is an alias is dropped.
//! confer does the same. Nesting deeper than `MAX_DEPTH` is an error.
//! Plain scalars are read as libntech reads them (`JsonParseYamlScalarValue`):
//! YAML 1.1's nulls and booleans, numbers by its JSON number parser, and
//! every other scalar, quoted or not, as a string; keys as written.

use confer_core::{HashMap, Value};
use saphyr_parser::{Event, Parser, Span, SpannedEventReceiver};

use crate::data::container_number::{self, DataError};
use crate::data::json;

/// The deepest nesting a document may have.
pub const MAX_DEPTH: usize = 1000;

/// A container being built.
enum Open {
    Seq(Vec<Value>),
    /// Entries, and the key waiting for its value.
    Map(HashMap, Option<String>),
}

#[derive(Default)]
struct Builder {
    stack: Vec<Open>,
    done: Option<Value>,
    /// The first document is the result; later ones are ignored.
    docs: usize,
    error: Option<String>,
    /// The first number cf-agent cannot convert when it stores the result.
    fatal: Option<String>,
}

fn key_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.to_string(),
        other => crate::data::json::primitive_to_string(other).unwrap_or_default(),
    }
}

impl Builder {
    /// Adds a finished value to the container it belongs to (`None`: an
    /// alias, which adds nothing).
    fn add(&mut self, v: Option<Value>) {
        match self.stack.last_mut() {
            None => {
                if self.done.is_none() && self.docs <= 1 {
                    self.done = v;
                }
            }
            Some(Open::Seq(items)) => items.extend(v),
            Some(Open::Map(m, key)) => match key.take() {
                None => *key = Some(v.as_ref().map(key_text).unwrap_or_default()),
                Some(k) => {
                    if let Some(v) = v {
                        m.insert(Value::String(k.into()), v);
                    }
                }
            },
        }
    }

    fn open(&mut self, o: Open) {
        if self.stack.len() >= MAX_DEPTH {
            self.error.get_or_insert_with(|| format!("YAML nested deeper than {MAX_DEPTH} levels"));
            return;
        }
        self.stack.push(o);
    }
}

impl<'input> SpannedEventReceiver<'input> for Builder {
    fn on_event(&mut self, ev: Event<'input>, _span: Span) {
        if self.error.is_some() {
            return;
        }
        match ev {
            Event::DocumentStart(_) => self.docs += 1,
            Event::SequenceStart(..) => self.open(Open::Seq(vec![])),
            Event::MappingStart(..) => self.open(Open::Map(HashMap::new(), None)),
            Event::SequenceEnd | Event::MappingEnd => {
                let v = match self.stack.pop() {
                    Some(Open::Seq(items)) => Value::array(items),
                    Some(Open::Map(m, _)) => Value::hash(m),
                    None => return,
                };
                self.add(Some(v));
            }
            Event::Scalar(text, style, _, tag) => {
                let is_key = matches!(self.stack.last(), Some(Open::Map(_, None)));
                let v = if is_key || (style != saphyr_parser::ScalarStyle::Plain && tag.is_none()) {
                    Value::String(text.as_ref().into())
                } else if tag.is_none() {
                    plain_scalar(&text).unwrap_or_else(|m| {
                        self.fatal.get_or_insert(m);
                        Value::Undef
                    })
                } else {
                    from_yaml(&saphyr::Yaml::value_from_cow_and_metadata(text, style, tag.as_ref()), 0)
                };
                self.add(Some(v));
            }
            Event::Alias(_) => self.add(None),
            _ => {}
        }
    }
}

/// Parses a YAML document (the first one of a stream).
pub fn parse(s: &str) -> Result<Value, DataError> {
    let mut b = Builder::default();
    // Event by event: the parser's own `load` recurses once per level.
    let mut parser = Parser::new_from_str(s);
    while let Some(event) = parser.next_event() {
        let (event, span) = event.map_err(|e| DataError::Invalid(e.to_string()))?;
        b.on_event(event, span);
    }
    if let Some(e) = b.error {
        return Err(DataError::Invalid(e));
    }
    if let Some(m) = b.fatal {
        return Err(DataError::Fatal(m));
    }
    Ok(b.done.unwrap_or(Value::Undef))
}

/// A plain (unquoted, untagged) scalar as libntech reads it, or the
/// conversion error cf-agent exits with when it stores it.
fn plain_scalar(text: &str) -> Result<Value, String> {
    const NULL: &[&str] = &["", "~", "NULL", "Null", "null"];
    const TRUE: &[&str] = &["y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"];
    const FALSE: &[&str] = &["n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"];
    if NULL.contains(&text) {
        return Ok(Value::Undef);
    }
    if TRUE.contains(&text) || FALSE.contains(&text) {
        return Ok(Value::Boolean(TRUE.contains(&text)));
    }
    match container_number::parse(text) {
        Some(number) => number,
        None => Ok(Value::String(text.into())),
    }
}

fn yaml_scalar(sc: &saphyr::Scalar) -> Value {
    use saphyr::Scalar;
    match sc {
        Scalar::Null => Value::Undef,
        Scalar::Boolean(b) => Value::Boolean(*b),
        Scalar::Integer(i) => Value::Integer(*i),
        Scalar::FloatingPoint(f) => container_number::real(f.into_inner()),
        Scalar::String(s) => Value::String(s.as_ref().into()),
    }
}

/// A saphyr node as a data container.
pub(crate) fn from_yaml(y: &saphyr::Yaml, depth: usize) -> Value {
    use saphyr::Yaml;
    if depth > 256 {
        return Value::Undef;
    }
    match y {
        Yaml::Value(sc) => yaml_scalar(sc),
        Yaml::Representation(s, _, _) => Value::String(s.as_ref().into()),
        Yaml::Sequence(a) => Value::array(a.iter().map(|i| from_yaml(i, depth + 1)).collect()),
        Yaml::Mapping(h) => {
            let mut m = HashMap::with_capacity(h.len());
            for (k, v) in h.iter() {
                let key = match from_yaml(k, depth + 1) {
                    Value::String(s) => s.to_string(),
                    other => json::primitive_to_string(&other).unwrap_or_default(),
                };
                m.insert(Value::String(key.into()), from_yaml(v, depth + 1));
            }
            Value::hash(m)
        }
        Yaml::Tagged(_, inner) => from_yaml(inner, depth + 1),
        _ => Value::Undef,
    }
}
