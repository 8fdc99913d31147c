//! The workspace index: what every manifest and Ruby file on the module
//! path defines (classes, defined types, functions, plans, type aliases,
//! class variables, resource types) with its file and range, and where
//! classes and defined types are used, for references. Built once in the
//! background when the server starts (`scan`); a document the client has
//! open replaces its file's entry on every change, so the index follows
//! unsaved edits.

mod files_under;
pub mod ruby;
pub mod scan;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use confer_puppet::ast::Program;
use confer_puppet::resource_types::TypeInfo;
use lsp_types::Range;

use crate::config::Module;
use crate::position::LineIndex;
use crate::syntax::occurrences::{self, Kind, Occurrence};
use crate::syntax::outline::{self, DefKind, Definition};

/// Where a definition comes from, which says how to read more of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A manifest.
    Puppet,
    /// A 4.x Ruby function (`lib/puppet/functions`).
    RubyModern,
    /// A 3.x Ruby function (`lib/puppet/parser/functions`).
    RubyLegacy,
    /// A Ruby resource type (`lib/puppet/type`).
    RubyType,
}

/// One definition found in the workspace.
#[derive(Debug, Clone)]
pub struct Entry {
    /// What and where, as read from its manifest.
    pub def: Definition,
    /// Its file.
    pub file: Arc<Path>,
    /// Where its name is.
    pub name_range: Range,
    /// The whole definition.
    pub range: Range,
    /// Where it comes from.
    pub origin: Origin,
    /// A Ruby resource type's attributes.
    pub type_info: Option<Arc<TypeInfo>>,
}

/// A use of a class or resource type (the names references look for).
#[derive(Debug, Clone, PartialEq)]
pub struct Use {
    /// A class, a resource type, or a capitalised reference.
    pub kind: Kind,
    /// The name as Puppet resolves it.
    pub name: String,
    /// Where.
    pub range: Range,
}

/// What one file defines and uses.
#[derive(Debug, Clone, Default)]
pub struct FileIndex {
    /// Its definitions.
    pub entries: Vec<Entry>,
    /// Its uses of classes and resource types.
    pub uses: Vec<Use>,
}

impl FileIndex {
    /// The index of a parsed manifest.
    pub fn of_manifest(file: &Path, text: &str, program: &Program, found: &[Occurrence]) -> FileIndex {
        let lines = LineIndex::new(text);
        let file: Arc<Path> = Arc::from(file);
        let entries = outline::outline(program, text)
            .into_iter()
            .map(|def| Entry {
                name_range: lines.range(text, def.name_span.clone()),
                range: lines.range(text, def.span.clone()),
                def,
                file: file.clone(),
                origin: Origin::Puppet,
                type_info: None,
            })
            .collect();
        let uses = found
            .iter()
            .filter(|o| !o.definition && matches!(o.kind, Kind::Class | Kind::ResourceType | Kind::TypeRef))
            .map(|o| Use {
                kind: o.kind.clone(),
                name: occurrences::normalize(&o.name),
                range: lines.range(text, o.span.clone()),
            })
            .collect();
        FileIndex { entries, uses }
    }
}

/// Every file's definitions and uses.
#[derive(Debug, Default)]
pub struct WorkspaceIndex {
    files: HashMap<PathBuf, FileIndex>,
    /// The files defining each name (lower case), so a lookup reads a
    /// few files' entries rather than the whole workspace's: the unknown
    /// names check looks up every name of a manifest on every change.
    by_name: HashMap<String, Vec<PathBuf>>,
    /// The modules, in module-path order.
    pub modules: Vec<Module>,
}

impl WorkspaceIndex {
    /// Records (or replaces) what `file` defines and uses.
    pub fn set_file(&mut self, file: PathBuf, index: FileIndex) {
        self.remove_file(&file);
        for e in &index.entries {
            let files = self.by_name.entry(e.def.name.to_ascii_lowercase()).or_default();
            if !files.contains(&file) {
                files.push(file.clone());
            }
        }
        self.files.insert(file, index);
    }

    /// Forgets what `file` defines and uses.
    pub fn remove_file(&mut self, file: &Path) {
        let Some(old) = self.files.remove(file) else { return };
        for e in &old.entries {
            if let Some(files) = self.by_name.get_mut(&e.def.name.to_ascii_lowercase()) {
                files.retain(|f| f != file);
            }
        }
    }

    /// Forgets every file under `dir`.
    pub fn remove_under(&mut self, dir: &Path) {
        let under: Vec<PathBuf> = self.files.keys().filter(|f| f.starts_with(dir)).cloned().collect();
        for file in under {
            self.remove_file(&file);
        }
    }

    /// Every definition, in no particular order.
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.files.values().flat_map(|f| &f.entries)
    }

    /// The definitions of `kind` named `name` (compared as Puppet does:
    /// without case for all but type aliases' first letters).
    pub fn find(&self, kinds: &[DefKind], name: &str) -> Vec<&Entry> {
        let name = occurrences::normalize(name);
        let Some(files) = self.by_name.get(&name) else { return Vec::new() };
        let mut found: Vec<&Entry> = files
            .iter()
            .filter_map(|f| self.files.get(f))
            .flat_map(|f| &f.entries)
            .filter(|e| kinds.contains(&e.def.kind) && e.def.name.eq_ignore_ascii_case(&name))
            .collect();
        // The first module on the module path wins, as in Puppet.
        found.sort_by_key(|e| self.module_rank(&e.file));
        found
    }

    /// The position on the module path of the module holding `file`
    /// (files outside modules last).
    fn module_rank(&self, file: &Path) -> usize {
        self.modules.iter().position(|m| file.starts_with(&m.dir)).unwrap_or(self.modules.len())
    }

    /// The names of the definitions of `kind`, sorted, each once.
    pub fn names(&self, kind: DefKind) -> Vec<&str> {
        let mut names: Vec<&str> = self.entries().filter(|e| e.def.kind == kind).map(|e| e.def.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        names
    }

    /// Where the class (`Kind::Class`) or resource type named `name` is
    /// used: its file and range.
    pub fn uses<'i>(&'i self, kind: &'i Kind, name: &'i str) -> impl Iterator<Item = (&'i Path, Range)> + 'i {
        self.files.iter().flat_map(move |(path, f)| {
            f.uses
                .iter()
                .filter(move |u| {
                    u.name == name
                        && match kind {
                            Kind::Class => u.kind == Kind::Class,
                            _ => matches!(u.kind, Kind::ResourceType | Kind::TypeRef),
                        }
                })
                .map(move |u| (path.as_path(), u.range))
        })
    }

    /// `file` as a reader knows it: `module/path` inside a module of the
    /// module path, else as it is.
    pub fn display_path(&self, file: &Path) -> String {
        self.modules
            .iter()
            .find_map(|m| Some(Path::new(&m.name).join(file.strip_prefix(&m.dir).ok()?)))
            .unwrap_or_else(|| file.to_path_buf())
            .display()
            .to_string()
    }

    /// How many files the index holds.
    pub fn file_count(&self) -> usize {
        self.files.len()
    }
}
