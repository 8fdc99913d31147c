//! The Ruby class Puppet names a value by in its errors (`Integer`,
//! `NilClass`, `Puppet::Pops::Types::PIntegerType`), for the messages of
//! type parameters and time ranges alike.

use super::Type;
use crate::value::Value;

/// The Ruby class name of a value, as Puppet's parameter errors print it
/// (`Integer`, `NilClass`, `Symbol` for `default`, `Puppet::Pops::Types::PIntegerType`).
pub fn ruby_class(v: &Value) -> String {
    match v {
        Value::Undef => "NilClass".into(),
        Value::Default => "Symbol".into(),
        Value::Boolean(true) => "TrueClass".into(),
        Value::Boolean(false) => "FalseClass".into(),
        Value::Integer(_) => "Integer".into(),
        Value::Float(_) => "Float".into(),
        Value::String(_) => "String".into(),
        Value::Regexp(_) => "Regexp".into(),
        Value::Array(_) => "Array".into(),
        Value::Hash(_) => "Hash".into(),
        Value::Type(t) => format!("Puppet::Pops::Types::P{}Type", ruby_type_name(t)),
        Value::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive".into(),
        Value::Iterator(_) => "Puppet::Pops::Types::Iterable::Iterator".into(),
        Value::Uri(_) => "URI::Generic".into(),
        Value::Timespan(_) => "Puppet::Pops::Time::Timespan".into(),
        Value::Timestamp(_) => "Puppet::Pops::Time::Timestamp".into(),
        Value::Binary(_) => "Puppet::Pops::Types::PBinaryType::Binary".into(),
        Value::SemVer(_) => "SemanticPuppet::Version".into(),
        Value::SemVerRange(_) => "SemanticPuppet::VersionRange".into(),
        Value::Deferred(_) => "Puppet::Pops::Evaluator::DeferredValue".into(),
        Value::Object(o) => o.ty.label().to_string(),
        Value::Runtime(r) => r.class().to_string(),
    }
}

/// The simple name of the Ruby class Puppet implements a type with (`Integer`
/// for `PIntegerType`), as its labels use it.
pub(super) fn ruby_type_name(t: &Type) -> &'static str {
    match t {
        Type::Any => "Any",
        Type::Undef => "Undef",
        Type::Default => "Default",
        Type::Unit => "Unit",
        Type::Reference(_) => "TypeReference",
        Type::Scalar => "Scalar",
        Type::ScalarData => "ScalarData",
        Type::Numeric => "Numeric",
        Type::Boolean(_) => "Boolean",
        Type::Integer(_) => "Integer",
        Type::Float { .. } => "Float",
        Type::String(_) => "String",
        Type::Enum(_) => "Enum",
        Type::Pattern(_) => "Pattern",
        Type::Regexp(_) => "Regexp",
        Type::Collection(_) => "Collection",
        Type::Array { .. } => "Array",
        Type::Hash { .. } => "Hash",
        Type::Tuple(_) => "Tuple",
        Type::Struct(_) => "Struct",
        Type::Variant(_) => "Variant",
        Type::Optional(_) => "Optional",
        Type::NotUndef(_) => "NotUndef",
        Type::Type(_) => "Type",
        Type::Sensitive(_) => "Sensitive",
        Type::Iterable(_) => "Iterable",
        Type::Iterator(_) => "Iterator",
        Type::Callable(_) => "Callable",
        Type::Runtime(_) => "Runtime",
        Type::Timespan(_) => "Timespan",
        Type::Timestamp(_) => "Timestamp",
        Type::SemVer(_) => "SemVer",
        Type::SemVerRange => "SemVerRange",
        Type::Binary => "Binary",
        Type::Uri(_) => "URI",
        Type::Init(_) => "Init",
        Type::Object | Type::Deferred => "Object",
        Type::TypeSet | Type::TypeSetType(_) => "TypeSet",
        Type::ObjectType(_) => "Object",
        Type::ObjectExt(_) => "ObjectTypeExtension",
        Type::CatalogEntry => "CatalogEntry",
        Type::Resource { .. } => "Resource",
        Type::Class(_) => "Class",
        Type::Alias(_) => "TypeAlias",
    }
}
