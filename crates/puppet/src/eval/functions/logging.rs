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
    Builtin::new("debug", VALUES, log),
    Builtin::new("info", VALUES, log),
    Builtin::new("notice", VALUES, log),
    Builtin::new("warning", VALUES, log),
    Builtin::new("err", VALUES, log),
    Builtin::new("alert", VALUES, log),
    Builtin::new("crit", VALUES, log),
    Builtin::new("emerg", VALUES, log),
    Builtin::legacy("fail", -1, fail_fn),
];

const VALUES: &[&str] = &["Any values*"];

fn log(call: &mut Call<'_, '_>) -> EvalResult {
    let level = Level::from_name(call.name);
    let text = message(&call.args);
    call.ev.log(level, call.scope, text);
    Ok(Value::Undef)
}

fn fail_fn(call: &mut Call<'_, '_>) -> EvalResult {
    Err(fail(call.span, message(&call.args)))
}
