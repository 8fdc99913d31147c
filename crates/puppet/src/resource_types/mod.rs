//! What confer knows of the resource types implemented in Ruby: Puppet's
//! own (a table recorded from Puppet 7.23's `puppet/type/*.rb` by
//! `scripts/regen-builtin-types.py`) and those modules ship in
//! `lib/puppet/type/*.rb`, read statically (`ruby.rs`) — confer runs no Ruby.
//! A compile needs their attributes, to refuse unknown parameters as
//! Puppet does, and their namevars.

mod ruby;

use std::collections::HashMap;
use std::sync::OnceLock;

pub use ruby::read_type_file;

/// The attributes of a resource type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeInfo {
    /// The type's name (lower case).
    pub name: String,
    /// Its namevar parameters (`path` for file, else mostly `name`).
    pub namevars: Vec<String>,
    /// Its parameters and properties, without the metaparameters.
    pub attributes: Vec<String>,
    /// Whether `attributes` is known to be the whole list. A module type
    /// whose file builds attributes in ways a static reading cannot follow
    /// (loops, mixins) accepts any parameter rather than refuse a good one.
    pub complete: bool,
    /// The attributes that accept only named values: the values (as Puppet
    /// lists them when refusing one) and their aliases.
    pub named_values: Vec<NamedValues>,
    /// The type's `self.title_patterns`, run by `confer-ruby`: how a title
    /// gives its key attributes. Empty when the type has none (or none
    /// confer can run; the title then gives the `name` alone).
    pub title_patterns: Vec<confer_ruby::TitlePattern>,
}

/// The values an attribute accepts, when it accepts only named ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedValues {
    /// The attribute.
    pub attribute: String,
    /// Its values, in Puppet's order.
    pub values: Vec<String>,
    /// Other names for some of them (`true` for `running`).
    pub aliases: Vec<String>,
}

impl NamedValues {
    /// Whether `value` (in its string form) is one of them.
    pub fn accepts(&self, value: &str) -> bool {
        self.values.iter().chain(&self.aliases).any(|v| v == value)
    }
}

impl TypeInfo {
    /// Whether `param` is an attribute of this type or a metaparameter
    /// (`name` stands for the namevar of every type, and `provider` is added
    /// by the providers a type has, which a static reading does not see).
    pub fn accepts(&self, param: &str) -> bool {
        !self.complete
            || matches!(param, "name" | "provider")
            || METAPARAMETERS.contains(&param)
            || self.attributes.iter().any(|a| a == param)
    }
}

/// Attributes every resource accepts.
pub const METAPARAMETERS: &[&str] = &[
    "alias",
    "audit",
    "before",
    "consume",
    "export",
    "loglevel",
    "noop",
    "notify",
    "require",
    "schedule",
    "stage",
    "subscribe",
    "tag",
];

/// The table of Puppet's own types, recorded from Puppet 7.23.
const BUILTIN: &str = include_str!("builtin.tsv");

/// Puppet's own resource type `name` (lower case).
pub fn builtin(name: &str) -> Option<&'static TypeInfo> {
    table().get(name)
}

/// Every one of Puppet's own resource types, in no particular order (for
/// an editor's completion and its "did you mean").
pub fn builtins() -> impl Iterator<Item = &'static TypeInfo> {
    table().values()
}

/// The recorded table, read once.
fn table() -> &'static HashMap<String, TypeInfo> {
    static TABLE: OnceLock<HashMap<String, TypeInfo>> = OnceLock::new();
    TABLE.get_or_init(|| {
        BUILTIN
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| {
                let mut cols = l.split('\t');
                let name = cols.next()?.to_string();
                let list = |c: Option<&str>| {
                    c.unwrap_or("").split(',').filter(|s| !s.is_empty()).map(String::from).collect::<Vec<_>>()
                };
                let namevars = list(cols.next());
                let attributes = list(cols.next());
                let named_values = cols
                    .next()
                    .unwrap_or("")
                    .split(';')
                    .filter_map(|entry| {
                        let (attribute, values) = entry.split_once(':')?;
                        let (aliases, values): (Vec<&str>, Vec<&str>) =
                            values.split('|').partition(|v| v.starts_with('='));
                        Some(NamedValues {
                            attribute: attribute.to_string(),
                            values: values.into_iter().map(String::from).collect(),
                            aliases: aliases.into_iter().map(|a| a.trim_start_matches('=').to_string()).collect(),
                        })
                    })
                    .collect();
                Some((
                    name.clone(),
                    TypeInfo { name, namevars, attributes, complete: true, named_values, title_patterns: Vec::new() },
                ))
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_recorded_table_knows_files_and_services() {
        let file = builtin("file").unwrap_or_else(|| unreachable!("file is recorded"));
        assert_eq!(file.namevars, vec!["path".to_string()]);
        assert!(file.accepts("content") && file.accepts("ensure") && file.accepts("require"));
        assert!(!file.accepts("contnet"));
        assert!(builtin("service").is_some_and(|s| s.accepts("hasrestart")));
        assert!(builtin("host").is_none());
        let ensure = builtin("service").and_then(|s| s.named_values.iter().find(|v| v.attribute == "ensure"));
        assert!(ensure.is_some_and(|e| e.accepts("running") && e.accepts("true") && !e.accepts("runing")));
    }
}
