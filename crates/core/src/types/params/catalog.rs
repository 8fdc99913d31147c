//! The parameters of catalog types: `Resource[type, title]`, `File[title]`
//! and `Class[name]`, one title or name at a time (the evaluator makes arrays
//! of references from several).

use std::sync::Arc;

use super::errors::{a_an, a_an_uc, bad, key_type_name};
use super::flatten;
use crate::error::CoreError;
use crate::types::display::{capitalize_each_segment, capitalize_name};
use crate::types::{infer, Type};
use crate::value::Value;

/// Whether `name` is a class reference as the lexer writes one (`File`,
/// `Foo::Bar`, `::Foo`).
fn is_classref(name: &str) -> bool {
    let rest = name.strip_prefix("::").unwrap_or(name);
    !rest.is_empty()
        && rest.split("::").all(|seg| {
            seg.starts_with(|c: char| c.is_ascii_uppercase())
                && seg.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
}

/// `Resource[type, title]` and `File[title]`, for at most one title.
pub(super) fn resource(
    base: &Type,
    type_name: Option<&Arc<str>>,
    has_title: bool,
    args: &[Value],
) -> Result<Type, CoreError> {
    if has_title {
        return Err(bad(format!("{base}[] looks up resource parameters, which is the evaluator's part")));
    }
    if args.is_empty() {
        return Err(bad(format!("{}[] accepts 1 or more arguments. Got 0", a_an_uc(&format!("{base}-Type")))));
    }
    let (name, titles) = match type_name {
        Some(n) => (n.to_string(), args),
        None => {
            let name = match &args[0] {
                Value::String(s) => capitalize_name(s),
                Value::Type(t) => match &***t {
                    Type::Resource { type_name: Some(n), .. } => n.to_string(),
                    _ => {
                        return Err(bad(format!(
                            "First argument to Resource[] must be a resource type or a String. Got {}.",
                            key_type_name(&args[0])
                        )))
                    }
                },
                other => {
                    return Err(bad(format!(
                        "First argument to Resource[] must be a resource type or a String. Got {}.",
                        key_type_name(other)
                    )))
                }
            };
            (name, &args[1..])
        }
    };
    if !is_classref(&name) {
        return Err(bad(format!(
            "Illegal type reference. The given name '{name}' does not conform to the naming rule"
        )));
    }
    let title = match flatten(titles).as_slice() {
        [] => None,
        [Value::String(t)] => Some(t.clone()),
        [other] => {
            return Err(bad(format!(
                "Error creating type specialization of {}, Cannot use {} where a resource title String is expected",
                a_an(&format!("{base}-Type")),
                key_type_name(other)
            )))
        }
        _ => return Err(bad("several titles make an array of references, which is the evaluator's part")),
    };
    Ok(Type::Resource { type_name: Some(name.into()), title })
}

/// Puppet's rule for class names.
fn is_class_name(name: &str) -> bool {
    let rest = name.strip_prefix("::").unwrap_or(name);
    !rest.is_empty()
        && rest.split("::").all(|seg| {
            seg.starts_with(|c: char| c.is_ascii_lowercase())
                && seg.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
}

/// `Class[name]`, for one name.
pub(super) fn class(args: &[Value]) -> Result<Type, CoreError> {
    let args = flatten(args);
    let [arg] = args.as_slice() else {
        return Err(bad("several class names make an array of references, which is the evaluator's part"));
    };
    let Value::String(name) = arg else {
        let label = match arg {
            Value::Type(t) => format!("{t}-Type"),
            other => infer::general_type_name(other),
        };
        return Err(bad(format!(
            "Illegal Class name in class reference. {} cannot be used where a String is expected",
            a_an_uc(&label)
        )));
    };
    let lower = name.to_lowercase();
    let lower = lower.strip_prefix("::").unwrap_or(&lower);
    if !is_class_name(lower) {
        return Err(bad(format!(
            "Illegal name. The given name '{name}' does not conform to the naming rule /^((::)?[a-z_]\\w*)(::[a-z]\\w*)*$/"
        )));
    }
    Ok(Type::Class(Some(lower.into())))
}

/// Capitalises each `::`-separated segment of a resource type name.
pub fn capitalize_segments(name: &str) -> String {
    capitalize_each_segment(name.trim_start_matches("::"))
}
