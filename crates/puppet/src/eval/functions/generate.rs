//! `generate(command, args...)`: runs a program on the compiling machine and
//! returns its output, with Puppet's checks on the command's path.

use confer_core::value::to_s;
use confer_core::Value;

use super::{Builtin, Call};
use crate::eval::flow::{fail, EvalResult};

/// `generate` (a Puppet 3 function).
pub(crate) const FUNCTIONS: &[Builtin] = &[Builtin::legacy("generate", -2, generate)];

fn generate(call: &mut Call<'_, '_>) -> EvalResult {
    let args: Vec<String> = call.args.iter().map(to_s).collect();
    let command = &args[0];
    if !command.starts_with('/') {
        return Err(fail(call.span, "Generators must be fully qualified"));
    }
    if !command.chars().all(|c| c.is_alphanumeric() || "-/_.+".contains(c)) {
        return Err(fail(call.span, "Generators can only contain alphanumerics, file separators, and dashes"));
    }
    if command.contains("..") {
        return Err(fail(call.span, "Can not use generators with '..' in them."));
    }
    let dir = std::path::Path::new(command).parent().unwrap_or(std::path::Path::new("/"));
    let output = std::process::Command::new(command)
        .args(&args[1..])
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| fail(call.span, format!("Failed to execute generator {command}: {e}")))?;
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    if !output.status.success() {
        let code = output.status.code().unwrap_or(-1);
        return Err(fail(
            call.span,
            format!("Failed to execute generator {command}: Execution of '{}' returned {code}: {text}", args.join(" ")),
        ));
    }
    Ok(Value::from(text))
}
