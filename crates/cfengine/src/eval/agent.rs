//! The agent's bundle evaluation (cf-agent.c): pre-evaluation of every
//! bundle (`PolicyResolve`), the bundlesequence, three passes over each
//! bundle's promise types in cf-agent's order, `classes`, `methods` and
//! `reports` promises.

use crate::eval::message::{ErrorKind, Message};
use std::collections::HashSet;
use std::sync::Arc;

use crate::data::value::{DataType, Rv};
use crate::eval::context::EvalContext;
use crate::eval::frames::BundleFrame;
use crate::eval::promise::{evaluate_final_rval, expand_promise, Expanded};
use crate::functions;
use crate::syntax::ast::{Bundle, FnCall, Promise, Rval};
use crate::syntax::class_expr::canonify;
use crate::syntax::reference::{is_cf3_var_string, is_naked_var, naked};
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

/// Number of passes over a bundle (`CF_DONEPASSES - 1`).
pub const PASSES: u32 = 3;

/// Maximum depth of nested `methods` calls.
const MAX_CALL_DEPTH: usize = 64;

/// Pushes a bundle frame, binding its parameters to `args`.
pub fn push_bundle(ctx: &mut EvalContext, bundle: &Arc<Bundle>, args: Vec<Rv>) {
    ctx.bundles.push(BundleFrame { bundle: bundle.clone(), classes: HashSet::new(), args: args.clone() });
    for (i, param) in bundle.args.iter().enumerate() {
        let Some(a) = args.get(i) else { break };
        let r = VarRef {
            ns: Some(bundle.ns.clone()),
            scope: Some(bundle.name.clone()),
            lval: param.clone(),
            indices: vec![],
        };
        let ty = match a {
            Rv::List(_) => DataType::Slist,
            Rv::Container(_) => DataType::Container,
            _ => DataType::String,
        };
        ctx.put(&r, a.clone(), ty, &["source=bundle"]);
    }
}

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
            ctx.bundles.pop();
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
            ctx.pass = pass;
            for section in bundle.sections_of(ptype) {
                for pp in &section.promises {
                    ctx.pass = pass;
                    let mut act = |ctx: &mut EvalContext, pp: &Promise, exp: &Expanded| {
                        keep_promise(ctx, pp, exp, ptype, true);
                    };
                    expand_promise(ctx, pp, ptype, crate::eval::promise::Stage::Actuate, &mut act);
                    if ctx.aborted.is_some() {
                        return;
                    }
                    if ctx.bundle_aborted {
                        ctx.bundle_aborted = false;
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
    match ptype {
        "vars" | "meta" => {
            let meta = ptype == "meta";
            crate::eval::verify_vars::verify_var_promise(ctx, exp, meta);
            if agent {
                crate::eval::verify_vars::verify_var_promise(ctx, exp, meta);
            }
        }
        "classes" => verify_class_promise(ctx, exp),
        "defaults" if agent => crate::eval::defaults::verify_defaults_promise(ctx, exp),
        "methods" | "files" | "reports" | "commands" if agent => {
            if ctx.settings.verbose {
                crate::eval::banner::promise_banner(ctx, pp, exp, ptype);
            }
            match ptype {
                "methods" => verify_methods(ctx, pp, exp),
                "files" => crate::files::verify(ctx, exp),
                "reports" => verify_report(ctx, exp),
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

/// The lock key of an expanded promise (`PromiseRuntimeHash`): bundle,
/// promiser and every evaluated attribute.
pub(crate) fn lock_key(ctx: &EvalContext, kind: &str, exp: &Expanded) -> String {
    let mut k = String::new();
    k.push_str(kind);
    k.push('\u{1}');
    if let Some(b) = ctx.bundle() {
        k.push_str(&b.ns);
        k.push('\u{1}');
        k.push_str(&b.name);
    }
    k.push('\u{1}');
    k.push_str(&exp.promiser);
    for (l, r) in &exp.constraints {
        k.push('\u{1}');
        k.push_str(l);
        k.push('=');
        k.push_str(&r.to_display());
    }
    k
}

/// `VerifyReportPromise`: a report with an unexpanded reference waits for
/// the last pass; an identical report in the same bundle prints once.
fn verify_report(ctx: &mut EvalContext, exp: &Expanded) {
    if ctx.pass < PASSES && is_cf3_var_string(&exp.promiser) {
        return;
    }
    if let Some(index) = exp.get("bundle_return_value_index").and_then(Rv::as_scalar) {
        put_return_value(ctx, index, &exp.promiser);
        return;
    }
    let key = lock_key(ctx, "reports", exp);
    if !ctx.locks.insert(key) {
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

/// The variable a bundle's return values are kept in (`last-result`).
const LAST_RESULT: &str = "last-result";

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

/// The bundle of `kind` called `name` (in the current namespace, or as
/// `ns:name`): an `edit_line` bundle a files promise names.
pub(crate) fn find_bundle_of(ctx: &EvalContext, kind: &str, name: &str) -> Option<Arc<Bundle>> {
    let (ns, n) = match name.split_once(':') {
        Some((ns, n)) => (ns.to_string(), n),
        None => (ctx.ns(), name),
    };
    ctx.policy.bundles.iter().find(|b| b.kind == kind && b.name == n && b.ns == ns).cloned()
}

/// Resolves a bundle name (`ns:name` or `name` in the current namespace),
/// agent bundles first, then common ones.
pub fn find_bundle(ctx: &EvalContext, name: &str) -> Option<Arc<Bundle>> {
    let (ns, n) = match name.split_once(':') {
        Some((ns, n)) => (ns.to_string(), n),
        None => (ctx.ns(), name),
    };
    for kind in ["agent", "common"] {
        if let Some(b) = ctx.policy.bundles.iter().find(|b| b.kind == kind && b.name == n && b.ns == ns) {
            return Some(b.clone());
        }
    }
    None
}

/// confer's advice for a bundle `name` that is not defined: the closest
/// agent or common bundle of the policy, as a `note:` line.
pub fn note_closest_bundle(ctx: &mut EvalContext, name: &str) {
    let bare = name.rsplit(':').next().unwrap_or(name);
    let bundles: Vec<String> =
        ctx.policy.bundles.iter().filter(|b| b.kind == "agent" || b.kind == "common").map(|b| b.name.clone()).collect();
    if let Some(n) = confer_diagnostic::suggest::closest(bare, bundles.iter().map(String::as_str), 0.85) {
        ctx.out.message(&Message::Text(&format!("    note: did you mean '{n}'?")));
    }
}

/// Evaluates a method's (or bundlesequence entry's) arguments in the
/// caller's context (`ScopeAugment`).
pub fn eval_args(ctx: &mut EvalContext, args: &[Rval]) -> Vec<Rv> {
    let mut out = vec![];
    for a in args {
        match a {
            // `@(x)`, also when its name is built from variables
            // (`"@($(b).d)"`): the list or container itself.
            Rval::Scalar(s) if s.starts_with('@') => {
                let name = if is_naked_var(s, b'@') {
                    let inner = naked(s);
                    if inner.contains('$') {
                        ctx.expand(inner)
                    } else {
                        inner.to_string()
                    }
                } else {
                    let e = ctx.expand(s);
                    if is_naked_var(&e, b'@') {
                        naked(&e).to_string()
                    } else {
                        String::new()
                    }
                };
                let whole = ctx.lookup(&name);
                match whole {
                    Some(v) if matches!(v.rval, Rv::List(_) | Rv::Container(_)) => out.push(v.rval),
                    _ => out.push(Rv::scalar(ctx.expand(s))),
                }
            }
            Rval::Scalar(s) => out.push(Rv::scalar(ctx.expand(s))),
            Rval::FnCall(f) => out.push(functions::call(ctx, &Arc::new(f.clone())).1),
            Rval::List(_) => out.push(evaluate_final_rval(ctx, &Rv::from_ast(a))),
        }
    }
    out
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
    if !ctx.locks.insert(key) {
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
        ctx.error(ErrorKind::Methods, format!("Aborting due to missing bundle '{name}'"));
        ctx.aborted = Some(1);
        return;
    };
    if ctx.bundles.len() >= MAX_CALL_DEPTH {
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
        Some("true" | "yes" | "on") => ctx.bundles.last().map(|f| f.classes.clone()).unwrap_or_default(),
        _ => HashSet::new(),
    };
    let action = crate::eval::body_attributes::evaluated(ctx, "action", exp.get("action"));
    if crate::eval::body_attributes::scalar(&action, "action_policy") == Some("warn") {
        ctx.warning(format!("Bundle '{name}' should be invoked, but only a warning was promised!"));
        crate::eval::classes_body::settle(ctx, exp, crate::eval::classes_body::Outcome::Warned);
        return;
    }
    ctx.method_promisers.push(pp.promiser.to_string());
    ctx.method_calls.push(crate::eval::frames::MethodCall {
        promiser: exp.promiser.clone(),
        classes: pp.classes.to_string(),
        iteration: ctx.iteration,
    });
    let outcome = call_bundle(ctx, &bundle, args, Some(inherited));
    ctx.method_promisers.pop();
    ctx.method_calls.pop();
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
    let saved_outcome = ctx.bundle_outcome.take();
    let saved_this = ctx.take_this();
    let saved_promise = ctx.promise.take();
    let saved_pass = ctx.pass;
    let as_method = method.is_some();
    push_bundle(ctx, bundle, args);
    if let (Some(frame), Some(inherited)) = (ctx.bundles.last_mut(), method) {
        frame.classes = inherited;
    }
    if as_method {
        let ns = bundle.ns.clone();
        let name = bundle.name.clone();
        ctx.defined.vars.retain(|k, _| k.indices.is_empty() || k.scope != name || k.ns.as_deref() != Some(&ns));
        bundle_resolve(ctx, bundle);
    }
    schedule(ctx, bundle);
    ctx.bundles.pop();
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
    ctx.restore_this(saved_this);
    ctx.promise = saved_promise;
    ctx.pass = saved_pass;
    std::mem::replace(&mut ctx.bundle_outcome, saved_outcome)
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
