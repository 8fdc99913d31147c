//! Functions that return a class (`any` / `!any`): strcmp, regcmp,
//! isvariable, and/or/not, classmatch, comparisons, file tests.

use super::host::FunctionHost;
use crate::data::number::real_from_string;
use crate::data::value::Rv;
use crate::eval::message::ErrorKind;
use crate::syntax::ast::FnCall;

use super::regex::full_match;
use super::{arg_str, class_result, Failed, FnResult};

pub(super) fn strcmp(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    class_result(arg_str(a, 0) == arg_str(a, 1))
}

pub(super) fn regcmp(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let m = full_match(ctx, arg_str(a, 0), arg_str(a, 1))?;
    class_result(m)
}

pub(super) fn isvariable(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    class_result(ctx.lookup(arg_str(a, 0)).is_some())
}

fn truth(ctx: &dyn FunctionHost, s: &str) -> bool {
    ctx.eval_class_expr(s) == Some(true)
}

pub(super) fn and(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    class_result(a.iter().all(|x| truth(ctx, x.as_scalar().unwrap_or(""))))
}

pub(super) fn or(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    class_result(a.iter().any(|x| truth(ctx, x.as_scalar().unwrap_or(""))))
}

pub(super) fn not(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    class_result(!truth(ctx, arg_str(a, 0)))
}

pub(super) fn classmatch(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    class_result(!super::list::matching_classes(ctx, a)?.is_empty())
}

fn compare(a: &[Rv]) -> std::cmp::Ordering {
    let (x, y) = (arg_str(a, 0), arg_str(a, 1));
    match (real_from_string(x), real_from_string(y)) {
        (Ok(p), Ok(q)) => p.partial_cmp(&q).unwrap_or(std::cmp::Ordering::Equal),
        _ => x.cmp(y),
    }
}

pub(super) fn isgreaterthan(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    class_result(compare(a) == std::cmp::Ordering::Greater)
}

pub(super) fn islessthan(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    class_result(compare(a) == std::cmp::Ordering::Less)
}

/// `validjson(data, ...)`: cf-agent declares it variadic and reads only
/// its first argument (a second, `strict`, is accepted and has no effect
/// in 3.21).
pub(super) fn validjson(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    if a.is_empty() {
        ctx.error(ErrorKind::Function, format!("Function '{}' requires one argument", f.name));
        return Err(Failed);
    }
    class_result(super::data::parses(crate::data::json::parse(arg_str(a, 0))))
}

pub(super) fn reglist(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let pat = arg_str(a, 1).to_string();
    let items = match super::collection(ctx, &a[0]) {
        Some(super::Collection::List(l)) => l,
        _ => return Err(Failed),
    };
    for s in items {
        if full_match(ctx, &pat, &s)? {
            return class_result(true);
        }
    }
    class_result(false)
}

pub(super) fn regarray(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let pat = arg_str(a, 1).to_string();
    let Some(v) = super::array_as_data(ctx, arg_str(a, 0)) else {
        return class_result(false);
    };
    let vals: Vec<String> = match &v {
        confer_core::Value::Hash(h) => h.values().filter_map(crate::data::json::primitive_to_string).collect(),
        _ => vec![],
    };
    for s in vals {
        if full_match(ctx, &pat, &s)? {
            return class_result(true);
        }
    }
    class_result(false)
}

pub(super) fn getenv(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    Ok(Rv::scalar(ctx.getenv(arg_str(a, 0)).unwrap_or_default()))
}
