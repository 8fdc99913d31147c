//! `notice`, `warning`, `err` and the other logging functions, and `fail`.

use confer_core::value::to_s;
use confer_core::Value;

use super::Call;
use crate::eval::flow::{fail, EvalResult};
use crate::log::Level;

/// The message a logging function prints: its arguments' string forms joined
/// by spaces.
fn message(args: &[Value]) -> String {
    args.iter().map(to_s).collect::<Vec<_>>().join(" ")
}

/// Handles the logging family.
pub(crate) fn call<'e, 'a>(call: Call<'e, 'a>) -> Result<EvalResult, Call<'e, 'a>> {
    let level = match call.name {
        "debug" => Level::Debug,
        "info" => Level::Info,
        "notice" => Level::Notice,
        "warning" => Level::Warning,
        "err" => Level::Err,
        "alert" => Level::Alert,
        "crit" => Level::Crit,
        "emerg" => Level::Emerg,
        "fail" => {
            return Ok(Err(fail(call.span, message(&call.args))));
        }
        _ => return Err(call),
    };
    let text = message(&call.args);
    call.ev.log(level, call.scope, text);
    Ok(Ok(Value::Undef))
}
