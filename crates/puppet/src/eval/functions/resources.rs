//! `create_resources` and `tagged`: declaring resources from data, and
//! asking for the current container's tags.

use confer_core::types::params::capitalize_segments;
use confer_core::value::to_s;
use confer_core::{HashMap, Value};

use super::{Builtin, Call};
use crate::ast::ResourceForm;
use crate::eval::attributes::Attributes;
use crate::eval::catalog::CLASS_MAIN;
use crate::eval::flow::{fail, EvalResult};

/// The resource functions (Puppet 3 functions).
pub(crate) const FUNCTIONS: &[Builtin] =
    &[Builtin::legacy("create_resources", -3, create_resources), Builtin::legacy("tagged", -2, tagged)];

/// `create_resources(type, {title => attributes}, defaults = {})`: declares
/// each resource as a resource expression would, the defaults under its own
/// attributes; `@type` and `@@type` declare virtual and exported ones, and
/// `class` declares classes with parameters.
fn create_resources(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() > 3 {
        return Err(fail(
            call.span,
            format!("create_resources(): wrong number of arguments ({}; must be 2 or 3)", call.args.len()),
        ));
    }
    let Value::Hash(instances) = call.args[1].clone() else {
        return Err(fail(call.span, "create_resources(): second argument must be a hash"));
    };
    let defaults = match call.args.get(2) {
        None | Some(Value::Undef) => HashMap::new(),
        Some(Value::Hash(h)) => h.to_map(),
        Some(_) => return Err(fail(call.span, "create_resources(): third argument, if provided, must be a hash")),
    };
    let written = to_s(&call.args[0]);
    let (form, type_name) = match written.strip_prefix("@@") {
        Some(t) => (ResourceForm::Exported, t),
        None => match written.strip_prefix('@') {
            Some(t) => (ResourceForm::Virtual, t),
            None => (ResourceForm::Regular, written.as_str()),
        },
    };
    let type_name = type_name.trim_start_matches("::").to_lowercase();
    let span = call.span;
    let scope = call.scope.clone();
    for (title, params) in instances.iter() {
        let mut attributes = defaults.clone();
        match params {
            Value::Hash(p) => attributes.extend(p.iter().map(|(k, v)| (k.clone(), v.clone()))),
            Value::Undef => {}
            other => {
                return Err(fail(
                    span,
                    format!(
                        "create_resources(): the parameters of '{}' must be a hash, got {}",
                        to_s(title),
                        other.type_name()
                    ),
                ))
            }
        }
        if type_name == "class" {
            call.host.declare_class(&to_s(title), Some(attributes), span, &scope)?;
        } else {
            let cap = capitalize_segments(&type_name);
            call.host.declare_resource(
                &type_name,
                &cap,
                title,
                Attributes::unplaced(attributes),
                form,
                span,
                &scope,
            )?;
        }
    }
    Ok(Value::Undef)
}

/// `tagged(tag, ...)`: whether every tag given is the current container's
/// or the catalog's (which has the name of each class evaluated, and each
/// segment of it).
fn tagged(call: &mut Call<'_, '_>) -> EvalResult {
    let index = call.scope.resource().unwrap_or(CLASS_MAIN);
    let mut tags = call.host.resource(index).tags.clone();
    for class in call.host.class_names() {
        let class = class.to_lowercase();
        tags.extend(class.split("::").map(str::to_string));
        tags.push(class);
    }
    let wanted: Vec<String> = call
        .args
        .iter()
        .flat_map(|a| match a {
            Value::Array(items) => items.iter().map(to_s).collect(),
            other => vec![to_s(other)],
        })
        .map(|t| t.to_lowercase())
        .collect();
    Ok(Value::Boolean(wanted.iter().all(|t| tags.contains(t))))
}
