//! TypeSet types: a named, versioned group of types with references to other
//! sets, as Puppet 7.23's `PTypeSetType` checks and prints it.
//! Spec: "Object Type, TypeSet".
//!
//! Puppet's `puppet apply` registers the set itself but not its members under
//! `Set::Member` names, so only the set's own checks and its string form are
//! observable; `docs/deviations.md` notes this.

use std::sync::Arc;

use super::object::ObjectType;
use super::Type;
use crate::value::{puppet_quote, HashMap, Value};

/// The name authority of types declared in manifests (`Pcore::RUNTIME_NAME_AUTHORITY`).
pub const RUNTIME_NAME_AUTHORITY: &str = "http://puppet.com/2016.1/runtime";

/// The keys Puppet's `TYPE_TYPESET_I12N` struct accepts.
const KEYS: &[&str] =
    &["pcore_uri", "pcore_version", "name_authority", "name", "version", "types", "references", "annotations"];

/// A reference to another set: `Alias => {name => 'Set', version_range => '1.x'}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TypeSetReference {
    /// The local name of the referenced set.
    pub alias: Arc<str>,
    /// The referenced set's name.
    pub name: Arc<str>,
    /// The versions accepted, as written.
    pub version_range: Arc<str>,
}

/// A TypeSet (`TypeSet[{pcore_version => '1.0.0', types => {...}}]`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TypeSetType {
    /// `pcore_uri`, when given.
    pub pcore_uri: Option<Arc<str>>,
    /// `pcore_version` (required).
    pub pcore_version: Arc<str>,
    /// The name authority (the runtime's when not given).
    pub name_authority: Arc<str>,
    /// The set's name.
    pub name: Arc<str>,
    /// The set's version, when given.
    pub version: Option<Arc<str>>,
    /// The member types by local name.
    pub types: Vec<(Arc<str>, Type)>,
    /// References to other sets.
    pub references: Vec<TypeSetReference>,
}

fn wrong(detail: String) -> String {
    format!("TypeSet initializer has wrong type, {detail}")
}

fn type_name(v: &Value) -> String {
    crate::types::infer::general_type_name(v)
}

/// A simple capitalised name (`Pcore::TYPE_SIMPLE_TYPE_NAME`).
fn simple_type_name(s: &str) -> bool {
    let mut cs = s.chars();
    cs.next().is_some_and(|c| c.is_ascii_uppercase()) && cs.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A qualified capitalised name (`Pcore::TYPE_QUALIFIED_REFERENCE`).
fn qualified_reference(s: &str) -> bool {
    s.split("::").all(simple_type_name)
}

/// Whether `s` is a URI as Puppet's `Pcore::TYPE_URI` pattern accepts it: a
/// scheme, then no white space.
fn uri(s: &str) -> bool {
    match s.split_once(':') {
        Some((scheme, rest)) => {
            scheme.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                && scheme.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
                && !rest.chars().any(char::is_whitespace)
        }
        None => false,
    }
}

/// Puppet's error for a version it cannot read.
fn unparsable(v: &str) -> String {
    format!("Unable to parse '{v}' as a semantic version identifier")
}

fn semver(s: &str) -> bool {
    ::semver::Version::parse(s).is_ok()
}

fn string_entry(hash: &HashMap, key: &str) -> Result<Option<Arc<str>>, String> {
    match hash.get(&Value::from(key)) {
        None | Some(Value::Undef) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(other) => Err(wrong(format!("entry '{key}' expects a String value, got {}", type_name(other)))),
    }
}

impl TypeSetType {
    /// Checks the evaluated initialisation hash of the set `name` (its
    /// `types` already built by the evaluator, passed as `types`).
    pub fn from_init_hash(name: &str, hash: &HashMap, types: Vec<(Arc<str>, Type)>) -> Result<TypeSetType, String> {
        for k in hash.keys() {
            if !k.as_str().is_some_and(|s| KEYS.contains(&s)) {
                return Err(wrong(format!("unrecognized key '{}'", crate::value::to_s(k))));
            }
        }
        let pcore_version = string_entry(hash, "pcore_version")?
            .ok_or_else(|| wrong("expects a value for key 'pcore_version'".into()))?;
        if !semver(&pcore_version) {
            return Err(unparsable(&pcore_version));
        }
        if !pcore_version.starts_with("1.") {
            return Err(format!(
                "The pcore version for TypeSet '{name}' is not understood by this runtime. Expected range 1.x, got {pcore_version}"
            ));
        }
        let version = string_entry(hash, "version")?;
        if let Some(v) = &version {
            if !semver(v) {
                return Err(unparsable(v));
            }
        }
        let pcore_uri = string_entry(hash, "pcore_uri")?;
        for (key, value) in [("pcore_uri", &pcore_uri), ("name_authority", &string_entry(hash, "name_authority")?)] {
            if let Some(v) = value {
                if !uri(v) {
                    return Err(wrong(format!("entry '{key}' expects a match for Pattern[URI], got '{v}'")));
                }
            }
        }
        // A set declared in a manifest is named by the runtime's authority,
        // whatever its declaration says (the loader's authority wins).
        let name_authority: Arc<str> = RUNTIME_NAME_AUTHORITY.into();
        check_types(hash)?;
        let references = references(name, hash, &types)?;
        Ok(TypeSetType { pcore_uri, pcore_version, name_authority, name: name.into(), version, types, references })
    }

    /// The member declared as `local` in this set.
    pub fn member(&self, local: &str) -> Option<&Type> {
        self.types.iter().find(|(n, _)| **n == *local).map(|(_, t)| t)
    }

    /// Puppet's string form; `expand` prints member object types in full
    /// (as a set printed on its own does), else by their local names.
    pub(crate) fn display(&self, expand: bool, member: &mut dyn FnMut(&Type) -> String) -> String {
        let mut entries = Vec::new();
        if let Some(u) = &self.pcore_uri {
            entries.push(format!("pcore_uri => {}", puppet_quote(u)));
        }
        entries.push(format!("pcore_version => {}", puppet_quote(&self.pcore_version)));
        entries.push(format!("name_authority => {}", puppet_quote(&self.name_authority)));
        entries.push(format!("name => {}", puppet_quote(&self.name)));
        if let Some(v) = &self.version {
            entries.push(format!("version => {}", puppet_quote(v)));
        }
        if !self.types.is_empty() {
            let ts: Vec<String> = self
                .types
                .iter()
                .map(|(n, t)| {
                    let shown = match t {
                        Type::ObjectType(o) if expand => {
                            let anonymous = ObjectType { name: None, ..(**o).clone() };
                            member(&Type::ObjectType(Arc::new(anonymous)))
                        }
                        Type::ObjectType(_) => n.to_string(),
                        other => member(other),
                    };
                    format!("{n} => {shown}")
                })
                .collect();
            entries.push(format!("types => {{{}}}", ts.join(", ")));
        }
        if !self.references.is_empty() {
            let rs: Vec<String> = self
                .references
                .iter()
                .map(|r| {
                    format!(
                        "{} => {{'name' => {}, 'version_range' => {}}}",
                        r.alias,
                        puppet_quote(&r.name),
                        puppet_quote(&r.version_range)
                    )
                })
                .collect();
            entries.push(format!("references => {{{}}}", rs.join(", ")));
        }
        format!("TypeSet[{{{}}}]", entries.join(", "))
    }
}

/// `types`: a non-empty hash of simple names to types.
fn check_types(hash: &HashMap) -> Result<(), String> {
    let Some(v) = hash.get(&Value::from("types")) else { return Ok(()) };
    let Value::Hash(h) = v else {
        return Err(wrong(format!("entry 'types' expects a Hash value, got {}", type_name(v))));
    };
    if h.is_empty() {
        return Err(wrong("entry 'types' expects size to be at least 1, got 0".into()));
    }
    for (k, t) in h.iter() {
        let key = crate::value::to_s(k);
        if !simple_type_name(&key) {
            return Err(wrong(format!(
                "entry 'types' key of entry '{key}' expects a match for Pattern[/\\A[A-Z]\\w*\\z/], got '{key}'"
            )));
        }
        if !matches!(t, Value::Type(_) | Value::Hash(_)) {
            return Err(wrong(format!("entry 'types' entry '{key}' expects a Type value, got {}", type_name(t))));
        }
    }
    Ok(())
}

/// `references`: a non-empty hash of simple names to `{name, version_range}`,
/// naming each set once and no alias that is also a member's name.
fn references(set: &str, hash: &HashMap, types: &[(Arc<str>, Type)]) -> Result<Vec<TypeSetReference>, String> {
    let Some(v) = hash.get(&Value::from("references")) else { return Ok(Vec::new()) };
    let Value::Hash(h) = v else {
        return Err(wrong(format!("entry 'references' expects a Hash value, got {}", type_name(v))));
    };
    if h.is_empty() {
        return Err(wrong("entry 'references' expects size to be at least 1, got 0".into()));
    }
    let mut out: Vec<TypeSetReference> = Vec::new();
    for (k, r) in h.iter() {
        let alias = crate::value::to_s(k);
        let at = |detail: String| wrong(format!("entry 'references' entry '{alias}' {detail}"));
        if !simple_type_name(&alias) {
            return Err(wrong(format!(
                "entry 'references' key of entry '{alias}' expects a match for Pattern[/\\A[A-Z]\\w*\\z/], got '{alias}'"
            )));
        }
        let Value::Hash(r) = r else {
            return Err(at(format!("expects a Struct value, got {}", type_name(r))));
        };
        let name = match r.get(&Value::from("name")) {
            Some(Value::String(s)) if qualified_reference(s) => s.clone(),
            Some(Value::String(s)) => {
                return Err(at(format!("entry 'name' expects a match for Pattern[qualified reference], got '{s}'")))
            }
            Some(other) => return Err(at(format!("entry 'name' expects a String value, got {}", type_name(other)))),
            None => return Err(at("expects a value for key 'name'".into())),
        };
        let version_range = match r.get(&Value::from("version_range")) {
            Some(Value::String(s)) => s.clone(),
            Some(other) => {
                return Err(at(format!("entry 'version_range' expects a String value, got {}", type_name(other))))
            }
            None => return Err(at("expects a value for key 'version_range'".into())),
        };
        if crate::types::VersionRange::parse(&version_range).is_err() {
            return Err(at(format!("entry 'version_range' expects a SemVerRange, got '{version_range}'")));
        }
        if out.iter().any(|p| p.name == name) {
            return Err(format!(
                "TypeSet '{set}' references TypeSet '{RUNTIME_NAME_AUTHORITY}/{name}' more than once using overlapping version ranges"
            ));
        }
        if types.iter().any(|(n, _)| **n == *alias) {
            return Err(format!(
                "TypeSet '{set}' references a TypeSet using alias '{alias}'. The alias collides with the name of a declared type"
            ));
        }
        out.push(TypeSetReference { alias: alias.into(), name, version_range });
    }
    Ok(out)
}
