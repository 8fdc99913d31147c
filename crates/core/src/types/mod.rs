//! The Puppet type system: the types as data, and the operations between types
//! and values (instance-of, assignability, commonality, inference, string form).
//!
//! The model follows Puppet 7.23's own (`Puppet::Pops::Types`): every parameter
//! that Puppet defaults is stored explicitly (`Array` is `Array[Any]`), so that
//! derived equality is Puppet's `eql?`. Where the spec and Puppet disagree, this
//! module does what Puppet does; `docs/deviations.md` ("Type system") lists the cases.

pub mod assignable;
mod builtin;
pub mod common;
mod display;
pub mod equality;
pub mod infer;
pub mod instance;
pub mod iterable;
pub mod normalize;
pub mod object;
pub mod params;
mod real;
mod ruby_class;
pub mod semver;
pub mod time;
pub mod typeset;
pub mod uri;

use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::sync::{Arc, OnceLock};

use crate::regexp::Regexp;
use crate::value::Value;

pub use assignable::{accepts_undef, assignable};
pub use builtin::{data, rich_data, rich_data_key};
pub use common::common_type;
pub use equality::equals;
pub use instance::instance_of;
pub use normalize::normalize;
pub use params::{by_name, parameterize};
pub use semver::VersionRange;
pub use time::TimeRange;

/// An inclusive integer range whose ends may be open (`default`), as used by
/// `Integer[from, to]` and by the size constraints of strings and collections.
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

    /// The range holding exactly `n`.
    pub fn exactly(n: i64) -> IntRange {
        IntRange::new(Some(n), Some(n))
    }

    /// `from..` (up to infinity).
    pub fn at_least(n: i64) -> IntRange {
        IntRange::new(Some(n), None)
    }

    /// The default size constraint of a collection: `0..`.
    pub const ANY_SIZE: IntRange = IntRange { from: Some(0), to: None };

    /// The lower bound with `-∞` as `i128::MIN`, for comparisons.
    pub fn lo(&self) -> i128 {
        self.from.map_or(i128::MIN, i128::from)
    }

    /// The upper bound with `+∞` as `i128::MAX`, for comparisons.
    pub fn hi(&self) -> i128 {
        self.to.map_or(i128::MAX, i128::from)
    }

    /// Whether `n` lies inside the range.
    pub fn contains(&self, n: i64) -> bool {
        self.lo() <= i128::from(n) && i128::from(n) <= self.hi()
    }

    /// Whether every member of `other` lies inside this range.
    pub fn covers(&self, other: &IntRange) -> bool {
        self.lo() <= other.lo() && self.hi() >= other.hi()
    }

    /// Whether the range is unbounded at both ends.
    pub fn is_full(&self) -> bool {
        self.from.is_none() && self.to.is_none()
    }

    /// Whether both ends are bounded.
    pub fn is_finite(&self) -> bool {
        self.from.is_some() && self.to.is_some()
    }

    /// Puppet's `to_size`: a range used as a size constraint has no negative
    /// members (`String[-3, 5]` is `String[0, 5]`).
    pub fn to_size(self) -> IntRange {
        if self.lo() >= 0 {
            self
        } else {
            IntRange::new(Some(0), self.to.map(|t| t.max(0)))
        }
    }

    /// Whether the two ranges share a member.
    pub fn intersects(&self, other: &IntRange) -> bool {
        !(self.hi() < other.lo() || other.hi() < self.lo())
    }

    /// Whether the two ranges are adjacent (`1..2` and `3..4`).
    pub fn adjacent(&self, other: &IntRange) -> bool {
        (self.to.is_some() && self.hi() + 1 == other.lo()) || (other.to.is_some() && other.hi() + 1 == self.lo())
    }

    /// The smallest range covering both.
    pub fn span(&self, other: &IntRange) -> IntRange {
        IntRange::new(
            if self.lo() <= other.lo() { self.from } else { other.from },
            if self.hi() >= other.hi() { self.to } else { other.to },
        )
    }
}

/// A float bound compared and hashed by value, so that types can be hash keys.
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

/// A list whose equality ignores order, as Puppet compares the members of a
/// `Variant` and the patterns of a `Pattern` (same size, every member found in
/// the other). Its hash only covers the length so that equal lists hash alike.
#[derive(Clone, Debug)]
pub struct Unordered<T>(pub Vec<T>);

impl<T> Default for Unordered<T> {
    fn default() -> Self {
        Unordered(Vec::new())
    }
}

impl<T: PartialEq> PartialEq for Unordered<T> {
    fn eq(&self, other: &Self) -> bool {
        self.0.len() == other.0.len() && self.0.iter().all(|x| other.0.contains(x))
    }
}

impl<T: Eq> Eq for Unordered<T> {}

impl<T> Hash for Unordered<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.len().hash(state);
    }
}

impl<T> Deref for Unordered<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.0
    }
}

/// What a `String` type restricts: nothing, the size, or (for inferred types
/// only) the exact string. Spec: "String".
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StringType {
    /// Every string.
    Unrestricted,
    /// Strings whose length lies in the range (never negative).
    Sized(IntRange),
    /// Exactly this string: what `type('abc')` infers, printed as `String`, and
    /// what `Optional['abc']` holds.
    Value(Arc<str>),
}

impl StringType {
    /// The range of lengths the type admits.
    pub fn size_range(&self) -> IntRange {
        match self {
            StringType::Unrestricted => IntRange::ANY_SIZE,
            StringType::Sized(r) => *r,
            StringType::Value(s) => IntRange::exactly(s.chars().count() as i64),
        }
    }

    /// The exact string, for value types.
    pub fn value(&self) -> Option<&Arc<str>> {
        match self {
            StringType::Value(s) => Some(s),
            _ => None,
        }
    }
}

/// `Enum['a', 'b']`: its strings, sorted and without duplicates as Puppet keeps
/// them, and whether matching ignores case (`Enum['a', true]`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct EnumType {
    /// The strings, sorted bytewise and unique.
    pub values: Vec<Arc<str>>,
    /// Whether instances match ignoring case.
    pub case_insensitive: bool,
}

impl EnumType {
    /// An enum of `values` (sorted and deduplicated here).
    pub fn new(mut values: Vec<Arc<str>>, case_insensitive: bool) -> EnumType {
        values.sort();
        values.dedup();
        EnumType { values, case_insensitive }
    }

    /// Whether `s` is one of the strings.
    pub fn matches(&self, s: &str) -> bool {
        if self.case_insensitive {
            self.values.iter().any(|v| caseless_eq(v, s))
        } else {
            // The values are kept sorted bytewise, as `str`'s order is.
            self.values.binary_search_by(|v| (**v).cmp(s)).is_ok()
        }
    }
}

/// Ruby's `casecmp`: ASCII letters compare without case, other characters exactly.
fn caseless_eq(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x.eq_ignore_ascii_case(&y))
}

/// One member of a `Struct` type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StructMember {
    /// The key's name.
    pub key: Arc<str>,
    /// Whether a hash may leave the key out (its key type accepts `undef`):
    /// `Optional['k']`, or a plain key whose value type accepts `undef`.
    pub optional_key: bool,
    /// The type of the member's value.
    pub value: Type,
}

impl StructMember {
    /// Whether a hash may leave this key out.
    pub fn is_optional(&self) -> bool {
        self.optional_key
    }
}

/// `Tuple[T1, T2, ..., min, max]`, also the parameter list of a `Callable`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct TupleType {
    /// The slot types; the last one repeats when `size` allows more.
    pub types: Vec<Type>,
    /// Size constraint; `None` means exactly the slots given (any size when
    /// there are none).
    pub size: Option<IntRange>,
}

impl TupleType {
    /// The number of elements accepted, as Puppet's `size_range`.
    pub fn size_range(&self) -> IntRange {
        match self.size {
            Some(r) => r,
            None if self.types.is_empty() => IntRange::ANY_SIZE,
            None => IntRange::exactly(self.types.len() as i64),
        }
    }

    /// The type of the element at `index`, or `None` past the last slot.
    pub fn type_at(&self, index: usize) -> Option<&Type> {
        self.types.get(index).or_else(|| self.types.last())
    }
}

/// `Callable[params..., min, max, block]` or `Callable[[params...], return]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct CallableType {
    /// The parameters; `None` for `Callable`, which accepts any call.
    pub params: Option<TupleType>,
    /// The block parameter's type; `None` when no block is accepted.
    pub block: Option<Type>,
    /// The return type; `None` when unconstrained (`Any`).
    pub return_type: Option<Type>,
}

/// `Runtime[runtime, name]`: a type of the implementation language.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct RuntimeType {
    /// The runtime (`ruby`).
    pub runtime: Option<Arc<str>>,
    /// The runtime type's name.
    pub name: Option<Arc<str>>,
}

/// `Init[T, args...]`: what `new` can turn into a `T`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct InitType {
    /// The type to create; `None` for `Init`.
    pub target: Option<Type>,
    /// Arguments given after the type.
    pub args: Vec<Value>,
}

/// A named alias (`type Name = T`), resolved after creation so that an alias may
/// refer to itself.
pub struct TypeAlias {
    /// The alias's name as written (`MyModule::Port`).
    pub name: String,
    resolved: OnceLock<Type>,
    builtin: bool,
}

impl TypeAlias {
    /// An alias whose target is not yet known.
    pub fn new(name: impl Into<String>) -> Arc<TypeAlias> {
        Arc::new(TypeAlias { name: name.into(), resolved: OnceLock::new(), builtin: false })
    }

    /// One of Puppet's built-in aliases (`Data`), which always print as their
    /// name.
    pub(crate) fn builtin(name: &str) -> Arc<TypeAlias> {
        Arc::new(TypeAlias { name: name.into(), resolved: OnceLock::new(), builtin: true })
    }

    /// Whether this is one of Puppet's built-in aliases.
    pub fn is_builtin(&self) -> bool {
        self.builtin
    }

    /// Sets the aliased type; only the first call has an effect. The target is
    /// normalised first, as Puppet does when it resolves an alias.
    pub fn resolve(&self, target: Type) {
        let _ = self.resolved.set(normalize(&target));
    }

    /// Sets the aliased type exactly as given (Puppet's built-in aliases are not
    /// normalised).
    pub(crate) fn resolve_verbatim(&self, target: Type) {
        let _ = self.resolved.set(target);
    }

    /// The aliased type, once resolved.
    pub fn target(&self) -> Option<&Type> {
        self.resolved.get()
    }
}

/// Only the name: the target may refer to the alias itself.
impl std::fmt::Debug for TypeAlias {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TypeAlias({})", self.name)
    }
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

/// A Puppet type. Spec: "The Type System". Parameters that Puppet defaults are
/// stored explicitly, so `Array` is `Array { element: Any, size: None }`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// Every value.
    Any,
    /// The type of `undef`.
    Undef,
    /// The type of `default`.
    Default,
    /// Puppet's internal "I am what you are" type: the element type of the empty
    /// array (`Array[0, 0]`); assignable to and from everything. It has no name
    /// in the language.
    Unit,
    /// Puppet's `TypeReference['Bar']`: a name that neither a type nor an
    /// alias defines, met in the body of a type alias. No value is an
    /// instance of it, and only the same reference is assignable to it.
    Reference(Arc<str>),
    /// Integer, Float, String, Boolean, Regexp, SemVer, Timespan, Timestamp.
    Scalar,
    /// Integer, Float, String and Boolean.
    ScalarData,
    /// Integer or Float.
    Numeric,
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
    /// `String`, `String[min, max]`, or an inferred string value.
    String(StringType),
    /// `Enum['a', 'b']`.
    Enum(EnumType),
    /// `Pattern[/re/, ...]`.
    Pattern(Unordered<Arc<Regexp>>),
    /// `Regexp` or `Regexp[/re/]`.
    Regexp(Option<Arc<Regexp>>),
    /// `Collection[min, max]`.
    Collection(Option<IntRange>),
    /// `Array[T, min, max]`; `Array[0, 0]` has the element type `Unit`.
    Array {
        /// Element type (`Any` when not given).
        element: Box<Type>,
        /// Size constraint (never negative).
        size: Option<IntRange>,
    },
    /// `Hash[K, V, min, max]`; `Hash[0, 0]` has key and value type `Unit`.
    Hash {
        /// Key type (`Any` when not given).
        key: Box<Type>,
        /// Value type (`Any` when not given).
        value: Box<Type>,
        /// Size constraint (never negative).
        size: Option<IntRange>,
    },
    /// `Tuple[T1, T2, ..., min, max]`.
    Tuple(TupleType),
    /// `Struct[{key => T, ...}]`; no members for the unparameterised type.
    Struct(Vec<StructMember>),
    /// `Variant[T1, T2, ...]`.
    Variant(Unordered<Type>),
    /// `Optional[T]`.
    Optional(Option<Box<Type>>),
    /// `NotUndef[T]`; `None` for `NotUndef` and `NotUndef[Any]`.
    NotUndef(Option<Box<Type>>),
    /// `Type[T]`, the type of types.
    Type(Option<Box<Type>>),
    /// `Sensitive[T]` (`T` is `Any` for `Sensitive`, and always generalised).
    Sensitive(Box<Type>),
    /// `Iterable[T]`.
    Iterable(Option<Box<Type>>),
    /// `Iterator[T]`.
    Iterator(Option<Box<Type>>),
    /// `Callable[...]`.
    Callable(Box<CallableType>),
    /// `Runtime[runtime, name]`.
    Runtime(RuntimeType),
    /// `Timespan[from, to]`.
    Timespan(TimeRange),
    /// `Timestamp[from, to]`.
    Timestamp(TimeRange),
    /// `SemVer[ranges...]`.
    SemVer(Vec<VersionRange>),
    /// `SemVerRange`.
    SemVerRange,
    /// `Binary`.
    Binary,
    /// `URI` or `URI[{part => constraint, ...}]` (a string parameter is parsed
    /// into its parts).
    Uri(Option<Vec<(Arc<str>, Value)>>),
    /// `Init[T, args...]`.
    Init(Box<InitType>),
    /// `Object`, the base of all object types.
    Object,
    /// `TypeSet`.
    TypeSet,
    /// `Deferred`, the object type of deferred function calls.
    Deferred,
    /// A declared object type (`type MyType = Object[{...}]`).
    ObjectType(Arc<object::ObjectType>),
    /// An object type with type parameter values (`MyType['hello']`).
    ObjectExt(Arc<object::ObjectExtension>),
    /// A declared type set (`type MySet = TypeSet[{...}]`).
    TypeSetType(Arc<typeset::TypeSetType>),
    /// Resources and classes.
    CatalogEntry,
    /// `Resource[type_name, title]`, also written `File` or `File['title']`.
    Resource {
        /// The resource type's capitalised name (`File`, `Concat::Fragment`).
        type_name: Option<Arc<str>>,
        /// The resource's title.
        title: Option<Arc<str>>,
    },
    /// `Class[name]` (the name is lower case, without a leading `::`).
    Class(Option<Arc<str>>),
    /// A named alias, including the built-in `Data`, `RichData` and
    /// `RichDataKey`.
    Alias(AliasRef),
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

    /// `Array[element]`.
    pub fn array_of(element: Type) -> Type {
        Type::Array { element: Box::new(element), size: None }
    }

    /// `Hash[key, value]`.
    pub fn hash_of(key: Type, value: Type) -> Type {
        Type::Hash { key: Box::new(key), value: Box::new(value), size: None }
    }

    /// `Array[0, 0]`, the type of the empty array.
    pub fn empty_array() -> Type {
        Type::Array { element: Box::new(Type::Unit), size: Some(IntRange::exactly(0)) }
    }

    /// `Hash[0, 0]`, the type of the empty hash.
    pub fn empty_hash() -> Type {
        Type::Hash { key: Box::new(Type::Unit), value: Box::new(Type::Unit), size: Some(IntRange::exactly(0)) }
    }

    /// `Integer` without a range.
    pub fn integer() -> Type {
        Type::Integer(IntRange::default())
    }

    /// `Float` without a range.
    pub fn float() -> Type {
        Type::Float { from: None, to: None }
    }

    /// `String` without restrictions.
    pub fn string() -> Type {
        Type::String(StringType::Unrestricted)
    }

    /// The exact string `s`, as inferred.
    pub fn string_value(s: impl Into<Arc<str>>) -> Type {
        Type::String(StringType::Value(s.into()))
    }

    /// `Variant[types...]` with nested variants flattened and duplicates
    /// removed; a single remaining type stands alone (Puppet's `maybe_create`).
    pub fn variant_of(types: Vec<Type>) -> Type {
        let mut flat: Vec<Type> = Vec::with_capacity(types.len());
        for t in types {
            match t {
                Type::Variant(inner) => {
                    for i in inner.0 {
                        if !flat.contains(&i) {
                            flat.push(i);
                        }
                    }
                }
                other => {
                    if !flat.contains(&other) {
                        flat.push(other);
                    }
                }
            }
        }
        if flat.len() == 1 {
            flat.pop().unwrap_or(Type::Any)
        } else {
            Type::Variant(Unordered(flat))
        }
    }

    /// `Optional[inner]`.
    pub fn optional(inner: Type) -> Type {
        Type::Optional(Some(Box::new(inner)))
    }

    /// `Type[inner]`.
    pub fn type_of(inner: Type) -> Type {
        Type::Type(Some(Box::new(inner)))
    }
}

/// Builds types in unit tests the way Puppet code does: a named type,
/// optionally parameterised.
#[cfg(test)]
pub(crate) mod test_support {
    use super::{by_name, parameterize, Type};
    use crate::value::Value;

    /// `name[args]`; a name that is no built-in type is a resource type.
    pub fn ty(name: &str, args: &[Value]) -> Type {
        let base = by_name(name).unwrap_or(Type::Resource { type_name: Some(name.into()), title: None });
        if args.is_empty() {
            base
        } else {
            parameterize(&base, args).unwrap_or_else(|e| panic!("{name}{args:?}: {e}"))
        }
    }

    /// A type as a parameter value.
    pub fn tv(t: Type) -> Value {
        Value::from_type(t)
    }

    /// A type given by name, as a parameter value.
    pub fn n(name: &str) -> Value {
        tv(ty(name, &[]))
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::{n, ty};
    use super::*;

    #[test]
    fn size_ranges_never_go_negative() {
        assert_eq!(IntRange::new(Some(-3), Some(5)).to_size(), IntRange::new(Some(0), Some(5)));
        assert_eq!(IntRange::default().to_size(), IntRange::ANY_SIZE);
        assert_eq!(IntRange::new(None, Some(-1)).to_size(), IntRange::exactly(0));
    }

    #[test]
    fn defaulted_parameters_are_explicit() {
        // Puppet: `Array[Any] == Array`, `Hash[Any, Any] == Hash`, `NotUndef[Any] == NotUndef`.
        assert_eq!(ty("Array", &[n("Any")]), ty("Array", &[]));
        assert_eq!(ty("Hash", &[n("Any"), n("Any")]), ty("Hash", &[]));
        assert_eq!(ty("NotUndef", &[n("Any")]), ty("NotUndef", &[]));
        assert_eq!(ty("Sensitive", &[n("Any")]), ty("Sensitive", &[]));
    }

    #[test]
    fn variant_members_compare_as_sets() {
        let a = ty("Variant", &[n("Integer"), n("String")]);
        let b = ty("Variant", &[n("String"), n("Integer")]);
        assert_eq!(a, b);
        assert_eq!(Type::variant_of(vec![Type::integer()]), Type::integer());
    }

    #[test]
    fn recursive_aliases_resolve_and_print_expanded_once() {
        let alias = TypeAlias::new("Tree");
        let me = Type::Alias(AliasRef(alias.clone()));
        alias.resolve(Type::array_of(Type::variant_of(vec![Type::integer(), me.clone()])));
        assert_eq!(me.to_string(), "Tree = Array[Variant[Integer, Tree]]");
        assert_eq!(Type::array_of(me.clone()).to_string(), "Array[Tree]");
        assert!(matches!(me.resolved(), Type::Array { .. }));
        assert_eq!(format!("{:?}", alias), "TypeAlias(Tree)");
    }
}
