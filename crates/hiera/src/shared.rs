//! Hiera's files shared between the compiles of many nodes: a fleet
//! compile reads `hiera.yaml` and each data file once, not once a node.
//! Each node's engine still keeps its own table of what it used (and warns
//! of a module's stray keys itself), asking here only on its first use of a
//! file; the files of one run do not change, so what one node read serves
//! every other.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::config::{self, Backend, Config, LayerKind};
use crate::data::DataFile;
use crate::error::HieraError;

/// Configurations, data files and what the disk said of paths, read once
/// for every engine given this store ([`crate::Hiera::sharing`]).
#[derive(Default)]
pub struct SharedFiles {
    configs: Mutex<HashMap<(PathBuf, LayerKind), Arc<Config>>>,
    files: Mutex<HashMap<(PathBuf, Backend), Arc<DataFile>>>,
    seen: Mutex<HashMap<PathBuf, bool>>,
}

/// Takes a lock whose holder panicked too: the maps only ever gain whole
/// entries, so they are never left half-written.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl SharedFiles {
    /// The configuration in `file`, read on first use. A file that fails
    /// is not kept: every node reports its error.
    pub(crate) fn config(&self, file: &Path, kind: LayerKind) -> Result<Arc<Config>, HieraError> {
        let key = (file.to_path_buf(), kind);
        if let Some(c) = lock(&self.configs).get(&key) {
            return Ok(c.clone());
        }
        let c = Arc::new(config::load(file, kind)?);
        Ok(lock(&self.configs).entry(key).or_insert(c).clone())
    }

    /// The data file at `path` read with `backend`, on first use.
    pub(crate) fn data_file(&self, path: &Path, backend: Backend) -> Result<Arc<DataFile>, HieraError> {
        let key = (path.to_path_buf(), backend);
        if let Some(f) = lock(&self.files).get(&key) {
            return Ok(f.clone());
        }
        let f = Arc::new(DataFile::load(path, backend)?);
        Ok(lock(&self.files).entry(key).or_insert(f).clone())
    }

    /// `test` of `path`, asked of the disk once.
    pub(crate) fn seen(&self, path: &Path, test: fn(&Path) -> bool) -> bool {
        if let Some(&answer) = lock(&self.seen).get(path) {
            return answer;
        }
        let answer = test(path);
        *lock(&self.seen).entry(path.to_path_buf()).or_insert(answer)
    }
}
