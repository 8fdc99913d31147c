//! Type aliases from modules and type expressions as schemas. Aliases are
//! found with Puppet's autoload naming: `stdlib/types/port.pp` defines
//! `Stdlib::Port`, `stdlib/types/compat/ipv6.pp` defines
//! `Stdlib::Compat::Ipv6`. They are parsed once and resolved lazily, only when
//! a schema refers to them.

use std::path::{Path, PathBuf};

use confer_core::Type;
use confer_puppet::error::{ErrorKind, PuppetError};
use confer_puppet::span::Source;

/// The name under which a schema expression is resolved; no module can
/// define it because module aliases are always qualified.
const ROOT_ALIAS: &str = "ConferCheckSchema";

/// One file's part of the combined alias source.
struct Part {
    file: PathBuf,
    first_line: usize,
    lines: usize,
}

/// The type aliases available to schemas.
#[derive(Default)]
pub struct TypeEnvironment {
    text: String,
    /// How many lines `text` holds, kept as files are added: counting them
    /// again for each file made loading 10,000 alias files quadratic.
    lines: usize,
    parts: Vec<Part>,
    /// Files that do not parse, by the alias name their path implies, with the
    /// error: reported when a schema refers to them.
    broken: Vec<(String, SchemaError)>,
}

/// Why a schema could not be built.
#[derive(Debug)]
pub struct SchemaError {
    /// The message, with the file and line it refers to when known.
    pub message: String,
}

impl std::fmt::Display for SchemaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// `types/a/b_c.pp` in module `mod` → `Mod::A::B_c`.
pub fn alias_name(module: &str, relative: &Path) -> String {
    let mut segments = vec![module.to_string()];
    let stem = relative.with_extension("");
    segments.extend(stem.iter().map(|s| s.to_string_lossy().to_string()));
    segments
        .iter()
        .map(|s| {
            let mut cs = s.chars();
            cs.next().map_or_else(String::new, |c| c.to_uppercase().chain(cs).collect())
        })
        .collect::<Vec<_>>()
        .join("::")
}

/// A module's alias files, as Puppet's autoloader finds them
/// (`Dir.glob('types/**/*.pp')`, through the one tree walk that enters each
/// real directory once); symlinked files are read.
fn type_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), confer_hiera::dir_glob::TooLarge> {
    out.extend(confer_hiera::dir_glob::glob(&dir.join("**/*.pp"))?.into_iter().filter(|p| p.is_file()));
    Ok(())
}

impl TypeEnvironment {
    /// Collects the alias files of every module in `modulepath` (directories
    /// separated by `:`).
    pub fn load(modulepath: &str) -> Result<TypeEnvironment, SchemaError> {
        let mut env = TypeEnvironment::default();
        for dir in modulepath.split(':').filter(|d| !d.is_empty()) {
            let entries = match std::fs::read_dir(dir) {
                Ok(entries) => entries,
                // Puppet skips a module path directory that does not exist
                // (an environment without `modules/`).
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => return Err(SchemaError { message: format!("cannot read module directory {dir}: {e}") }),
            };
            let mut modules: Vec<_> =
                entries.flatten().map(|e| e.path()).filter(|p| p.join("types").is_dir()).collect();
            modules.sort();
            for module in modules {
                let types_dir = module.join("types");
                let mut files = Vec::new();
                type_files(&types_dir, &mut files).map_err(|e| SchemaError { message: e.to_string() })?;
                let module_name = module.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
                for file in files {
                    let text = confer_core::read::read_text(&file)
                        .map_err(|e| SchemaError { message: format!("cannot read {}: {e}", file.display()) })?;
                    let name = alias_name(&module_name, file.strip_prefix(&types_dir).unwrap_or(&file));
                    env.add_named(file, &name, &text);
                }
            }
        }
        Ok(env)
    }

    /// Adds one file's text (a `type Name = …` definition) to the environment.
    /// A file that does not parse is kept out, and its error is reported when
    /// a schema uses `name`.
    pub fn add_named(&mut self, file: PathBuf, name: &str, text: &str) {
        let source = Source::new(file.display().to_string(), text);
        if let Err(e) = confer_puppet::validate(&source) {
            let message = format!("{}: {e}", file.display());
            self.broken.push((name.to_string(), SchemaError { message }));
            return;
        }
        self.add(file, text);
    }

    /// Adds one file's text, known to parse, to the environment.
    fn add(&mut self, file: PathBuf, text: &str) {
        let first_line = self.lines + 1;
        let lines = text.matches('\n').count() + 1;
        self.text.push_str(text);
        self.text.push('\n');
        self.lines += lines;
        self.parts.push(Part { file, first_line, lines });
    }

    /// How many alias files are loaded.
    pub fn len(&self) -> usize {
        self.parts.len()
    }

    /// Whether no alias file is loaded.
    pub fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }

    /// Resolves a type expression (`Struct[{port => Stdlib::Port}]`).
    pub fn resolve(&self, expression: &str) -> Result<Type, SchemaError> {
        let mut text = self.text.clone();
        let first_line = self.lines + 1;
        text.push_str(&format!("type {ROOT_ALIAS} = {expression}\n"));
        let source = Source::new("<schema>", text);
        let resolved =
            confer_puppet::resolve_type_alias(&source, ROOT_ALIAS).map_err(|e| self.explain(e, first_line))?;
        Ok(match &resolved {
            Type::Alias(a) => a.0.target().cloned().unwrap_or(Type::Any),
            other => other.clone(),
        })
    }

    /// Turns an error in the combined text into one naming the file it came from.
    fn explain(&self, e: PuppetError, schema_line: usize) -> SchemaError {
        if let ErrorKind::UnknownType { name: missing } = &e.kind {
            if let Some((_, broken)) = self.broken.iter().find(|(n, _)| n.eq_ignore_ascii_case(missing)) {
                return SchemaError { message: broken.message.clone() };
            }
        }
        let Some(loc) = &e.location else {
            return SchemaError { message: e.message };
        };
        if loc.line >= schema_line {
            return SchemaError { message: format!("in the type expression: {}", e.message) };
        }
        match self.parts.iter().find(|p| loc.line >= p.first_line && loc.line < p.first_line + p.lines) {
            Some(p) => SchemaError {
                message: format!("{}:{}:{}: {}", p.file.display(), loc.line - p.first_line + 1, loc.column, e.message),
            },
            None => SchemaError { message: e.message },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn autoload_names() {
        assert_eq!(alias_name("stdlib", Path::new("port.pp")), "Stdlib::Port");
        assert_eq!(alias_name("stdlib", Path::new("compat/ipv6.pp")), "Stdlib::Compat::Ipv6");
    }

    #[test]
    fn aliases_resolve_lazily_and_keep_their_names() {
        let mut env = TypeEnvironment::default();
        env.add_named("m/types/port.pp".into(), "M::Port", "type M::Port = Integer[1, 65535]");
        env.add_named("m/types/broken.pp".into(), "M::Broken", "type M::Broken = Integer[");
        assert_eq!(env.resolve("M::Port").unwrap().to_string(), "M::Port = Integer[1, 65535]");
        let err = env.resolve("Array[M::Broken]").expect_err("the broken file is reported");
        assert!(err.message.starts_with("m/types/broken.pp: "), "{}", err.message);
    }

    #[test]
    fn expressions_resolve() {
        let mut env = TypeEnvironment::default();
        env.add_named("m/types/port.pp".into(), "M::Port", "type M::Port = Integer[1, 65535]");
        let t = env.resolve("Struct[{port => M::Port}]").unwrap();
        assert_eq!(t.to_string(), "Struct[{'port' => M::Port}]");
    }

    #[test]
    fn cycles_are_reported() {
        let mut env = TypeEnvironment::default();
        env.add_named("m/types/a.pp".into(), "M::A", "type M::A = M::B");
        env.add_named("m/types/b.pp".into(), "M::B", "type M::B = M::A");
        let message = env.resolve("M::A").err().unwrap().message;
        assert!(message.contains("cannot be resolved to a real type"), "{message}");
    }

    #[cfg(unix)]
    #[test]
    fn symlinked_directories_are_not_walked() {
        let root = std::env::temp_dir().join(format!("confer-symlink-loop-{}", std::process::id()));
        let types = root.join("m/types");
        std::fs::create_dir_all(&types).unwrap();
        std::fs::write(types.join("port.pp"), "type M::Port = Integer[1, 65535]").unwrap();
        for name in ["a", "b"] {
            let _ = std::os::unix::fs::symlink(".", types.join(name));
        }
        let mut files = Vec::new();
        type_files(&types, &mut files).unwrap();
        std::fs::remove_dir_all(&root).unwrap();
        assert_eq!(files, vec![types.join("port.pp")]);
    }
}
