//! `return`, `next` and `break`: control flow expressed as function calls.

use confer_core::Value;

use super::Call;
use crate::eval::flow::{EvalResult, Flow};

/// Handles the control-flow family.
pub(crate) fn call<'e, 'a>(call: Call<'e, 'a>) -> Result<EvalResult, Call<'e, 'a>> {
    let value = || call.args.first().cloned().unwrap_or(Value::Undef);
    Ok(match call.name {
        "return" if call.args.len() <= 1 => Err(Flow::Return(value(), call.span)),
        "next" if call.args.len() <= 1 => Err(Flow::Next(value(), call.span)),
        "break" if call.args.is_empty() => Err(Flow::Break(call.span)),
        "return" | "next" => Err(call.arity_error("at most 1 argument")),
        "break" => Err(call.arity_error("no arguments")),
        _ => return Err(call),
    })
}
