//! `CfReadFile` (evalfunction.c): how the functions that take a whole file
//! as text read it — `readfile`, and `readstringlist`, `readintlist`,
//! `readreallist` and the array readers before they split it. The text
//! ends at a NUL (cf-agent's buffer is a C string), and a file of one line
//! loses its final newline (`SingleLine`, `StripTrailingNewline`).

use super::host::FunctionHost;
use crate::eval::message::ErrorKind;
use crate::syntax::reference::is_cf3_var_string;

use super::Failed;

/// The text of the file at `path`, at most `max` bytes (0: all of it), or
/// the failure, said as cf-agent says it.
pub(crate) fn cf_read_file(ctx: &mut dyn FunctionHost, path: &str, max: u64) -> Result<String, Failed> {
    let mut bytes = match super::bounded_read(ctx, path, max) {
        Ok(bytes) => bytes,
        Err(e) => {
            // A path still naming a variable may resolve on a later pass.
            if !is_cf3_var_string(path) {
                ctx.error(
                    ErrorKind::Function,
                    format!("CfReadFile: Could not examine file '{path}' (stat: {})", crate::os_error::describe(&e)),
                );
            }
            return Err(Failed);
        }
    };
    if let Some(nul) = bytes.iter().position(|b| *b == 0) {
        bytes.truncate(nul);
    }
    let mut text = String::from_utf8_lossy(&bytes).into_owned();
    if single_line(&text) && text.ends_with('\n') {
        text.pop();
    }
    Ok(text)
}

/// libntech's `SingleLine`: no line break but possibly one at the very
/// end (`abc\r\n` has two, and is not a single line).
fn single_line(text: &str) -> bool {
    text.find(['\n', '\r']).is_none_or(|i| i + 1 == text.len())
}

#[cfg(test)]
mod tests {
    use super::single_line;

    #[test]
    fn only_one_line_with_at_most_a_final_newline_is_single() {
        assert!(single_line("abc"));
        assert!(single_line("abc\n"));
        assert!(!single_line("abc\r\n"));
        assert!(!single_line("abc\n\n"));
        assert!(!single_line("a\nb"));
    }
}
