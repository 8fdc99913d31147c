//! The variables of one scope. Most scopes are a lambda's or a defined
//! resource's and hold a few names, so they live in a small vector searched
//! in order (no hashing, one allocation); a scope that grows past
//! [`SMALL`] entries (the top scope with its facts, a large class) moves to
//! a hash map. Keys are names from the manifest, whose author already
//! decides how much work a run does, so the map uses foldhash.

use std::sync::Arc;

use confer_core::Value;

/// How many variables a scope keeps in a vector before it hashes them.
const SMALL: usize = 12;

/// A scope's variables.
#[derive(Debug, Default)]
pub(crate) enum Vars {
    /// No variable yet (no allocation).
    #[default]
    Empty,
    /// A few, in assignment order.
    Small(Vec<(Arc<str>, Value)>),
    /// Many.
    Large(foldhash::HashMap<Arc<str>, Value>),
}

impl Vars {
    /// The value bound to `name`.
    pub(crate) fn get(&self, name: &str) -> Option<&Value> {
        match self {
            Vars::Empty => None,
            Vars::Small(entries) => entries.iter().find(|(k, _)| &**k == name).map(|(_, v)| v),
            Vars::Large(map) => map.get(name),
        }
    }

    /// Rebinds a bound `name` to `value`; the value it had.
    pub(crate) fn replace(&mut self, name: &str, value: Value) -> Option<Value> {
        let slot = match self {
            Vars::Empty => None,
            Vars::Small(entries) => entries.iter_mut().find(|(k, _)| &**k == name).map(|(_, v)| v),
            Vars::Large(map) => map.get_mut(name),
        }?;
        Some(std::mem::replace(slot, value))
    }

    /// Whether `name` is bound.
    pub(crate) fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Binds `name` (the caller has checked it is not bound yet); a name
    /// shared with the syntax tree costs no allocation.
    pub(crate) fn insert(&mut self, name: Arc<str>, value: Value) {
        match self {
            Vars::Empty => *self = Vars::Small(vec![(name, value)]),
            Vars::Small(entries) if entries.len() < SMALL => entries.push((name, value)),
            Vars::Small(entries) => {
                let mut map: foldhash::HashMap<Arc<str>, Value> = std::mem::take(entries).into_iter().collect();
                map.insert(name, value);
                *self = Vars::Large(map);
            }
            Vars::Large(map) => {
                map.insert(name, value);
            }
        }
    }

    /// Unbinds every name, keeping a small table's room for the next use.
    pub(crate) fn clear(&mut self) {
        match self {
            Vars::Small(entries) => entries.clear(),
            Vars::Empty | Vars::Large(_) => *self = Vars::Empty,
        }
    }

    /// Every binding, in no particular order.
    pub(crate) fn entries(&self) -> Vec<(String, Value)> {
        match self {
            Vars::Empty => Vec::new(),
            Vars::Small(entries) => entries.iter().map(|(k, v)| (k.to_string(), v.clone())).collect(),
            Vars::Large(map) => map.iter().map(|(k, v)| (k.to_string(), v.clone())).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_and_large_tables_answer_alike() {
        let mut vars = Vars::default();
        for i in 0..40 {
            assert!(!vars.contains(&format!("v{i}")));
            vars.insert(format!("v{i}").into(), Value::Integer(i));
            if i == 5 {
                assert!(matches!(vars, Vars::Small(_)));
            }
        }
        assert!(matches!(vars, Vars::Large(_)));
        for i in 0..40 {
            assert_eq!(vars.get(&format!("v{i}")), Some(&Value::Integer(i)));
        }
        assert_eq!(vars.entries().len(), 40);
        vars.clear();
        assert_eq!(vars.get("v1"), None);
        vars.insert("v1".into(), Value::Integer(7));
        assert_eq!(vars.get("v1"), Some(&Value::Integer(7)));
    }
}
