//! YAML to a data container, from saphyr's parser events. Built here rather
//! than through saphyr's loader, which expands an alias by copying its
//! anchor (a "billion laughs" file of 342 bytes exhausted memory). cf-agent
//! (libyaml events, `JsonParseYamlString`) ignores aliases: an alias in a
//! sequence adds nothing and a key whose value is an alias is dropped.
//! confer does the same. Nesting deeper than `MAX_DEPTH` is an error.

use std::sync::Arc;

use confer_core::{HashMap, Value};
use saphyr_parser::{Event, Parser, Span, SpannedEventReceiver};

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
                    Some(Open::Seq(items)) => Value::Array(Arc::new(items)),
                    Some(Open::Map(m, _)) => Value::Hash(Arc::new(m)),
                    None => return,
                };
                self.add(Some(v));
            }
            Event::Scalar(text, style, _, tag) => {
                let y = saphyr::Yaml::value_from_cow_and_metadata(text, style, tag.as_ref());
                self.add(Some(crate::data::json::from_yaml(&y, 0)));
            }
            Event::Alias(_) => self.add(None),
            _ => {}
        }
    }
}

/// Parses a YAML document (the first one of a stream).
pub fn parse(s: &str) -> Result<Value, String> {
    let mut b = Builder::default();
    Parser::new_from_str(s).load(&mut b, true).map_err(|e| e.to_string())?;
    if let Some(e) = b.error {
        return Err(e);
    }
    Ok(b.done.unwrap_or(Value::Undef))
}
