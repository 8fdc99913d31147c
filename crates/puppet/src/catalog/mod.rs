//! A compiled catalog, as `puppet catalog compile --render-as json` prints
//! it (catalog format 2): the resources in the order they were added, the
//! containment edges, the classes evaluated and the catalog's tags.

mod json;

use confer_core::Value;

pub use json::{to_json, SensitiveValues};

/// One resource of a catalog.
#[derive(Debug, Clone, PartialEq)]
pub struct Resource {
    /// Capitalised type (`File`, `Class`, `Apache::Vhost`).
    pub type_name: String,
    /// Title as declared (a class's is capitalised).
    pub title: String,
    /// Tags in the order Puppet adds them.
    pub tags: Vec<String>,
    /// Where it was declared, for resources declared in code.
    pub file: Option<String>,
    /// The line of `file`.
    pub line: Option<usize>,
    /// Declared with `@@`.
    pub exported: bool,
    /// `compilable_type`, `defined_type`, `class` or `unknown`.
    pub kind: &'static str,
    /// Parameters in the order they were set; undef ones are left out.
    pub parameters: Vec<(String, Value)>,
    /// The parameters whose value is Sensitive.
    pub sensitive_parameters: Vec<String>,
}

impl Resource {
    /// `Type[title]`, as edges and relationship parameters name it.
    pub fn reference(&self) -> String {
        format!("{}[{}]", self.type_name, self.title)
    }
}

/// A compiled catalog.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Catalog {
    /// Tags of the catalog: the classes' names and their segments.
    pub tags: Vec<String>,
    /// The node's name.
    pub name: String,
    /// The environment's name.
    pub environment: String,
    /// The catalog version: seconds since the epoch at compile time, as
    /// Puppet's default `config_version`.
    pub version: i64,
    /// A random identifier of this compilation.
    pub catalog_uuid: String,
    /// The resources, in the order they were added.
    pub resources: Vec<Resource>,
    /// Containment edges: (container, contained), as indexes into
    /// `resources`.
    pub edges: Vec<(usize, usize)>,
    /// Names of the classes evaluated (the node's name among them).
    pub classes: Vec<String>,
}
