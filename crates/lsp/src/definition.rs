//! Go to definition: from a class name (`include`, `contain`, `class { }`,
//! `Class['x']`, `inherits`), a resource type or reference (`nginx::site {
//! }`, `Nginx::Site['x']`), a function call (Puppet's `functions/*.pp`,
//! Ruby's `lib/puppet/functions/**/*.rb` and `lib/puppet/parser/functions/*.rb`),
//! a type alias (`types/*.pp`), a qualified variable (`$ntp::params::x`, to
//! its assignment), a local variable (to its assignment or parameter) or an
//! attribute (to the parameter of the class or defined type), to where it
//! is written. A Hiera key (`lookup('k')`, or a class parameter Puppet
//! looks up as `class::param`) goes to the data file's line that gives its
//! value for the workspace's node.

use lsp_types::{Location, Position};

use crate::documents::Document;
use crate::index::Entry;
use crate::resolve::{self, Target};
use crate::state::State;
use crate::syntax::occurrences::{Kind, Owner};
use crate::syntax::outline::DefKind;

/// Where the name at `position` of `doc` is defined.
pub fn definition(state: &State, doc: &Document, position: Position) -> Vec<Location> {
    let index = &state.index;
    let Some(o) = doc.occurrence_at(position) else { return Vec::new() };
    if let Some(key) = crate::hiera::key::of(doc, o) {
        if let Ok(Some(bound)) = crate::hiera::lookup::lookup(state, &key.key).found {
            return crate::uri::from_path(&bound.file)
                .map(|uri| Location { uri, range: bound.range })
                .into_iter()
                .collect();
        }
    }
    if let Kind::Attribute(owner) = &o.kind {
        let entries: Vec<&Entry> = match owner {
            Owner::Class(c) => index.find(&[DefKind::Class], c),
            Owner::Resource(t) => index.find(&[DefKind::Define], t),
        };
        return entries
            .iter()
            .filter_map(|e| {
                let p = e.def.params.iter().find(|p| p.name == o.name)?;
                let text = confer_puppet::files::read_text(&e.file).ok()?;
                let lines = crate::position::LineIndex::new(&text);
                location(e, lines.range(&text, p.span.clone()))
            })
            .collect();
    }
    match resolve::resolve(index, doc, o) {
        Some(Target::Entries(entries)) => entries.iter().filter_map(|e| location(e, e.name_range)).collect(),
        Some(Target::Local { span, .. }) => vec![Location { uri: doc.uri.clone(), range: doc.range(span) }],
        _ => Vec::new(),
    }
}

fn location(e: &Entry, range: lsp_types::Range) -> Option<Location> {
    Some(Location { uri: crate::uri::from_path(&e.file)?, range })
}
