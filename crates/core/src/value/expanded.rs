//! How large a value would be with its shared parts written out.
//!
//! Values share their parts (`[$m, $m]` holds one `$m` twice), so a value
//! doubled forty times in a `reduce` takes a few kilobytes yet has 2^40
//! elements to every walk that visits them: printing, comparing, hashing,
//! flattening, inferring its type. Bounding each walk would leave the next one
//! unbounded; instead every array and hash records its expanded size when it
//! is made, from its children's recorded sizes (so making one costs what
//! making it already costs), and the evaluator refuses a value whose expanded
//! size passes its limit. Every walk over an accepted value is then bounded.
//! A type value counts its text, measured once, since printing an array of
//! types prints each one in full.

use std::fmt::Write;
use std::ops::Deref;
use std::sync::OnceLock;

use super::{HashMap, Value};
use crate::types::Type;

/// The size one value slot takes (`size_of::<Value>()`), which every value
/// counts once before what it points to.
const SLOT: u64 = std::mem::size_of::<Value>() as u64;

/// An array's elements and their expanded size.
#[derive(Debug, Clone, Default)]
pub struct Items {
    items: Vec<Value>,
    expanded: u64,
}

impl Items {
    /// The elements, with their expanded size added up once.
    pub fn new(items: Vec<Value>) -> Items {
        let expanded = items.iter().fold(SLOT, |sum, v| sum.saturating_add(v.expanded_size()));
        Items { items, expanded }
    }

    /// The elements, given back.
    pub fn into_vec(self) -> Vec<Value> {
        self.items
    }
}

impl Deref for Items {
    type Target = Vec<Value>;
    fn deref(&self) -> &Vec<Value> {
        &self.items
    }
}

/// Equal and hashed as the elements are: the size is derived from them.
impl PartialEq for Items {
    fn eq(&self, other: &Items) -> bool {
        self.items == other.items
    }
}

impl Eq for Items {}

impl std::hash::Hash for Items {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.items.hash(state)
    }
}

impl From<Vec<Value>> for Items {
    fn from(items: Vec<Value>) -> Items {
        Items::new(items)
    }
}

/// A hash's entries and their expanded size.
#[derive(Debug, Clone, Default)]
pub struct Entries {
    map: HashMap,
    expanded: u64,
}

impl Entries {
    /// The entries, with their expanded size added up once.
    pub fn new(map: HashMap) -> Entries {
        let expanded = map
            .iter()
            .fold(SLOT, |sum, (k, v)| sum.saturating_add(k.expanded_size()).saturating_add(v.expanded_size()));
        Entries { map, expanded }
    }

    /// The entries, given back.
    pub fn into_map(self) -> HashMap {
        self.map
    }

    /// A copy of the entries, to build a new hash from.
    pub fn to_map(&self) -> HashMap {
        self.map.clone()
    }
}

impl Deref for Entries {
    type Target = HashMap;
    fn deref(&self) -> &HashMap {
        &self.map
    }
}

/// Equal as the entries are: the size is derived from them.
impl PartialEq for Entries {
    fn eq(&self, other: &Entries) -> bool {
        self.map == other.map
    }
}

impl Eq for Entries {}

impl From<HashMap> for Entries {
    fn from(map: HashMap) -> Entries {
        Entries::new(map)
    }
}

/// A type used as a value, and the length of its text once something asked
/// for its expanded size. A type's parameters are its own copies, not shared,
/// so its text is as long as it is large; measuring it once per type value
/// (not once per array holding it) keeps arrays of types linear to make.
#[derive(Debug, Clone)]
pub struct TypeValue {
    ty: Type,
    text: OnceLock<u64>,
}

impl TypeValue {
    /// `ty` as a value.
    pub fn new(ty: Type) -> TypeValue {
        TypeValue { ty, text: OnceLock::new() }
    }

    /// The type, given back.
    pub fn into_type(self) -> Type {
        self.ty
    }

    /// The length of the type's text, counted (not built) the first time.
    fn text_len(&self) -> u64 {
        *self.text.get_or_init(|| {
            let mut counter = Counter(0);
            // Counting cannot fail.
            let _ = write!(counter, "{}", self.ty);
            counter.0
        })
    }
}

/// A writer that only counts what it is given.
struct Counter(u64);

impl std::fmt::Write for Counter {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0 = self.0.saturating_add(s.len() as u64);
        Ok(())
    }
}

impl Deref for TypeValue {
    type Target = Type;
    fn deref(&self) -> &Type {
        &self.ty
    }
}

impl std::fmt::Display for TypeValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.ty.fmt(f)
    }
}

/// Equal and hashed as the type is.
impl PartialEq for TypeValue {
    fn eq(&self, other: &TypeValue) -> bool {
        self.ty == other.ty
    }
}

impl Eq for TypeValue {}

impl std::hash::Hash for TypeValue {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.ty.hash(state)
    }
}

impl Value {
    /// The bytes this value would take if no part of it were shared: one slot
    /// per value, plus the text of strings and the bytes of binaries. Arrays,
    /// hashes, objects and deferred calls know theirs, so this is constant
    /// time after the first call for a type (which counts its text once).
    pub fn expanded_size(&self) -> u64 {
        match self {
            Value::String(s) => SLOT + s.len() as u64,
            Value::Binary(b) => SLOT + b.len() as u64,
            Value::Regexp(r) => SLOT + r.source().len() as u64,
            Value::Array(items) => items.expanded,
            Value::Hash(map) => map.expanded,
            Value::Sensitive(inner) => SLOT.saturating_add(inner.expanded_size()),
            Value::Object(o) => o.expanded_size(),
            Value::Type(t) => SLOT.saturating_add(t.text_len()),
            Value::Runtime(r) => SLOT + r.text().len() as u64,
            Value::Deferred(d) => {
                let args = d.arguments.as_ref().map_or(0, |a| a.expanded);
                (SLOT + d.name.len() as u64).saturating_add(args)
            }
            Value::Undef
            | Value::Default
            | Value::Boolean(_)
            | Value::Integer(_)
            | Value::Float(_)
            | Value::Iterator(_)
            | Value::Uri(_)
            | Value::Timespan(_)
            | Value::Timestamp(_)
            | Value::SemVer(_)
            | Value::SemVerRange(_) => SLOT,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_parts_count_each_time_they_appear() {
        let mut v = Value::array(vec![Value::Integer(1)]);
        for _ in 0..40 {
            v = Value::array(vec![v.clone(), v]);
        }
        // 2^40 integers and 2^41 - 1 arrays, each one slot: saturating nowhere near.
        assert_eq!(v.expanded_size(), SLOT * ((1u64 << 40) + (1u64 << 41) - 1));
    }

    #[test]
    fn types_count_their_text() {
        let t = Value::from_type(Type::integer());
        assert_eq!(t.expanded_size(), SLOT + "Integer".len() as u64);
        assert_eq!(Value::array(vec![t.clone(), t]).expanded_size(), SLOT + 2 * (SLOT + 7));
    }

    #[test]
    fn strings_count_their_text_and_hashes_their_keys() {
        let mut map = HashMap::new();
        map.insert(Value::from("key"), Value::from("value"));
        assert_eq!(Value::hash(map).expanded_size(), SLOT + (SLOT + 3) + (SLOT + 5));
    }
}
