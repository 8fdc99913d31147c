//! What the compiles of many nodes parse once and share: each manifest's
//! syntax tree (with the warnings and the error validating it gave) and
//! Hiera's files. A fleet compile evaluates per node but parses per file.
//!
//! A syntax tree's spans are offsets into its compile's `SourceMap`, so a
//! shared file is given its offsets here, once, in a range below
//! `span::SHARED_OFFSETS` that every compile sharing it leaves free
//! (`SourceMap::beside_shared`); a compile holds the file at those offsets
//! and its own files (templates, inline code) above them.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::ast::Program;
use crate::error::PuppetError;
use crate::log::LogEvent;
use crate::span::{Source, SHARED_OFFSETS};
use crate::strict::Strictness;

/// A manifest parsed and checked once: its text at its shared offsets,
/// and its tree and warnings, or the error Puppet reports for it.
pub(crate) struct ParsedManifest {
    pub(crate) source: Arc<Source>,
    pub(crate) parsed: Result<(Program, Vec<LogEvent>), PuppetError>,
}

/// Parsed manifests and Hiera's files for the compiles given this store
/// (`eval::compile_sharing`); it is `Sync`, one for all threads.
#[derive(Default)]
pub struct SharedParse {
    manifests: Mutex<Manifests>,
    hiera: Arc<confer_hiera::SharedFiles>,
}

#[derive(Default)]
struct Manifests {
    by_path: HashMap<(PathBuf, Strictness), Arc<ParsedManifest>>,
    /// The first offset not yet given to a file.
    next: usize,
}

/// Why a manifest could not be shared.
pub(crate) enum NotShared {
    /// The file cannot be read (the message names why).
    Unreadable(String),
    /// The shared offsets are used up; the compile parses the file itself.
    Full,
}

impl SharedParse {
    /// An empty store.
    pub fn new() -> SharedParse {
        SharedParse::default()
    }

    /// Hiera's shared files, for each node's engine.
    pub(crate) fn hiera(&self) -> Arc<confer_hiera::SharedFiles> {
        self.hiera.clone()
    }

    /// The manifest at `path` checked at `strict`, parsed on first use. Two
    /// threads asking at once may both parse it; the first kept wins.
    pub(crate) fn manifest(&self, path: &Path, strict: Strictness) -> Result<Arc<ParsedManifest>, NotShared> {
        let key = (path.to_path_buf(), strict);
        if let Some(found) = self.lock().by_path.get(&key) {
            return Ok(found.clone());
        }
        let text = crate::files::read_text(path).map_err(|e| NotShared::Unreadable(e.to_string()))?;
        let base = {
            let mut m = self.lock();
            let base = m.next;
            // One byte of gap, as `SourceMap::add` leaves.
            if base + text.len() + 1 > SHARED_OFFSETS {
                return Err(NotShared::Full);
            }
            m.next = base + text.len() + 1;
            base
        };
        let source = Source::at(path.display().to_string(), text, base as u32);
        let parsed = crate::validate_with_warnings(&source, strict);
        let parsed = Arc::new(ParsedManifest { source, parsed });
        Ok(self.lock().by_path.entry(key).or_insert(parsed).clone())
    }

    /// Takes the lock even after a panic elsewhere: the map only gains
    /// whole entries.
    fn lock(&self) -> std::sync::MutexGuard<'_, Manifests> {
        self.manifests.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A syntax tree an evaluation runs: parsed for it alone, or shared with
/// other compiles. The evaluator's arena holds either for its whole run.
pub(crate) enum Loaded {
    Own(Program),
    Shared(Arc<ParsedManifest>),
}

impl std::ops::Deref for Loaded {
    type Target = Program;

    fn deref(&self) -> &Program {
        match self {
            Loaded::Own(program) => program,
            Loaded::Shared(parsed) => match &parsed.parsed {
                Ok((program, _)) => program,
                Err(_) => unreachable!("only a manifest that parsed is loaded (`Evaluator::parse_manifest`)"),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_store_serves_every_thread() {
        fn shareable<T: Send + Sync>() {}
        shareable::<SharedParse>();
    }

    #[test]
    fn a_file_is_parsed_once_at_offsets_of_its_own() {
        let dir = std::env::temp_dir().join(format!("confer-shared-parse-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (a, b) = (dir.join("a.pp"), dir.join("b.pp"));
        std::fs::write(&a, "notice(1)\n").unwrap();
        std::fs::write(&b, "class b {}\n").unwrap();
        let store = SharedParse::new();
        let first = store.manifest(&a, Strictness::default()).ok().unwrap();
        let again = store.manifest(&a, Strictness::default()).ok().unwrap();
        let other = store.manifest(&b, Strictness::default()).ok().unwrap();
        assert!(Arc::ptr_eq(&first, &again));
        assert_eq!(first.source.base(), 0);
        assert!(other.source.base() as usize > first.source.text.len());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
