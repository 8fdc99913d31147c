//! How much a YAML document's aliases expand. saphyr's loader (like the
//! documents Puppet's Psych hands on, once converted) copies an anchored
//! node at every alias, so nine anchors each aliasing the one before nine
//! times ("billion laughs") expand a few hundred bytes into 9^9 nodes and
//! exhaust memory. The events are counted as they stream past, before the
//! loader copies anything: each anchor's expanded size is known when its
//! node ends, and an alias adds that size to every collection it is in.
//! Past [`MAX_ALIASED_NODES`] nodes added by aliases the document is
//! refused, at the alias that went past. A document without aliases is
//! not limited here (its size is bounded by the file's).

use std::collections::HashMap;

use saphyr_parser::{Event, Span};

/// The most nodes aliases may add to one document.
pub const MAX_ALIASED_NODES: u64 = 250_000;

/// The running count; feed it every event.
#[derive(Default)]
pub struct AliasBudget {
    /// Open collections: their anchor, and their expanded size so far.
    open: Vec<(usize, u64)>,
    /// Expanded size of each anchor whose node has ended.
    anchors: HashMap<usize, u64>,
    /// Nodes added by aliases so far.
    aliased: u64,
}

impl AliasBudget {
    /// Counts `event`; `Err` with the alias's 1-based line and column when
    /// it takes the document past the limit.
    pub fn on_event(&mut self, event: &Event<'_>, span: Span) -> Result<(), (usize, usize)> {
        match event {
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => self.open.push((*anchor, 1)),
            Event::SequenceEnd | Event::MappingEnd => {
                if let Some((anchor, size)) = self.open.pop() {
                    if anchor > 0 {
                        self.anchors.insert(anchor, size);
                    }
                    self.add(size);
                }
            }
            Event::Scalar(_, _, anchor, _) => {
                if *anchor > 0 {
                    self.anchors.insert(*anchor, 1);
                }
                self.add(1);
            }
            Event::Alias(anchor) => {
                let size = self.anchors.get(anchor).copied().unwrap_or(1);
                self.aliased = self.aliased.saturating_add(size);
                if self.aliased > MAX_ALIASED_NODES {
                    return Err((span.start.line().max(1), span.start.col() + 1));
                }
                self.add(size);
            }
            _ => {}
        }
        Ok(())
    }

    fn add(&mut self, n: u64) {
        if let Some(top) = self.open.last_mut() {
            top.1 = top.1.saturating_add(n);
        }
    }

    /// The error for a document refused at `mark`.
    pub fn message() -> String {
        format!("the document's aliases expand to more than {MAX_ALIASED_NODES} values")
    }
}

/// Whether the aliases of every document of `text` stay within the limit:
/// `Err` with the line and column of the alias that goes past it. Syntax
/// errors are left to the reader that follows.
pub fn check(text: &str) -> Result<(), (usize, usize)> {
    let mut budget = AliasBudget::default();
    let mut parser = saphyr_parser::Parser::new_from_str(text);
    while let Some(Ok((event, span))) = parser.next_event() {
        budget.on_event(&event, span)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::check;

    fn laughs(levels: usize) -> String {
        let mut text = String::from("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for i in 1..levels {
            let p = i - 1;
            text.push_str(&format!("a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"));
        }
        text
    }

    #[test]
    fn a_few_aliases_pass_and_a_bomb_is_refused_at_its_alias() {
        assert!(check("base: &b {x: 1}\nmore: *b\n").is_ok());
        assert!(check(&laughs(4)).is_ok());
        let refused = check(&laughs(9)).expect_err("a billion laughs");
        assert!(refused.0 >= 6, "{refused:?}");
    }
}
