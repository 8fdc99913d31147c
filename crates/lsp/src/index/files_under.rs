//! The files of one kind under a folder of the workspace, for the
//! manifests and the Ruby files the index reads.

use std::path::{Path, PathBuf};

/// How deep a module's folders are followed.
const MAX_DEPTH: usize = 12;

/// The files ending in `.ext` under `dir`, sorted; linked folders inside a
/// module are not followed (a link to `.` would never end).
pub fn files_under(dir: &Path, ext: &str, depth: usize, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else { continue };
        if kind.is_dir() && depth < MAX_DEPTH {
            files_under(&path, ext, depth + 1, out);
        } else if !kind.is_dir() && path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}
