//! The agent's bundle evaluation (cf-agent.c): pre-evaluation of every
//! bundle (`PolicyResolve`), the bundlesequence, three passes over each
//! bundle's promise types in cf-agent's order, `classes`, `methods` and
//! `reports` promises.

use crate::eval::message::ErrorKind;
use std::collections::HashSet;
use std::sync::Arc;

use crate::data::value::{DataType, Rv};
use crate::eval::bundle_stack::{eval_args, find_bundle, lock_key, note_closest_bundle, push_bundle, PASSES};
use crate::eval::common_promises::{self, LAST_RESULT};
use crate::eval::context::EvalContext;
use crate::eval::promise::{expand_promise, Expanded};
use crate::syntax::ast::{Bundle, FnCall, Promise, Rval};
use crate::syntax::reference::is_cf3_var_string;
use crate::syntax::varref::VarRef;

/// cf-agent's `AGENT_TYPESEQUENCE`: the order promise types run in a pass.
pub const TYPE_SEQUENCE: &[&str] = &[
    "meta",
    "vars",
    "defaults",
    "classes",
    "users",
    "files",
    "packages",
    "guest_environments",
    "methods",
    "processes",
    "services",
    "commands",
    "storage",
    "databases",
    "reports",
];

/// Maximum depth of nested `methods` calls.
const MAX_CALL_DEPTH: usize = 64;

/// Runs the promises of one type in `bundle` with `verify`.
fn resolve_type(ctx: &mut EvalContext, bundle: &Arc<Bundle>, ptype: &str, agent: bool) {
    for section in bundle.sections_of(ptype) {
        for pp in &section.promises {
            let mut act = |ctx: &mut EvalContext, pp: &Promise, exp: &Expanded| {
                keep_promise(ctx, pp, exp, ptype, agent);
            };
            expand_promise(ctx, pp, ptype, crate::eval::promise::Stage::Actuate, &mut act);
        }
    }
}

/// `BundleResolve`: vars (and for common bundles classes, then vars again).
pub fn bundle_resolve(ctx: &mut EvalContext, bundle: &Arc<Bundle>) {
    if bundle.kind == "common" {
        resolve_type(ctx, bundle, "vars", false);
        resolve_type(ctx, bundle, "classes", false);
    }
    resolve_type(ctx, bundle, "vars", false);
}

/// `PolicyResolve`: common bundles (vars, classes), then every other
/// bundle's vars, each with no arguments.
pub fn policy_resolve(ctx: &mut EvalContext) {
    let bundles: Vec<Arc<Bundle>> = ctx.policy.bundles.clone();
    resolve_bundles(ctx, &bundles);
}

/// `PolicyResolve` of a part of the policy (the bundles of one file, as
/// cf-agent resolves each file it loads).
pub fn resolve_bundles(ctx: &mut EvalContext, bundles: &[Arc<Bundle>]) {
    for common in [true, false] {
        for b in bundles.iter().filter(|b| (b.kind == "common") == common) {
            push_bundle(ctx, b, vec![]);
            bundle_resolve(ctx, b);
            ctx.stack.bundles.pop();
        }
    }
}

/// `ScheduleAgentOperations`: three passes over the bundle.
pub fn schedule(ctx: &mut EvalContext, bundle: &Arc<Bundle>) {
    for pass in 1..=PASSES {
        for ptype in TYPE_SEQUENCE {
            let has = bundle.sections_of(ptype).any(|s| !s.promises.is_empty());
            if !has {
                continue;
            }
            ctx.stack.pass = pass;
            for section in bundle.sections_of(ptype) {
                for pp in &section.promises {
                    ctx.stack.pass = pass;
                    let mut act = |ctx: &mut EvalContext, pp: &Promise, exp: &Expanded| {
                        keep_promise(ctx, pp, exp, ptype, true);
                    };
                    expand_promise(ctx, pp, ptype, crate::eval::promise::Stage::Actuate, &mut act);
                    if ctx.halt.aborted.is_some() {
                        return;
                    }
                    if ctx.halt.bundle_aborted {
                        ctx.halt.bundle_aborted = false;
                        return;
                    }
                }
            }
            if *ptype == "classes" {
                bundle_resolve(ctx, bundle);
                resolve_type(ctx, bundle, "defaults", true);
            }
        }
    }
}

/// `KeepAgentPromise` (or the resolver's actuator when `agent` is false).
pub(crate) fn keep_promise(ctx: &mut EvalContext, pp: &Promise, exp: &Expanded, ptype: &str, agent: bool) {
    if common_promises::keep(ctx, pp, exp, ptype, agent) {
        return;
    }
    match ptype {
        "defaults" if agent => crate::eval::defaults::verify_defaults_promise(ctx, exp),
        "methods" | "files" | "commands" if agent => {
            if ctx.settings.verbose {
                crate::eval::banner::promise_banner(ctx, pp, exp, ptype);
            }
            match ptype {
                "methods" => verify_methods(ctx, pp, exp),
                "files" => crate::files::verify(ctx, exp),
                _ => crate::eval::commands::verify(ctx, exp),
            }
        }
        "packages" | "processes" | "services" | "users" | "storage" | "databases" | "guest_environments" if agent => {
            let at = ctx.promise_location();
            ctx.refuse(format!("confer does not carry out {ptype} promises, {at}"));
        }
        _ => {}
    }
}

/// `GetReturnValue`: copies the callee's `last-result[i]` values to the
/// caller's array named by `useresult`.
fn get_return_value(ctx: &mut EvalContext, callee: &Bundle, useresult: &str) {
    let Some(caller) = ctx.bundle().cloned() else {
        return;
    };
    let results: Vec<(String, Rv)> = ctx
        .defined
        .vars
        .iter()
        .filter(|(k, _)| {
            k.lval == LAST_RESULT
                && k.indices.len() == 1
                && k.scope == callee.name
                && k.ns.as_deref() == Some(callee.ns.as_str())
        })
        .map(|(k, v)| (k.indices[0].clone(), v.rval.clone()))
        .collect();
    for (index, value) in results {
        let mut r = VarRef::parse_with(useresult, Some(&caller.ns), Some(&caller.name));
        r.indices.push(index);
        ctx.put(&r, value, DataType::String, &["source=bundle"]);
    }
}

/// `VerifyMethodsPromise`.
fn verify_methods(ctx: &mut EvalContext, pp: &Promise, exp: &Expanded) {
    let (name, args): (String, Vec<Rval>) = match exp.get("usebundle") {
        Some(Rv::FnCall(f)) => (ctx.expand(&f.name), f.args.clone()),
        Some(Rv::Scalar(s)) => (s.to_string(), vec![]),
        _ => (exp.promiser.clone(), vec![]),
    };
    // The arguments are expanded in this iteration's context and are part
    // of the lock: `usebundle => c("$(list)")` runs once per element, as in
    // cf-agent (the call itself is not expanded in `exp`).
    let evaluated = eval_args(ctx, &args);
    if ctx.stop_if_oversized() {
        return;
    }
    let shown: Vec<String> = evaluated.iter().map(Rv::to_display).collect();
    let key = format!("{}({})", lock_key(ctx, "methods", exp), shown.join(","));
    if !ctx.agent.locks.insert(key) {
        return;
    }
    let Some(bundle) = find_bundle(ctx, &name) else {
        if is_cf3_var_string(&name) {
            ctx.error(ErrorKind::Methods, "A variable seems to have been used for the name of the method. In this case, the promiser also needs to contain the unique name of the method");
        }
        ctx.error(
            ErrorKind::Methods,
            format!("A method attempted to use a bundle '{name}' that was apparently not defined"),
        );
        note_closest_bundle(ctx, &name);
        ctx.fatal(ErrorKind::Methods, format!("Aborting due to missing bundle '{name}'"));
        return;
    };
    if ctx.stack.bundles.len() >= MAX_CALL_DEPTH {
        ctx.error(ErrorKind::Methods, format!("Method '{name}': bundles are nested too deeply"));
        return;
    }
    if args.len() != bundle.args.len() {
        ctx.error(
            ErrorKind::Methods,
            format!("Bundle '{}' expects {} arguments, but {} were given", bundle.name, bundle.args.len(), args.len()),
        );
    }
    let args = evaluated;
    // `inherit => "true"`: the caller's bundle-scoped classes are seen in
    // the called bundle.
    let inherited = match exp.get("inherit").and_then(Rv::as_scalar) {
        Some("true" | "yes" | "on") => ctx.stack.bundles.last().map(|f| f.classes.clone()).unwrap_or_default(),
        _ => HashSet::new(),
    };
    let action = crate::eval::body_attributes::evaluated(ctx, "action", exp.get("action"));
    if crate::eval::body_attributes::scalar(&action, "action_policy") == Some("warn") {
        ctx.warning(format!("Bundle '{name}' should be invoked, but only a warning was promised!"));
        crate::eval::classes_body::settle(ctx, exp, crate::eval::classes_body::Outcome::Warned);
        return;
    }
    ctx.stack.method_promisers.push(pp.promiser.to_string());
    ctx.stack.method_calls.push(crate::eval::frames::MethodCall {
        promiser: exp.promiser.clone(),
        classes: pp.classes.to_string(),
        iteration: ctx.stack.iteration,
    });
    let outcome = call_bundle(ctx, &bundle, args, Some(inherited));
    ctx.stack.method_promisers.pop();
    ctx.stack.method_calls.pop();
    if let Some(useresult) = exp.get("useresult").and_then(Rv::as_scalar) {
        get_return_value(ctx, &bundle, useresult);
    }
    // `VerifyMethod`: a bundle whose promises were all skipped counts as kept.
    let outcome = outcome.unwrap_or(crate::eval::classes_body::Outcome::Kept);
    match outcome {
        crate::eval::classes_body::Outcome::Failed => {
            ctx.error(ErrorKind::Methods, format!("Method '{}' failed in some repairs", bundle.name))
        }
        crate::eval::classes_body::Outcome::Warned => {
            ctx.warning(format!("Method '{}' invoked repairs, but only warnings promised", bundle.name))
        }
        _ => {}
    }
    crate::eval::classes_body::settle(ctx, exp, outcome);
}

/// Evaluates `bundle` with `args`, as a method call (with the classes it
/// inherits from its caller) or, for `None`, as a bundlesequence entry;
/// what its promises did, weighed together (`None` if all were skipped).
pub fn call_bundle(
    ctx: &mut EvalContext,
    bundle: &Arc<Bundle>,
    args: Vec<Rv>,
    method: Option<HashSet<String>>,
) -> Option<crate::eval::classes_body::Outcome> {
    let saved_outcome = ctx.agent.bundle_outcome.take();
    let saved_this = ctx.stack.take_this();
    let saved_promise = ctx.stack.promise.take();
    let saved_pass = ctx.stack.pass;
    let as_method = method.is_some();
    push_bundle(ctx, bundle, args);
    if let (Some(frame), Some(inherited)) = (ctx.stack.bundles.last_mut(), method) {
        frame.classes = inherited;
    }
    if as_method {
        let ns = bundle.ns.clone();
        let name = bundle.name.clone();
        ctx.defined.vars.retain(|k, _| k.indices.is_empty() || k.scope != name || k.ns.as_deref() != Some(&ns));
        bundle_resolve(ctx, bundle);
    }
    schedule(ctx, bundle);
    ctx.stack.bundles.pop();
    if as_method {
        for p in &bundle.args {
            ctx.remove(&VarRef {
                ns: Some(bundle.ns.clone()),
                scope: Some(bundle.name.clone()),
                lval: p.clone(),
                indices: vec![],
            });
        }
    }
    ctx.stack.restore_this(saved_this);
    ctx.stack.promise = saved_promise;
    ctx.stack.pass = saved_pass;
    std::mem::replace(&mut ctx.agent.bundle_outcome, saved_outcome)
}

/// A bundlesequence entry: a name, or a call with arguments.
pub fn sequence_entry(r: &Rv) -> Option<(String, Vec<Rval>)> {
    match r {
        Rv::Scalar(s) => Some((s.to_string(), vec![])),
        Rv::FnCall(f) => {
            let FnCall { name, args, .. } = &**f;
            Some((name.clone(), args.clone()))
        }
        _ => None,
    }
}
