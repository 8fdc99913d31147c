//! `notice`, `warning`, `err` and the other logging functions, and `fail`.

use confer_core::value::to_s;
use confer_core::Value;

use super::{Builtin, Call};
use crate::eval::flow::{fail, EvalResult};
use crate::log::Level;

/// The message a logging function prints: its arguments' string forms joined
/// by spaces.
fn message(args: &[Value]) -> String {
    args.iter().map(to_s).collect::<Vec<_>>().join(" ")
}

/// The logging functions and `fail`.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::new("debug", VALUES, |call| log(call, Level::Debug)),
    Builtin::new("info", VALUES, |call| log(call, Level::Info)),
    Builtin::new("notice", VALUES, |call| log(call, Level::Notice)),
    Builtin::new("warning", VALUES, |call| log(call, Level::Warning)),
    Builtin::new("err", VALUES, |call| log(call, Level::Err)),
    Builtin::new("alert", VALUES, |call| log(call, Level::Alert)),
    Builtin::new("crit", VALUES, |call| log(call, Level::Crit)),
    Builtin::new("emerg", VALUES, |call| log(call, Level::Emerg)),
    Builtin::legacy("fail", -1, fail_fn),
];

const VALUES: &[&str] = &["Any values*"];

/// A logging function: its message logged at `level`.
fn log(call: &mut Call<'_, '_>, level: Level) -> EvalResult {
    let text = message(&call.args);
    call.host.log(level, call.scope, text);
    Ok(Value::Undef)
}

fn fail_fn(call: &mut Call<'_, '_>) -> EvalResult {
    Err(fail(call.span, message(&call.args)))
}
