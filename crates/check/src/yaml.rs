//! YAML documents built straight from the parser's events, with the limits
//! that hostile input needs and the scalars Hiera sees.
//!
//! saphyr's loader builds its own tree first, copying the node behind every
//! alias (a 272-byte "billion laughs" became 2.4 GB) and recursing once per
//! level when converted. Here an alias shares the anchored value (`Value` is
//! reference-counted), the expansion a later walk would see is counted and
//! capped, nesting is capped at `value::depth::MAX_DEPTH`, and the positions
//! form a tree walked only to locate a problem (recording every node's path
//! as a string was quadratic in the depth).

use std::collections::HashMap as StdHashMap;
use std::sync::Arc;

use confer_core::value::depth::MAX_DEPTH;
use confer_core::{HashMap, Value};
use saphyr_parser::{Event, Parser, ScalarStyle, Span};

use crate::document::SyntaxError;

/// Nodes that aliases may add to a document beyond its own: at least this
/// many, or as many as the document writes out, whichever is larger.
const MIN_ALIAS_BUDGET: u64 = 1_000_000;

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
    nodes: u64,
    body: Body,
}

enum Body {
    Seq(Vec<Value>, Vec<Arc<Loc>>),
    Map { map: HashMap, locs: Vec<(Value, Arc<Loc>)>, key: Option<Value> },
}

/// A finished node: its value, positions and size once aliases are expanded.
struct Node {
    value: Value,
    loc: Arc<Loc>,
    nodes: u64,
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
    anchors: StdHashMap<usize, (Value, Arc<Loc>, u64)>,
    root: Option<Node>,
    /// Nodes written out in the current document, and nodes aliases added.
    written: u64,
    aliased: u64,
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
        match event {
            Event::StreamStart | Event::StreamEnd | Event::Nothing => {}
            Event::DocumentStart(_) => {
                self.anchors.clear();
                self.written = 0;
                self.aliased = 0;
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
                self.written += 1;
                let body = if matches!(event, Event::SequenceStart(..)) {
                    Body::Seq(Vec::new(), Vec::new())
                } else {
                    Body::Map { map: HashMap::new(), locs: Vec::new(), key: None }
                };
                self.stack.push(Open { anchor, at: here, nodes: 1, body });
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
                let node = Node { value, loc: Arc::new(Loc { at, parts }), nodes: open.nodes };
                self.finish(node, open.anchor)?;
            }
            Event::Scalar(text, style, anchor, tag) => {
                self.written += 1;
                let at = here.unwrap_or(self.last);
                let quoted = style != ScalarStyle::Plain || tag.as_ref().is_some_and(|t| t.suffix == "str");
                let value = if quoted {
                    Value::from(text.as_ref())
                } else {
                    crate::psych::plain(&text).map_err(|crate::psych::ScalarError::OutOfRange| {
                        error(format!("Integer '{text}' is out of range (Puppet integers are 64-bit)"), at)
                    })?
                };
                self.finish(Node { value, loc: Arc::new(Loc { at, parts: Parts::None }), nodes: 1 }, anchor)?;
            }
            Event::Alias(id) => {
                let at = here.unwrap_or(self.last);
                let Some((value, loc, nodes)) = self.anchors.get(&id).cloned() else {
                    return Err(error("unknown YAML alias".into(), at));
                };
                self.aliased = self.aliased.saturating_add(nodes);
                let budget = MIN_ALIAS_BUDGET.max(self.written);
                if self.aliased > budget {
                    return Err(error(format!("YAML aliases expand the document by more than {budget} nodes"), at));
                }
                self.finish(Node { value, loc, nodes }, 0)?;
            }
        }
        Ok(())
    }

    /// Adds a finished node to its parent (or makes it the document).
    fn finish(&mut self, node: Node, anchor: usize) -> Result<(), SyntaxError> {
        if anchor > 0 {
            self.anchors.insert(anchor, (node.value.clone(), node.loc.clone(), node.nodes));
        }
        let Some(parent) = self.stack.last_mut() else {
            self.root = Some(node);
            return Ok(());
        };
        parent.nodes = parent.nodes.saturating_add(node.nodes);
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
        Ok(())
    }
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
    fn depth_is_capped_and_empty_streams_are_undef() {
        let deep: String = (0..=MAX_DEPTH).map(|i| format!("{}-\n", "  ".repeat(i))).collect();
        assert!(load(&deep).expect_err("too deep").message.contains("nested deeper"));
        let docs = load("# only a comment\n").unwrap();
        assert_eq!(docs.len(), 1);
        assert_eq!(docs[0].0, Value::Undef);
    }
}
