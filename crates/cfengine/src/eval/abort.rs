//! cf-agent's abort classes: `abortclasses` and `abortbundleclasses` of
//! `body agent control` (cf-agent.c's `KeepControlPromises`, and
//! eval_context.c's `heap_abort`, `heap_abort_current_bundle`, checked as
//! each class is defined by `EvalContextClassPutTagsSet` and
//! `EvalContextStackFrameAddSoft`).

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
use crate::eval::message::ErrorKind;
use crate::eval::promise::evaluate_final_rval;
use crate::functions::regex::full_match;

/// cf-agent's exit code when an abort class stopped the run
/// (`EC_EVAL_ABORTED`).
pub const EC_EVAL_ABORTED: i32 = 6;

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
                let list = if bundle_level { &mut ctx.abort_bundle_classes } else { &mut ctx.abort_classes };
                if !list.iter().any(|a| **a == *item) {
                    list.push(item.to_string());
                }
            }
        }
    }
    let regexes = ctx.abort_classes.clone();
    let mut defined: Vec<String> = ctx.defined.classes.iter().cloned().collect();
    defined.sort();
    for re in &regexes {
        for class in &defined {
            if full_match(ctx, re, class).unwrap_or(false) {
                abort_agent(ctx, class);
                return;
            }
        }
    }
}

fn abort_agent(ctx: &mut EvalContext, class: &str) {
    ctx.notice(format!("cf-agent aborted on defined class '{class}'"));
    ctx.aborted = Some(EC_EVAL_ABORTED);
}

/// Whether `name` (qualified) fully matches one of `regexes`.
fn matches_any(ctx: &mut EvalContext, regexes: &[String], name: &str) -> bool {
    regexes.iter().any(|re| full_match(ctx, re, name).unwrap_or(false))
}

/// The checks made as a class is about to be defined: an
/// `abortbundleclasses` regex it matches aborts the current bundle, an
/// `abortclasses` regex the run.
pub fn before_define(ctx: &mut EvalContext, qualified: &str) {
    if ctx.abort_classes.is_empty() && ctx.abort_bundle_classes.is_empty() {
        return;
    }
    let bundle_regexes = ctx.abort_bundle_classes.clone();
    if matches_any(ctx, &bundle_regexes, qualified) {
        let bundle = ctx.bundle().map_or_else(|| "(unknown)".to_string(), |b| b.name.clone());
        ctx.error(ErrorKind::Abort, format!("Bundle '{bundle}' aborted on defined class '{qualified}'"));
        ctx.bundle_aborted = true;
    }
    let regexes = ctx.abort_classes.clone();
    if matches_any(ctx, &regexes, qualified) {
        abort_agent(ctx, qualified);
    }
}

/// The check made once a class is defined: an `abortbundleclasses` item
/// that is a class expression now true aborts the current bundle.
pub fn after_define(ctx: &mut EvalContext, name: &str) {
    if ctx.bundle_aborted || ctx.abort_bundle_classes.is_empty() {
        return;
    }
    let exprs = ctx.abort_bundle_classes.clone();
    for e in &exprs {
        if crate::syntax::class_expr::parse(e).is_err() {
            ctx.error(ErrorKind::Abort, format!("Unable to parse class expression '{e}'"));
            continue;
        }
        if ctx.eval_class_expr(e) == Some(true) {
            ctx.error(ErrorKind::Abort, format!("Setting abort for '{e}' when setting class '{name}'"));
            ctx.bundle_aborted = true;
            break;
        }
    }
}
