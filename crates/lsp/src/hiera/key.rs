//! The Hiera key under the cursor: the string a lookup function names, or
//! the key `class::param` of a class parameter, which Puppet looks up when a
//! declaration does not give the parameter a value (automatic parameter
//! lookup). A defined type's parameters are never looked up.

use std::ops::Range;

use lsp_types::Position;

use crate::documents::Document;
use crate::syntax::occurrences::{Kind, Occurrence};
use crate::syntax::outline::{self, DefKind};

/// A key at a place of a document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyAt {
    /// The key (`ntp::servers`).
    pub key: String,
    /// Where the cursor found it: the string's text, or the `$param`.
    pub span: Range<usize>,
    /// Whether it is a class parameter's (an automatic lookup).
    pub parameter: bool,
}

/// The Hiera key at `position` of `doc`, if the cursor is on one.
pub fn at(doc: &Document, position: Position) -> Option<KeyAt> {
    of(doc, doc.occurrence_at(position)?)
}

/// The Hiera key `o` stands for, if any.
pub fn of(doc: &Document, o: &Occurrence) -> Option<KeyAt> {
    match o.kind {
        Kind::HieraKey => Some(KeyAt { key: o.name.clone(), span: o.span.clone(), parameter: false }),
        Kind::Variable if o.definition => {
            let program = doc.program.as_ref()?;
            let key = outline::outline(program, doc.text()).into_iter().find_map(|d| {
                let declared = d.kind == DefKind::Class && d.params.iter().any(|p| p.span == o.span);
                declared.then(|| format!("{}::{}", d.name, o.name))
            })?;
            Some(KeyAt { key, span: o.span.clone(), parameter: true })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(text: &str) -> Vec<(String, String, bool)> {
        let uri = "file:///t.pp".parse().expect("a URI");
        let doc = Document::new(uri, 1, text.to_string());
        doc.occurrences
            .iter()
            .filter_map(|o| of(&doc, o))
            .map(|k| (k.key, text[k.span].to_string(), k.parameter))
            .collect()
    }

    #[test]
    fn lookups_and_class_parameters_name_keys() {
        let text = "class ntp(Array $servers = []) { $x = lookup('ntp::extra') }\ndefine d($y) {}\n";
        assert_eq!(
            keys(text),
            [("ntp::servers".into(), "$servers".into(), true), ("ntp::extra".into(), "ntp::extra".into(), false)]
        );
    }
}
