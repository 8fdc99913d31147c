//! Functions about the policy's own values and the agent (evalfunction.c):
//! type, getclassmetatags, classify, the cf_version_* comparisons, and the
//! package inventory queries.

use crate::eval::message::ErrorKind;
use confer_core::Value;

use super::host::FunctionHost;
use crate::data::value::{DataType, Rv};
use crate::syntax::ast::FnCall;

use super::{arg_str, class_result, Failed, FnResult};

/// The version confer answers as (the cf-agent it follows).
const VERSION: [u64; 3] = [3, 21, 0];

/// `type(name[, detail])`: the variable's type name (`none` when
/// undefined); with detail, `policy <type>` or, for a container, `data
/// <json type>`.
pub(super) fn type_fn(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let var = ctx.lookup(arg_str(a, 0));
    let detail = a.len() > 1 && matches!(arg_str(a, 1), "true" | "yes" | "on");
    let name = var.as_ref().map_or("none", |v| v.ty.name());
    if !detail {
        return Ok(Rv::scalar(name));
    }
    match var {
        Some(v) if v.ty == DataType::Container => {
            let sub = match &v.rval {
                Rv::Container(Value::Hash(_)) => "object",
                Rv::Container(Value::Array(_)) => "array",
                Rv::Container(Value::String(_)) => "string",
                Rv::Container(Value::Integer(_)) => "int",
                Rv::Container(Value::Float(_)) => "real",
                Rv::Container(Value::Boolean(_)) => "boolean",
                _ => "null",
            };
            Ok(Rv::scalar(format!("data {sub}")))
        }
        _ => Ok(Rv::scalar(format!("policy {name}"))),
    }
}

/// `getclassmetatags(class[, key])`: the class's tags, or with a key the
/// values of its `key=value` tags; fails for an undefined class.
pub(super) fn getclassmetatags(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let name = arg_str(a, 0);
    let name = name.strip_prefix("default:").unwrap_or(name);
    if !ctx.class_defined(name) {
        return Err(Failed);
    }
    let tags = ctx.defined().class_tags.get(name).cloned().unwrap_or_default();
    let key = a.get(1).and_then(Rv::as_scalar).map(|k| format!("{k}="));
    let out: Vec<String> = tags
        .iter()
        .filter_map(|t| match &key {
            Some(k) => t.strip_prefix(k.as_str()).map(str::to_string),
            None => Some(t.clone()),
        })
        .collect();
    Ok(Rv::list_of(out))
}

/// `classify(text)`: whether the canonified text is a defined class.
pub(super) fn classify(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let c = crate::syntax::class_expr::canonify(arg_str(a, 0));
    class_result(ctx.class_defined(&c))
}

/// `CompareVersion`: the agent's version against a dotted version of up to
/// three numbers, compared on the given components only ("3.21" equals
/// 3.21.0 and 3.21.5).
fn compare(ctx: &mut dyn FunctionHost, f: &FnCall, given: &str) -> Result<std::cmp::Ordering, Failed> {
    let parts: Vec<Option<u64>> = given.split('.').map(|p| p.parse().ok()).collect();
    if given.is_empty() || parts.len() > 3 || parts.iter().any(Option::is_none) {
        ctx.error(
            ErrorKind::Function,
            format!("{}: Format of version comparison string '{given}' is incorrect", f.name),
        );
        return Err(Failed);
    }
    let mine = VERSION.iter().take(parts.len());
    Ok(mine.cmp(parts.iter().flatten()))
}

/// `cf_version_minimum/maximum/after/before/at/between`.
pub(super) fn cf_version(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    use std::cmp::Ordering::*;
    let c = compare(ctx, f, arg_str(a, 0))?;
    let ok = match f.name.as_str() {
        "cf_version_minimum" => c != Less,
        "cf_version_maximum" => c != Greater,
        "cf_version_after" => c == Greater,
        "cf_version_before" => c == Less,
        "cf_version_at" => c == Equal,
        _ => c != Less && compare(ctx, f, arg_str(a, 1))? != Greater,
    };
    class_result(ok)
}

/// `packagesmatching(name, version, arch, method)` and
/// `packageupdatesmatching`: read from the package inventory that cf-agent's
/// package promises write under `$(sys.workdir)/state`. confer never runs
/// package modules, so there is none. As cf-agent: without a
/// `package_inventory` in `body common control` (the legacy inventory) the
/// answer is an empty array; with one (the MPF sets it) the package
/// module's cache cannot be read and the call fails, quietly.
pub(super) fn packagesmatching(ctx: &mut dyn FunctionHost, _: &FnCall, _: &[Rv]) -> FnResult {
    let modules = ctx.policy().bodies.iter().any(|b| {
        b.kind == "common" && b.name == "control" && b.constraints.iter().any(|c| c.lval == "package_inventory")
    });
    if modules {
        return Err(Failed);
    }
    Ok(Rv::Container(Value::array(vec![])))
}
