//! The functions that add to the catalog by name: `include`, `contain`,
//! `require`, `realize` and `tag`. What declaring a class or tagging a
//! container does to the catalog is the evaluator's (`eval::classes`,
//! `eval::catalog`); these read the names from the arguments.

use confer_core::types::Type;
use confer_core::Value;

use super::host::Inclusion;
use super::{Builtin, Call};
use crate::eval::flow::{fail, EvalResult};
use crate::span::Span;

/// `include`, `contain`, `require`, `realize` and `tag`.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::new("include", &["Any names+"], |call| declare_classes(call, Inclusion::Include)),
    Builtin::new("contain", &["Any names+"], |call| declare_classes(call, Inclusion::Contain)),
    Builtin::new("require", &["Any names+"], |call| declare_classes(call, Inclusion::Require)),
    Builtin::legacy("realize", -2, |call| call.host.realize(&call.args)),
    Builtin::legacy("tag", -2, |call| call.host.tag_container(&call.args, call.scope, call.span)),
];

/// The class names the arguments give: strings, class and resource
/// types, arrays of them.
fn class_names(args: &[Value], span: Span) -> EvalResult<Vec<String>> {
    let mut names = Vec::new();
    for a in args {
        match a {
            Value::String(s) => names.push(s.to_string()),
            Value::Array(items) => names.extend(class_names(items, span)?),
            Value::Type(t) => match &***t {
                Type::Class(Some(n)) => names.push(n.to_string()),
                Type::Resource { type_name: Some(n), title: None } => names.push(n.to_lowercase()),
                Type::Resource { type_name: Some(n), title: Some(title) } if n.eq_ignore_ascii_case("class") => {
                    names.push(title.to_string())
                }
                other => return Err(fail(span, format!("Cannot use {other} as a class name"))),
            },
            other => return Err(fail(span, format!("Cannot use {} as a class name", other.type_name()))),
        }
    }
    Ok(names)
}

/// `include`, `contain` or `require` of the classes the arguments name.
fn declare_classes(call: &mut Call<'_, '_>, how: Inclusion) -> EvalResult {
    let names = class_names(&call.args, call.span)?;
    call.host.include_classes(&names, how, call.span, call.scope)?;
    Ok(Value::Undef)
}
