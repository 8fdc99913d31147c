//! A resource's attributes as they are evaluated, with where each
//! relationship metaparameter (`before`, `require`, `notify`, `subscribe`)
//! was set: Puppet keeps a file and line on each parameter, and names the
//! parameter's line, not the resource's, when its target is missing.

use confer_core::{HashMap, Value};

use crate::span::Span;

/// The relationship metaparameters, whose places are kept.
const RELATIONSHIPS: [&str; 4] = ["before", "require", "notify", "subscribe"];

/// Attribute values and the places of the relationship ones.
#[derive(Clone, Debug, Default)]
pub(crate) struct Attributes {
    /// The values, by name.
    pub(crate) values: HashMap,
    /// Where each relationship metaparameter in `values` was set.
    pub(crate) places: Vec<(Value, Span)>,
}

impl Attributes {
    /// Values that were not written in code (a function's arguments): their
    /// places are the resource's own.
    pub(crate) fn unplaced(values: HashMap) -> Self {
        Attributes { values, places: Vec::new() }
    }

    /// Sets `name` to `value`, written at `at`; the previous value if any.
    pub(crate) fn insert(&mut self, name: Value, value: Value, at: Span) -> Option<Value> {
        self.place(&name, at);
        self.values.insert(name, value)
    }

    /// Records that `name` was written at `at`, when it is a relationship.
    pub(crate) fn place(&mut self, name: &Value, at: Span) {
        if name.as_str().is_some_and(|n| RELATIONSHIPS.contains(&n)) {
            self.places.retain(|(k, _)| k != name);
            self.places.push((name.clone(), at));
        }
    }

    /// Every attribute of `other` over these.
    pub(crate) fn extend(&mut self, other: &Attributes) {
        for (k, v) in other.values.iter() {
            self.values.insert(k.clone(), v.clone());
        }
        for (k, at) in &other.places {
            self.place(k, *at);
        }
    }

    /// The attributes of `other` these do not set, with their places
    /// (resource defaults under what a resource sets, nearer defaults under
    /// farther ones).
    pub(crate) fn fill_missing(&mut self, other: &Attributes) {
        for (k, v) in other.values.iter() {
            if self.values.contains_key(k) {
                continue;
            }
            self.values.insert(k.clone(), v.clone());
            if let Some(at) = other.place_of(k) {
                self.place(k, at);
            }
        }
    }

    /// Where `name` was set, if it is a relationship written in code.
    fn place_of(&self, name: &Value) -> Option<Span> {
        self.places.iter().find(|(k, _)| k == name).map(|(_, at)| *at)
    }
}
