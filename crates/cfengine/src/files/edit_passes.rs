//! The passes of an edit bundle on a file, as cf-agent's
//! `ScheduleEditLineOperations` and `ScheduleEditXmlOperations` both run
//! them: `$(edit.filename)` set, the bundle pushed with its arguments,
//! then three passes over the promise types in the bundle type's order,
//! each promise expanded and handed to the type's keeper, stopping when
//! the run or the bundle is aborted.

use std::sync::Arc;

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
use crate::eval::promise::{expand_promise, Expanded, Stage};
use crate::syntax::ast::{Bundle, Promise};

/// An edit bundle called on a file.
pub(super) struct EditCall<'a> {
    /// The bundle.
    pub bundle: &'a Arc<Bundle>,
    /// Its arguments.
    pub args: Vec<Rv>,
    /// The file edited, `$(edit.filename)`.
    pub filename: &'a str,
    /// Whether the bundle sees the calling bundle's classes (`inherit`).
    pub inherit: bool,
    /// The promise types in the order a pass runs them.
    pub sequence: &'a [&'a str],
}

/// Runs the bundle's passes, handing each expanded promise and its type
/// to `keep`.
pub(super) fn run_passes(
    ctx: &mut EvalContext,
    call: EditCall,
    keep: &mut dyn FnMut(&mut EvalContext, &Promise, &Expanded, &str),
) {
    ctx.put_special("edit", "filename", call.filename);
    let inherited = if call.inherit { ctx.stack.bundles.last().map(|f| f.classes.clone()) } else { None };
    crate::eval::bundle_stack::push_bundle(ctx, call.bundle, call.args);
    if let (Some(frame), Some(classes)) = (ctx.stack.bundles.last_mut(), inherited) {
        frame.classes = classes;
    }
    'passes: for pass in 1..=crate::eval::bundle_stack::PASSES {
        for ptype in call.sequence {
            for section in call.bundle.sections_of(ptype) {
                for pp in &section.promises {
                    ctx.stack.pass = pass;
                    let mut act = |ctx: &mut EvalContext, pp: &Promise, exp: &Expanded| keep(ctx, pp, exp, ptype);
                    expand_promise(ctx, pp, ptype, Stage::Actuate, &mut act);
                    if ctx.halt.aborted.is_some() || ctx.halt.bundle_aborted {
                        break 'passes;
                    }
                }
            }
        }
    }
    ctx.halt.bundle_aborted = false;
    ctx.stack.bundles.pop();
}
