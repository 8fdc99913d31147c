//! The attributes of a body a promise names (`perms => m("644")`,
//! `classes => if_repaired("x")`): found by kind and name in the current
//! namespace (or as `ns:name`), its arguments bound to its parameters, with
//! `inherit_from` (policy.c's body inheritance: the parent's attributes
//! first, the child's own replace them).

use crate::eval::message::ErrorKind;
use std::sync::Arc;

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
use crate::syntax::ast::{Body, Rval};
use crate::syntax::reference::{is_naked_var, naked};

/// Deepest chain of `inherit_from` followed.
const MAX_INHERIT: usize = 16;

/// Finds the body of `kind` called `name` (in the current namespace, or as
/// `ns:name`).
fn find_body(ctx: &EvalContext, kind: &str, name: &str) -> Option<Arc<Body>> {
    let (ns, n) = match name.split_once(':') {
        Some((ns, n)) => (ns.to_string(), n),
        None => (ctx.ns(), name),
    };
    ctx.policy.bodies.iter().find(|b| b.kind == kind && b.name == n && b.ns == ns).cloned()
}

/// The reference `name(args)` or `name` of an attribute value.
pub(crate) fn reference(v: &Rv) -> Option<(String, Vec<Rval>)> {
    match v {
        Rv::FnCall(f) => Some((f.name.clone(), f.args.clone())),
        Rv::Scalar(s) if !s.is_empty() => Some((s.to_string(), vec![])),
        _ => None,
    }
}

/// What a body parameter is bound to: text, or the list an `@{list}`
/// argument names.
enum Bound {
    Text(String),
    List(Vec<String>),
}

/// The parameter a naked `@{p}` / `@(p)` names, when it is bound to a list.
fn list_param<'p>(text: &str, params: &'p [(String, Bound)]) -> Option<&'p [String]> {
    if !is_naked_var(text, b'@') {
        return None;
    }
    let name = naked(text);
    params.iter().find_map(|(p, b)| match b {
        Bound::List(items) if p == name => Some(items.as_slice()),
        _ => None,
    })
}

/// `$(param)` and `${param}` of the body's parameters replaced by the
/// arguments, as cf-agent's body scope does.
fn substitute(text: &str, params: &[(String, Bound)]) -> String {
    let mut out = text.to_string();
    for (p, b) in params {
        if let Bound::Text(v) = b {
            out = out.replace(&format!("$({p})"), v).replace(&format!("${{{p}}}"), v);
        }
    }
    out
}

fn scalars(items: &[String]) -> Vec<Rval> {
    items.iter().map(|i| Rval::Scalar(i.as_str().into())).collect()
}

fn substitute_rval(r: &Rval, params: &[(String, Bound)]) -> Rval {
    match r {
        Rval::Scalar(s) => match list_param(s, params) {
            Some(items) => Rval::List(scalars(items)),
            None => Rval::Scalar(substitute(s, params).into()),
        },
        Rval::List(items) => Rval::List(
            items
                .iter()
                .flat_map(|i| match i {
                    Rval::Scalar(s) => match list_param(s, params) {
                        Some(items) => scalars(items),
                        None => vec![substitute_rval(i, params)],
                    },
                    other => vec![substitute_rval(other, params)],
                })
                .collect(),
        ),
        Rval::FnCall(f) => {
            let mut f = f.clone();
            f.args = f.args.iter().map(|a| substitute_rval(a, params)).collect();
            Rval::FnCall(f)
        }
    }
}

/// What an argument binds its parameter to: the list a naked `@{list}`
/// names, a called function's result, else the argument's text.
fn bind(ctx: &mut EvalContext, arg: &Rval) -> Bound {
    match arg {
        Rval::Scalar(s) if is_naked_var(s, b'@') => {
            let name = ctx.expand(naked(s));
            match ctx.lookup(&name).map(|v| v.rval) {
                Some(Rv::List(items)) => Bound::List(items.iter().map(Rv::to_display).collect()),
                Some(Rv::Container(c)) => {
                    Bound::List(Rv::Container(c).list_strings().iter().map(|s| s.to_string()).collect())
                }
                _ => Bound::Text(ctx.expand(s)),
            }
        }
        Rval::Scalar(s) => Bound::Text(ctx.expand(s)),
        Rval::List(items) => {
            Bound::List(items.iter().map(|i| Rv::from_ast(i).to_display()).map(|t| ctx.expand(&t)).collect())
        }
        // A function called as an argument (`INI_section(escape("x"))`)
        // binds its result, as cf-agent expands a body's arguments.
        Rval::FnCall(f) if crate::functions::is_builtin(&f.name) => {
            match crate::functions::call(ctx, &std::sync::Arc::new(f.clone())) {
                (true, Rv::List(items)) => Bound::List(items.iter().map(Rv::to_display).collect()),
                (true, Rv::Scalar(s)) => Bound::Text(s.to_string()),
                _ => Bound::Text(Rv::from_ast(arg).to_display()),
            }
        }
        other => Bound::Text(Rv::from_ast(other).to_display()),
    }
}

/// The attributes of the body of `kind` that the attribute value `v`
/// names, with its arguments bound; none when it names no such body.
pub(crate) fn of(ctx: &mut EvalContext, kind: &str, v: &Rv) -> Vec<(String, Rval)> {
    let mut out = vec![];
    if let Some((name, args)) = reference(v) {
        attributes(ctx, kind, &name, &args, 0, &mut out);
    }
    out
}

/// [`of`] for an attribute that may be absent, each value evaluated.
pub(crate) fn evaluated(ctx: &mut EvalContext, kind: &str, v: Option<&Rv>) -> Vec<(String, Rv)> {
    let Some(v) = v else { return vec![] };
    let raw = of(ctx, kind, v);
    raw.into_iter().map(|(l, r)| (l, crate::eval::promise::evaluate_final_rval(ctx, &Rv::from_ast(&r)))).collect()
}

/// The last value of the scalar attribute `lval` (a later setting wins, as
/// a child body's over its parent's).
pub(crate) fn scalar<'a>(attrs: &'a [(String, Rv)], lval: &str) -> Option<&'a str> {
    attrs.iter().rev().find(|(l, _)| l == lval).and_then(|(_, v)| v.as_scalar())
}

/// `EvalContextAppendBodyParentsAndArgs` and `GetBodyRewriter`: a body may
/// not inherit from itself, and a parent must be given as many arguments
/// as it takes; either mistake stops the run, as in cf-agent.
fn inheritable(ctx: &mut EvalContext, kind: &str, body: &Body, parent: &str, given: usize) -> bool {
    let parent_name = parent.rsplit(':').next().unwrap_or(parent);
    let problem = if parent_name == body.name {
        Some(format!(
            "EvalContextAppendBodyParentsAndArgs: self body inheritance in {}->{parent_name}, aborting",
            body.name
        ))
    } else {
        find_body(ctx, kind, parent).filter(|p| p.args.len() != given).map(|p| {
            format!(
                "Fatal CFEngine error: Argument count mismatch for body (gave {given} arguments) vs. inherited body '{}:{}' (requires {} arguments)",
                p.ns,
                p.name,
                p.args.len()
            )
        })
    };
    let Some(problem) = problem else { return true };
    if ctx.halt.aborted.is_none() {
        ctx.fatal(ErrorKind::Policy, problem);
    }
    false
}

/// The body's attributes with the arguments bound, its parents' first.
fn attributes(
    ctx: &mut EvalContext,
    kind: &str,
    name: &str,
    args: &[Rval],
    depth: usize,
    out: &mut Vec<(String, Rval)>,
) {
    if depth > MAX_INHERIT {
        return;
    }
    let Some(body) = find_body(ctx, kind, name) else {
        return;
    };
    let values: Vec<Bound> = args.iter().map(|a| bind(ctx, a)).collect();
    let params: Vec<(String, Bound)> = body.args.iter().cloned().zip(values).collect();
    let mut own = vec![];
    for c in &body.constraints {
        if c.classes != "any" && ctx.eval_class_expr(&c.classes) != Some(true) {
            continue;
        }
        let r = substitute_rval(&c.rval, &params);
        if c.lval == "inherit_from" {
            if let Some((parent, pargs)) = reference(&Rv::from_ast(&r)) {
                if !inheritable(ctx, kind, &body, &parent, pargs.len()) {
                    return;
                }
                attributes(ctx, kind, &parent, &pargs, depth + 1, out);
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
