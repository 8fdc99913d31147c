//! `with`, `then`, `lest` and `call`: calling a lambda on a value, on its
//! absence, or calling a function by name.

use confer_core::Value;

use super::Call;
use crate::eval::calls::CallStyle;
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
/// block given to `call`; `call(deferred)` resolves a Deferred value.
fn call_by_name(call: &mut Call<'_, '_>) -> EvalResult {
    let mut args = std::mem::take(&mut call.args);
    if args.is_empty() {
        return Err(call.arity_error("a function name"));
    }
    if let [deferred @ Value::Deferred(_)] = args.as_slice() {
        return resolve(call, deferred);
    }
    let name = match args.remove(0) {
        Value::String(s) => s,
        other => {
            return Err(crate::eval::flow::fail(
                call.span,
                format!("'call' expects a function name, got {}", other.type_name()),
            ))
        }
    };
    let lambda = call.lambda.take();
    call.ev.call_function(&name, args, lambda, call.span, call.scope, CallStyle::ByName)
}

/// Resolves Deferred values, also inside arrays and hashes and inside the
/// arguments of other Deferred values: a function name is called with the
/// resolved arguments; `$name` is the variable's value, dug into with the
/// arguments as keys.
fn resolve(call: &mut Call<'_, '_>, v: &Value) -> EvalResult {
    match v {
        Value::Deferred(d) => {
            let mut args = Vec::new();
            for a in d.arguments.iter().flat_map(|a| a.iter()) {
                args.push(resolve(call, a)?);
            }
            match d.name.strip_prefix('$') {
                Some(var) => {
                    // Puppet digs into the variable's value with `dig`, which
                    // also requires a collection when there are no keys.
                    let value = call.ev.lookup_quietly(var, call.scope).unwrap_or_else(|| {
                        call.ev.warn_once_unlocated(format!("Undefined variable '{var}'; "));
                        Value::Undef
                    });
                    args.insert(0, value);
                    call.ev.call_function("dig", args, None, call.span, call.scope, CallStyle::ByName)
                }
                None => call.ev.call_function(&d.name, args, None, call.span, call.scope, CallStyle::ByName),
            }
        }
        Value::Array(items) => {
            let mut out = Vec::with_capacity(items.len());
            for item in items.iter() {
                out.push(resolve(call, item)?);
            }
            Ok(Value::array(out))
        }
        Value::Hash(h) => {
            let mut out = confer_core::HashMap::new();
            for (k, item) in h.iter() {
                out.insert(k.clone(), resolve(call, item)?);
            }
            Ok(Value::hash(out))
        }
        other => Ok(other.clone()),
    }
}
