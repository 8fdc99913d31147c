//! Deferred values: a function call (or a variable reference, `$name`) kept
//! for later, which `call()` resolves. Spec: "Deferred".

use std::sync::Arc;

use super::Value;

/// What a `Deferred` value holds: its `name` and `arguments` attributes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deferred {
    /// A function name, or `$variable` for a deferred variable lookup.
    pub name: Arc<str>,
    /// The arguments of the call (for a variable: the keys to dig with).
    pub arguments: Option<Arc<super::Items>>,
}

impl Deferred {
    /// Whether `name` is a function name or `$variable` as the `Deferred`
    /// object type's `name` attribute requires.
    pub fn valid_name(name: &str) -> bool {
        let bare = name.strip_prefix('$').unwrap_or(name);
        !bare.is_empty()
            && bare.split("::").all(|seg| {
                let mut cs = seg.chars();
                cs.next().is_some_and(|c| c.is_ascii_lowercase())
                    && cs.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            })
    }

    /// The value of attribute `name` (`name` or `arguments`).
    pub fn attribute(&self, attribute: &str) -> Option<Value> {
        match attribute {
            "name" => Some(Value::String(self.name.clone())),
            "arguments" => Some(self.arguments.as_ref().map_or(Value::Undef, |a| Value::Array(a.clone()))),
            _ => None,
        }
    }

    /// The hash Puppet shows a Deferred with: `{'name' => …, 'arguments' => …}`
    /// (no `arguments` key when there are none).
    pub fn init_hash(&self) -> Value {
        let mut h = crate::HashMap::new();
        h.insert(Value::from("name"), Value::String(self.name.clone()));
        if let Some(args) = &self.arguments {
            h.insert(Value::from("arguments"), Value::Array(args.clone()));
        }
        Value::hash(h)
    }
}
