//! What the control bodies set before the bundlesequence, beyond the
//! bundlesequence and inputs: `domain` of `body common control`
//! (expand.c's `ResolveControlBody`: `sys.domain`, `sys.fqhost` and the
//! domain's class) and `addclasses` of `body agent control` (cf-agent.c's
//! `KeepControlPromises`). The abort classes are in [`crate::eval::abort`].

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
use crate::eval::promise::evaluate_final_rval;
use crate::syntax::class_expr::canonify;

/// The evaluated values of attribute `lval` of the control bodies of
/// `kind` whose class guard holds.
pub(crate) fn control_values(ctx: &mut EvalContext, kind: &str, lval: &str) -> Vec<Rv> {
    let bodies = ctx.policy.bodies.clone();
    let mut out = vec![];
    for b in bodies.iter().filter(|b| b.kind == kind && b.name == "control") {
        for c in b.constraints.iter().filter(|c| c.lval == lval) {
            if c.classes != "any" && ctx.eval_class_expr(&c.classes) != Some(true) {
                continue;
            }
            out.push(evaluate_final_rval(ctx, &Rv::from_ast(&c.rval)));
        }
    }
    out
}

/// A boolean of `body agent control` (the last setting whose guard holds),
/// if it is set: the default some promise bodies take from it.
pub(crate) fn agent_flag(ctx: &mut EvalContext, lval: &str) -> Option<bool> {
    control_values(ctx, "agent", lval).last().map(|v| matches!(v.as_scalar(), Some("true" | "yes" | "on")))
}

/// Applies `domain`, `addclasses` and `dryrun` (which `--dry-run` has
/// already set when given).
pub fn keep_control_promises(ctx: &mut EvalContext) {
    if let Some(v) = control_values(ctx, "agent", "dryrun").last() {
        ctx.settings.dry_run |= matches!(v.as_scalar(), Some("true" | "yes" | "on"));
    }
    for v in control_values(ctx, "common", "domain") {
        let Some(domain) = v.as_scalar().map(str::to_string) else { continue };
        let uqhost = ctx.lookup("sys.uqhost").and_then(|v| v.rval.as_scalar().map(str::to_string)).unwrap_or_default();
        crate::host::facts::sys(
            ctx,
            "fqhost",
            &format!("{uqhost}.{domain}"),
            &["inventory", "source=agent", "attribute_name=Host name"],
        );
        crate::host::facts::sys(ctx, "domain", &domain, &["source=agent"]);
        let class = canonify(&domain);
        ctx.defined.class_tags.insert(class.clone(), vec!["source=agent".into(), "hardclass".into()]);
        ctx.defined.classes.insert(class);
    }
    for v in control_values(ctx, "agent", "addclasses") {
        for class in v.list_strings() {
            ctx.define_class(&class, false, vec!["source=environment".into()]);
        }
    }
}
