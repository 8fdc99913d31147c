//! The names of the built-in types, and Puppet's built-in aliases `Data`,
//! `RichData` and `RichDataKey`, which print as their names.

use std::sync::{Arc, OnceLock};

use super::{AliasRef, EnumType, RuntimeType, StringType, TimeRange, TupleType, Type, TypeAlias, Unordered};

/// The unparameterised type called `name`, or `None` when no built-in type has
/// that name (the caller then treats it as a resource type or an alias).
/// Puppet looks these names up ignoring case (`INTEGER` is `Integer`).
pub fn by_name(name: &str) -> Option<Type> {
    if name.eq_ignore_ascii_case("Puppet::LookupContext") {
        return Some(Type::ObjectType(lookup_context()));
    }
    // Every built-in name fits this buffer, so lower-casing needs no
    // allocation; a lambda naming a type evaluates it once per element.
    let mut buf = [0u8; 16];
    let lower = buf.get_mut(..name.len())?;
    lower.copy_from_slice(name.as_bytes());
    lower.make_ascii_lowercase();
    Some(match std::str::from_utf8(lower).ok()? {
        "any" => Type::Any,
        "undef" => Type::Undef,
        "default" => Type::Default,
        "scalar" => Type::Scalar,
        "scalardata" => Type::ScalarData,
        "numeric" => Type::Numeric,
        "catalogentry" => Type::CatalogEntry,
        "boolean" => Type::Boolean(None),
        "integer" => Type::integer(),
        "float" => Type::float(),
        "string" => Type::String(StringType::Unrestricted),
        "enum" => Type::Enum(EnumType::default()),
        "pattern" => Type::Pattern(Unordered::default()),
        "regexp" => Type::Regexp(None),
        "collection" => Type::Collection(None),
        "array" => Type::array_of(Type::Any),
        "hash" => Type::hash_of(Type::Any, Type::Any),
        "tuple" => Type::Tuple(TupleType::default()),
        "struct" => Type::Struct(Vec::new()),
        "variant" => Type::Variant(Unordered::default()),
        "optional" => Type::Optional(None),
        "notundef" => Type::NotUndef(None),
        "type" => Type::Type(None),
        "sensitive" => Type::Sensitive(Box::new(Type::Any)),
        "iterable" => Type::Iterable(None),
        "iterator" => Type::Iterator(None),
        "callable" => Type::Callable(Box::default()),
        "runtime" => Type::Runtime(RuntimeType::default()),
        "timespan" => Type::Timespan(TimeRange::default()),
        "timestamp" => Type::Timestamp(TimeRange::default()),
        "semver" => Type::SemVer(Vec::new()),
        "semverrange" => Type::SemVerRange,
        "binary" => Type::Binary,
        "uri" => Type::Uri(None),
        "init" => Type::Init(Box::default()),
        "object" => Type::Object,
        "annotation" => Type::ObjectType(annotation()),
        "typeset" => Type::TypeSet,
        "deferred" => Type::Deferred,
        "resource" => Type::Resource { type_name: None, title: None },
        "class" => Type::Class(None),
        "data" => data(),
        "richdata" => rich_data(),
        "richdatakey" => rich_data_key(),
        _ => return None,
    })
}

/// `Puppet::LookupContext`, the object Puppet gives a Hiera backend
/// function (`lookup_key`, `data_hash`) as its last argument: the type
/// exists for signatures that name it; no value Puppet code can make is one.
pub fn lookup_context() -> std::sync::Arc<super::object::ObjectType> {
    static CONTEXT: OnceLock<std::sync::Arc<super::object::ObjectType>> = OnceLock::new();
    CONTEXT
        .get_or_init(|| std::sync::Arc::new(super::object::ObjectType::bare(Some("Puppet::LookupContext".into()))))
        .clone()
}

/// Pcore's `Annotation`: the object type annotations derive from
/// (`annotate`), with no attributes of its own.
pub fn annotation() -> std::sync::Arc<super::object::ObjectType> {
    static ANNOTATION: OnceLock<std::sync::Arc<super::object::ObjectType>> = OnceLock::new();
    ANNOTATION.get_or_init(|| std::sync::Arc::new(super::object::ObjectType::bare(Some("Annotation".into())))).clone()
}

fn builtin_alias(cell: &'static OnceLock<Arc<TypeAlias>>, name: &str, target: impl FnOnce(Type) -> Type) -> Type {
    let alias = cell.get_or_init(|| {
        let alias = TypeAlias::builtin(name);
        let me = Type::Alias(AliasRef(alias.clone()));
        alias.resolve_verbatim(target(me));
        alias
    });
    Type::Alias(AliasRef(alias.clone()))
}

/// `Data`: `Variant[ScalarData, Undef, Hash[String, Data], Array[Data]]`.
pub fn data() -> Type {
    static DATA: OnceLock<Arc<TypeAlias>> = OnceLock::new();
    builtin_alias(&DATA, "Data", |me| {
        Type::Variant(Unordered(vec![
            Type::ScalarData,
            Type::Undef,
            Type::hash_of(Type::string(), me.clone()),
            Type::array_of(me),
        ]))
    })
}

/// `RichDataKey`: `Variant[String, Numeric]`.
pub fn rich_data_key() -> Type {
    static KEY: OnceLock<Arc<TypeAlias>> = OnceLock::new();
    builtin_alias(&KEY, "RichDataKey", |_| Type::Variant(Unordered(vec![Type::string(), Type::Numeric])))
}

/// `RichData`: `Variant[Scalar, SemVerRange, Binary, Sensitive, Type, TypeSet,
/// URI, Object, Undef, Default, Hash[RichDataKey, RichData], Array[RichData]]`.
pub fn rich_data() -> Type {
    static RICH: OnceLock<Arc<TypeAlias>> = OnceLock::new();
    let key = rich_data_key();
    builtin_alias(&RICH, "RichData", |me| {
        Type::Variant(Unordered(vec![
            Type::Scalar,
            Type::SemVerRange,
            Type::Binary,
            Type::Sensitive(Box::new(Type::Any)),
            Type::Type(None),
            Type::TypeSet,
            Type::Uri(None),
            Type::Object,
            Type::Undef,
            Type::Default,
            Type::hash_of(key, me.clone()),
            Type::array_of(me),
        ]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_ignore_case() {
        assert_eq!(by_name("INTEGER"), Some(Type::integer()));
        assert_eq!(by_name("scalardata"), Some(Type::ScalarData));
        assert_eq!(by_name("File"), None);
        assert_eq!(by_name("CATALOGENTRY"), Some(Type::CatalogEntry));
        assert_eq!(by_name("Integer_but_longer_than_any_type"), None);
        assert_eq!(by_name("Ünteger"), None);
    }

    #[test]
    fn builtin_aliases_print_by_name_and_resolve() {
        assert_eq!(data().to_string(), "Data");
        assert_eq!(rich_data().to_string(), "RichData");
        assert_eq!(data().resolved().to_string(), "Variant[ScalarData, Undef, Hash[String, Data], Array[Data]]");
        assert_eq!(data(), by_name("Data").expect("Data is built in"));
    }
}
