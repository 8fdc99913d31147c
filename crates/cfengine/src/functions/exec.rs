//! `execresult`, `execresult_as_data` and `returnszero`: cf-agent runs the
//! command; confer answers it in-process when the shell stand-in
//! ([`crate::shell`]) knows every part of it, and otherwise refuses, the
//! call failing as a failing function does.

use crate::eval::message::ErrorKind;
use confer_core::Value;

use super::host::FunctionHost;
use crate::data::json;
use crate::data::value::Rv;
use crate::shell;
use crate::syntax::ast::FnCall;

use super::{arg_str, class_result, Failed, FnResult};

/// How the command ran, or `Err` when the call fails (logged).
fn run(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv], output_used: bool) -> Result<shell::Output, Failed> {
    let command = arg_str(a, 0);
    let shell = arg_str(a, 1) == "useshell";
    if arg_str(a, 1) == "powershell" {
        ctx.error(ErrorKind::Commands, "Powershell is only supported on Windows");
        return Err(Failed);
    }
    let absolute = shell::is_absolute(command);
    if !absolute && !shell {
        ctx.error(ErrorKind::Commands, format!("{} '{command}' does not have an absolute path", f.name));
        return Err(Failed);
    }
    if absolute && !ctx.check_executable(command) {
        ctx.error(ErrorKind::Commands, format!("{} '{command}' is assumed to be executable but isn't", f.name));
        return Err(Failed);
    }
    match ctx.run_command(command, shell, output_used) {
        Ok(out) => Ok(out),
        Err(why) => {
            let at = ctx.promise_location();
            ctx.refuse(format!("Function '{}' is not evaluated: confer runs no commands, and {why} ({at})", f.name));
            Err(Failed)
        }
    }
}

/// The output `execresult` gives: the selected streams with trailing
/// white space removed (cf-agent's `Chop`).
fn output(out: &shell::Output, select: &str) -> String {
    let mut bytes = Vec::new();
    if select != "stdout" {
        bytes.extend_from_slice(&out.stderr);
    }
    if select != "stderr" {
        bytes.extend_from_slice(&out.stdout);
    }
    String::from_utf8_lossy(&bytes).trim_end().to_string()
}

/// `execresult(command, shell, output = "both")`.
pub(super) fn execresult(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let out = run(ctx, f, a, true)?;
    Ok(Rv::scalar(output(&out, arg_str(a, 2))))
}

/// `execresult_as_data(command, shell, output = "both")`: `{"exit_code",
/// "output"}`.
pub(super) fn execresult_as_data(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let out = run(ctx, f, a, true)?;
    let entries = [
        ("exit_code".to_string(), Value::Integer(i64::from(out.status))),
        ("output".to_string(), Value::String(output(&out, arg_str(a, 2)).into())),
    ];
    Ok(Rv::Container(json::object(entries)))
}

/// `returnszero(command, shell)`.
pub(super) fn returnszero(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    match run(ctx, f, a, false) {
        Ok(out) => class_result(out.status == 0),
        Err(Failed) => class_result(false),
    }
}
