//! `classes` bodies: the classes a promise defines (or cancels) by its
//! outcome (eval_context.c's `ClassAuditLog` and `SetPromiseOutcomeClasses`,
//! attributes.c's `GetClassDefinitionConstraints`), with `inherit_from`
//! (policy.c's body inheritance: the parent's attributes first, the child's
//! own replace them).
//!
//! confer carries out only promises that change nothing, so the outcomes
//! it gives are `kept` (a report printed, a method run) and `failed`.

use std::sync::Arc;

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
use crate::eval::promise::{evaluate_final_rval, Expanded};
use crate::syntax::ast::{Body, Rval};
use crate::syntax::class_expr::canonify;

/// A promise's outcome, as far as classes bodies see it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// `PROMISE_RESULT_NOOP`.
    Kept,
    /// `PROMISE_RESULT_FAIL`.
    Failed,
}

/// Deepest chain of `inherit_from` followed.
const MAX_INHERIT: usize = 16;

/// Finds the `classes` body called `name` (in the current namespace, or as
/// `ns:name`).
fn find_body(ctx: &EvalContext, name: &str) -> Option<Arc<Body>> {
    let (ns, n) = match name.split_once(':') {
        Some((ns, n)) => (ns.to_string(), n),
        None => (ctx.ns(), name),
    };
    ctx.policy.bodies.iter().find(|b| b.kind == "classes" && b.name == n && b.ns == ns).cloned()
}

/// The reference `name(args)` or `name` of an attribute value.
fn reference(v: &Rv) -> Option<(String, Vec<Rval>)> {
    match v {
        Rv::FnCall(f) => Some((f.name.clone(), f.args.clone())),
        Rv::Scalar(s) if !s.is_empty() => Some((s.to_string(), vec![])),
        _ => None,
    }
}

/// `$(param)` and `${param}` of the body's parameters replaced by the
/// arguments, as cf-agent's body scope does.
fn substitute(text: &str, params: &[(String, String)]) -> String {
    let mut out = text.to_string();
    for (p, v) in params {
        out = out.replace(&format!("$({p})"), v).replace(&format!("${{{p}}}"), v);
    }
    out
}

fn substitute_rval(r: &Rval, params: &[(String, String)]) -> Rval {
    match r {
        Rval::Scalar(s) => Rval::Scalar(substitute(s, params).into()),
        Rval::List(items) => Rval::List(items.iter().map(|i| substitute_rval(i, params)).collect()),
        Rval::FnCall(f) => {
            let mut f = f.clone();
            f.args = f.args.iter().map(|a| substitute_rval(a, params)).collect();
            Rval::FnCall(f)
        }
    }
}

/// The body's attributes with the arguments bound, its parents' first.
fn attributes(ctx: &mut EvalContext, name: &str, args: &[Rval], depth: usize, out: &mut Vec<(String, Rval)>) {
    if depth > MAX_INHERIT {
        return;
    }
    let Some(body) = find_body(ctx, name) else {
        return;
    };
    let values: Vec<String> = args
        .iter()
        .map(|a| match a {
            Rval::Scalar(s) => ctx.expand(s),
            other => Rv::from_ast(other).to_display(),
        })
        .collect();
    let params: Vec<(String, String)> = body.args.iter().cloned().zip(values).collect();
    let mut own = vec![];
    for c in &body.constraints {
        if c.classes != "any" && ctx.eval_class_expr(&c.classes) != Some(true) {
            continue;
        }
        let r = substitute_rval(&c.rval, &params);
        if c.lval == "inherit_from" {
            if let Some((parent, pargs)) = reference(&Rv::from_ast(&r)) {
                attributes(ctx, &parent, &pargs, depth + 1, out);
            }
        } else {
            own.push((c.lval.clone(), r));
        }
    }
    for (l, r) in own {
        out.retain(|(o, _)| *o != l);
        out.push((l, r));
    }
}

/// Defines (and cancels) the classes the promise's `classes` body gives
/// for `outcome`.
pub fn apply(ctx: &mut EvalContext, exp: &Expanded, outcome: Outcome) {
    let Some((name, args)) = exp.get("classes").and_then(reference) else {
        return;
    };
    let mut attrs = vec![];
    attributes(ctx, &name, &args, 0, &mut attrs);
    let (add, del) = match outcome {
        Outcome::Kept => ("promise_kept", "cancel_kept"),
        Outcome::Failed => ("repair_failed", "cancel_notkept"),
    };
    let value = |ctx: &mut EvalContext, lval: &str| -> Vec<String> {
        attrs
            .iter()
            .find(|(l, _)| l == lval)
            .map(|(_, r)| match evaluate_final_rval(ctx, &Rv::from_ast(r)) {
                Rv::Scalar(s) => vec![s.to_string()],
                v => v.list_strings().iter().map(|s| s.to_string()).collect(),
            })
            .unwrap_or_default()
    };
    let bundle_scope = value(ctx, "scope").first().is_some_and(|s| s == "bundle");
    for class in value(ctx, add) {
        if class.contains("$(") || class.contains("${") {
            continue;
        }
        ctx.define_class(&canonify(&class), bundle_scope, vec![]);
    }
    for class in value(ctx, del) {
        let c = canonify(&class);
        ctx.classes.remove(&c);
        if let Some(f) = ctx.bundles.last_mut() {
            f.classes.remove(&c);
        }
    }
}
