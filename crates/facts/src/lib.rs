//! The facts of a node, as Puppet hands them to a compile: read from Puppet's
//! facts cache or from facter's output, or gathered natively on this machine
//! with facter 4's names and shapes.

mod error;
mod factsets;
pub mod gather;
mod parse;
mod yaml_value;

use std::path::Path;

use confer_core::Value;

pub use error::FactsError;
pub use gather::gather;

/// A node's facts: its name (the certname it reports) and a hash of fact
/// values, structured (`os`, `networking`) and legacy (`osfamily`, `fqdn`).
#[derive(Clone, Debug)]
pub struct Facts {
    /// The node name: the `name` of a Puppet facts document, else the
    /// `clientcert` or `fqdn` fact.
    pub name: String,
    /// The facts, always a `Value::Hash`.
    pub values: Value,
}

impl Facts {
    /// The value of a top-level fact.
    pub fn get(&self, name: &str) -> Option<&Value> {
        match &self.values {
            Value::Hash(map) => map.get(&Value::from(name)),
            _ => None,
        }
    }
}

/// Reads a facts file: Puppet's cache (`--- !ruby/object:Puppet::Node::Facts`
/// with `name` and `values`), or the plain YAML or JSON that `facter -y` and
/// `facter -j` print. The format is taken from the content, not the name.
pub fn load(path: &Path) -> Result<Facts, FactsError> {
    let text = confer_core::read::read_text(path)
        .map_err(|source| FactsError::Io { file: path.display().to_string(), source })?;
    parse::parse(&text, &path.display().to_string())
}

/// Reads a file of one node's facts (as [`load`] does) or of many: a
/// PuppetDB `factsets` export, a JSON array of `{"certname": …, "facts":
/// …}` whose facts are `{"data": [{"name": …, "value": …}, …]}` (the
/// query API's form, when the export expanded them) or a map of facts.
pub fn load_all(path: &Path) -> Result<Vec<Facts>, FactsError> {
    let text = confer_core::read::read_text(path)
        .map_err(|source| FactsError::Io { file: path.display().to_string(), source })?;
    parse::parse_all(&text, &path.display().to_string(), true)
}

/// Parses the factsets PuppetDB's query API answers (the JSON array that
/// [`load_all`] reads from an export); `source` names the answer in errors.
pub fn parse_factsets(text: &str, source: &str) -> Result<Vec<Facts>, FactsError> {
    parse::parse_factsets(text, source)
}

/// Parses facts from text; `file` names it in errors.
pub fn parse_str(text: &str, file: &str) -> Result<Facts, FactsError> {
    parse::parse(text, file)
}
