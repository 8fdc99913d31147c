//! `returnszero("diff A B >/dev/null 2>&1", "useshell")`: CFEngine's own
//! test framework compares two files this way (`dcs_check_diff`). Only the
//! exit status is used, and it is a comparison of two files confer can
//! make itself, so confer answers it in-process — as `diff` would: 0 when
//! the bytes are the same, 1 when they differ, 2 when a file cannot be
//! read. Any other use of `diff` (its output, other options) is a command,
//! refused as before.

use crate::eval::context::EvalContext;

/// The exit status `diff` would give for `command`, or `None` when the
/// command is not a plain comparison of two files with its output thrown
/// away.
pub(super) fn status(ctx: &mut EvalContext, command: &str) -> Option<i32> {
    let mut words: Vec<&str> = command.split_whitespace().collect();
    // The output goes nowhere: `>/dev/null`, `> /dev/null`, `2>&1`, `2>/dev/null`.
    let mut discarded = false;
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            ">/dev/null" | "1>/dev/null" => {
                discarded = true;
                words.remove(i);
            }
            ">" | "1>" if words.get(i + 1) == Some(&"/dev/null") => {
                discarded = true;
                words.drain(i..i + 2);
            }
            "2>&1" | "2>/dev/null" => {
                words.remove(i);
            }
            _ => i += 1,
        }
    }
    let (program, args) = words.split_first()?;
    if !discarded || program.rsplit('/').next() != Some("diff") {
        return None;
    }
    let files: Vec<&str> = args.iter().copied().filter(|a| !matches!(*a, "-u" | "-c" | "-q")).collect();
    let [a, b] = files.as_slice() else { return None };
    if files.iter().any(|f| f.starts_with('-') || f.contains(['|', ';', '&', '<', '>', '`', '$', '*', '?'])) {
        return None;
    }
    let read = |ctx: &mut EvalContext, f: &str| super::bounded_read(ctx, f, 0).ok();
    Some(match (read(ctx, a), read(ctx, b)) {
        (Some(x), Some(y)) => i32::from(x != y),
        _ => 2,
    })
}
