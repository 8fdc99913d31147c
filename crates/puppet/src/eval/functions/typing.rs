//! `assert_type`, `type`, `convert_to`, `unwrap`, `sprintf` and `strftime`: checking,
//! inferring and converting values at run time.

use confer_core::types::{infer::general_type_name, instance_of};
use confer_core::Value;

use super::{Builtin, Call};
use crate::eval::flow::{fail, settle, EvalResult};
use confer_core::mismatch::describe;

/// The typing functions, `sprintf` and `strftime`.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::new(
        "assert_type",
        &[
            "Type type, Any value, &Callable[Type, Type] block?",
            "String type_string, Any value, &Callable[Type, Type] block?",
        ],
        assert_type,
    ),
    Builtin::new(
        "type",
        &[
            "Any value, Enum[detailed] inference_method?",
            "Any value, Enum[reduced] inference_method",
            "Any value, Enum[generalized] inference_method",
        ],
        type_of,
    ),
    Builtin::new("unwrap", &["Sensitive arg, &Callable block?", "Any arg, &Callable block?"], unwrap),
    Builtin::new(
        "strftime",
        &[
            "Timespan time_object, String format",
            "Timestamp time_object, String format, String timezone?",
            "String format, String timezone?",
        ],
        strftime,
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
    Builtin::legacy("sprintf", -2, |call| match call.args.split_first() {
        Some((Value::String(fmt), rest)) => {
            confer_core::format::sprintf(fmt, rest).map(Value::from).map_err(|e| fail(call.span, e.to_string()))
        }
        // Ruby's `format` takes only a string.
        Some((other, _)) => Err(fail(call.span, no_implicit_string(other))),
        None => Err(call.unexpected_args()),
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

/// Puppet's report when no signature of `strftime` fits.
const STRFTIME_SIGNATURES: &str =
    "The function 'strftime' was called with arguments it does not accept. It expects one of:
  (Timespan time_object, String format)
  (Timestamp time_object, String format, Optional[String] timezone)
  (String format, Optional[String] timezone)";

/// `strftime(timespan, format)`, `strftime(timestamp, format, timezone?)`
/// and the legacy `strftime(format, timezone?)` for the current time.
fn strftime(call: &mut Call<'_, '_>) -> EvalResult {
    use confer_core::format::strftime as timestamp_strftime;
    use confer_core::value::timestamp::now;
    let zone = |v: Option<&Value>| match v {
        None | Some(Value::Undef) => Ok(None),
        Some(Value::String(z)) => Ok(Some(z.to_string())),
        Some(other) => Err(fail(
            call.span,
            format!("'strftime' parameter 'timezone' expects a String value, got {}", general_type_name(other)),
        )),
    };
    let text = match call.args.as_slice() {
        [Value::Timespan(t), Value::String(fmt)] => confer_core::value::timespan::strftime(t.nanos, fmt),
        [Value::Timestamp(t), Value::String(fmt), rest @ ..] if rest.len() <= 1 => {
            timestamp_strftime(*t, fmt, zone(rest.first())?.as_deref())
        }
        [Value::String(fmt), rest @ ..] if rest.len() <= 1 => {
            timestamp_strftime(now(), fmt, zone(rest.first())?.as_deref())
        }
        _ => return Err(fail(call.span, STRFTIME_SIGNATURES)),
    };
    if matches!(call.args.first(), Some(Value::String(_))) {
        call.ev.deprecation(
            "strftime",
            call.span,
            "The argument signature (String format, [String timezone]) is deprecated for #strftime. See #strftime documentation and Timespan type for more info",
        );
    }
    text.map(Value::from).map_err(|e| fail(call.span, e.to_string()))
}

/// `assert_type(T, v)`: `v` when it is a `T`; otherwise the block's result
/// (given the expected and the actual type) or an error describing why not.
fn assert_type(call: &mut Call<'_, '_>) -> EvalResult {
    let [expected, value] = call.args.as_slice() else {
        return Err(call.unexpected_args());
    };
    let t = match expected {
        Value::Type(t) => confer_core::Type::clone(t),
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
    if instance_of(&t, value)? {
        return Ok(value.clone());
    }
    let value = value.clone();
    match call.lambda.take() {
        Some(closure) => {
            let actual =
                crate::eval::limits::detailed_type(&value).map_err(|e| crate::eval::limits::exceeded(call.span, e))?;
            call.ev.call_lambda(&closure, vec![Value::from_type(t), Value::from_type(actual)], call.span)
        }
        None => Err(fail(call.span, format!("assert_type(): {}", describe(&t, &value)))),
    }
}

/// `type(v)` and `type(v, mode)`: the value's inferred type, `detailed`
/// (the default), `reduced` or `generalized`.
fn type_of(call: &mut Call<'_, '_>) -> EvalResult {
    use confer_core::types::infer;
    let (v, mode) = match call.args.as_slice() {
        [v] => (v, "detailed"),
        [v, Value::String(mode)] => (v, &**mode),
        [_, other] => (&Value::Undef, other.as_str().unwrap_or("")),
        _ => return Err(call.unexpected_args()),
    };
    let t = match mode {
        "detailed" => crate::eval::limits::detailed_type(v).map_err(|e| crate::eval::limits::exceeded(call.span, e))?,
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

/// `unwrap(sensitive)`: the clear value, or the block's result given it.
fn unwrap(call: &mut Call<'_, '_>) -> EvalResult {
    let [v] = call.args.as_slice() else {
        return Err(call.unexpected_args());
    };
    let clear = match v {
        Value::Sensitive(inner) => (**inner).clone(),
        other => other.clone(),
    };
    match call.lambda.take() {
        Some(closure) => call.ev.call_lambda(&closure, vec![clear], call.span),
        None => Ok(clear),
    }
}

/// `convert_to(value, Type, args...)`: `Type.new(value, args...)`, given to
/// the block when there is one.
fn convert_to(call: &mut Call<'_, '_>) -> EvalResult {
    let (value, t, rest) = match call.args.as_slice() {
        [v, Value::Type(t), rest @ ..] => (v.clone(), (**t).clone(), rest.to_vec()),
        _ => return Err(call.unexpected_args()),
    };
    let mut args = vec![value];
    args.extend(rest);
    let converted = confer_core::convert::new_value(&t, &args).map_err(|e| fail(call.span, e.to_string()))?;
    match call.lambda.take() {
        Some(closure) => call.ev.call_lambda(&closure, vec![converted], call.span),
        None => Ok(converted),
    }
}

/// `new(Type, args...)`: the function form of `Type.new(args...)`, the
/// result given to the block when there is one.
fn new(call: &mut Call<'_, '_>) -> EvalResult {
    let Value::Type(t) = &call.args[0] else {
        return Err(call.unexpected_args());
    };
    let value = confer_core::convert::new_value(t, &call.args[1..]).map_err(|e| fail(call.span, e.to_string()))?;
    match call.lambda.take() {
        Some(closure) => call.ev.call_lambda(&closure, vec![value], call.span),
        None => Ok(value),
    }
}
