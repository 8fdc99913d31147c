//! An `edit_line` bundle run on a file (files_editline.c's
//! `ScheduleEditLineOperations`): three passes over its promise types in
//! cf-agent's order (`EDITLINETYPESEQUENCE`), each edit promise carried out
//! by its type ([`super::edit_line`], [`super::field_edits`]) once a run
//! per file, its outcome said and given to its `classes` body.

use std::sync::Arc;

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
use crate::eval::promise::{expand_promise, Expanded};
use crate::syntax::ast::{Bundle, Promise};

use super::edit_line::{self, Edit, Said};
use super::field_edits;
use super::outcome::Outcome;

/// The order promise types run in within a pass.
const SEQUENCE: &[&str] =
    &["vars", "classes", "delete_lines", "field_edits", "insert_lines", "replace_patterns", "reports"];

/// Runs the edit bundle `bundle` with `args` on `edit` (seeing the
/// calling bundle's classes when `inherit`). Each edit
/// promise's outcome goes to its own `classes` body.
pub(crate) fn run(ctx: &mut EvalContext, bundle: &Arc<Bundle>, args: Vec<Rv>, inherit: bool, edit: &mut Edit) {
    ctx.put_special("edit", "filename", &edit.filename);
    let inherited = if inherit { ctx.bundles.last().map(|f| f.classes.clone()) } else { None };
    crate::eval::agent::push_bundle(ctx, bundle, args);
    if let (Some(frame), Some(classes)) = (ctx.bundles.last_mut(), inherited) {
        frame.classes = classes;
    }
    'passes: for pass in 1..=crate::eval::agent::PASSES {
        for ptype in SEQUENCE {
            for section in bundle.sections_of(ptype) {
                for pp in &section.promises {
                    ctx.pass = pass;
                    let mut act = |ctx: &mut EvalContext, pp: &Promise, exp: &Expanded| {
                        keep(ctx, pp, exp, ptype, edit);
                    };
                    expand_promise(ctx, pp, ptype, crate::eval::promise::Stage::Actuate, &mut act);
                    if ctx.aborted.is_some() || ctx.bundle_aborted {
                        break 'passes;
                    }
                }
            }
        }
    }
    ctx.bundle_aborted = false;
    ctx.bundles.pop();
}

/// `KeepEditLinePromise`.
fn keep(ctx: &mut EvalContext, pp: &Promise, exp: &Expanded, ptype: &str, edit: &mut Edit) {
    match ptype {
        "vars" | "classes" | "reports" => crate::eval::agent::keep_promise(ctx, pp, exp, ptype, true),
        _ => {
            // Each edit promise is carried out once a run per file, as
            // cf-agent's edit locks make it; two promises alike in one
            // bundle are two promises (a template's repeated lines).
            let lock = format!("{ptype}-{}:{}-{}-{}", pp.id, pp.line, exp.promiser, edit.filename);
            if !ctx.locks.insert(lock) {
                return;
            }
            let outcome = match ptype {
                "delete_lines" => edit_line::delete_lines(ctx, exp, edit),
                "insert_lines" => edit_line::insert_lines(ctx, exp, edit),
                "replace_patterns" => edit_line::replace_patterns(ctx, exp, edit),
                "field_edits" => field_edits::field_edits(ctx, exp, edit),
                _ => {
                    let at = ctx.promise_location();
                    ctx.refuse(format!("confer does not carry out '{ptype}' promises yet, {at}"));
                    Outcome::Failed
                }
            };
            if outcome.repaired() {
                let kind = if ptype == "field_edits" { "fields_edit" } else { ptype };
                edit.said.push(Said { text: format!("{kind} promise '{}' repaired", exp.promiser), change: false });
            }
            outcome.set_classes(ctx, exp);
        }
    }
}
