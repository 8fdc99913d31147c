//! Data files: read once per lookup engine, kept with the positions of
//! their values, and the locations a hierarchy level resolves to.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use confer_core::{HashMap, Value};

use crate::config::Backend;
use crate::error::{HieraError, Location};
use crate::yaml::{self, path_key, Marked};

/// Whether `v` is `Puppet::LookupValue`: no Ruby object among its values
/// (a Symbol as a hash key passes, as in Puppet).
fn is_data(v: &Value) -> bool {
    match v {
        Value::Runtime(_) => false,
        Value::Array(items) => items.iter().all(is_data),
        Value::Hash(h) => h.values().all(is_data),
        _ => true,
    }
}

/// A data file's hash and where its values are.
#[derive(Debug)]
pub struct DataFile {
    /// The file.
    pub path: PathBuf,
    /// Its top-level keys and values.
    pub data: HashMap,
    marked: Marked,
    /// The backend function that read it (`yaml_data`).
    function: &'static str,
}

impl DataFile {
    /// Reads a file with a backend. An empty file is an empty hash, as in
    /// Puppet; anything but a hash is refused.
    pub fn load(path: &Path, backend: Backend) -> Result<DataFile, HieraError> {
        let text =
            confer_core::read::read_text(path).map_err(|source| HieraError::Io { file: path.to_path_buf(), source })?;
        let at = |mark: (usize, usize)| Location {
            file: path.to_string_lossy().as_ref().into(),
            line: mark.0,
            column: mark.1,
        };
        let marked = yaml::parse(&text).map_err(|e| HieraError::Syntax { at: at(e.mark), message: e.to_string() })?;
        let data = match &marked.value {
            Value::Hash(h) => h.to_map(),
            Value::Undef => HashMap::new(),
            other => {
                let kind = if backend == Backend::Json { "JSON" } else { "YAML" };
                return Err(HieraError::Syntax {
                    at: at((1, 1)),
                    message: format!("the {kind} data must be a Hash, got {}", other.type_name()),
                });
            }
        };
        Ok(DataFile { path: path.to_path_buf(), data, marked, function: backend.function_name() })
    }

    /// The value of the top-level `key`, which Puppet checks when it takes
    /// it: one holding a Ruby object (a Symbol) is refused.
    pub fn value(&self, key: &str) -> Result<Option<Value>, HieraError> {
        let Some(value) = self.data.get(&Value::from(key)) else { return Ok(None) };
        if !is_data(value) {
            return Err(HieraError::NotData {
                key: key.to_string(),
                function: self.function,
                file: self.path.clone(),
                got: confer_core::types::infer::infer_reduced(value).to_string(),
            });
        }
        Ok(Some(value.clone()))
    }

    /// Where the value at `path` (top-level key, then nested keys or
    /// indexes) starts; the nearest enclosing value when it has no mark.
    pub fn locate(&self, path: &[String]) -> Location {
        let mut p: Vec<&str> = path.iter().map(String::as_str).collect();
        let mark = loop {
            if let Some(m) = self.marked.marks.get(&path_key(p.iter().copied())) {
                break *m;
            }
            if p.pop().is_none() {
                break (1, 1);
            }
        };
        Location { file: self.path.to_string_lossy().as_ref().into(), line: mark.0, column: mark.1 }
    }
}

/// Where a found value came from: enough to point at its line and to say
/// which hierarchy level gave it.
#[derive(Clone, Debug)]
pub struct Origin {
    /// The data file.
    pub file: Arc<DataFile>,
    /// The top-level key in that file.
    pub key: String,
    /// The hierarchy level's name.
    pub level: String,
    /// The layer: "environment", "module ntp" or "global".
    pub layer: String,
}

impl Origin {
    /// The position of the value, or of the element at `path` inside it.
    pub fn locate(&self, path: &[String]) -> Location {
        let mut full = vec![self.key.clone()];
        full.extend(path.iter().cloned());
        self.file.locate(&full)
    }
}

/// A value found by a lookup, with the origin of its highest-priority part.
#[derive(Clone, Debug)]
pub struct Found {
    /// The value (merged, interpolated).
    pub value: Value,
    /// Where it came from; `None` when it was not read from a file.
    pub origin: Option<Origin>,
}

/// The first string inside `value` that is a hiera-eyaml cipher text, with
/// its path.
pub fn encrypted(value: &Value, path: &mut Vec<String>) -> Option<Vec<String>> {
    match value {
        Value::String(s) if s.trim_start().starts_with("ENC[") && s.trim_end().ends_with(']') => Some(path.clone()),
        Value::Array(items) => items.iter().enumerate().find_map(|(i, v)| {
            path.push(i.to_string());
            let r = encrypted(v, path);
            path.pop();
            r
        }),
        Value::Hash(h) => h.iter().find_map(|(k, v)| {
            path.push(confer_core::value::to_s(k));
            let r = encrypted(v, path);
            path.pop();
            r
        }),
        _ => None,
    }
}
