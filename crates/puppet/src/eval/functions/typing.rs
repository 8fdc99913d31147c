//! `assert_type` and `type`: checking and inferring types at run time.

use confer_core::types::{infer::general_type_name, instance_of};
use confer_core::Value;

use super::Call;
use crate::eval::flow::{fail, EvalResult};
use confer_core::mismatch::describe;

/// Handles the typing family.
pub(crate) fn call<'e, 'a>(mut call: Call<'e, 'a>) -> Result<EvalResult, Call<'e, 'a>> {
    match call.name {
        "assert_type" => Ok(assert_type(&mut call)),
        "type" => Ok(type_of(&call)),
        _ => Err(call),
    }
}

/// `assert_type(T, v)`: `v` when it is a `T`; otherwise the block's result
/// (given the expected and the actual type) or an error describing why not.
fn assert_type(call: &mut Call<'_, '_>) -> EvalResult {
    let [expected, value] = call.args.as_slice() else {
        return Err(call.arity_error("2 arguments"));
    };
    let t = match expected {
        Value::Type(t) => (**t).clone(),
        Value::String(name) => call.ev.type_named(name, call.span)?,
        other => {
            return Err(fail(
                call.span,
                format!(
                    "'assert_type' parameter 'type' expects a Type or a type name, got {}",
                    general_type_name(other)
                ),
            ))
        }
    };
    if instance_of(&t, value) {
        return Ok(value.clone());
    }
    let value = value.clone();
    match call.lambda.take() {
        Some(closure) => {
            let actual = confer_core::types::infer::infer(&value);
            call.ev.call_lambda(&closure, vec![Value::from_type(t), Value::from_type(actual)], call.span)
        }
        None => Err(fail(call.span, format!("assert_type(): {}", describe(&t, &value)))),
    }
}

/// `type(v)` and `type(v, mode)`: the value's inferred type, `detailed`
/// (the default), `reduced` or `generalized`.
fn type_of(call: &Call<'_, '_>) -> EvalResult {
    use confer_core::types::infer;
    let (v, mode) = match call.args.as_slice() {
        [v] => (v, "detailed"),
        [v, Value::String(mode)] => (v, &**mode),
        [_, other] => (&Value::Undef, other.as_str().unwrap_or("")),
        _ => return Err(call.arity_error("1 or 2 arguments")),
    };
    let t = match mode {
        "detailed" => infer::infer(v),
        "reduced" => infer::infer_reduced(v),
        "generalized" => infer::infer_generalized(v),
        other => {
            return Err(fail(
                call.span,
                format!(
                    "'type' parameter 'inference_method' expects a match for Enum['detailed', 'generalized', 'reduced'], got '{other}'"
                ),
            ))
        }
    };
    Ok(Value::from_type(t))
}
