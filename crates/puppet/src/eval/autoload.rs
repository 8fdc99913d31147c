//! Autoloading: a class, defined type, function or type alias that no file
//! read so far defines is looked for in the module its name's first segment
//! names, as Puppet's loaders do. Each file is read once; its definitions
//! join the evaluator's, its top-level code is not run (Puppet ignores code
//! outside definitions in an autoloaded file).

use std::path::{Path, PathBuf};

use std::rc::Rc;

use super::flow::{fail, EvalResult, Flow};
use super::scope::Scope;
use super::shared_parse::{Loaded, NotShared};
use super::Evaluator;
use crate::ast::{ClassDef, Definition, Program};
use crate::span::Span;

/// What kind of definition a name is wanted for: each lives in its own
/// folder of a module.
#[derive(Clone, Copy)]
enum Kind {
    /// Classes and defined types: `manifests/`.
    Manifest,
    /// Puppet-language functions: `functions/`.
    Function,
    /// Type aliases: `types/`.
    TypeAlias,
}

impl<'a> Evaluator<'a> {
    /// The class `key` (lower case, no leading `::`), loading it if needed.
    pub(crate) fn class_def(&mut self, key: &str, span: Span) -> EvalResult<Option<&'a ClassDef>> {
        if let Some(def) = self.defs.classes.get(key) {
            return Ok(Some(def));
        }
        self.autoload(key, Kind::Manifest, span, |ev| ev.defs.classes.contains_key(key))?;
        Ok(self.defs.classes.get(key).copied())
    }

    /// The defined type `key` (lower case), loading it if needed.
    pub(crate) fn define_def(&mut self, key: &str, span: Span) -> EvalResult<Option<&'a Definition>> {
        if let Some(def) = self.defs.defines.get(key) {
            return Ok(Some(def));
        }
        self.autoload(key, Kind::Manifest, span, |ev| ev.defs.defines.contains_key(key))?;
        Ok(self.defs.defines.get(key).copied())
    }

    /// The Puppet-language function `key` (lower case), loading it if needed.
    pub(crate) fn function_def(&mut self, key: &str, span: Span) -> EvalResult<Option<&'a Definition>> {
        if let Some(def) = self.defs.functions.get(key) {
            return Ok(Some(def));
        }
        if key.contains("::") {
            self.autoload(key, Kind::Function, span, |ev| ev.defs.functions.contains_key(key))?;
        }
        Ok(self.defs.functions.get(key).copied())
    }

    /// Loads the file that should define the type alias `name` (as written),
    /// so that `defs.alias` finds it.
    pub(crate) fn load_alias(&mut self, name: &str, span: Span) -> EvalResult<()> {
        let key = name.trim_start_matches("::").to_lowercase();
        if self.defs.alias(&key).is_some() || !key.contains("::") {
            return Ok(());
        }
        self.autoload(&key, Kind::TypeAlias, span, |ev| ev.defs.alias(&key).is_some())
    }

    /// Tries the files that may define `key`, in Puppet's order, until
    /// `found` says the definition is there. Classes and defines follow the
    /// old type loader (`a::b::c` in `a/manifests/b/c.pp`, then `b.pp`, then
    /// `init.pp`); functions and aliases have one file each.
    fn autoload(&mut self, key: &str, kind: Kind, span: Span, found: impl Fn(&Self) -> bool) -> EvalResult<()> {
        let segments: Vec<&str> = key.split("::").collect();
        let Some(module_dir) = self.env.module_dir(segments[0]) else {
            return Ok(());
        };
        for path in candidate_files(&module_dir, &segments, kind) {
            if path.is_file() {
                self.load_file(&path, span, Some(segments[0]))?;
                if found(self) {
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    /// Reads, parses and checks `path` once, adding its definitions; they
    /// belong to `module` (their `$module_name`) when it is a module's file.
    pub(crate) fn load_file(&mut self, path: &Path, span: Span, module: Option<&str>) -> EvalResult<()> {
        if !self.loaded_files.insert(path.to_path_buf()) {
            return Ok(());
        }
        let program = self.parse_manifest(path, span)?;
        if module.is_some() {
            self.defs.collect_module_definitions(program);
        } else {
            self.defs.collect_definitions(program);
        }
        self.check_metaparameter_names(program)
    }
}

impl<'a> Evaluator<'a> {
    /// Reads, parses and checks the manifest `path` (an error of reading
    /// it points at `span`), logging its warnings: parsed here, or taken
    /// from the files shared with other compiles.
    pub(crate) fn parse_manifest(&mut self, path: &Path, span: Span) -> EvalResult<&'a Program> {
        let unreadable = |e: String| fail(span, format!("Could not read file {}: {e}", path.display()));
        let level = self.env.strict.level;
        if let Some(shared) = self.shared {
            match shared.manifest(path, level) {
                Ok(parsed) => {
                    self.sources.insert_shared(parsed.source.clone());
                    let warnings = match &parsed.parsed {
                        Ok((_, warnings)) => warnings,
                        Err(e) => return Err(Flow::from_error(e.clone())),
                    };
                    for w in warnings {
                        self.logger.log(w.clone());
                    }
                    return Ok(self.arena.alloc(Loaded::Shared(parsed)));
                }
                Err(NotShared::Unreadable(e)) => return Err(unreadable(e)),
                Err(NotShared::Full) => {}
            }
        }
        let text = crate::files::read_text(path).map_err(|e| unreadable(e.to_string()))?;
        let Some(source) = self.sources.add(path.display().to_string(), text) else {
            return Err(super::limits::exceeded(span, "The manifests read are larger than confer can hold"));
        };
        let (program, warnings) = crate::validate_with_warnings(&source, level).map_err(Flow::from_error)?;
        for w in warnings {
            self.logger.log(w);
        }
        Ok(self.arena.alloc(Loaded::Own(program)))
    }
}

impl Evaluator<'_> {
    /// The module a class or defined type (lower-case name) was read from:
    /// its `$module_name`, the empty string outside modules as in Puppet.
    pub(crate) fn module_of(&self, key: &str) -> String {
        if self.defs.in_modules.contains(key) {
            key.split("::").next().unwrap_or_default().to_string()
        } else {
            String::new()
        }
    }

    /// Sets `$module_name` (the module defining the class or defined type
    /// `key` whose body `scope` runs) and `$caller_module_name` (that of the
    /// scope declaring it).
    pub(crate) fn bind_module_names(&self, scope: &Rc<Scope>, key: &str, caller: &Scope) {
        let caller_module = match caller.lookup("module_name") {
            Some(confer_core::Value::String(m)) => m.to_string(),
            _ => String::new(),
        };
        let _ = scope.assign("module_name", confer_core::Value::from(self.module_of(key)));
        let _ = scope.assign("caller_module_name", confer_core::Value::from(caller_module));
    }
}

/// The files that may hold `segments` (a name split at `::`) of `kind`.
fn candidate_files(module_dir: &Path, segments: &[&str], kind: Kind) -> Vec<PathBuf> {
    let file = |dir: &str, parts: &[&str]| {
        let mut p = module_dir.join(dir);
        for part in parts {
            p.push(part);
        }
        p.set_extension("pp");
        p
    };
    match kind {
        Kind::Manifest => {
            (1..=segments.len())
                .rev()
                .map(|n| {
                    if n == 1 {
                        module_dir.join("manifests").join("init.pp")
                    } else {
                        file("manifests", &segments[1..n])
                    }
                })
                .collect()
        }
        Kind::Function if segments.len() > 1 => vec![file("functions", &segments[1..])],
        Kind::TypeAlias if segments.len() > 1 => vec![file("types", &segments[1..])],
        _ => Vec::new(),
    }
}
