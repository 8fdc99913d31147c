//! YAML documents built straight from the parser's events, with the limits
//! that hostile input needs and the scalars Hiera sees (Psych's reading of
//! a plain scalar, `confer_core::ruby_compat::tokenize`).
//!
//! saphyr's loader builds its own tree first, copying the node behind every
//! alias (a 272-byte "billion laughs" became 2.4 GB) and recursing once per
//! level when converted. Here an alias shares the anchored value (`Value` is
//! reference-counted), the expansion a later walk would see is counted and
//! capped by the budget Hiera's reader keeps too
//! (`confer_hiera::yaml_aliases`), nesting is capped at
//! `value::depth::MAX_DEPTH`, and the positions form a tree walked only to
//! locate a problem (recording every node's path as a string was quadratic
//! in the depth).

use std::collections::HashMap as StdHashMap;
use std::sync::Arc;

use confer_core::ruby_compat::{tokenize, PlainScalar};
use confer_core::value::depth::MAX_DEPTH;
use confer_core::{HashMap, Value};
use confer_hiera::yaml_aliases::AliasBudget;
use saphyr_parser::{Event, Parser, ScalarStyle, Span};

use crate::syntax_error::SyntaxError;

/// Where a node is, and where its parts are.
#[derive(Debug)]
pub(crate) struct Loc {
    /// 1-based line and column.
    pub at: (usize, usize),
    /// Entries of a sequence or mapping, in order (a mapping's with their keys).
    pub parts: Parts,
}

/// The located parts of a collection.
#[derive(Debug)]
pub(crate) enum Parts {
    /// A scalar.
    None,
    /// A sequence's items.
    Seq(Vec<Arc<Loc>>),
    /// A mapping's values by key; a repeated key's last value wins, as in Psych.
    Map(Vec<(Value, Arc<Loc>)>),
}

/// A collection being built.
struct Open {
    anchor: usize,
    at: Option<(usize, usize)>,
    body: Body,
}

enum Body {
    Seq(Vec<Value>, Vec<Arc<Loc>>),
    Map { map: HashMap, locs: Vec<(Value, Arc<Loc>)>, key: Option<Value> },
}

/// A finished node: its value and positions.
struct Node {
    value: Value,
    loc: Arc<Loc>,
}

/// Parses every document of `text`; an empty stream is one `undef` document,
/// as Psych loads it.
pub(crate) fn load(text: &str) -> Result<Vec<(Value, Arc<Loc>)>, SyntaxError> {
    let mut builder = Builder::default();
    let mut parser = Parser::new_from_str(text);
    while let Some(event) = parser.next_event() {
        let (event, span) = event.map_err(|e| SyntaxError {
            message: e.info().to_string(),
            line: e.marker().line(),
            column: e.marker().col() + 1,
        })?;
        builder.on_event(event, span)?;
    }
    if builder.docs.is_empty() {
        builder.docs.push((Value::Undef, Arc::new(Loc { at: (1, 1), parts: Parts::None })));
    }
    Ok(builder.docs)
}

#[derive(Default)]
struct Builder {
    docs: Vec<(Value, Arc<Loc>)>,
    stack: Vec<Open>,
    anchors: StdHashMap<usize, (Value, Arc<Loc>)>,
    root: Option<Node>,
    /// What the current document's aliases add, which a later walk sees.
    aliases: AliasBudget,
    /// The last position the parser gave, for nodes it gives none.
    last: (usize, usize),
}

fn position(span: &Span) -> Option<(usize, usize)> {
    (span.start.line() > 0).then(|| (span.start.line(), span.start.col() + 1))
}

fn error(message: String, at: (usize, usize)) -> SyntaxError {
    SyntaxError { message, line: at.0, column: at.1 }
}

impl Builder {
    fn on_event(&mut self, event: Event<'_>, span: Span) -> Result<(), SyntaxError> {
        let here = position(&span);
        if let Some(at) = here {
            self.last = at;
        }
        if let Err(at) = self.aliases.on_event(&event, span) {
            return Err(error(AliasBudget::message(), at));
        }
        match event {
            Event::StreamStart | Event::StreamEnd | Event::Nothing => {}
            Event::DocumentStart(_) => {
                self.anchors.clear();
                self.aliases = AliasBudget::default();
            }
            Event::DocumentEnd => {
                let root = self.root.take();
                let (value, loc) = match root {
                    Some(n) => (n.value, n.loc),
                    None => (Value::Undef, Arc::new(Loc { at: here.unwrap_or(self.last), parts: Parts::None })),
                };
                self.docs.push((value, loc));
            }
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                if self.stack.len() >= MAX_DEPTH {
                    return Err(error(
                        format!("the document is nested deeper than {MAX_DEPTH} levels"),
                        here.unwrap_or(self.last),
                    ));
                }
                let body = if matches!(event, Event::SequenceStart(..)) {
                    Body::Seq(Vec::new(), Vec::new())
                } else {
                    Body::Map { map: HashMap::new(), locs: Vec::new(), key: None }
                };
                self.stack.push(Open { anchor, at: here, body });
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let Some(open) = self.stack.pop() else { return Ok(()) };
                // Block collections carry no position of their own: their first
                // entry's, or for an empty one the last position seen.
                let first = match &open.body {
                    Body::Seq(_, locs) => locs.first().map(|l| l.at),
                    Body::Map { locs, .. } => locs.first().map(|(_, l)| l.at),
                };
                let at = open.at.or(first).unwrap_or(self.last);
                let (value, parts) = match open.body {
                    Body::Seq(items, locs) => (Value::array(items), Parts::Seq(locs)),
                    Body::Map { map, locs, .. } => (Value::hash(map), Parts::Map(locs)),
                };
                let node = Node { value, loc: Arc::new(Loc { at, parts }) };
                self.finish(node, open.anchor);
            }
            Event::Scalar(text, style, anchor, tag) => {
                let at = here.unwrap_or(self.last);
                let quoted = style != ScalarStyle::Plain || tag.as_ref().is_some_and(|t| t.suffix == "str");
                let value = if quoted { Value::from(text.as_ref()) } else { plain(&text, at)? };
                self.finish(Node { value, loc: Arc::new(Loc { at, parts: Parts::None }) }, anchor);
            }
            Event::Alias(id) => {
                let at = here.unwrap_or(self.last);
                let Some((value, loc)) = self.anchors.get(&id).cloned() else {
                    return Err(error("unknown YAML alias".into(), at));
                };
                self.finish(Node { value, loc }, 0);
            }
        }
        Ok(())
    }

    /// Adds a finished node to its parent (or makes it the document).
    fn finish(&mut self, node: Node, anchor: usize) {
        if anchor > 0 {
            self.anchors.insert(anchor, (node.value.clone(), node.loc.clone()));
        }
        let Some(parent) = self.stack.last_mut() else {
            self.root = Some(node);
            return;
        };
        match &mut parent.body {
            Body::Seq(items, locs) => {
                items.push(node.value);
                locs.push(node.loc);
            }
            Body::Map { key: key @ None, .. } => *key = Some(node.value),
            Body::Map { map, locs, key } => {
                let k = key.take().unwrap_or(Value::Undef);
                if map.contains_key(&k) {
                    locs.retain(|(existing, _)| *existing != k);
                }
                locs.push((k.clone(), node.loc));
                map.insert(k, node.value);
            }
        }
    }
}

/// A plain scalar as Psych reads it, as `check` holds it. An Integer past
/// Puppet's 64 bits is an error, and so is a scalar Psych fails to convert
/// (`0x_`, with Ruby's message). What Puppet's safe loader refuses or
/// Puppet values cannot hold stays the text: a Date or a Time, a Symbol
/// (`:a`, as written), `.inf` and `.nan`.
fn plain(text: &str, at: (usize, usize)) -> Result<Value, SyntaxError> {
    Ok(match tokenize(text) {
        PlainScalar::Null => Value::Undef,
        PlainScalar::Boolean(b) => Value::Boolean(b),
        PlainScalar::Integer(n) => Value::Integer(n),
        PlainScalar::Float(f) if f.is_finite() => Value::Float(f),
        PlainScalar::BigInteger => {
            return Err(error(format!("Integer '{text}' is out of range (Puppet integers are 64-bit)"), at))
        }
        PlainScalar::Unconvertible(message) => return Err(error(message, at)),
        PlainScalar::Float(_)
        | PlainScalar::Symbol(_)
        | PlainScalar::Date
        | PlainScalar::Time
        | PlainScalar::String => Value::from(text),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_share_and_their_expansion_is_capped() {
        let mut bomb = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        for (i, prev) in ["a", "b", "c", "d", "e", "f", "g"].iter().enumerate() {
            let name = ["b", "c", "d", "e", "f", "g", "h"][i];
            bomb.push_str(&format!("{name}: &{name} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"));
        }
        let e = load(&bomb).expect_err("the bomb is refused");
        assert!(e.message.contains("aliases expand"), "{}", e.message);
        assert!(load("a: &x [1, 2]\nb: *x\n").is_ok());
    }

    #[test]
    fn plain_scalars_are_psych_s_as_puppet_values_hold_them() {
        let docs = load("[yes, 1:30, .inf, 2001-12-14, :a, '1']").unwrap();
        let want = ["true", "5400", ".inf", "2001-12-14", ":a", "1"];
        let Value::Array(items) = &docs[0].0 else { panic!("an array") };
        let got: Vec<String> = items.iter().map(confer_core::value::to_s).collect();
        assert_eq!(got, want);
        assert!(load("99999999999999999999").expect_err("past 64 bits").message.contains("out of range"));
        assert_eq!(load("0x_").expect_err("Psych raises").message, "invalid value for Integer(): \"0x\"");
    }

    #[test]
    fn depth_is_capped_and_empty_streams_are_undef() {
        let deep: String = (0..=MAX_DEPTH).map(|i| format!("{}-\n", "  ".repeat(i))).collect();
        assert!(load(&deep).expect_err("too deep").message.contains("nested deeper"));
        let docs = load("# only a comment\n").unwrap();
        assert_eq!(docs.len(), 1);
        assert_eq!(docs[0].0, Value::Undef);
    }
}
