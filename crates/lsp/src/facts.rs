//! The facts of `initializationOptions.facts` as the editor sees them: the
//! fact under the cursor in `$facts['os']['family']` (for hover) and the
//! keys under a path (for completion).

use std::ops::Range;

use confer_core::value::Value;
use confer_puppet::ast::{Expr, ExprKind};

use crate::documents::Document;
use crate::syntax::names;
use crate::syntax::walk::{walk, Visitor};

/// The value at `path` of `facts`.
pub fn at<'f>(facts: &'f Value, path: &[String]) -> Option<&'f Value> {
    path.iter().try_fold(facts, |at, key| match at {
        Value::Hash(map) => map.get(&Value::from(key.as_str())),
        _ => None,
    })
}

/// The keys of the hash at `path` of `facts`, sorted.
pub fn keys(facts: &Value, path: &[String]) -> Vec<String> {
    let Some(Value::Hash(map)) = at(facts, path) else { return Vec::new() };
    let mut names: Vec<String> = map
        .keys()
        .filter_map(|k| match k {
            Value::String(s) => Some(s.to_string()),
            _ => None,
        })
        .collect();
    names.sort_unstable();
    names
}

/// The path of keys of `$facts[…][…]` up to the key under byte `offset`
/// of `doc`, and that key's span.
pub fn path_at(doc: &Document, offset: usize) -> Option<(Vec<String>, Range<usize>)> {
    let program = doc.program.as_ref()?;
    let mut find = KeyAt { text: doc.text(), offset, found: None };
    walk(&program.body, &mut find);
    find.found
}

struct KeyAt<'t> {
    text: &'t str,
    offset: usize,
    found: Option<(Vec<String>, Range<usize>)>,
}

impl KeyAt<'_> {
    /// The keys of an access chain rooted at `$facts`, each with its span.
    fn chain(&self, e: &Expr) -> Option<Vec<(String, Range<usize>)>> {
        match &e.kind {
            ExprKind::Variable(name) if name.trim_start_matches("::") == "facts" => Some(Vec::new()),
            ExprKind::Access { target, keys } if keys.len() == 1 => {
                let mut chain = self.chain(target)?;
                chain.push(names::literal_name(self.text, &keys[0])?);
                Some(chain)
            }
            _ => None,
        }
    }
}

impl<'a> Visitor<'a> for KeyAt<'_> {
    fn expr(&mut self, e: &'a Expr) -> bool {
        let inside = e.span.start as usize <= self.offset && self.offset <= e.span.end as usize;
        if inside && self.found.is_none() {
            if let Some(chain) = self.chain(e) {
                if let Some(n) = chain.iter().position(|(_, span)| span.start <= self.offset && self.offset <= span.end)
                {
                    let span = chain[n].1.clone();
                    self.found = Some((chain.into_iter().take(n + 1).map(|(k, _)| k).collect(), span));
                }
            }
        }
        inside && self.found.is_none()
    }
}
