//! Puppet values: immutable trees whose payloads are shared through `Arc`, so that
//! copying a value into a variable, an array or a function argument never copies
//! its contents.

pub mod binary;
mod compare;
pub mod deferred;
pub mod depth;
mod display;
mod eq;
mod expanded;
pub mod iterable;
mod label;
pub mod object;
pub mod runtime;
pub mod semver;
pub mod timespan;
pub mod timestamp;
pub mod uri;
pub mod zone;

use std::sync::Arc;

use indexmap::IndexMap;

use crate::regexp::Regexp;
use crate::types::Type;

pub use compare::{compare, puppet_equals, ruby_equals, Comparison};
pub use display::{puppet_double_quote, puppet_quote, push_to_s, to_s};
pub use expanded::{Entries, Items, TypeValue};
pub use label::label;

/// An insertion-ordered hash. Keys are compared strictly (Ruby's `eql?`): `1` and
/// `1.0` are different keys, and so are `'a'` and `'A'`.
pub type HashMap = IndexMap<Value, Value>;

/// A Puppet value.
#[derive(Clone, Debug)]
pub enum Value {
    /// The `undef` value.
    Undef,
    /// The `default` value.
    Default,
    /// `true` or `false`.
    Boolean(bool),
    /// A 64-bit signed integer; arithmetic that leaves this range is an error.
    Integer(i64),
    /// A finite double-precision float.
    Float(f64),
    /// A string of Unicode characters.
    String(Arc<str>),
    /// A regular expression value (`/.../`).
    Regexp(Arc<Regexp>),
    /// An ordered array.
    Array(Arc<Items>),
    /// An insertion-ordered hash.
    Hash(Arc<Entries>),
    /// A type used as a value (`Integer[1,2]`, `File['/etc/x']`).
    Type(Arc<TypeValue>),
    /// A value whose clear text must never be shown.
    Sensitive(Arc<Value>),
    /// A lazy iterator (`[1, 2].reverse_each`).
    Iterator(Arc<iterable::Iteration>),
    /// A URI (`URI('https://example.com/')`).
    Uri(Arc<uri::Uri>),
    /// A duration in nanoseconds (`Timespan('1-00:00:00')`).
    Timespan(crate::value::timespan::TimeBound),
    /// A moment: nanoseconds since 1970-01-01T00:00:00 UTC (`Timestamp('2020-01-02')`).
    /// Spec: "Timestamp".
    Timestamp(i128),
    /// A byte sequence (`Binary('YWJj')`).
    Binary(Arc<Vec<u8>>),
    /// A semantic version (`SemVer('1.2.3-rc.1+build.5')`).
    SemVer(Arc<::semver::Version>),
    /// A range of semantic versions (`SemVerRange('>=1.0.0 <2.0.0')`).
    SemVerRange(Arc<crate::types::VersionRange>),
    /// A call kept for later (`Deferred('join', [[1, 2], '-'])`).
    Deferred(Arc<deferred::Deferred>),
    /// An instance of an object type (`MyType('hello', 23)`).
    Object(Arc<object::ObjectValue>),
    /// A Ruby object Ruby code handed over unconverted (a Symbol).
    Runtime(Arc<runtime::RuntimeObject>),
}

/// Every array element, hash entry and variable is a `Value`, so its size is
/// a decision: 32 bytes today, set by `Timestamp`'s 16-byte-aligned `i128`
/// (a tag plus a 16-byte `Arc<str>` alone would fit in 24). A new variant
/// that grows it must change this line on purpose.
const _: () = assert!(std::mem::size_of::<Value>() <= 32);

impl Value {
    /// A string value.
    pub fn string(s: impl Into<Arc<str>>) -> Value {
        Value::String(s.into())
    }

    /// An array value.
    pub fn array(items: Vec<Value>) -> Value {
        Value::Array(Arc::new(Items::new(items)))
    }

    /// A hash value.
    pub fn hash(map: HashMap) -> Value {
        Value::Hash(Arc::new(Entries::new(map)))
    }

    /// A type value.
    pub fn from_type(t: Type) -> Value {
        Value::Type(Arc::new(TypeValue::new(t)))
    }

    /// Puppet's truthiness: only `undef` and `false` are false.
    /// Spec: "Boolean Conversion".
    pub fn is_truthy(&self) -> bool {
        !matches!(self, Value::Undef | Value::Boolean(false))
    }

    /// Whether both are the same array or hash object (not merely equal):
    /// what Ruby code sees as one object, which changes in one place show
    /// in every other.
    pub fn same_object(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Array(x), Value::Array(y)) => Arc::ptr_eq(x, y),
            (Value::Hash(x), Value::Hash(y)) => Arc::ptr_eq(x, y),
            _ => false,
        }
    }

    /// The string payload, when this is a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The elements, when this is an array.
    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// Whether this is `undef`.
    pub fn is_undef(&self) -> bool {
        matches!(self, Value::Undef)
    }

    /// The name of the value's general type, as used in Puppet's error messages
    /// ("Comparison of: String < Integer").
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Undef => "Undef",
            Value::Default => "Default",
            Value::Boolean(_) => "Boolean",
            Value::Integer(_) => "Integer",
            Value::Float(_) => "Float",
            Value::String(_) => "String",
            Value::Regexp(_) => "Regexp",
            Value::Array(_) => "Array",
            Value::Hash(_) => "Hash",
            Value::Type(_) => "Type",
            Value::Sensitive(_) => "Sensitive",
            Value::Iterator(_) => "Iterator",
            Value::Uri(_) => "URI",
            Value::Timespan(_) => "Timespan",
            Value::Timestamp(_) => "Timestamp",
            Value::Binary(_) => "Binary",
            Value::SemVer(_) => "SemVer",
            Value::SemVerRange(_) => "SemVerRange",
            Value::Deferred(_) => "Deferred",
            Value::Object(_) => "Object",
            Value::Runtime(_) => "Runtime",
        }
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Boolean(b)
    }
}

impl From<i64> for Value {
    fn from(i: i64) -> Value {
        Value::Integer(i)
    }
}

impl From<f64> for Value {
    fn from(f: f64) -> Value {
        Value::Float(f)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::String(s.into())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::String(s.into())
    }
}
