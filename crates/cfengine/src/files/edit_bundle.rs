//! An `edit_line` bundle run on a file (files_editline.c's
//! `ScheduleEditLineOperations`): its passes ([`super::edit_passes`]) over
//! the promise types in cf-agent's order (`EDITLINETYPESEQUENCE`), each
//! edit promise carried out
//! by its type ([`super::edit_line`], [`super::field_edits`]) once a run
//! per file, its outcome said and given to its `classes` body.

use std::sync::Arc;

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
use crate::eval::promise::Expanded;
use crate::syntax::ast::{Bundle, Promise};

use super::edit_line::{self, Edit, Said};
use super::edit_passes::{run_passes, EditCall};
use super::field_edits;
use super::outcome::Outcome;

/// The order promise types run in within a pass.
const SEQUENCE: &[&str] =
    &["vars", "classes", "delete_lines", "field_edits", "insert_lines", "replace_patterns", "reports"];

/// Runs the edit bundle `bundle` with `args` on `edit` (seeing the
/// calling bundle's classes when `inherit`). Each edit
/// promise's outcome goes to its own `classes` body.
pub(crate) fn run(ctx: &mut EvalContext, bundle: &Arc<Bundle>, args: Vec<Rv>, inherit: bool, edit: &mut Edit) {
    let filename = edit.filename.clone();
    let call = EditCall { bundle, args, filename: &filename, inherit, sequence: SEQUENCE };
    run_passes(ctx, call, &mut |ctx, pp, exp, ptype| keep(ctx, pp, exp, ptype, edit));
}

/// `KeepEditLinePromise`.
fn keep(ctx: &mut EvalContext, pp: &Promise, exp: &Expanded, ptype: &str, edit: &mut Edit) {
    match ptype {
        "vars" | "classes" | "reports" => {
            crate::eval::common_promises::keep(ctx, pp, exp, ptype, true);
        }
        _ => {
            // Each edit promise is carried out once a run per file, as
            // cf-agent's edit locks make it; two promises alike in one
            // bundle are two promises (a template's repeated lines).
            let lock = format!("{ptype}-{}:{}-{}-{}", pp.id, pp.line, exp.promiser, edit.filename);
            if !ctx.agent.locks.insert(lock) {
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
