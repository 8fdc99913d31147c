//! `hiera.yaml` version 5: defaults, the hierarchy and its levels, read and
//! validated as Puppet's `HieraConfigV5` does. Versions 3 and 4 are refused
//! (Puppet reads version 3 only in the global layer, and version 4 is
//! deprecated); `hocon_data` and functions from other gems are refused with
//! a message that names them.

use std::path::{Path, PathBuf};

use confer_core::Value;

use crate::error::{HieraError, Location};
use crate::yaml::{self, path_key, Marked};

/// Which layer a configuration belongs to; Puppet's rules differ by layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LayerKind {
    /// `--hiera-config`.
    Global,
    /// `<environment>/hiera.yaml`.
    Environment,
    /// `<module>/hiera.yaml`.
    Module,
}

/// A data backend: the function that turns a file into a hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Backend {
    /// `data_hash: yaml_data`.
    Yaml,
    /// `data_hash: json_data`.
    Json,
}

impl Backend {
    /// The function's name, as `--explain` prints it.
    pub fn function_name(self) -> &'static str {
        match self {
            Backend::Yaml => "yaml_data",
            Backend::Json => "json_data",
        }
    }
}

/// Where a level's data files are.
#[derive(Clone, Debug, PartialEq)]
pub enum Locations {
    /// `path` or `paths`: files, interpolated, under the datadir.
    Paths(Vec<String>),
    /// `glob` or `globs`: every file the patterns match.
    Globs(Vec<String>),
    /// `uri` or `uris`: passed to the backend as they are.
    Uris(Vec<String>),
    /// `mapped_paths: [variable, key, template]`: one path for each element
    /// of the variable, with `key` bound to it in the template.
    Mapped(String, String, String),
}

/// One entry of the hierarchy.
#[derive(Clone, Debug)]
pub struct Level {
    /// `name`.
    pub name: String,
    /// The backend (from the entry or `defaults`).
    pub backend: Backend,
    /// The data directory, relative to the configuration's directory.
    pub datadir: String,
    /// The locations, or `None` when the entry names none.
    pub locations: Option<Locations>,
}

/// A parsed `hiera.yaml`, or Puppet's default when the file is absent.
#[derive(Clone, Debug)]
pub struct Config {
    /// The file, `None` for the default configuration.
    pub path: Option<PathBuf>,
    /// The directory relative paths start from.
    pub root: PathBuf,
    /// The hierarchy, in priority order.
    pub hierarchy: Vec<Level>,
    /// A module's `default_hierarchy`, consulted when nothing else is found.
    pub default_hierarchy: Vec<Level>,
}

const FUNCTION_KEYS: [&str; 3] = ["data_hash", "lookup_key", "data_dig"];
const LOCATION_KEYS: [&str; 7] = ["paths", "path", "globs", "glob", "uris", "uri", "mapped_paths"];
const LEVEL_KEYS: [&str; 15] = [
    "name",
    "options",
    "data_hash",
    "lookup_key",
    "data_dig",
    "hiera3_backend",
    "path",
    "paths",
    "glob",
    "globs",
    "uri",
    "uris",
    "mapped_paths",
    "datadir",
    "v4_data_hash",
];

/// Reads and validates a configuration; an absent file is Puppet's default
/// (`data/common.yaml` with `yaml_data`), whose paths count only when they exist.
pub fn load(file: &Path, kind: LayerKind) -> Result<Config, HieraError> {
    let root = file.parent().unwrap_or(Path::new(".")).to_path_buf();
    if !file.exists() {
        return Ok(default_config(root));
    }
    let text =
        confer_core::read::read_text(file).map_err(|source| HieraError::Io { file: file.to_path_buf(), source })?;
    let doc = yaml::parse(&text).map_err(|e| HieraError::Syntax {
        at: Location { file: file.to_string_lossy().as_ref().into(), line: e.mark.0, column: e.mark.1 },
        message: e.to_string(),
    })?;
    Reader { file, doc: &doc }.config(root, kind)
}

fn default_config(root: PathBuf) -> Config {
    let level = Level {
        name: "Common".into(),
        backend: Backend::Yaml,
        datadir: "data".into(),
        locations: Some(Locations::Paths(vec!["common.yaml".into()])),
    };
    Config { path: None, root, hierarchy: vec![level], default_hierarchy: Vec::new() }
}

/// Reads one file, knowing where each of its values is for errors.
struct Reader<'a> {
    file: &'a Path,
    doc: &'a Marked,
}

fn get<'v>(map: &'v Value, key: &str) -> Option<&'v Value> {
    match map {
        Value::Hash(h) => h.get(&Value::from(key)),
        _ => None,
    }
}

impl Reader<'_> {
    fn error(&self, path: &[&str], message: impl Into<String>) -> HieraError {
        let mut p: Vec<&str> = path.to_vec();
        let mark = loop {
            if let Some(m) = self.doc.marks.get(&path_key(p.iter().copied())) {
                break *m;
            }
            if p.pop().is_none() {
                break (1, 1);
            }
        };
        HieraError::Config {
            message: message.into(),
            at: Location { file: self.file.to_string_lossy().as_ref().into(), line: mark.0, column: mark.1 },
        }
    }

    fn string(&self, v: &Value, path: &[&str]) -> Result<String, HieraError> {
        match v {
            Value::String(s) if !s.is_empty() => Ok(s.to_string()),
            _ => Err(self.error(path, format!("'{}' expects a non-empty String value", path.join(".")))),
        }
    }

    fn strings(&self, v: &Value, path: &[&str], len: Option<usize>) -> Result<Vec<String>, HieraError> {
        let items = v.as_array().filter(|a| !a.is_empty() && len.is_none_or(|n| a.len() == n));
        let Some(items) = items else {
            let what = len.map_or("a non-empty Array".to_string(), |n| format!("an Array of {n} Strings"));
            return Err(self.error(path, format!("'{}' expects {what}", path.join("."))));
        };
        let mut out = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let index = i.to_string();
            let mut p = path.to_vec();
            p.push(&index);
            out.push(self.string(item, &p)?);
        }
        Ok(out)
    }

    fn config(&self, root: PathBuf, kind: LayerKind) -> Result<Config, HieraError> {
        let doc = &self.doc.value;
        if !matches!(doc, Value::Hash(_)) {
            return Err(self.error(&[], "File exists but does not contain a valid YAML hash"));
        }
        let version = match get(doc, "version") {
            None => 3,
            Some(Value::Integer(n)) => *n,
            Some(Value::String(s)) => s.parse().unwrap_or(0),
            Some(_) => 0,
        };
        match (version, kind) {
            (5, _) => {}
            (3, LayerKind::Global) => {
                return Err(self.error(&["version"], "hiera.yaml version 3 is not supported by confer; convert it to version 5"))
            }
            (3, LayerKind::Environment) => {
                return Err(self.error(&["version"], "hiera.yaml version 3 cannot be used in an environment"))
            }
            (3, LayerKind::Module) => {
                return Err(self.error(&["version"], "hiera.yaml version 3 cannot be used in a module"))
            }
            (4, LayerKind::Global) => {
                return Err(self.error(&["version"], "hiera.yaml version 4 cannot be used in the global layer"))
            }
            (4, _) => {
                return Err(self.error(
                    &["version"],
                    "hiera.yaml version 4 is not supported by confer (Puppet reads it, deprecated); convert it to version 5",
                ))
            }
            (n, _) => return Err(self.error(&["version"], format!("This runtime does not support hiera.yaml version {n}"))),
        }
        if let Value::Hash(h) = doc {
            for k in h.keys() {
                let k = confer_core::value::to_s(k);
                if !["version", "defaults", "hierarchy", "default_hierarchy", "plan_hierarchy"].contains(&k.as_str()) {
                    return Err(
                        self.error(&[&k], format!("The Lookup Configuration has wrong type, unrecognized key '{k}'"))
                    );
                }
            }
        }
        let defaults = get(doc, "defaults").cloned().unwrap_or(Value::Undef);
        let default_function = match get(doc, "defaults") {
            Some(_) => self.function(&defaults, &["defaults"], true)?,
            None => Some(Backend::Yaml),
        };
        let datadir = match get(&defaults, "datadir") {
            Some(v) => self.string(v, &["defaults", "datadir"])?,
            None => "data".into(),
        };
        if get(doc, "default_hierarchy").is_some() && kind != LayerKind::Module {
            return Err(self.error(&["default_hierarchy"], "'default_hierarchy' is only allowed in the module layer"));
        }
        let levels = |key: &str| -> Result<Vec<Level>, HieraError> {
            let Some(list) = get(doc, key) else { return Ok(Vec::new()) };
            let Some(items) = list.as_array() else {
                return Err(self.error(&[key], format!("'{key}' expects an Array value")));
            };
            let mut out: Vec<Level> = Vec::new();
            for (i, entry) in items.iter().enumerate() {
                let level = self.level(entry, &[key, &i.to_string()], default_function, &datadir)?;
                if out.iter().any(|l| l.name == level.name) {
                    return Err(self.error(
                        &[key, &i.to_string(), "name"],
                        format!("Hierarchy name '{}' defined more than once.", level.name),
                    ));
                }
                out.push(level);
            }
            Ok(out)
        };
        let hierarchy = if get(doc, "hierarchy").is_some() {
            levels("hierarchy")?
        } else {
            default_config(PathBuf::new()).hierarchy
        };
        let default_hierarchy = levels("default_hierarchy")?;
        Ok(Config { path: Some(self.file.to_path_buf()), root, hierarchy, default_hierarchy })
    }

    /// The backend an entry (or `defaults`) names, if any.
    fn function(&self, entry: &Value, path: &[&str], in_defaults: bool) -> Result<Option<Backend>, HieraError> {
        let named: Vec<&str> = FUNCTION_KEYS.iter().copied().filter(|k| get(entry, k).is_some()).collect();
        if named.len() > 1 {
            let msg = if in_defaults {
                "Only one of data_hash, lookup_key, data_dig, or hiera3_backend can be defined in defaults".to_string()
            } else {
                let name = get(entry, "name").map(confer_core::value::to_s).unwrap_or_default();
                format!("Only one of data_hash, lookup_key, data_dig, or hiera3_backend can be defined in hierarchy '{name}'")
            };
            return Err(self.error(path, msg));
        }
        let Some(kind) = named.first() else { return Ok(None) };
        let mut p = path.to_vec();
        p.push(kind);
        let name = self.string(get(entry, kind).unwrap_or(&Value::Undef), &p)?;
        match (*kind, name.as_str()) {
            ("data_hash", "yaml_data") => Ok(Some(Backend::Yaml)),
            ("data_hash", "json_data") => Ok(Some(Backend::Json)),
            ("data_hash", "hocon_data") => Err(self.error(
                &p,
                "The 'hocon_data' backend is not supported by confer: no maintained Rust crate reads HOCON",
            )),
            (kind, name) => Err(self.error(
                &p,
                format!("Unable to find '{kind}' function named '{name}' (confer has yaml_data and json_data only)"),
            )),
        }
    }

    fn level(
        &self,
        entry: &Value,
        path: &[&str],
        default: Option<Backend>,
        datadir: &str,
    ) -> Result<Level, HieraError> {
        let Value::Hash(h) = entry else { return Err(self.error(path, "a hierarchy entry expects a Hash value")) };
        let mut p = path.to_vec();
        p.push("name");
        let name = self.string(get(entry, "name").unwrap_or(&Value::Undef), &p)?;
        for k in h.keys() {
            let k = confer_core::value::to_s(k);
            if !LEVEL_KEYS.contains(&k.as_str()) {
                let mut p = path.to_vec();
                p.push(&k);
                return Err(self.error(&p, format!("hierarchy entry '{name}' has an unrecognized key '{k}'")));
            }
        }
        if get(entry, "hiera3_backend").is_some() {
            return Err(self.error(path, "'hiera3_backend' is only allowed in the global layer"));
        }
        let backend = match self.function(entry, path, false)?.or(default) {
            Some(b) => b,
            None => {
                return Err(self.error(
                    path,
                    format!(
                    "One of data_hash, lookup_key, data_dig, or hiera3_backend must be defined in hierarchy '{name}'"
                ),
                ))
            }
        };
        let named: Vec<&str> = LOCATION_KEYS.iter().copied().filter(|k| get(entry, k).is_some()).collect();
        if named.len() > 1 {
            return Err(self.error(
                path,
                format!("Only one of paths, path, globs, glob, uris, uri, or mapped_paths can be defined in hierarchy '{name}'"),
            ));
        }
        let locations = match named.first() {
            None => None,
            Some(k) => {
                let mut p = path.to_vec();
                p.push(k);
                let v = get(entry, k).unwrap_or(&Value::Undef);
                Some(match *k {
                    "path" => Locations::Paths(vec![self.string(v, &p)?]),
                    "paths" => Locations::Paths(self.strings(v, &p, None)?),
                    "glob" => Locations::Globs(vec![self.string(v, &p)?]),
                    "globs" => Locations::Globs(self.strings(v, &p, None)?),
                    "uri" => Locations::Uris(vec![self.string(v, &p)?]),
                    "uris" => Locations::Uris(self.strings(v, &p, None)?),
                    _ => {
                        let [a, b, c]: [String; 3] = self
                            .strings(v, &p, Some(3))?
                            .try_into()
                            .map_err(|_| self.error(&p, "'mapped_paths' expects an Array of 3 Strings"))?;
                        Locations::Mapped(a, b, c)
                    }
                })
            }
        };
        if let Some(Value::Hash(options)) = get(entry, "options") {
            for reserved in ["path", "uri"] {
                if options.contains_key(&Value::from(reserved)) {
                    return Err(self.error(
                        path,
                        format!("Option key '{reserved}' used in hierarchy '{name}' is reserved by Puppet"),
                    ));
                }
            }
        }
        let datadir = match get(entry, "datadir") {
            Some(v) => {
                let mut p = path.to_vec();
                p.push("datadir");
                self.string(v, &p)?
            }
            None => datadir.to_string(),
        };
        Ok(Level { name, backend, datadir, locations })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load_text(text: &str, kind: LayerKind) -> Result<Config, HieraError> {
        let doc = yaml::parse(text).unwrap();
        Reader { file: Path::new("hiera.yaml"), doc: &doc }.config(PathBuf::from("."), kind)
    }

    #[test]
    fn a_hierarchy_reads_its_levels() {
        let c = load_text(
            "version: 5\ndefaults: {datadir: d, data_hash: yaml_data}\nhierarchy:\n  - name: a\n    path: x.yaml\n  - name: b\n    data_hash: json_data\n    mapped_paths: [v, k, 'p/%{k}.json']\n",
            LayerKind::Environment,
        )
        .unwrap();
        assert_eq!(c.hierarchy.len(), 2);
        assert_eq!(c.hierarchy[0].datadir, "d");
        assert_eq!(c.hierarchy[1].backend, Backend::Json);
        assert!(matches!(&c.hierarchy[1].locations, Some(Locations::Mapped(v, _, _)) if v == "v"));
    }

    #[test]
    fn old_versions_are_refused_with_puppets_message() {
        let e = load_text("---\n:backends: [yaml]\n", LayerKind::Environment).unwrap_err();
        assert_eq!(e.to_string(), "hiera.yaml version 3 cannot be used in an environment (file: hiera.yaml:2:1)");
        let e = load_text("version: 4\n", LayerKind::Module).unwrap_err();
        assert!(e.to_string().contains("version 4"), "{e}");
    }

    #[test]
    fn errors_point_at_the_entry() {
        let e = load_text(
            "version: 5\nhierarchy:\n  - name: a\n    data_hash: hocon_data\n    path: x\n",
            LayerKind::Environment,
        )
        .unwrap_err();
        assert!(e.to_string().contains("hocon_data") && e.to_string().ends_with("hiera.yaml:4:16)"), "{e}");
    }
}
