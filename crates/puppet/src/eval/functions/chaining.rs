//! `with`, `then`, `lest` and `call`: calling a lambda on a value, on its
//! absence, or calling a function by name.

use confer_core::Value;

use super::{sig, Builtin, Call};
use crate::eval::flow::EvalResult;

/// `with`, `then`, `lest` and `call`.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::new("with", &["Any arg*, &Callable block"], with),
    Builtin::new("then", &["Any arg, &Callable[1,1] block"], then),
    Builtin::new("lest", &["Any arg, &Callable[0,0] block"], lest),
    Builtin::dispatch(
        "call",
        &[
            sig("String function_name, Any arguments*, &Callable block?", call_by_name),
            sig("Deferred deferred", |call| {
                let deferred = call.arg::<&Value>(0)?.clone();
                resolve(call, &deferred)
            }),
        ],
    ),
];

fn with(call: &mut Call<'_, '_>) -> EvalResult {
    let closure = call.require_lambda()?;
    let args = std::mem::take(&mut call.args);
    call.host.call_lambda(&closure, args, call.span)
}

/// `then`: the block called with the value, unless it is `undef`.
fn then(call: &mut Call<'_, '_>) -> EvalResult {
    let closure = call.require_lambda()?;
    let subject = call.arg::<&Value>(0)?.clone();
    if subject.is_undef() {
        return Ok(subject);
    }
    call.host.call_lambda(&closure, vec![subject], call.span)
}

/// `lest`: the value, or the block's result when it is `undef`.
fn lest(call: &mut Call<'_, '_>) -> EvalResult {
    let closure = call.require_lambda()?;
    let subject = call.arg::<&Value>(0)?.clone();
    if !subject.is_undef() {
        return Ok(subject);
    }
    call.host.call_lambda(&closure, Vec::new(), call.span)
}

/// `call(name, args...)`: calls the function `name` with the arguments and the
/// block given to `call` (`call(deferred)` resolves a Deferred value instead).
fn call_by_name(call: &mut Call<'_, '_>) -> EvalResult {
    let mut args = std::mem::take(&mut call.args);
    let name = confer_core::value::to_s(&args.remove(0));
    let lambda = call.lambda.take();
    call.host.call_function(&name, args, lambda, call.span, call.scope)
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
                    let value = call.host.variable(var, call.scope).unwrap_or_else(|| {
                        call.host.warn_once(format!("Undefined variable '{var}'; "));
                        Value::Undef
                    });
                    args.insert(0, value);
                    call.host.call_function("dig", args, None, call.span, call.scope)
                }
                None => call.host.call_function(&d.name, args, None, call.span, call.scope),
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
