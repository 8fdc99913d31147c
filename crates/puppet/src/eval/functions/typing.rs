//! `assert_type`, `type`, `convert_to`, `unwrap`, `sprintf` and `strftime`: checking,
//! inferring and converting values at run time.

use confer_core::types::{infer, instance_of};
use confer_core::{Type, Value};

use super::{sig, Builtin, Call, Timestamp};
use crate::eval::flow::{fail, settle, EvalResult};
use confer_core::mismatch::describe;
use confer_core::value::timespan::TimeBound;

/// The typing functions, `sprintf` and `strftime`.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::dispatch(
        "assert_type",
        &[
            sig("Type type, Any value, &Callable[Type, Type] block?", |call| {
                let t = call.arg::<&Type>(0)?.clone();
                assert_type(call, t)
            }),
            sig("String type_string, Any value, &Callable[Type, Type] block?", |call| {
                let name = call.arg::<&str>(0)?.to_string();
                let t = call.host.type_named(&name, call.span)?;
                assert_type(call, t)
            }),
        ],
    ),
    Builtin::dispatch(
        "type",
        &[
            sig("Any value, Enum[detailed] inference_method?", |call| {
                crate::eval::limits::detailed_type(call.arg(0)?)
                    .map(Value::from_type)
                    .map_err(|e| crate::eval::limits::exceeded(call.span, e))
            }),
            sig("Any value, Enum[reduced] inference_method", |call| {
                Ok(Value::from_type(infer::infer_reduced(call.arg(0)?)))
            }),
            sig("Any value, Enum[generalized] inference_method", |call| {
                Ok(Value::from_type(infer::infer_generalized(call.arg(0)?)))
            }),
        ],
    ),
    Builtin::new("unwrap", &["Sensitive arg, &Callable block?", "Any arg, &Callable block?"], unwrap),
    Builtin::dispatch(
        "strftime",
        &[
            sig("Timespan time_object, String format", strftime_timespan),
            sig("Timestamp time_object, String format, String timezone?", strftime_timestamp),
            sig("String format, String timezone?", strftime_now),
        ],
    ),
    Builtin::new("convert_to", &["Any value, Type type, Any args*, &Callable[1,1] block?"], convert_to),
    Builtin::new("new", &["Type type, Any args*, &Callable block?"], new),
    // Puppet's evaluator refuses the call itself, so the message has no call prefix.
    Builtin::new("import", &["Any args*"], |call| {
        Err(settle(fail(
            call.span,
            "Use of 'import' has been discontinued in favor of a manifest directory. See http://links.puppet.com/puppet-import-deprecation",
        )))
    }),
    Builtin::legacy("sprintf", -2, |call| match call.arg::<&Value>(0)? {
        Value::String(fmt) => confer_core::format::sprintf(fmt, &call.args[1..])
            .map(Value::from)
            .map_err(|e| fail(call.span, e.to_string())),
        // Ruby's `format` takes only a string.
        other => Err(fail(call.span, no_implicit_string(other))),
    }),
];

/// Ruby's TypeError for a value where a String is needed.
fn no_implicit_string(v: &Value) -> String {
    match v {
        Value::Undef => "no implicit conversion from nil to string".into(),
        Value::Boolean(b) => format!("no implicit conversion of {b} into String"),
        other => format!("no implicit conversion of {} into String", other.type_name()),
    }
}

/// `strftime(timespan, format)`.
fn strftime_timespan(call: &mut Call<'_, '_>) -> EvalResult {
    let (t, fmt): (&TimeBound, &str) = (call.arg(0)?, call.arg(1)?);
    confer_core::value::timespan::strftime(t.nanos, fmt).map(Value::from).map_err(|e| fail(call.span, e.to_string()))
}

/// `strftime(timestamp, format, timezone?)`.
fn strftime_timestamp(call: &mut Call<'_, '_>) -> EvalResult {
    let (Timestamp(t), fmt, zone): (Timestamp, &str, Option<&str>) = (call.arg(0)?, call.arg(1)?, call.arg(2)?);
    confer_core::format::strftime(t, fmt, zone).map(Value::from).map_err(|e| fail(call.span, e.to_string()))
}

/// The legacy `strftime(format, timezone?)`, for the current time, with
/// Puppet's deprecation of that form.
fn strftime_now(call: &mut Call<'_, '_>) -> EvalResult {
    let (fmt, zone): (&str, Option<&str>) = (call.arg(0)?, call.arg(1)?);
    let text = confer_core::format::strftime(confer_core::value::timestamp::now(), fmt, zone);
    call.host.deprecation(
        "strftime",
        call.span,
        "The argument signature (String format, [String timezone]) is deprecated for #strftime. See #strftime documentation and Timespan type for more info",
    );
    text.map(Value::from).map_err(|e| fail(call.span, e.to_string()))
}

/// `assert_type(T, v)`: `v` when it is a `T`; otherwise the block's result
/// (given the expected and the actual type) or an error describing why not.
fn assert_type(call: &mut Call<'_, '_>, t: Type) -> EvalResult {
    let value = call.arg::<&Value>(1)?.clone();
    if instance_of(&t, &value)? {
        return Ok(value);
    }
    match call.lambda.take() {
        Some(closure) => {
            let actual =
                crate::eval::limits::detailed_type(&value).map_err(|e| crate::eval::limits::exceeded(call.span, e))?;
            call.host.call_lambda(&closure, vec![Value::from_type(t), Value::from_type(actual)], call.span)
        }
        None => Err(fail(call.span, format!("assert_type(): {}", describe(&t, &value)))),
    }
}

/// `unwrap(sensitive)`: the clear value, or the block's result given it.
fn unwrap(call: &mut Call<'_, '_>) -> EvalResult {
    let clear = match call.arg::<&Value>(0)? {
        Value::Sensitive(inner) => (**inner).clone(),
        other => other.clone(),
    };
    match call.lambda.take() {
        Some(closure) => call.host.call_lambda(&closure, vec![clear], call.span),
        None => Ok(clear),
    }
}

/// `convert_to(value, Type, args...)`: `Type.new(value, args...)`, given to
/// the block when there is one.
fn convert_to(call: &mut Call<'_, '_>) -> EvalResult {
    let t = call.arg::<&Type>(1)?.clone();
    let mut args = vec![call.arg::<&Value>(0)?.clone()];
    args.extend(call.args[2..].iter().cloned());
    let converted = confer_core::convert::new_value(&t, &args).map_err(|e| fail(call.span, e.to_string()))?;
    match call.lambda.take() {
        Some(closure) => call.host.call_lambda(&closure, vec![converted], call.span),
        None => Ok(converted),
    }
}

/// `new(Type, args...)`: the function form of `Type.new(args...)`, the
/// result given to the block when there is one.
fn new(call: &mut Call<'_, '_>) -> EvalResult {
    let t: &Type = call.arg(0)?;
    let value = confer_core::convert::new_value(t, &call.args[1..]).map_err(|e| fail(call.span, e.to_string()))?;
    match call.lambda.take() {
        Some(closure) => call.host.call_lambda(&closure, vec![value], call.span),
        None => Ok(value),
    }
}
