//! The Puppet type system: the types as data, and the operations between types
//! and values (instance-of, assignability, inference, string form).

pub mod assignable;
mod display;
pub mod infer;
pub mod instance;
pub mod params;

use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

use crate::regexp::Regexp;

pub use assignable::assignable;
pub use instance::instance_of;
pub use params::{by_name, parameterize};

/// An inclusive integer range whose ends may be open (`default`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct IntRange {
    /// Lower bound; `None` is unbounded.
    pub from: Option<i64>,
    /// Upper bound; `None` is unbounded.
    pub to: Option<i64>,
}

impl IntRange {
    /// The range `from..=to` with the given optional ends.
    pub fn new(from: Option<i64>, to: Option<i64>) -> IntRange {
        IntRange { from, to }
    }

    /// Whether `n` lies inside the range.
    pub fn contains(&self, n: i64) -> bool {
        self.from.is_none_or(|f| n >= f) && self.to.is_none_or(|t| n <= t)
    }

    /// Whether every member of `other` lies inside this range.
    pub fn covers(&self, other: &IntRange) -> bool {
        let lo = match (self.from, other.from) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(a), Some(b)) => a <= b,
        };
        let hi = match (self.to, other.to) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(a), Some(b)) => a >= b,
        };
        lo && hi
    }

    /// Whether the range is unbounded at both ends.
    pub fn is_full(&self) -> bool {
        self.from.is_none() && self.to.is_none()
    }
}

/// A float bound compared and hashed by its bits, so that types can be hash keys.
#[derive(Clone, Copy, Debug)]
pub struct FloatBound(pub f64);

impl PartialEq for FloatBound {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl Eq for FloatBound {}

impl Hash for FloatBound {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (if self.0 == 0.0 { 0.0f64 } else { self.0 }).to_bits().hash(state);
    }
}

/// How a `Struct` member's key is required.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyPresence {
    /// A plain key: optional exactly when the value type accepts `undef`.
    Plain,
    /// `Optional['key']`: may be absent.
    Optional,
    /// `NotUndef['key']`: must be present.
    Required,
}

/// One member of a `Struct` type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StructMember {
    /// The key's name.
    pub key: Arc<str>,
    /// Whether the key may be missing.
    pub presence: KeyPresence,
    /// The type of the member's value.
    pub value: Type,
}

impl StructMember {
    /// Whether a hash may leave this key out.
    pub fn is_optional(&self) -> bool {
        match self.presence {
            KeyPresence::Optional => true,
            KeyPresence::Required => false,
            KeyPresence::Plain => instance_of(&self.value, &crate::Value::Undef),
        }
    }
}

/// A named alias (`type Name = T`), resolved after creation so that an alias may
/// refer to itself.
#[derive(Debug)]
pub struct TypeAlias {
    /// The alias's name as written (`MyModule::Port`).
    pub name: String,
    resolved: OnceLock<Type>,
}

impl TypeAlias {
    /// An alias whose target is not yet known.
    pub fn new(name: impl Into<String>) -> Arc<TypeAlias> {
        Arc::new(TypeAlias { name: name.into(), resolved: OnceLock::new() })
    }

    /// Sets the aliased type; only the first call has an effect.
    pub fn resolve(&self, target: Type) {
        let _ = self.resolved.set(target);
    }

    /// The aliased type, once resolved.
    pub fn target(&self) -> Option<&Type> {
        self.resolved.get()
    }
}

/// A Puppet type. Spec: "The Type System".
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// Every value.
    Any,
    /// The type of `undef`.
    Undef,
    /// The type of `default`.
    Default,
    /// Integer, Float, String, Boolean, Regexp and the other single values.
    Scalar,
    /// Integer, Float, String and Boolean.
    ScalarData,
    /// JSON-representable data.
    Data,
    /// Serialisable data.
    RichData,
    /// Integer or Float.
    Numeric,
    /// Resources and classes.
    CatalogEntry,
    /// `Boolean` or `Boolean[true]` / `Boolean[false]`.
    Boolean(Option<bool>),
    /// `Integer[from, to]`.
    Integer(IntRange),
    /// `Float[from, to]`.
    Float {
        /// Lower bound.
        from: Option<FloatBound>,
        /// Upper bound.
        to: Option<FloatBound>,
    },
    /// `String[min, max]`; `None` for the unparameterised type.
    String(Option<IntRange>),
    /// `Enum['a', 'b']`.
    Enum(Vec<Arc<str>>),
    /// `Pattern[/re/, ...]`.
    Pattern(Vec<Arc<Regexp>>),
    /// `Regexp` or `Regexp[/re/]`.
    Regexp(Option<Arc<Regexp>>),
    /// `Array[T, min, max]`.
    Array {
        /// Element type; `None` for the unparameterised type.
        element: Option<Box<Type>>,
        /// Size constraint.
        size: Option<IntRange>,
    },
    /// `Hash[K, V, min, max]`.
    Hash {
        /// Key and value types; `None` for the unparameterised type.
        key_value: Option<Box<(Type, Type)>>,
        /// Size constraint.
        size: Option<IntRange>,
    },
    /// `Tuple[T1, T2, ..., min, max]`.
    Tuple {
        /// The slot types.
        types: Vec<Type>,
        /// Size constraint; `None` means exactly the slots given.
        size: Option<IntRange>,
    },
    /// `Struct[{key => T, ...}]`; `None` for the unparameterised type.
    Struct(Option<Vec<StructMember>>),
    /// `Collection[min, max]`.
    Collection(Option<IntRange>),
    /// `Variant[T1, T2, ...]`.
    Variant(Vec<Type>),
    /// `Optional[T]`.
    Optional(Option<Box<Type>>),
    /// `NotUndef[T]`.
    NotUndef(Option<Box<Type>>),
    /// `Type[T]`, the type of types.
    Type(Option<Box<Type>>),
    /// `Sensitive[T]`.
    Sensitive(Option<Box<Type>>),
    /// `Resource[type_name, title]`, also written `File` or `File['title']`.
    Resource {
        /// The resource type's capitalised name (`File`, `Concat::Fragment`).
        type_name: Option<Arc<str>>,
        /// The resource's title.
        title: Option<Arc<str>>,
    },
    /// `Class[name]`.
    Class(Option<Arc<str>>),
    /// A named alias.
    Alias(AliasRef),
}

/// A shared reference to an alias; aliases are equal when their names are.
#[derive(Clone, Debug)]
pub struct AliasRef(pub Arc<TypeAlias>);

impl PartialEq for AliasRef {
    fn eq(&self, other: &Self) -> bool {
        self.0.name == other.0.name
    }
}

impl Eq for AliasRef {}

impl Hash for AliasRef {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.name.hash(state);
    }
}

impl Type {
    /// Follows aliases to the type they stand for. An alias that is still being
    /// resolved stands for `Any`.
    pub fn resolved(&self) -> &Type {
        let mut t = self;
        for _ in 0..64 {
            match t {
                Type::Alias(a) => match a.0.target() {
                    Some(target) => t = target,
                    None => return &Type::Any,
                },
                _ => return t,
            }
        }
        &Type::Any
    }
}
