//! Strict structural equality and hashing, used for hash keys and for telling
//! values apart exactly. This is Ruby's `eql?`, not Puppet's `==` operator (see
//! `compare::puppet_equals`), which ignores case and the Integer/Float distinction.

use std::hash::{Hash, Hasher};

use super::Value;

impl PartialEq for Value {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Value::Undef, Value::Undef) | (Value::Default, Value::Default) => true,
            (Value::Boolean(a), Value::Boolean(b)) => a == b,
            (Value::Integer(a), Value::Integer(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits() || a == b,
            (Value::String(a), Value::String(b)) => a == b,
            (Value::Regexp(a), Value::Regexp(b)) => a == b,
            (Value::Array(a), Value::Array(b)) => a == b,
            (Value::Hash(a), Value::Hash(b)) => a.len() == b.len() && a.iter().all(|(k, v)| b.get(k) == Some(v)),
            (Value::Type(a), Value::Type(b)) => a == b,
            // Puppet compares sensitive values by their (hidden) content, strictly.
            (Value::Sensitive(a), Value::Sensitive(b)) => a == b,
            (Value::Iterator(a), Value::Iterator(b)) => a == b,
            (Value::Uri(a), Value::Uri(b)) => a.as_str() == b.as_str(),
            (Value::Timespan(a), Value::Timespan(b)) => a.nanos == b.nanos,
            (Value::Timestamp(a), Value::Timestamp(b)) => a == b,
            (Value::Binary(a), Value::Binary(b)) => a == b,
            // Versions are equal with the same build metadata too (Ruby's `eql?`).
            (Value::SemVer(a), Value::SemVer(b)) => a == b,
            (Value::SemVerRange(a), Value::SemVerRange(b)) => a == b,
            (Value::Deferred(a), Value::Deferred(b)) => a == b,
            (Value::Object(a), Value::Object(b)) => super::object::ObjectValue::equals(a, b),
            (Value::Runtime(a), Value::Runtime(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Value {}

impl Hash for Value {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::mem::discriminant(self).hash(state);
        match self {
            Value::Undef | Value::Default => {}
            Value::Boolean(b) => b.hash(state),
            Value::Integer(i) => i.hash(state),
            // +0.0 and -0.0 are equal, so they must hash alike.
            Value::Float(f) => (if *f == 0.0 { 0.0f64 } else { *f }).to_bits().hash(state),
            Value::String(s) => s.hash(state),
            Value::Regexp(r) => r.hash(state),
            Value::Array(a) => a.hash(state),
            // Order-independent, because equal hashes may list their keys differently.
            Value::Hash(h) => h.len().hash(state),
            Value::Type(t) => t.hash(state),
            Value::Sensitive(s) => s.hash(state),
            Value::Iterator(it) => it.hash(state),
            Value::Uri(u) => u.as_str().hash(state),
            Value::Timespan(t) => t.nanos.hash(state),
            Value::Timestamp(t) => t.hash(state),
            Value::Binary(b) => b.hash(state),
            Value::SemVer(v) => v.hash(state),
            Value::SemVerRange(r) => r.hash(state),
            Value::Deferred(d) => d.hash(state),
            // By the root type: objects of related types may be equal (`equality_include_type`).
            Value::Object(o) => o.ty.lineage().first().map(|root| root.name.clone()).hash(state),
            Value::Runtime(r) => r.hash(state),
        }
    }
}
