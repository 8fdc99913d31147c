//! Puppet's wording for bad type parameters: the Ruby class and label names
//! its messages use, and one builder per kind of message.

pub use super::super::ruby_class::ruby_class;
use super::super::ruby_class::ruby_type_name;
use super::super::Type;
use crate::error::CoreError;
use crate::value::Value;

pub(super) fn bad(msg: impl Into<String>) -> CoreError {
    CoreError::BadTypeParameters(msg.into())
}

/// An error Puppet raises from inside a type's constructor, which it reports
/// with this prefix.
pub(super) fn in_access(msg: impl std::fmt::Display) -> CoreError {
    bad(format!("Error while evaluating a '[]' expression, {msg}"))
}

/// Puppet's label of a value's Ruby class (`String`, `String-Type`).
pub(super) fn class_label(v: &Value) -> String {
    match v {
        Value::Type(t) => format!("{}-Type", ruby_type_name(t)),
        other => ruby_class(other),
    }
}

/// "a" or "an" before a label, by its first letter (Puppet's `article`).
pub(super) fn a_an(label: &str) -> String {
    let first = label.trim_start_matches(['"', '\'']).chars().next().map(|c| c.to_ascii_lowercase());
    let article = if matches!(first, Some('a' | 'e' | 'i' | 'o' | 'u' | 'y')) { "an" } else { "a" };
    format!("{article} {label}")
}

pub(super) fn a_an_uc(label: &str) -> String {
    let s = a_an(label);
    let mut cs = s.chars();
    cs.next().map(|c| c.to_ascii_uppercase().to_string() + cs.as_str()).unwrap_or_default()
}

/// How Puppet names a value's type in a "Cannot use X" message: its
/// generalised inferred type.
pub(super) fn key_type_name(v: &Value) -> String {
    crate::types::infer::infer_generalized(v).to_string()
}

/// `BAD_TYPE_SLICE_ARITY` for a type given as a value (labelled `A Type-Type`).
pub(super) fn arity(base: &Type, min: usize, max: Option<usize>, actual: usize) -> CoreError {
    arity_named(&a_an_uc(&format!("{base}-Type")), min, max, actual)
}

/// `BAD_TYPE_SLICE_ARITY` with the label given as text; `None` as maximum
/// means "or more".
pub(super) fn arity_named(label: &str, min: usize, max: Option<usize>, actual: usize) -> CoreError {
    bad(match max {
        None => format!("{label}[] accepts {min} or more arguments. Got {actual}"),
        Some(max) if max != min => {
            format!("{label}[] accepts {min} to {max} arguments. Got {actual}")
        }
        Some(_) => format!("{label}[] accepts {min} {}. Got {actual}", if min == 1 { "argument" } else { "arguments" }),
    })
}

/// An error about the argument `v` alone.
pub(super) fn bad_argument(message: String, v: &Value) -> CoreError {
    CoreError::BadTypeArgument { message, argument: v.clone() }
}

/// `BAD_TYPE_SLICE_TYPE`.
pub(super) fn not_a_type(label: &str, v: &Value) -> CoreError {
    bad_argument(format!("{label}[] arguments must be types. Got {}", ruby_class(v)), v)
}

/// `BAD_TYPE_SPECIALIZATION` for an argument of the wrong kind.
pub(super) fn cannot_use(base: &Type, v: &Value, expected: &str) -> CoreError {
    bad_argument(
        format!(
            "Error creating type specialization of {}, Cannot use {} where {expected} is expected",
            a_an(&format!("{base}-Type")),
            key_type_name(v)
        ),
        v,
    )
}
