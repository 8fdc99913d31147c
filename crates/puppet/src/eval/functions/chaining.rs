//! `with`, `then`, `lest` and `call`: calling a lambda on a value, on its
//! absence, or calling a function by name.

use super::Call;
use crate::eval::flow::EvalResult;

/// Handles the chaining family.
pub(crate) fn call<'e, 'a>(mut call: Call<'e, 'a>) -> Result<EvalResult, Call<'e, 'a>> {
    if call.name == "call" {
        return Ok(call_by_name(&mut call));
    }
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
            // Puppet checks the block's signature whether or not it is called.
            let (wanted, shape) = if call.name == "then" { (1, "one argument") } else { (0, "no arguments") };
            if !closure.accepts(wanted) {
                return Err(crate::eval::flow::fail(
                    span,
                    format!("'{}' expects a block that takes {shape}", call.name),
                ));
            }
            match (call.name, subject.is_undef()) {
                ("then", true) | ("lest", false) => Ok(subject),
                ("then", false) => call.ev.call_lambda(&closure, vec![subject], span),
                _ => call.ev.call_lambda(&closure, Vec::new(), span),
            }
        }
    }
}

/// `call(name, args...)`: calls the function `name` with the arguments and the
/// block given to `call`.
fn call_by_name(call: &mut Call<'_, '_>) -> EvalResult {
    let mut args = std::mem::take(&mut call.args);
    if args.is_empty() {
        return Err(call.arity_error("a function name"));
    }
    let name = match args.remove(0) {
        confer_core::Value::String(s) => s,
        other => {
            return Err(crate::eval::flow::fail(
                call.span,
                format!("'call' expects a function name, got {}", other.type_name()),
            ))
        }
    };
    let lambda = call.lambda.take();
    call.ev.call_function(&name, args, lambda, call.span, call.scope, crate::eval::calls::CallStyle::Function)
}
