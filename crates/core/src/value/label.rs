//! What Puppet's label provider calls a value in an error message ("Got an
//! Integer.", "Comparison of: Integer-Type < Integer", "not applicable to an
//! Undef Value"): the label of its Ruby class. Classes without a label of
//! their own — `default` (a Ruby symbol), a URI, an object — are "Object".

use super::Value;

/// Puppet's label of `v`.
pub fn label(v: &Value) -> String {
    match v {
        Value::Undef => "Undef Value".into(),
        Value::Default | Value::Uri(_) | Value::Object(_) => "Object".into(),
        Value::Type(t) => format!("{t}-Type"),
        Value::SemVer(_) => "Semver".into(),
        Value::SemVerRange(_) => "SemverRange".into(),
        other => other.type_name().into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_as_puppet_labels_them() {
        assert_eq!(label(&Value::Undef), "Undef Value");
        assert_eq!(label(&Value::Default), "Object");
        assert_eq!(label(&Value::Integer(1)), "Integer");
        assert_eq!(label(&Value::from_type(crate::types::Type::integer())), "Integer-Type");
    }
}
