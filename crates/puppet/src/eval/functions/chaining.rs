//! `with`, `then` and `lest`: calling a lambda on a value, or on its absence.

use super::Call;
use crate::eval::flow::EvalResult;

/// Handles the chaining family.
pub(crate) fn call<'e, 'a>(mut call: Call<'e, 'a>) -> Result<EvalResult, Call<'e, 'a>> {
    if !matches!(call.name, "with" | "then" | "lest") {
        return Err(call);
    }
    Ok(run(&mut call))
}

fn run(call: &mut Call<'_, '_>) -> EvalResult {
    let closure = call.require_lambda()?;
    let span = call.span;
    match call.name {
        "with" => {
            let args = std::mem::take(&mut call.args);
            call.ev.call_lambda(&closure, args, span)
        }
        _ => {
            let [subject] = call.args.as_slice() else {
                return Err(call.arity_error("1 argument"));
            };
            let subject = subject.clone();
            match (call.name, subject.is_undef()) {
                ("then", true) | ("lest", false) => Ok(subject),
                ("then", false) => call.ev.call_lambda(&closure, vec![subject], span),
                _ => call.ev.call_lambda(&closure, Vec::new(), span),
            }
        }
    }
}
