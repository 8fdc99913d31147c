//! Hiera from Puppet code: `lookup()` in all its signatures and the
//! deprecated `hiera()`, `hiera_array()`, `hiera_hash()` and
//! `hiera_include()`, which ask the compile's engine (`eval::hiera`)
//! through the function host.

use confer_core::types::instance_of;
use confer_core::{HashMap, Type, Value};
use confer_hiera::Strategy;

use super::{Builtin, Call};
use crate::error::ErrorKind;
use crate::eval::flow::{fail, fail_as, EvalResult};
use crate::span::Span;
use crate::strict::Strictness;

/// The names, value type, merge and default of a `lookup()` call.
struct LookupRequest {
    names: Vec<String>,
    value_type: Option<Type>,
    merge: Option<Strategy>,
    default: Option<Value>,
    /// `override`: values used before any lookup.
    overrides: HashMap,
    /// `default_values_hash`: values used when nothing is found.
    defaults: HashMap,
}

/// A hash option of the options hash (`override`, `default_values_hash`).
fn hash_option(h: &HashMap, k: &str) -> HashMap {
    match h.get(&Value::from(k)) {
        Some(Value::Hash(m)) => m.to_map(),
        _ => HashMap::new(),
    }
}

fn names_of(v: &Value, fname: &str, span: Span) -> EvalResult<Vec<String>> {
    match v {
        Value::String(s) => Ok(vec![s.to_string()]),
        Value::Array(a) if a.iter().all(|n| matches!(n, Value::String(_))) => {
            Ok(a.iter().map(confer_core::value::to_s).collect())
        }
        other => Err(fail(
            span,
            format!("'{fname}' parameter 'name' expects a value of type String or Array, got {}", other.type_name()),
        )),
    }
}

fn merge_of(v: &Value, span: Span) -> EvalResult<Option<Strategy>> {
    if v.is_undef() {
        return Ok(None);
    }
    Strategy::from_value(v).map(Some).map_err(|e| fail(span, e.to_string()))
}

/// Reads `lookup(name, type?, merge?, default?)`, `lookup(name, options)`
/// and `lookup(options)`.
fn request(args: &[Value], span: Span) -> EvalResult<LookupRequest> {
    let option = |h: &HashMap, k: &str| h.get(&Value::from(k)).cloned().unwrap_or(Value::Undef);
    let type_of = |v: Value| match v {
        Value::Type(t) => Ok(Some(confer_core::Type::clone(&t))),
        Value::Undef => Ok(None),
        other => {
            Err(fail(span, format!("'lookup' parameter 'value_type' expects a Type value, got {}", other.type_name())))
        }
    };
    match args {
        [Value::Hash(h)] => {
            let names = names_of(&option(h, "name"), "lookup", span)?;
            Ok(LookupRequest {
                names,
                value_type: type_of(option(h, "value_type"))?,
                merge: merge_of(&option(h, "merge"), span)?,
                default: h.get(&Value::from("default_value")).cloned(),
                overrides: hash_option(h, "override"),
                defaults: hash_option(h, "default_values_hash"),
            })
        }
        [name, Value::Hash(h)] => Ok(LookupRequest {
            names: names_of(name, "lookup", span)?,
            value_type: type_of(option(h, "value_type"))?,
            merge: merge_of(&option(h, "merge"), span)?,
            default: h.get(&Value::from("default_value")).cloned(),
            overrides: hash_option(h, "override"),
            defaults: hash_option(h, "default_values_hash"),
        }),
        [name, rest @ ..] if rest.len() <= 3 => Ok(LookupRequest {
            names: names_of(name, "lookup", span)?,
            value_type: type_of(rest.first().cloned().unwrap_or(Value::Undef))?,
            merge: merge_of(rest.get(1).unwrap_or(&Value::Undef), span)?,
            default: rest.get(2).cloned(),
            overrides: HashMap::new(),
            defaults: HashMap::new(),
        }),
        _ => Err(fail(span, format!("'lookup' expects between 1 and 4 arguments, got {}", args.len()))),
    }
}

fn type_checked(subject: &str, t: Option<&Type>, v: Value, span: Span) -> EvalResult {
    match t {
        Some(t) if !instance_of(t, &v)? => {
            Err(fail(span, format!("{subject} has wrong type, {}", confer_core::mismatch::describe(t, &v))))
        }
        _ => Ok(v),
    }
}

fn not_found(fname: &str, names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    format!("Function {fname}() did not find a value for the name {}", quoted.join(", "))
}

/// `lookup`, `hiera`, `hiera_array`, `hiera_hash` and `hiera_include`. The
/// signatures are loose: `request` reads Puppet's several forms of
/// `lookup` and words their errors.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::new(
        "lookup",
        &["Any name, Any value_type?, Any merge?, Any default_value?, &Callable[1,1] block?"],
        lookup,
    ),
    Builtin::new("hiera", &[HIERA_SIGNATURE], |call| hiera(call, Strategy::First)),
    Builtin::new("hiera_array", &[HIERA_SIGNATURE], |call| hiera(call, Strategy::Unique)),
    Builtin::new("hiera_hash", &[HIERA_SIGNATURE], |call| hiera(call, Strategy::Hash)),
    Builtin::new("hiera_include", &[HIERA_SIGNATURE], hiera_include),
];

const HIERA_SIGNATURE: &str = "Any key, Any default?, Any override?, &Callable[1,1] block?";

fn lookup(call: &mut Call<'_, '_>) -> EvalResult {
    let span = call.span;
    let scope = call.scope.clone();
    let req = request(&call.args, span)?;
    let given = |h: &HashMap| req.names.iter().find_map(|n| h.get(&Value::from(n.as_str())).cloned());
    if let Some(v) = given(&req.overrides) {
        return type_checked("Value found in override hash", req.value_type.as_ref(), v, span);
    }
    let found = call.host.hiera_lookup(&req.names, req.merge.clone(), &scope, span)?;
    if let (None, Some(v)) = (&found, given(&req.defaults)) {
        return type_checked("Value found in default values hash", req.value_type.as_ref(), v, span);
    }
    let (subject, value) = match (found, req.default, call.lambda.take()) {
        (Some(f), _, _) => ("Found value", f.value),
        (None, _, Some(lambda)) => {
            let name = Value::from(req.names[0].as_str());
            ("Value returned from default block", call.host.call_lambda(&lambda, vec![name], span)?)
        }
        (None, Some(d), None) => ("Default value", d),
        (None, None, None) => return Err(fail_as(ErrorKind::LookupFailed, span, not_found("lookup", &req.names))),
    };
    type_checked(subject, req.value_type.as_ref(), value, span)
}

/// The deprecated `hiera_*` functions, by how they `merge`: `hiera` finds
/// the first value, `hiera_array` merges `unique`, `hiera_hash` merges `hash`.
fn hiera(call: &mut Call<'_, '_>, merge: Strategy) -> EvalResult {
    let span = call.span;
    let scope = call.scope.clone();
    let fname = call.name;
    if call.host.strictness() != Strictness::Off {
        // Puppet's words, once a run per function.
        let minor_version = crate::PUPPET_VERSION.rsplit_once('.').map_or(crate::PUPPET_VERSION, |(v, _)| v);
        call.host.warn_once(format!(
            "The function '{fname}' is deprecated in favor of using 'lookup'. See https://puppet.com/docs/puppet/{minor_version}/deprecated_language.html"
        ));
    }
    let first = call.args[0].clone();
    let names = names_of(&first, fname, span)?;
    let found = call.host.hiera_lookup(&names, Some(merge), &scope, span)?;
    match (found, call.args.get(1).cloned(), call.lambda.take()) {
        (Some(f), _, _) => Ok(f.value),
        (None, _, Some(lambda)) => call.host.call_lambda(&lambda, vec![first], span),
        (None, Some(d), None) => Ok(d),
        (None, None, None) => Err(fail_as(ErrorKind::LookupFailed, span, not_found(fname, &names))),
    }
}

/// `hiera_include(key)`: declares the classes a `unique` merge of the key names.
fn hiera_include(call: &mut Call<'_, '_>) -> EvalResult {
    let (span, scope) = (call.span, call.scope.clone());
    let value = hiera(call, Strategy::Unique)?;
    let classes = match &value {
        Value::Array(a) => a.iter().map(confer_core::value::to_s).collect(),
        other => vec![confer_core::value::to_s(other)],
    };
    for class in classes {
        call.host.declare_class(&class, None, span, &scope)?;
    }
    Ok(Value::Undef)
}
