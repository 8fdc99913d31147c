//! Expanding one promise (expand.c's `ExpandPromise`, promises.c's
//! `ExpandDeRefPromise`): class guard, the `this` frame, the iteration
//! engine, `if`/`unless`, and the evaluation of every attribute.

use crate::eval::message::ErrorKind;
use std::sync::Arc;

use crate::data::value::{DataType, Rv, Variable};
use crate::eval::context::EvalContext;
use crate::eval::iteration::PromiseIterator;
use crate::functions;
use crate::syntax::ast::{Promise, Rval};
use crate::syntax::class_expr::canonify;
use crate::syntax::reference::{is_cf3_var_string, is_expandable, is_naked_var, naked};
use crate::syntax::varref::VarRef;

/// A promise with its promiser and attributes expanded for one iteration.
#[derive(Debug)]
pub struct Expanded {
    /// The expanded promiser.
    pub promiser: String,
    /// The attributes, evaluated.
    pub constraints: Vec<(String, Rv)>,
}

impl Expanded {
    /// The value of attribute `lval`.
    pub fn get(&self, lval: &str) -> Option<&Rv> {
        self.constraints.iter().find(|(l, _)| l == lval).map(|(_, r)| r)
    }
}

/// What runs an expanded promise.
pub type Actuator<'a> = dyn FnMut(&mut EvalContext, &Promise, &Expanded) + 'a;

/// What an expansion is for: carrying the promise out (or resolving a
/// variable), or the preliminary evaluation that only checks it
/// (`CommonEvalPromise`), after which a promise's handle does not count as
/// done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The promise is kept (or its variable resolved).
    Actuate,
    /// The promise is only evaluated.
    CommonEval,
}

fn put_this(ctx: &mut EvalContext, name: &str, value: &str) {
    let tags = ctx.stack.no_tags.clone();
    ctx.stack
        .this
        .insert(name.to_string(), Variable { rval: Rv::scalar(value), ty: DataType::String, tags, comment: None });
}

/// `ExpandPromise`: runs `act` once per iteration of `pp`.
pub fn expand_promise(ctx: &mut EvalContext, pp: &Promise, promise_type: &str, stage: Stage, act: &mut Actuator) {
    if ctx.halt.aborted.is_some() || !ctx.spend(1) {
        return;
    }
    if &*pp.classes != "any" && ctx.eval_class_expr(&pp.classes) != Some(true) {
        return;
    }
    let saved_this = ctx.stack.take_this();
    let saved_promise = ctx.stack.promise.replace(pp.clone());
    push_promise_frame(ctx, pp);

    let mut iter = PromiseIterator::default();
    iter.prepare(ctx, &pp.promiser);
    if let Some(p) = &pp.promisee {
        iter.prepare_rval(ctx, &Rv::from_ast(p));
    }
    let mut has_ifelse = false;
    for c in &pp.constraints {
        if let crate::syntax::ast::Rval::FnCall(f) = &c.rval {
            has_ifelse |= f.name == "ifelse";
        }
        iter.prepare_rval(ctx, &Rv::from_ast(&c.rval));
    }
    // ifelse() is evaluated at least once even when a wheel is empty.
    let mut actuated = !has_ifelse;
    let mut iteration = 0;
    while iter.next(ctx) || !actuated {
        actuated = true;
        iteration += 1;
        ctx.stack.iteration = iteration;
        if ctx.halt.aborted.is_some() || !ctx.spend(1) {
            break;
        }
        put_with(ctx, pp);
        let expanded = expand_deref(ctx, pp, promise_type);
        if ctx.stop_if_oversized() {
            break;
        }
        if let Some(exp) = expanded {
            act(ctx, pp, &exp);
            // `NotifyDependantPromises`: the promises that depend on this
            // one's handle may run now (not after the evaluation that only
            // checks, Redmine#6484).
            if let (Stage::Actuate, Some(handle)) = (stage, exp.get("handle").and_then(Rv::as_scalar)) {
                ctx.agent.dependency_handles.insert(handle.to_string());
            }
        }
        if ctx.stop_if_oversized() {
            break;
        }
    }
    ctx.stack.restore_this(saved_this);
    ctx.stack.promise = saved_promise;
}

/// Sets `this.promise_filename` and `this.promise_dirname` for a promise or
/// body read from `file` (relative names are taken from the launch directory).
fn put_file_frame(ctx: &mut EvalContext, file: &str) {
    let path = if file.starts_with('/') { file.to_string() } else { format!("{}/{}", ctx.settings.launch_dir, file) };
    let dir = match path.rfind('/') {
        Some(0) => "/".to_string(),
        Some(i) => path[..i].to_string(),
        None => ".".to_string(),
    };
    put_this(ctx, "promise_filename", &path);
    put_this(ctx, "promise_dirname", &dir);
}

fn push_promise_frame(ctx: &mut EvalContext, pp: &Promise) {
    let Some(bundle) = ctx.bundle().cloned() else {
        return;
    };
    put_file_frame(ctx, &bundle.file);
    put_this(ctx, "promise_linenumber", &pp.line.to_string());
    put_this(ctx, "bundle", &bundle.name);
    put_this(ctx, "namespace", &bundle.ns);
    let handle = pp
        .constraint("handle")
        .and_then(|c| match &c.rval {
            crate::syntax::ast::Rval::Scalar(s) => Some(canonify(&ctx.expand(s))),
            _ => None,
        })
        .unwrap_or_else(|| format!("{}_{}_{}_{}", bundle.name, "promise", pp.id, pp.line));
    put_this(ctx, "handle", &handle);
}

/// `this.with`, evaluated for each iteration of the promise (a list in
/// `with` iterates, as anywhere else in the promise).
fn put_with(ctx: &mut EvalContext, pp: &Promise) {
    if let Some(c) = pp.constraint("with") {
        let v = evaluate_final_rval(ctx, &Rv::from_ast(&c.rval));
        if let Rv::Scalar(s) = v {
            if ctx.stack.pass == 3 || !is_cf3_var_string(&s) {
                put_this(ctx, "with", &s);
            }
        }
    }
}

/// Evaluates a class-expression attribute (`if`, `unless`): `Some(true)`
/// when defined, `None` when it could not be evaluated. The evaluated value
/// joins the expanded promise's attributes, as cf-agent appends it.
fn check_var_class(
    ctx: &mut EvalContext,
    lval: &str,
    rval: &crate::syntax::ast::Rval,
    constraints: &mut Vec<(String, Rv)>,
) -> Option<bool> {
    let v = evaluate_final_rval(ctx, &Rv::from_ast(rval));
    constraints.push((lval.to_string(), v.clone()));
    let Rv::Scalar(s) = v else {
        return None;
    };
    if s.contains('$') || s.contains('@') {
        return None;
    }
    ctx.eval_class_expr(&s)
}

/// `MissingDependencies`: a promise waits until every handle it depends on
/// belongs to a promise that has been kept or repaired.
fn missing_dependencies(ctx: &EvalContext, depends_on: &Rv) -> bool {
    let done = |h: &Rv| h.as_scalar().is_some_and(|h| ctx.agent.dependency_handles.contains(h));
    match depends_on {
        Rv::List(items) => !items.iter().all(done),
        Rv::Scalar(_) => !done(depends_on),
        _ => true,
    }
}

/// `ExpandDeRefPromise`: `None` when the promise is excluded.
pub fn expand_deref(ctx: &mut EvalContext, pp: &Promise, promise_type: &str) -> Option<Expanded> {
    let promiser = ctx.expand(&pp.promiser);
    put_this(ctx, "promiser", &promiser);
    if promise_type == "classes" && ctx.class_defined(&canonify(&promiser)) {
        return None;
    }
    if let Some(vc) = &pp.varclasses {
        let s = ctx.expand(vc);
        if crate::syntax::class_expr::words_without_operator(&s) {
            ctx.error(
                ErrorKind::Policy,
                format!(
                "class expressions can't be separated by whitespace without an intervening operator in expression '{s}'"
            ),
            );
            return None;
        }
        if s.contains('$') || ctx.eval_class_expr(&s) != Some(true) {
            return None;
        }
    }
    let mut constraints = Vec::with_capacity(pp.constraints.len());
    for lval in ["ifvarclass", "if"] {
        if let Some(c) = pp.constraint(lval) {
            if check_var_class(ctx, lval, &c.rval, &mut constraints) != Some(true) {
                return None;
            }
        }
    }
    if let Some(c) = pp.constraint("unless") {
        let v = check_var_class(ctx, "unless", &c.rval, &mut constraints);
        let last_pass_error = ctx.stack.pass == 3 && v.is_none();
        if !last_pass_error && v != Some(false) {
            return None;
        }
    }
    if let Some(c) = pp.constraint("depends_on") {
        let v = evaluate_final_rval(ctx, &Rv::from_ast(&c.rval));
        let missing = missing_dependencies(ctx, &v);
        constraints.push((c.lval.clone(), v));
        if missing {
            return None;
        }
    }
    for c in &pp.constraints {
        if matches!(c.lval.as_str(), "ifvarclass" | "if" | "unless" | "depends_on") {
            continue;
        }
        let v = if c.lval == "usebundle" {
            expand_bundle_reference(ctx, &Rv::from_ast(&c.rval))
        } else if let Some(f) = policy_part_call(ctx, &c.lval, &c.rval) {
            expand_reference(ctx, f)
        } else {
            evaluate_final_rval(ctx, &Rv::from_ast(&c.rval))
        };
        constraints.push((c.lval.clone(), v));
    }
    add_default_bodies(ctx, pp, promise_type, &mut constraints);
    Some(Expanded { promiser, constraints })
}

/// `AddDefaultBodiesToPromise`: a body attribute the promise does not set
/// takes the body `bodydefault:TYPE_ATTRIBUTE` when the policy has one
/// (`bodydefault:files_action` for every files promise without `action`).
fn add_default_bodies(ctx: &EvalContext, pp: &Promise, promise_type: &str, constraints: &mut Vec<(String, Rv)>) {
    use crate::syntax::attribute_syntax::{lookup, Block, Lookup};
    for body in ctx.policy.bodies.iter().filter(|b| b.ns == "bodydefault") {
        let kind = body.kind.as_str();
        let is_default = body.name.strip_prefix(promise_type).and_then(|r| r.strip_prefix('_')) == Some(kind);
        let is_body_attribute =
            matches!(lookup(Block::Promise, promise_type, kind), Lookup::Known(s) if s.datatype == "body");
        if is_default && is_body_attribute && pp.constraint(kind).is_none() {
            constraints.push((kind.to_string(), Rv::scalar(format!("bodydefault:{}", body.name))));
        }
    }
}

/// A body or bundle reference with the variables of its arguments expanded
/// (a list passed whole, `@(x)`, stays), as `ExpandPromise` makes it: the
/// iterations of a promise that differ only there are different promises.
fn expand_reference(ctx: &mut EvalContext, f: &crate::syntax::ast::FnCall) -> Rv {
    let args = f
        .args
        .iter()
        .map(|a| match a {
            Rval::Scalar(s) if !is_naked_var(s, b'@') => Rval::Scalar(ctx.expand(s).into()),
            other => other.clone(),
        })
        .collect();
    Rv::FnCall(Arc::new(crate::syntax::ast::FnCall { args, ..f.clone() }))
}

/// Whether an attribute that names a bundle or a body (`edit_line`,
/// `perms`) calls one of the policy's own, where a built-in function has
/// the same name (`edit_line => regex_replace("a", "b")`): the bundle or
/// body wins, as in cf-agent, whose syntax says which the attribute takes.
fn policy_part_call<'r>(ctx: &EvalContext, lval: &str, rval: &'r Rval) -> Option<&'r crate::syntax::ast::FnCall> {
    let Rval::FnCall(f) = rval else { return None };
    if !functions::is_builtin(&f.name) {
        return None;
    }
    let policy = &ctx.policy;
    let takes_reference =
        crate::syntax::check::BUNDLE_REFERENCES.contains(&lval) || policy.bodies.iter().any(|b| b.kind == lval);
    let named = policy.bundles.iter().any(|b| b.name == f.name)
        || policy.bodies.iter().any(|b| b.name == f.name && b.kind == lval);
    (takes_reference && named).then_some(f)
}

/// `ExpandBundleReference`: a `usebundle` value keeps its call form, with
/// its name expanded; arguments are expanded later by the method.
fn expand_bundle_reference(ctx: &mut EvalContext, r: &Rv) -> Rv {
    match r {
        Rv::Scalar(s) => Rv::scalar(ctx.expand(s)),
        Rv::FnCall(f) => {
            let mut f2 = (**f).clone();
            f2.name = ctx.expand(&f.name);
            Rv::FnCall(Arc::new(f2))
        }
        other => other.clone(),
    }
}

/// Looks up `@(name)`'s list (or container) value.
fn naked_list(ctx: &EvalContext, s: &str) -> Option<Variable> {
    let mut name = naked(s).to_string();
    if is_expandable(&name) {
        name = ctx.expand(&name);
    }
    if is_expandable(&name) {
        return None;
    }
    ctx.lookup(&name)
}

/// `ExpandList`: expands each item; `@(list)` items splice their list.
pub fn expand_list(ctx: &mut EvalContext, items: &[Rv], expand_naked: bool) -> Vec<Rv> {
    let mut out = Vec::with_capacity(items.len());
    for it in items {
        match it {
            Rv::Scalar(s) if expand_naked && is_naked_var(s, b'@') => match naked_list(ctx, s) {
                Some(v) => match v.rval {
                    Rv::List(l) => out.extend(l.iter().map(|i| match i {
                        Rv::Scalar(x) => Rv::scalar(ctx.expand(x)),
                        o => o.clone(),
                    })),
                    Rv::Scalar(x) => out.push(Rv::scalar(ctx.expand(&x))),
                    Rv::Container(c) => out.push(Rv::Container(c)),
                    Rv::FnCall(f) => out.push(Rv::FnCall(f)),
                },
                None => out.push(Rv::scalar(ctx.expand(s))),
            },
            Rv::Scalar(s) => out.push(Rv::scalar(ctx.expand(s))),
            other => out.push(other.clone()),
        }
    }
    out
}

/// `EvaluateFinalRval`: expands a value and calls its functions.
pub fn evaluate_final_rval(ctx: &mut EvalContext, r: &Rv) -> Rv {
    let returnval = match r {
        Rv::Scalar(s) if is_naked_var(s, b'@') => {
            let name = naked(s);
            if is_expandable(name) {
                Rv::scalar(ctx.expand(s))
            } else {
                match ctx.lookup(name) {
                    Some(Variable { rval: Rv::List(l), .. }) => Rv::List(Arc::new(expand_list(ctx, &l, true))),
                    _ => Rv::scalar(ctx.expand(s)),
                }
            }
        }
        Rv::Scalar(s) => Rv::scalar(ctx.expand(s)),
        Rv::List(items) => Rv::List(Arc::new(expand_list(ctx, items, true))),
        Rv::FnCall(_) | Rv::Container(_) => r.clone(),
    };
    match returnval {
        Rv::List(items) => {
            let mut out = Vec::with_capacity(items.len());
            for it in items.iter() {
                match it {
                    // A list returned by a call inside a list is spliced in
                    // (`slist => { getindices("a") }`).
                    Rv::FnCall(f) if functions::is_builtin(&f.name) => match functions::call(ctx, f) {
                        (true, Rv::List(items)) => out.extend(items.iter().cloned()),
                        (_, v) => out.push(v),
                    },
                    Rv::Scalar(s) if ctx.stack.promise.is_some() && is_cf3_var_string(s) => {
                        out.push(Rv::scalar(ctx.expand(s)));
                    }
                    o => out.push(o.clone()),
                }
            }
            Rv::List(Arc::new(out))
        }
        // A call of something other than a built-in is a body or bundle
        // reference with arguments (`edit_line => insert_lines("x")`): kept,
        // its arguments expanded.
        Rv::FnCall(f) if functions::is_builtin(&f.name) => functions::call(ctx, &f).1,
        Rv::FnCall(f) => expand_reference(ctx, &f),
        other => other,
    }
}

/// Parses a reference the way the vars promise's promiser names a variable:
/// qualified to the current bundle.
pub fn promiser_ref(ctx: &EvalContext, promiser: &str) -> VarRef {
    VarRef::in_bundle(promiser, ctx.bundle().map(|b| &**b))
}
