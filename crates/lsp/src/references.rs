//! References: every place in the workspace (files on the module path and
//! open documents, unsaved edits included) that names the class or
//! defined type under the cursor, and its definition when asked.

use lsp_types::{Location, Position};

use crate::documents::Document;
use crate::index::WorkspaceIndex;
use crate::syntax::occurrences::Kind;
use crate::syntax::outline::DefKind;

/// The references to the class or resource type at `position` of `doc`.
pub fn references(index: &WorkspaceIndex, doc: &Document, position: Position, declaration: bool) -> Vec<Location> {
    let Some(o) = doc.occurrence_at(position) else { return Vec::new() };
    let (kind, defs): (Kind, &[DefKind]) = match o.kind {
        Kind::Class => (Kind::Class, &[DefKind::Class]),
        Kind::ResourceType | Kind::TypeRef => (Kind::ResourceType, &[DefKind::Define, DefKind::ResourceType]),
        _ => return Vec::new(),
    };
    let name = o.name.to_ascii_lowercase();
    let mut found: Vec<Location> = index
        .uses(&kind, &name)
        .filter_map(|(path, range)| Some(Location { uri: crate::uri::from_path(path)?, range }))
        .collect();
    if declaration {
        found.extend(
            index
                .find(defs, &name)
                .into_iter()
                .filter_map(|e| Some(Location { uri: crate::uri::from_path(&e.file)?, range: e.name_range })),
        );
    }
    found.sort_by(|a, b| (a.uri.as_str(), a.range.start).cmp(&(b.uri.as_str(), b.range.start)));
    found
}
