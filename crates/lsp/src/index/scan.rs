//! Building the workspace index: every module's manifests (`manifests/`,
//! `functions/`, `types/`, `plans/`), its Ruby functions and resource types,
//! and the environment's own `manifests/`, read and parsed with the
//! evaluator's parser. A file that does not parse adds nothing; the
//! document's own diagnostics say why when it is opened.

use std::path::{Path, PathBuf};

use confer_puppet::span::Source;

use super::{ruby, FileIndex, WorkspaceIndex};
use crate::config::Settings;
use crate::syntax::occurrences;

/// The folders of a module that hold Puppet code.
const PUPPET_DIRS: &[&str] = &["manifests", "functions", "types", "plans"];

/// The index of everything `settings` puts on the module path.
pub fn build(settings: &Settings) -> WorkspaceIndex {
    let mut index = WorkspaceIndex { modules: settings.modules(), ..WorkspaceIndex::default() };
    let mut manifests: Vec<PathBuf> = Vec::new();
    for module in &index.modules {
        for dir in PUPPET_DIRS {
            super::files_under::files_under(&module.dir.join(dir), "pp", 0, &mut manifests);
        }
    }
    if let Some(root) = settings.root.as_ref().filter(|_| settings.root_module.is_none()) {
        super::files_under::files_under(&root.join("manifests"), "pp", 0, &mut manifests);
    }
    for path in manifests {
        if let Some(file) = manifest(&path) {
            index.set_file(path, file);
        }
    }
    let modules = index.modules.clone();
    for module in &modules {
        for (path, file) in ruby::module_files(&module.dir) {
            index.set_file(path, file);
        }
    }
    index
}

/// The index of the manifest at `path`, if it reads and parses.
pub fn manifest(path: &Path) -> Option<FileIndex> {
    let text = confer_puppet::files::read_text(path).ok()?;
    let source = Source::new(path.to_string_lossy(), text);
    let program = confer_puppet::parser::parse(&source).ok()?;
    let found = occurrences::occurrences(&program, &source.text);
    Some(FileIndex::of_manifest(path, &source.text, &program, &found))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::outline::DefKind;

    #[test]
    fn the_fleet_example_is_indexed() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/fleet/environments/production");
        let index = build(&Settings::new(Some(root), None));
        assert_eq!(index.names(DefKind::Define), ["accounts::user", "nginx::site"]);
        assert_eq!(index.names(DefKind::TypeAlias), ["Nginx::Path"]);
        let ntp = index.find(&[DefKind::Class], "ntp").into_iter().next().expect("class ntp");
        assert!(ntp.file.ends_with("modules/ntp/manifests/init.pp"));
        assert_eq!((ntp.name_range.start.line, ntp.name_range.start.character), (1, 6));
        let uses: Vec<_> =
            index.uses(&occurrences::Kind::Class, "ntp").map(|(p, r)| (p.to_path_buf(), r.start.line)).collect();
        assert_eq!(uses.len(), 1);
        assert!(uses[0].0.ends_with("profile/manifests/base.pp"));
    }
}
