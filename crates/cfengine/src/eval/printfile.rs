//! `printfile` bodies of `reports` promises (verify_reports.c's
//! `PrintFile`): after the report, lines of `file_to_print` are printed as
//! reports too — the first `number_of_lines`, or with a negative number
//! the last ones. Left unset, cf-agent reads `CF_NOINT` (-678): the last
//! 678 lines.

use crate::eval::body_attributes::{evaluated, scalar};
use crate::eval::context::EvalContext;
use crate::eval::message::ErrorKind;
use crate::eval::promise::Expanded;

/// The number cf-agent reads for an integer attribute that is not set.
const CF_NOINT: i64 = -678;

/// Prints the file's lines; false when the promise fails (no file named,
/// or it cannot be read).
pub(crate) fn print_file(ctx: &mut EvalContext, exp: &Expanded) -> bool {
    let attrs = evaluated(ctx, "printfile", exp.get("printfile"));
    let Some(file) = scalar(&attrs, "file_to_print").map(str::to_string) else {
        return false;
    };
    let max = scalar(&attrs, "number_of_lines")
        .map_or(Ok(CF_NOINT), crate::data::number::int_from_string)
        .unwrap_or(CF_NOINT);
    let bytes = match crate::functions::bounded_read(ctx, &file, 0) {
        Ok(bytes) => bytes,
        Err(e) => {
            let reason = crate::os_error::describe(&e);
            ctx.error(ErrorKind::Files, format!("Printing of file '{file}' was not possible. (fopen: {reason})"));
            return false;
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    // `CfReadLine`: lines end at a newline, which is dropped (a carriage
    // return stays).
    let mut lines: Vec<&str> = text.split('\n').collect();
    if text.is_empty() || text.ends_with('\n') {
        lines.pop();
    }
    let count = usize::try_from(max.unsigned_abs()).unwrap_or(usize::MAX);
    let shown = if max < 0 { &lines[lines.len().saturating_sub(count)..] } else { &lines[..lines.len().min(count)] };
    for line in shown {
        ctx.out.message(&crate::eval::message::Message::Report(line));
    }
    true
}
