//! cf-agent's abort classes: `abortclasses` and `abortbundleclasses` of
//! `body agent control`, read before the bundlesequence (cf-agent.c's
//! `KeepControlPromises`; eval_context.c's `heap_abort`,
//! `heap_abort_current_bundle`). The checks made as each class is defined
//! are the context's own (`EvalContext::define_class`), since defining a
//! class is.

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
use crate::eval::promise::evaluate_final_rval;
use crate::functions::regex::full_match;

/// Reads `abortclasses` and `abortbundleclasses` of `body agent control`
/// before the bundlesequence; a class that already matches an
/// `abortclasses` regex stops the run at once (`EvalContextHeapAddAbort`).
pub fn keep_agent_control(ctx: &mut EvalContext) {
    let bodies = ctx.policy.bodies.clone();
    for b in bodies.iter().filter(|b| b.kind == "agent" && b.name == "control") {
        for c in &b.constraints {
            let bundle_level = match c.lval.as_str() {
                "abortclasses" => false,
                "abortbundleclasses" => true,
                _ => continue,
            };
            if c.classes != "any" && ctx.eval_class_expr(&c.classes) != Some(true) {
                continue;
            }
            let v = evaluate_final_rval(ctx, &Rv::from_ast(&c.rval));
            for item in v.list_strings() {
                let list = if bundle_level { &mut ctx.halt.abort_bundle_classes } else { &mut ctx.halt.abort_classes };
                if !list.iter().any(|a| **a == *item) {
                    list.push(item.to_string());
                }
            }
        }
    }
    let regexes = ctx.halt.abort_classes.clone();
    let mut defined: Vec<String> = ctx.defined.classes.iter().cloned().collect();
    defined.sort();
    for re in &regexes {
        for class in &defined {
            if full_match(ctx, re, class).unwrap_or(false) {
                ctx.abort_on_class(class);
                return;
            }
        }
    }
}
