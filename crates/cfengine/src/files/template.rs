//! `edit_template` with `template_method => "mustache"` and
//! `edit_template_string` with `"inline_mustache"` (verify_files.c's
//! `RenderTemplateMustache`): the template rendered with `template_data`
//! (by default what `datastate()` gives), and the file, created if need
//! be, saved through the same backup as an edit when the text differs.

use crate::eval::message::ErrorKind;
use confer_core::Value;

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
use crate::eval::promise::Expanded;
use crate::functions::{collection, Collection};

use super::outcome::Outcome;
use super::Target;

/// Renders the promise's mustache template into `real`.
pub(super) fn render(ctx: &mut EvalContext, exp: &Expanded, t: &Target, exists: bool) -> Outcome {
    let (real, shown) = (t.real.as_path(), t.shown.as_str());
    let inline = exp.get("template_method").and_then(Rv::as_scalar) == Some("inline_mustache");
    let template = if inline {
        match exp.get("edit_template_string").and_then(Rv::as_scalar) {
            Some(t) => t.to_string(),
            None => return Outcome::Kept,
        }
    } else {
        let Some(path) = exp.get("edit_template").and_then(Rv::as_scalar).map(str::to_string) else {
            return Outcome::Kept;
        };
        match super::read_input(ctx, &path) {
            Some(t) => t,
            None => {
                ctx.error(
                    ErrorKind::Files,
                    format!("Could not open template file '{path}', {}", ctx.promise_location()),
                );
                return Outcome::Failed;
            }
        }
    };
    let data = match exp.get("template_data") {
        Some(v) => match collection(ctx, v) {
            Some(Collection::Data(d)) => d,
            Some(Collection::List(l)) => Value::array(l.iter().map(|s| Value::String(s.to_string().into())).collect()),
            None => return Outcome::Failed,
        },
        None => match crate::functions::policy::datastate(ctx, &default_call(), &[]) {
            Ok(Rv::Container(d)) => d,
            _ => return Outcome::Failed,
        },
    };
    let name = if inline {
        "inline".to_string()
    } else {
        exp.get("edit_template").and_then(Rv::as_scalar).unwrap_or("").to_string()
    };
    let text = match crate::functions::mustache::render(&template, data) {
        Ok(t) => t,
        Err(why) => {
            why.say(ctx);
            ctx.error(ErrorKind::Files, format!("Error rendering mustache template '{name}'"));
            return Outcome::Failed;
        }
    };
    if exists && std::fs::read(real).is_ok_and(|old| old == text.as_bytes()) {
        return Outcome::Kept;
    }
    if !t.may(ctx, &format!("update rendering of '{}' from mustache template '{name}'", t.promiser)) {
        return Outcome::Warned;
    }
    let mut outcome = Outcome::Kept;
    if !exists {
        outcome = super::create_path(ctx, t, exp);
        if outcome.failed() {
            return outcome;
        }
    }
    let backup = super::keeps_backup(&super::body(ctx, "edit_defaults", exp.get("edit_defaults")));
    let saved = super::save(real, text.as_bytes(), backup);
    outcome.and(super::record(
        ctx,
        saved,
        format!("Updated rendering of '{}' from mustache template '{name}'", t.promiser),
        format!("Failed to update rendering of '{shown}' from mustache template '{name}'."),
    ))
}

/// The call `datastate()` is given when a template has no data.
fn default_call() -> crate::syntax::ast::FnCall {
    crate::syntax::ast::FnCall { name: "datastate".into(), args: vec![], pos: Default::default() }
}
