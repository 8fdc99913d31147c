//! stdlib's idempotent declarations: `ensure_resource`, `ensure_resources`,
//! `ensure_packages` (declare unless an equal resource exists),
//! `defined_with_params`, `getparam` and `stdlib::str2resource`.

use confer_core::types::params::capitalize_segments;
use confer_core::types::Type;
use confer_core::value::runtime::RuntimeObject;
use confer_core::value::to_s;
use confer_core::{HashMap, Value};

use crate::ast::ResourceForm;
use crate::eval::attributes::Attributes;
use crate::eval::flow::{fail, EvalResult};
use crate::eval::functions::{Builtin, Call};

/// The resource functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::legacy("ensure_resource", -1, ensure_resource),
    Builtin::legacy("ensure_resources", -1, ensure_resources),
    Builtin::new(
        "ensure_packages",
        &["Variant[String[1], Array[String[1]], Hash[String[1], Any]] packages, Hash default_attributes?"],
        ensure_packages,
    ),
    Builtin::legacy("defined_with_params", -1, defined_with_params),
    Builtin::legacy("getparam", -1, getparam),
    Builtin::new("stdlib::str2resource", &["String res_string"], str2resource),
];

/// `stdlib::str2resource('Type[title]')`: a resource that is already
/// declared (so the answer depends on evaluation order, as in Puppet), as
/// the Ruby object Puppet's function returns: it shows as `File[foo]` and
/// refers to the resource as its reference would.
fn str2resource(call: &mut Call<'_, '_>) -> EvalResult {
    let text = to_s(&call.args[0]);
    let (type_name, title) = match text.find('[') {
        Some(open) if text.ends_with(']') => {
            (capitalize_segments(&text[..open]), text[open + 1..text.len() - 1].to_string())
        }
        _ => (capitalize_segments(&text), String::new()),
    };
    let Some(found) = find(call, &type_name, &title) else {
        return Err(fail(
            call.span,
            format!(
                "stdlib::str2resource(): could not find {type_name}[{title}], this is parse order dependent and values should not be quoted"
            ),
        ));
    };
    let resource = call.host.resource(found);
    Ok(Value::Runtime(std::sync::Arc::new(RuntimeObject::Resource {
        type_name: resource.type_name.as_str().into(),
        title: resource.title.as_str().into(),
    })))
}

/// The index of the declared resource `Type[title]`.
fn find(call: &Call<'_, '_>, cap: &str, title: &str) -> Option<usize> {
    // A class's title is its name, which the catalog writes capitalized.
    let class = (cap == "Class").then(|| capitalize_segments(&title.trim_start_matches("::").to_lowercase()));
    let title = class.as_deref().unwrap_or(title);
    call.host.find_resource(&mut |r| r.type_name == cap && r.title == title)
}

/// Whether `Type[title]` is declared with every given parameter equal.
fn declared_with(call: &Call<'_, '_>, cap: &str, title: &str, params: &HashMap) -> bool {
    let Some(i) = find(call, cap, title) else {
        return false;
    };
    let attrs = &call.host.resource(i).attributes;
    params.iter().all(|(k, v)| match attrs.get(k) {
        None | Some(Value::Undef) => v.is_undef(),
        Some(existing) => existing == v,
    })
}

/// Declares `type[title]` with `params` unless it is declared with them.
fn ensure_one(call: &mut Call<'_, '_>, type_name: &str, title: &Value, params: &HashMap) -> EvalResult<()> {
    let lower = type_name.trim_start_matches("::").to_lowercase();
    let cap = capitalize_segments(&lower);
    if declared_with(call, &cap, &to_s(title), params) {
        return Ok(());
    }
    let (span, scope) = (call.span, call.scope.clone());
    if lower == "class" {
        call.host.declare_class(&to_s(title), Some(params.clone()), span, &scope)?;
        return Ok(());
    }
    call.host.declare_resource(
        &lower,
        &cap,
        title,
        Attributes::unplaced(params.clone()),
        ResourceForm::Regular,
        span,
        &scope,
    )
}

fn hash_arg(v: Option<&Value>) -> HashMap {
    match v {
        Some(Value::Hash(h)) => h.to_map(),
        _ => HashMap::new(),
    }
}

/// `ensure_resource(type, title_or_titles, params = {})`.
fn ensure_resource(call: &mut Call<'_, '_>) -> EvalResult {
    let Some(type_name) = call.args.first().map(to_s) else {
        return Err(fail(call.span, "Must specify a type"));
    };
    let Some(titles) = call.args.get(1).cloned() else {
        return Err(fail(call.span, "Must specify a title"));
    };
    // stdlib capitalizes the type as a Ruby String.
    if !matches!(call.args[0], Value::String(_)) {
        let v = &call.args[0];
        return Err(fail(
            call.span,
            format!("undefined method `capitalize' for {}:{}", super::ruby::inspect(v), super::ruby::class(v)),
        ));
    }
    let params = hash_arg(call.args.get(2));
    let titles = match titles {
        Value::Array(items) => items.iter().cloned().collect(),
        other => vec![other],
    };
    for title in titles {
        ensure_one(call, &type_name, &title, &params)?;
    }
    Ok(Value::Undef)
}

/// `ensure_resources(type, {title => params}, defaults = {})`.
fn ensure_resources(call: &mut Call<'_, '_>) -> EvalResult {
    let Some(type_name) = call.args.first().map(to_s) else {
        return Err(fail(call.span, "Must specify a type"));
    };
    let Some(titles) = call.args.get(1).cloned() else {
        return Err(fail(call.span, "Must specify a title"));
    };
    let Value::Hash(titles) = titles else {
        return Err(fail(call.span, "ensure_resources(): Requires second argument to be a Hash"));
    };
    let defaults = hash_arg(call.args.get(2));
    for (title, params) in titles.iter() {
        let mut all = defaults.clone();
        all.extend(hash_arg(Some(params)));
        ensure_one(call, &type_name, title, &all)?;
    }
    Ok(Value::Undef)
}

/// `ensure_packages(names_or_hash, defaults = {})`: packages `installed`
/// unless told otherwise (`present` also reads as `installed`).
fn ensure_packages(call: &mut Call<'_, '_>) -> EvalResult {
    let ensure = Value::from("ensure");
    let mut defaults = HashMap::from_iter([(ensure.clone(), Value::from("installed"))]);
    if let Some(Value::Hash(given)) = call.args.get(1) {
        defaults.extend(given.iter().map(|(k, v)| (k.clone(), v.clone())));
        if defaults.get(&ensure).and_then(Value::as_str) == Some("present") {
            defaults.insert(ensure, Value::from("installed"));
        }
    }
    match call.args[0].clone() {
        Value::Hash(packages) => {
            for (title, params) in packages.iter() {
                let mut all = defaults.clone();
                all.extend(hash_arg(Some(params)));
                ensure_one(call, "package", title, &all)?;
            }
        }
        Value::Array(names) => {
            for name in names.iter() {
                ensure_one(call, "package", name, &defaults)?;
            }
        }
        other => ensure_one(call, "package", &other, &defaults)?,
    }
    Ok(Value::Undef)
}

/// The type and title a reference names: `Type['t']` or the string `Type[t]`.
fn reference(v: &Value) -> Option<(String, String)> {
    match v {
        Value::Type(t) => match &***t {
            Type::Resource { type_name: Some(ty), title } => {
                Some((capitalize_segments(ty), title.as_ref().map(ToString::to_string).unwrap_or_default()))
            }
            Type::Class(name) => Some(("Class".into(), name.as_ref().map(ToString::to_string).unwrap_or_default())),
            _ => None,
        },
        Value::String(s) => {
            let (ty, rest) = s.split_once('[')?;
            let title = rest.strip_suffix(']')?.trim_matches(['\'', '"']);
            Some((capitalize_segments(&ty.to_lowercase()), title.to_string()))
        }
        _ => None,
    }
}

/// `defined_with_params(reference, params = {})`.
fn defined_with_params(call: &mut Call<'_, '_>) -> EvalResult {
    let Some(r) = call.args.first() else {
        return Err(fail(call.span, "Must specify a reference"));
    };
    let Some((cap, title)) = reference(r) else {
        return Err(fail(call.span, format!("Reference is not understood: '{}'", super::ruby::class(r))));
    };
    let params = hash_arg(call.args.get(1));
    Ok(Value::Boolean(if title.is_empty() {
        call.host.find_resource(&mut |r| r.type_name == cap).is_some()
    } else {
        declared_with(call, &cap, &title, &params)
    }))
}

/// `getparam(reference, name)`: a declared resource's parameter, or `''`.
fn getparam(call: &mut Call<'_, '_>) -> EvalResult {
    let Some(r) = call.args.first() else {
        return Err(fail(call.span, "Must specify a reference"));
    };
    let Some(Value::String(param)) = call.args.get(1) else {
        return Err(fail(call.span, "Must specify name of a parameter"));
    };
    let Some((cap, title)) = reference(r) else {
        return Ok(Value::from(""));
    };
    let value = find(call, &cap, &title)
        .and_then(|i| call.host.resource(i).attributes.get(&Value::from(&**param)).cloned())
        .unwrap_or(Value::Undef);
    Ok(if value.is_undef() { Value::from("") } else { value })
}
