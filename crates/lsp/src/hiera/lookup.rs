//! The value of a Hiera key for the workspace's node and where it is
//! written, found by confer's Hiera engine (`confer_hiera`) as `lookup`
//! finds it with its default merge: the environment's `hiera.yaml`, then
//! the key's module's own, each hierarchy level in order, the first level
//! that has the key giving it (or the key's `lookup_options` merging it).
//! An engine is made for each question: it reads only the files the
//! hierarchy names, and the answer follows data files as they are saved.

use std::path::{Path, PathBuf};

use confer_core::Value;
use confer_hiera::{Hiera, HieraError};
use lsp_types::Range;

use super::scope::LookupScope;
use crate::config::Settings;
use crate::position::LineIndex;
use crate::state::State;

/// A key's value and the line of the data file that gives it.
#[derive(Debug, Clone)]
pub struct Bound {
    /// The value, interpolated (and merged, when `lookup_options` say so).
    pub value: Value,
    /// The data file of its highest-priority part.
    pub file: PathBuf,
    /// The key in that file (the value's start when the key is not found
    /// written at the start of a line).
    pub range: Range,
    /// The 1-based line of `range`.
    pub line: u32,
    /// The hierarchy level's name.
    pub level: String,
    /// The layer: `environment` or `module ntp`.
    pub layer: String,
}

/// What a lookup of one key gave.
#[derive(Debug)]
pub struct Answer {
    /// The value and where it is, when some level has the key.
    pub found: Result<Option<Bound>, HieraError>,
    /// The scope's variables a factless lookup needed and did not have
    /// (empty when the workspace has a facts file).
    pub missing: Vec<String>,
}

/// Looks `key` up for the node of `state`'s facts.
pub fn lookup(state: &State, key: &str) -> Answer {
    let hiera = engine(&state.settings);
    let scope = LookupScope::new(state.facts.as_ref(), state.node.as_deref());
    let found = hiera.invocation(&scope).lookup(key, None).map(|found| {
        let found = found?;
        let origin = found.origin?;
        let at = origin.locate(&[]);
        let file = origin.file.path.clone();
        let (range, line) = key_range(&file, key_root(key), at.line, at.column);
        Some(Bound { value: found.value, file, range, line, level: origin.level, layer: origin.layer })
    });
    Answer { found, missing: scope.missing() }
}

/// The engine for the workspace: its root is the environment (unless the
/// root is a module opened alone), and its module path gives the modules'
/// own data.
fn engine(settings: &Settings) -> Hiera {
    let environment = settings.root.as_deref().filter(|_| settings.root_module.is_none());
    let mut modulepath = settings.modulepath.clone();
    modulepath.extend(settings.root_module.as_deref().and_then(Path::parent).map(Path::to_path_buf));
    Hiera::new(environment, modulepath, None)
}

/// The top-level key of a dotted key (`a::b.c` is looked up as `a::b`).
fn key_root(key: &str) -> &str {
    key.split('.').next().unwrap_or(key)
}

/// Where `key` is written at the start of a line, at or before the value's
/// 1-based `line`, in `file`: a block value starts on a line after its key.
/// The value's own place when no such line is found.
fn key_range(file: &Path, key: &str, line: usize, column: usize) -> (Range, u32) {
    let Ok(text) = confer_puppet::files::read_text(file) else {
        let at = lsp_types::Position { line: line.saturating_sub(1) as u32, character: 0 };
        return (Range { start: at, end: at }, line as u32);
    };
    let lines = LineIndex::new(&text);
    let mut start = 0;
    let mut written = None;
    for (n, row) in text.split_inclusive('\n').enumerate().take(line) {
        if let Some(len) = key_at_start(row, key) {
            written = Some((start..start + len, n + 1));
        }
        start += row.len();
    }
    match written {
        Some((span, n)) => (lines.range(&text, span), n as u32),
        None => {
            let at = lines.line_column(&text, line, column);
            (Range { start: at, end: at }, line as u32)
        }
    }
}

/// The length of `key` as `row` starts with it, quoted or not, before its
/// colon.
fn key_at_start(row: &str, key: &str) -> Option<usize> {
    ["", "'", "\""].iter().find_map(|quote| {
        let written = format!("{quote}{key}{quote}");
        let rest = row.strip_prefix(&written)?;
        rest.trim_start_matches([' ', '\t']).starts_with(':').then_some(written.len())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_found_at_the_start_of_their_line() {
        assert_eq!(key_at_start("ntp::servers:\n", "ntp::servers"), Some(12));
        assert_eq!(key_at_start("'ntp::servers' : [a]\n", "ntp::servers"), Some(14));
        assert_eq!(key_at_start("ntp::servers_x: 1\n", "ntp::servers"), None);
        assert_eq!(key_at_start("  ntp::servers: 1\n", "ntp::servers"), None);
    }

    #[test]
    fn a_block_value_is_found_at_its_key() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/fleet/environments/production/data");
        let (range, line) = key_range(&dir.join("common.yaml"), "profile::base::packages", 4, 3);
        assert_eq!((range.start.line, range.start.character, range.end.character, line), (2, 0, 23, 3));
    }
}
