//! `edit_template` with `template_method => "cfengine"`, the default:
//! cf-agent's classic templates. `MakeTemporaryBundleFromTemplate` turns
//! the template into an edit_line bundle of `insert_lines` promises
//! (`insert_type => "preserve_all_lines"`): each line outside a
//! `[%CFEngine BEGIN %]` … `[%CFEngine END %]` block is one promise, each
//! block one promise of its lines, all under the class of the last
//! `[%CFEngine class:: %]` line. Lines whose class is not defined while
//! the template is read are left out. `RenderTemplateCFEngine` then runs
//! that bundle, with the caller's classes, on an emptied copy of the file
//! and saves it when the text differs.

use crate::eval::message::ErrorKind;
use std::sync::Arc;

use crate::eval::context::EvalContext;
use crate::eval::promise::Expanded;
use crate::syntax::ast::{Bundle, Constraint, Promise, Rval, Section};

use super::outcome::Outcome;
use super::Target;

/// Renders the promise's classic template into the file.
pub(super) fn render(ctx: &mut EvalContext, exp: &Expanded, t: &Target, exists: bool) -> Outcome {
    let Some(path) = exp.get("edit_template").and_then(|v| v.as_scalar()).map(str::to_string) else {
        return Outcome::Kept;
    };
    let Some(text) = super::read_input(ctx, &path) else {
        ctx.error(ErrorKind::Files, format!("Unable to open template file '{path}' to make '{}'", t.promiser));
        return Outcome::Failed;
    };
    let bundle = match to_bundle(ctx, &path, &text) {
        Ok(b) => Arc::new(b),
        Err(message) => {
            ctx.error(ErrorKind::Files, message);
            return Outcome::Failed;
        }
    };
    let mut outcome = Outcome::Kept;
    if !exists {
        outcome = super::create_path(ctx, t, exp);
        if outcome.failed() {
            ctx.error(
                ErrorKind::Files,
                format!("Failed to create file '{}' for rendering cfengine template '{path}'", t.promiser),
            );
            return outcome;
        }
    }
    let edit = super::EditRun { empty_first: true, inherit: true, always_save: true };
    outcome.and(super::edit_with_bundle(ctx, exp, t, &bundle, vec![], edit))
}

/// `MakeTemporaryBundleFromTemplate`: the template as an edit_line bundle,
/// or cf-agent's error for a malformed one.
fn to_bundle(ctx: &EvalContext, path: &str, text: &str) -> Result<Bundle, String> {
    let mut promises = vec![];
    let mut block: Vec<&str> = vec![];
    let mut stack: Vec<String> = vec![];
    let mut context = "any".to_string();
    let mut level = 0usize;
    let lines = text.split_inclusive('\n');
    for (n, line) in lines.enumerate() {
        let lineno = n as u32 + 1;
        if let Some(rest) = line.strip_prefix("[%CFEngine") {
            // `sscanf("%1024s %3s")`: the operation and what closes it.
            let mut words = rest.split_ascii_whitespace();
            let op = words.next().unwrap_or("");
            let close: String = words.next().unwrap_or("").chars().take(3).collect();
            if close != "%]" {
                return Err(format!("Template file '{path}' syntax error, missing close \"%]\" at line {lineno}"));
            }
            if op == "BEGIN" {
                stack.push(context.clone());
                level += 1;
                if level > 1 {
                    return Err(format!(
                        "Template file '{path}' contains nested blocks which are not allowed, near line {lineno}"
                    ));
                }
                continue;
            }
            if op == "END" {
                level = level.saturating_sub(1);
                if let Some(outer) = stack.pop() {
                    context = outer;
                }
            }
            if let Some(class) = op.strip_suffix("::") {
                context = class.to_string();
                continue;
            }
            // Any other operation (END first of all) closes the lines
            // gathered so far into one promise.
            let joined: String = block.concat();
            promises.push(insert(joined.trim_end_matches('\n'), &context, lineno));
            block.clear();
        } else if ctx.eval_class_expr(&context).unwrap_or(false) {
            if level > 0 {
                block.push(line);
            } else {
                promises.push(insert(line.trim_end_matches('\n'), &context, lineno));
            }
        }
    }
    Ok(Bundle {
        ns: "default".into(),
        kind: "edit_line".into(),
        name: format!("temp_cf_bundle_{}", crate::syntax::class_expr::canonify(path)),
        args: vec![],
        sections: vec![Section { promise_type: "insert_lines".into(), promises, line: 0 }],
        file: Arc::from(path),
        line: 0,
    })
}

/// One `insert_lines` promise of the template.
fn insert(text: &str, context: &str, line: u32) -> Promise {
    Promise {
        promiser: Arc::from(text),
        promisee: None,
        classes: Arc::from(context),
        varclasses: None,
        constraints: vec![Constraint {
            lval: "insert_type".into(),
            rval: Rval::Scalar(Arc::from("preserve_all_lines")),
            classes: "any".into(),
            pos: Default::default(),
        }],
        line,
        id: 0,
    }
}
