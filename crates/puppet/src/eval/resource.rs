//! A declared resource as the catalog holds it, what kinds there are, the
//! resource types Puppet itself provides, and the references a value names.
//! Apart from the catalog's operations (`catalog.rs`) so that what reads
//! resources — collectors, overrides, templates, the console's type names —
//! does not depend on the code that declares them.

use std::rc::Rc;

use confer_core::value::to_s;
use confer_core::{HashMap, Value};

use super::scope::Scope;
use super::tags::add_tag;
use crate::span::Span;

/// Resource types that Puppet 7.23 itself provides (its `puppet/type/*.rb`;
/// cron, host, mount and the like are modules since Puppet 6 and are found
/// as module types when such a module is on the module path).
pub(crate) const BUILTIN_TYPES: &[&str] = &[
    "component",
    "exec",
    "file",
    "filebucket",
    "group",
    "notify",
    "package",
    "resources",
    "schedule",
    "service",
    "stage",
    "tidy",
    "user",
    "whit",
];

/// Whether Puppet itself provides the resource type `name` (lower case).
pub(crate) fn is_resource_type(name: &str) -> bool {
    BUILTIN_TYPES.contains(&name)
}

/// A declared resource.
pub(crate) struct Resource {
    pub(crate) type_name: String,
    pub(crate) title: String,
    /// Whether the title was given as a String. A function may declare a
    /// resource with another title (`ensure_resource('x', 8080)`); Puppet
    /// then neither tags it with the title nor takes the title for its
    /// name, and the catalog shows the name as a parameter.
    pub(crate) title_is_text: bool,
    pub(crate) attributes: HashMap,
    /// Where its relationship metaparameters were written, when in code.
    pub(crate) relationship_places: Vec<(Value, Span)>,
    /// The class or defined resource that declared it, as Puppet names it in
    /// resource paths (`Main`, `Foo::Bar`, `Mytype[title]`).
    pub(crate) container: String,
    pub(crate) virtual_: bool,
    pub(crate) span: Span,
    /// The scope that declared it, where resource defaults are looked up.
    pub(crate) scope: Rc<Scope>,
    /// Its tags, in the order Puppet adds them (an ordered set).
    pub(crate) tags: Vec<String>,
    /// Declared with `@@`.
    pub(crate) exported: bool,
    pub(crate) kind: ResourceKind,
    /// The resource that contains it in the catalog graph: its scope's
    /// resource, or for a class its stage.
    pub(crate) container_index: Option<usize>,
    /// The class that also contains it through `contain`.
    pub(crate) contained_by: Option<usize>,
    /// Whether `contain` reached it before its stage did: a class contained
    /// by the parent it inherits, which Puppet evaluates before placing the
    /// child in its stage, so the catalog lists that edge first.
    pub(crate) contained_before_stage: bool,
    /// Whether the catalog gives its file and line (resources declared in
    /// code; not included classes, nodes, or the catalog's own).
    pub(crate) located: bool,
    /// Whether its body has run and taken its scope's tags (classes,
    /// nodes, defined resources; Puppet's `finish_evaluation`).
    pub(crate) tags_settled: bool,
}

impl Resource {
    /// Takes the tags a `tag` parameter set later names (an override's),
    /// as Puppet tags a resource whenever its `tag` is set.
    pub(crate) fn tag_with(&mut self, tag: Option<&Value>) {
        if let Some(tag) = tag {
            add_tags_from(&mut self.tags, tag);
        }
    }
}

/// Adds the tags a `tag` value names (one, or an array of them).
pub(crate) fn add_tags_from(tags: &mut Vec<String>, tag: &Value) {
    for t in references(tag) {
        add_tag(tags, &to_s(&t));
    }
}

/// What a catalog resource is, as the catalog's `kind` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ResourceKind {
    /// A built-in or module-provided (Ruby) type.
    Compilable,
    /// A defined type.
    Defined,
    /// A class declared resource-like (`class { 'x': }`).
    Class,
    /// An included class, a node, and the catalog's own classes.
    Unknown,
}

/// The resource references a value names: itself, or the elements of an
/// array (`realize([Notify['a'], Notify['b']])`).
pub(crate) fn references(v: &Value) -> Vec<Value> {
    match v {
        Value::Array(items) => items.to_vec(),
        Value::Runtime(r) if r.reference().is_some() => super::relationships::runtime_reference(r),
        other => vec![other.clone()],
    }
}
