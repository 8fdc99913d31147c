//! `classes` bodies: the classes a promise defines (or cancels) by its
//! outcome (eval_context.c's `ClassAuditLog` and `SetPromiseOutcomeClasses`,
//! attributes.c's `GetClassDefinitionConstraints`).

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
pub use crate::eval::outcome::Outcome;
use crate::eval::promise::{evaluate_final_rval, Expanded};
use crate::syntax::class_expr::canonify;

/// Defines (and cancels) the classes an agent bundle's promise gives for
/// `outcome`, which also counts towards the bundle's own outcome (what a
/// `methods` promise calling it reports).
pub fn settle(ctx: &mut EvalContext, exp: &Expanded, outcome: Outcome) {
    ctx.agent.bundle_outcome = Some(ctx.agent.bundle_outcome.map_or(outcome, |o| o.max(outcome)));
    apply(ctx, exp, outcome);
}

/// Defines (and cancels) the classes the promise's `classes` body gives
/// for `outcome`.
pub fn apply(ctx: &mut EvalContext, exp: &Expanded, outcome: Outcome) {
    let Some(named) = exp.get("classes") else {
        return;
    };
    let attrs = crate::eval::body_attributes::of(ctx, "classes", named);
    let (add, del) = match outcome {
        Outcome::Kept => ("promise_kept", "cancel_kept"),
        Outcome::Repaired => ("promise_repaired", "cancel_repaired"),
        Outcome::Warned | Outcome::Failed => ("repair_failed", "cancel_notkept"),
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
        ctx.defined.classes.remove(&c);
        if let Some(f) = ctx.stack.bundles.last_mut() {
            f.classes.remove(&c);
        }
    }
}
