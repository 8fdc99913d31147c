//! The promise types every bundle may hold, agent and edit bundles alike:
//! `vars` (and `meta`), `classes` and `reports` (`KeepAgentPromise`'s
//! common cases, and the ones `edit_line`/`edit_xml` bundles keep). Apart
//! from the agent's scheduling so that `files`, which runs edit bundles,
//! keeps them without depending on the agent that calls it.

use crate::data::value::{DataType, Rv};
use crate::eval::bundle_stack::{lock_key, PASSES};
use crate::eval::context::EvalContext;
use crate::eval::message::{ErrorKind, Message};
use crate::eval::promise::Expanded;
use crate::syntax::ast::Promise;
use crate::syntax::class_expr::canonify;
use crate::syntax::reference::{is_cf3_var_string, is_naked_var};
use crate::syntax::varref::VarRef;

/// Keeps `pp` (expanded as `exp`) when `ptype` is one of the common
/// promise types; whether it was. `agent` is false while the resolver
/// pre-evaluates a bundle, when only `vars` and `classes` are kept.
pub(crate) fn keep(ctx: &mut EvalContext, pp: &Promise, exp: &Expanded, ptype: &str, agent: bool) -> bool {
    match ptype {
        "vars" | "meta" => {
            let meta = ptype == "meta";
            crate::eval::verify_vars::verify_var_promise(ctx, exp, meta);
            if agent {
                crate::eval::verify_vars::verify_var_promise(ctx, exp, meta);
            }
        }
        "classes" => verify_class_promise(ctx, exp),
        "reports" if agent => {
            if ctx.settings.verbose {
                crate::eval::banner::promise_banner(ctx, pp, exp, ptype);
            }
            verify_report(ctx, exp);
        }
        _ => return false,
    }
    true
}

/// `VerifyReportPromise`: a report with an unexpanded reference waits for
/// the last pass; an identical report in the same bundle prints once.
fn verify_report(ctx: &mut EvalContext, exp: &Expanded) {
    if ctx.stack.pass < PASSES && is_cf3_var_string(&exp.promiser) {
        return;
    }
    if let Some(index) = exp.get("bundle_return_value_index").and_then(Rv::as_scalar) {
        put_return_value(ctx, index, &exp.promiser);
        return;
    }
    let key = lock_key(ctx, "reports", exp);
    if !ctx.agent.locks.insert(key) {
        return;
    }
    match exp.get("report_to_file").and_then(Rv::as_scalar) {
        None => ctx.out.message(&Message::Report(&exp.promiser)),
        Some(file) => {
            let file = file.to_string();
            crate::files::report_to_file(ctx, &file, &exp.promiser);
        }
    }
    let mut outcome = crate::eval::classes_body::Outcome::Kept;
    if exp.get("printfile").is_some() && !crate::eval::printfile::print_file(ctx, exp) {
        outcome = crate::eval::classes_body::Outcome::Failed;
    }
    crate::eval::classes_body::settle(ctx, exp, outcome);
}

fn class_value(ctx: &EvalContext, r: &Rv) -> Option<bool> {
    match r {
        Rv::Scalar(s) => {
            if s.contains('$') {
                return None;
            }
            ctx.eval_class_expr(s)
        }
        _ => None,
    }
}

fn list_values(ctx: &EvalContext, r: &Rv) -> Option<Vec<bool>> {
    match r {
        Rv::List(items) => items.iter().map(|i| class_value(ctx, i)).collect(),
        Rv::Scalar(_) => class_value(ctx, r).map(|b| vec![b]),
        _ => None,
    }
}

/// `EvalBoolCombination`'s reading of `and`, `or` and `xor` lists: an
/// entry not expanded yet (a reference, a function call that could not be
/// evaluated) counts as a class not set.
fn combined_values(ctx: &EvalContext, r: &Rv) -> Option<Vec<bool>> {
    match r {
        Rv::List(items) => Some(items.iter().map(|i| class_value(ctx, i).unwrap_or(false)).collect()),
        _ => list_values(ctx, r),
    }
}

/// `SelectClass`: defines one class of the list, chosen by the hash of
/// `sys.fqhost`, `sys.ipv4` and the user id (so always the same one on a
/// host), and holds when it could.
fn select_class(ctx: &mut EvalContext, r: &Rv) -> bool {
    let items = r.list_strings();
    if items.is_empty() {
        ctx.error(ErrorKind::Classes, "No classes to select on RHS");
        return false;
    }
    if items.len() == 1 && is_naked_var(&items[0], b'@') {
        return false;
    }
    let scalar = |ctx: &EvalContext, n: &str| ctx.lookup(n).and_then(|v| v.rval.as_scalar().map(str::to_string));
    let fqhost = scalar(ctx, "sys.fqhost").unwrap_or_default();
    let ip = scalar(ctx, "sys.ipv4").unwrap_or_default();
    // SAFETY: getuid has no preconditions.
    let uid = unsafe { libc::getuid() };
    let hash = crate::functions::list::string_hash(&format!("{fqhost}+{ip}+{uid}"));
    let chosen = &items[hash as usize % items.len()];
    if is_cf3_var_string(chosen) {
        return false;
    }
    ctx.define_class(chosen, false, vec!["source=promise".to_string()]);
    true
}

/// `VerifyClassPromise`: defines the promiser (canonified) when its
/// expression holds.
fn verify_class_promise(ctx: &mut EvalContext, exp: &Expanded) {
    let mut result: Option<bool> = None;
    let mut any_attr = false;
    for (lval, r) in &exp.constraints {
        let v = match lval.as_str() {
            "expression" => class_value(ctx, r),
            "and" => combined_values(ctx, r).map(|v| v.iter().all(|b| *b)),
            "or" => combined_values(ctx, r).map(|v| v.iter().any(|b| *b)),
            // cf-agent folds xor over the list: true for an odd number.
            "xor" => combined_values(ctx, r).map(|v| v.iter().filter(|b| **b).count() % 2 == 1),
            "not" => class_value(ctx, r).map(|b| !b),
            "dist" => list_values(ctx, r).map(|v| !v.is_empty()),
            "select_class" => Some(select_class(ctx, r)),
            _ => continue,
        };
        any_attr = true;
        match v {
            Some(b) => result = Some(result.unwrap_or(true) && b),
            None => return,
        }
    }
    if any_attr && result != Some(true) {
        return;
    }
    let name = canonify(&exp.promiser);
    let common = ctx.bundle().is_some_and(|b| b.kind == "common");
    let scope = exp.get("scope").and_then(Rv::as_scalar);
    let bundle_scope = match scope {
        Some("bundle") => true,
        Some("namespace") => false,
        _ => !common,
    };
    let mut tags = vec!["source=promise".to_string()];
    match exp.get("meta") {
        Some(Rv::Scalar(t)) => tags.push(t.to_string()),
        Some(l @ Rv::List(_)) => tags.extend(l.list_strings().iter().map(|t| t.to_string())),
        _ => {}
    }
    ctx.define_class(&name, bundle_scope, tags);
    if let Some(c) = exp.get("comment").and_then(Rv::as_scalar) {
        if ctx.settings.verbose {
            ctx.verbose(format!("Added class '{name}' with comment '{c}'"));
        }
        ctx.defined.class_comments.insert(name, c.to_string());
    }
}

/// The variable a bundle's return values are kept in (`last-result`).
pub(crate) const LAST_RESULT: &str = "last-result";

/// A report with `bundle_return_value_index` prints nothing: it stores its
/// text as `last-result[index]` of the bundle, for the caller's `useresult`.
fn put_return_value(ctx: &mut EvalContext, index: &str, value: &str) {
    let Some(b) = ctx.bundle() else {
        return;
    };
    let indices = if index.is_empty() { vec![] } else { vec![index.to_string()] };
    let r = VarRef { ns: Some(b.ns.clone()), scope: Some(b.name.clone()), lval: LAST_RESULT.into(), indices };
    ctx.put(&r, Rv::scalar(value), DataType::String, &["source=bundle"]);
}
