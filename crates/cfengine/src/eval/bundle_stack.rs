//! The bundles a run enters: finding a bundle by name, evaluating the
//! arguments it is called with, pushing its frame with its parameters
//! bound, and the lock key of a promise in it. Apart from the agent's
//! scheduling so that promise types that run bundles of their own
//! (`files` with `edit_line`/`edit_xml`) enter them the same way without
//! depending on the agent that calls them.

use std::collections::HashSet;
use std::sync::Arc;

use crate::data::value::{DataType, Rv};
use crate::eval::context::EvalContext;
use crate::eval::frames::BundleFrame;
use crate::eval::message::Message;
use crate::eval::promise::{evaluate_final_rval, Expanded};
use crate::functions;
use crate::syntax::ast::{Bundle, Rval};
use crate::syntax::reference::{is_naked_var, naked};
use crate::syntax::varref::VarRef;

/// Number of passes over a bundle (`CF_DONEPASSES - 1`).
pub const PASSES: u32 = 3;

/// Pushes a bundle frame, binding its parameters to `args`.
pub fn push_bundle(ctx: &mut EvalContext, bundle: &Arc<Bundle>, args: Vec<Rv>) {
    ctx.stack.bundles.push(BundleFrame { bundle: bundle.clone(), classes: HashSet::new(), args: args.clone() });
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
