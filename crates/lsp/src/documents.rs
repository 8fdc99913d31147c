//! The documents the client has open: their text (kept as the client's edits
//! leave it), and what the parser and Puppet's static checks made of it,
//! redone once per burst of changes. A document that does not parse keeps
//! no tree; its diagnostics say why.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use confer_puppet::ast::Program;
use confer_puppet::error::PuppetError;
use confer_puppet::span::{Source, Span};
use lsp_types::Uri;

use crate::index::FileIndex;
use crate::position::LineIndex;
use crate::syntax::occurrences::{self, Occurrence};

/// One open document and its analysis.
#[derive(Debug)]
pub struct Document {
    /// The client's name for it.
    pub uri: Uri,
    /// Its file, for a `file:` URI.
    pub path: Option<PathBuf>,
    /// The client's version of the text.
    pub version: i32,
    /// The text, named by the path (or the URI) as diagnostics name it.
    pub source: Arc<Source>,
    /// Its lines, for positions.
    pub lines: LineIndex,
    /// The tree, when the text parses.
    pub program: Option<Program>,
    /// The parse error or the static checks' problems.
    pub errors: Vec<PuppetError>,
    /// The lexer's and the checks' warnings.
    pub warnings: Vec<(Span, String)>,
    /// The names the text uses and defines.
    pub occurrences: Vec<Occurrence>,
}

impl Document {
    /// The index entry of this document, when it parses.
    pub(crate) fn file_index(&self) -> Option<FileIndex> {
        let path = self.index_key();
        self.program.as_ref().map(|p| FileIndex::of_manifest(&path, self.text(), p, &self.occurrences))
    }

    /// The index's key for this document: its path, or its URI.
    pub(crate) fn index_key(&self) -> PathBuf {
        self.path.clone().unwrap_or_else(|| PathBuf::from(self.uri.as_str()))
    }

    /// A document holding `text`, parsed and checked.
    pub fn new(uri: Uri, version: i32, text: String) -> Document {
        let path = crate::uri::to_path(&uri);
        let name = path.as_ref().map_or_else(|| uri.as_str().to_string(), |p| p.to_string_lossy().into_owned());
        let source = Source::new(name, text);
        let lines = LineIndex::new(&source.text);
        let checked = confer_puppet::check_each(&source, Default::default());
        let occurrences =
            checked.program.as_ref().map(|p| occurrences::occurrences(p, &source.text)).unwrap_or_default();
        Document {
            uri,
            path,
            version,
            lines,
            program: checked.program,
            errors: checked.errors,
            warnings: checked.warnings,
            occurrences,
            source,
        }
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.source.text
    }

    /// The byte offset of an LSP position.
    pub fn offset(&self, position: lsp_types::Position) -> usize {
        self.lines.offset(self.text(), position)
    }

    /// The LSP range of a byte range.
    pub fn range(&self, span: std::ops::Range<usize>) -> lsp_types::Range {
        self.lines.range(self.text(), span)
    }

    /// The occurrence under the cursor at `position`.
    pub fn occurrence_at(&self, position: lsp_types::Position) -> Option<&Occurrence> {
        occurrences::at(&self.occurrences, self.offset(position))
    }
}

/// The open documents, by URI.
#[derive(Debug, Default)]
pub struct Documents {
    open: HashMap<String, Document>,
}

impl Documents {
    /// Opens or replaces a document.
    pub fn set(&mut self, doc: Document) -> &Document {
        let key = doc.uri.as_str().to_string();
        self.open.insert(key.clone(), doc);
        &self.open[&key]
    }

    /// The document named `uri`, if open.
    pub fn get(&self, uri: &Uri) -> Option<&Document> {
        self.open.get(uri.as_str())
    }

    /// Closes a document.
    pub fn close(&mut self, uri: &Uri) {
        self.open.remove(uri.as_str());
    }

    /// Every open document.
    pub fn all(&self) -> impl Iterator<Item = &Document> {
        self.open.values()
    }
}
