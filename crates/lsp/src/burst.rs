//! Debouncing: the messages a client sends while the user types arrive in
//! bursts (one `didChange` per keystroke). When a change arrives, the
//! server takes every message already waiting and reads them as one
//! burst: edits are applied to the text in order, but a text is parsed and
//! checked only when a request of the burst needs it or the burst ends, and
//! diagnostics are published once per changed document after the burst —
//! never a fixed delay, so a lone keystroke is answered at once.

use lsp_types::Uri;

use crate::documents::Document;
use crate::state::State;

/// What a burst has read and not yet done.
#[derive(Debug, Default)]
pub struct Burst {
    /// Texts set or edited and not yet parsed, with the client's version.
    texts: Vec<(Uri, i32, String)>,
    /// Documents whose diagnostics are due.
    due: Vec<Uri>,
    /// Whether every open document's diagnostics are due (files on disk
    /// changed).
    all: bool,
}

impl Burst {
    /// The text of `uri` as the burst has it: its pending text, else the
    /// open document's.
    pub fn text(&self, state: &State, uri: &Uri) -> Option<String> {
        match self.texts.iter().find(|(u, _, _)| u == uri) {
            Some((_, _, text)) => Some(text.clone()),
            None => state.documents.get(uri).map(|d| d.text().to_string()),
        }
    }

    /// Sets the text of `uri`, to be parsed before it is next asked about.
    pub fn set(&mut self, uri: Uri, version: i32, text: String) {
        self.texts.retain(|(u, _, _)| *u != uri);
        self.texts.push((uri, version, text));
    }

    /// Drops what the burst holds for a document being closed.
    pub fn forget(&mut self, uri: &Uri) {
        self.texts.retain(|(u, _, _)| u != uri);
        self.due.retain(|u| u != uri);
    }

    /// Asks for every open document's diagnostics at the burst's end.
    pub fn all_due(&mut self) {
        self.all = true;
    }

    /// Parses and checks the pending texts into `state`'s documents and
    /// index, so requests see every edit that came before them.
    pub fn analyse(&mut self, state: &mut State) {
        for (uri, version, text) in std::mem::take(&mut self.texts) {
            let doc = Document::new(uri.clone(), version, text);
            if let Some(file) = doc.file_index() {
                state.index.set_file(doc.index_key(), file);
            }
            state.documents.set(doc);
            if !self.due.contains(&uri) {
                self.due.push(uri);
            }
        }
    }

    /// Ends the burst: every pending text analysed, and the documents whose
    /// diagnostics are due, each once.
    pub fn finish(mut self, state: &mut State) -> Vec<Uri> {
        self.analyse(state);
        if self.all {
            return state.documents.all().map(|d| d.uri.clone()).collect();
        }
        self.due
    }
}
