//! `epp`, `inline_epp`, `template` and `inline_template`: the template
//! functions. EPP is evaluated by the Puppet evaluator itself; ERB by the
//! `confer-erb` interpreter, which asks the evaluator for variables and
//! function calls.

use confer_core::{HashMap, Value};

use super::Call;
use crate::eval::flow::{fail, EvalResult};
use crate::eval::templates::EppScope;

/// Handles the template family.
pub(crate) fn call<'e, 'a>(call: Call<'e, 'a>) -> Result<EvalResult, Call<'e, 'a>> {
    Ok(match call.name {
        "epp" => epp(call),
        "inline_epp" => inline_epp(call),
        "template" => crate::eval::erb::template(call.ev, &call.args, call.span, call.scope),
        "inline_template" => crate::eval::erb::inline_template(call.ev, &call.args, call.span, call.scope),
        _ => return Err(call),
    })
}

/// The optional parameter hash of `epp`/`inline_epp`.
fn template_args(call: &Call<'_, '_>) -> EvalResult<Option<HashMap>> {
    match call.args.get(1) {
        None => Ok(None),
        Some(Value::Hash(h)) => Ok(Some((**h).clone())),
        Some(other) => Err(fail(
            call.span,
            format!(
                "'{}' parameter 'args' expects a Hash value, got {}",
                call.name,
                confer_core::types::infer::general_type_name(other)
            ),
        )),
    }
}

/// The first argument, which must be a string.
fn first_string<'c>(call: &'c Call<'_, '_>, param: &str) -> EvalResult<&'c str> {
    if call.args.is_empty() || call.args.len() > 2 {
        return Err(call.arity_error("between 1 and 2 arguments"));
    }
    match &call.args[0] {
        Value::String(s) => Ok(s),
        other => Err(fail(
            call.span,
            format!(
                "'{}' parameter '{param}' expects a String value, got {}",
                call.name,
                confer_core::types::infer::general_type_name(other)
            ),
        )),
    }
}

fn epp(call: Call<'_, '_>) -> EvalResult {
    let name = first_string(&call, "path")?.to_string();
    let args = template_args(&call)?;
    let wanted = if name.ends_with(".epp") { name.clone() } else { format!("{name}.epp") };
    let path = call
        .ev
        .find_template(&name)
        .or_else(|| call.ev.find_template(&wanted))
        .ok_or_else(|| fail(call.span, format!("Could not find template '{wanted}'")))?;
    let source = call.ev.read_template(&path, call.span)?;
    call.ev.render_epp(&source, args, EppScope::Global, "epp", call.span, call.scope)
}

fn inline_epp(call: Call<'_, '_>) -> EvalResult {
    let text = first_string(&call, "template")?.to_string();
    let args = template_args(&call)?;
    let source = call.ev.add_source("inlined-epp-text".into(), text, call.span)?;
    call.ev.render_epp(&source, args, EppScope::Caller, "inline_epp", call.span, call.scope)
}
