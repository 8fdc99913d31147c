//! A YAML node of a facts document as a Puppet value, shared by the
//! readers of one node's facts (`parse.rs`) and of PuppetDB's factsets
//! (`factsets.rs`).

use confer_core::ruby_compat::{tokenize, PlainScalar};
use confer_core::Value;
use saphyr::{MarkedYamlOwned, ScalarOwned, ScalarStyle, YamlDataOwned};

/// A YAML node as a Puppet value: null is `undef`, tags other than the facts
/// document's are ignored (Ruby symbols and objects become their content),
/// and a plain scalar Psych reads as no Puppet value (a Date, a Symbol, an
/// Integer past 64 bits, one Psych fails on) is its text.
pub(crate) fn to_value(node: &MarkedYamlOwned) -> Value {
    match &node.data {
        YamlDataOwned::Value(scalar) => match scalar {
            ScalarOwned::Null => Value::Undef,
            ScalarOwned::Boolean(b) => Value::Boolean(*b),
            ScalarOwned::Integer(i) => Value::Integer(*i),
            ScalarOwned::FloatingPoint(f) => Value::Float(f.into_inner()),
            ScalarOwned::String(s) => Value::from(s.as_str()),
        },
        YamlDataOwned::Representation(text, ScalarStyle::Plain, tag)
            if tag.as_ref().is_none_or(|t| t.suffix != "str") =>
        {
            match tokenize(text) {
                PlainScalar::Null => Value::Undef,
                PlainScalar::Boolean(b) => Value::Boolean(b),
                PlainScalar::Integer(n) => Value::Integer(n),
                PlainScalar::Float(f) => Value::Float(f),
                _ => Value::from(text.as_str()),
            }
        }
        YamlDataOwned::Representation(text, ..) => Value::from(text.as_str()),
        YamlDataOwned::Sequence(items) => Value::array(items.iter().map(to_value).collect()),
        YamlDataOwned::Mapping(map) => Value::hash(map.iter().map(|(k, v)| (to_value(k), to_value(v))).collect()),
        YamlDataOwned::Tagged(_, inner) => to_value(inner),
        YamlDataOwned::Alias(_) | YamlDataOwned::BadValue => Value::Undef,
    }
}
