//! What the stand-in programs share: what a run gave ([`Ran`]), their
//! inputs read through the host, and text split into lines. It sits apart
//! from the dispatcher in `tools.rs` so that `grep` and `sed`, which it
//! dispatches to, need nothing from it.

use super::{Host, MAX_OUTPUT};

/// What a command gave.
#[derive(Debug, Default)]
pub(super) struct Ran {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub status: i32,
}

impl Ran {
    /// A failure with the program's message.
    pub(super) fn failed(status: i32, message: String) -> Ran {
        Ran { stdout: Vec::new(), stderr: message.into_bytes(), status }
    }
}

impl Ran {
    /// The result, or a failure when it grew past [`MAX_OUTPUT`].
    pub(super) fn capped(self) -> Ran {
        if self.stdout.len() > MAX_OUTPUT {
            Ran::failed(1, format!("confer: the command's output passed {MAX_OUTPUT} bytes\n"))
        } else {
            self
        }
    }
}

/// The contents of each named input in order (standard input when none is
/// named, or for `-`), or the name and the system's reason.
pub(super) fn inputs(host: &mut dyn Host, names: &[String], stdin: &[u8]) -> Vec<Result<Vec<u8>, (String, String)>> {
    if names.is_empty() {
        return vec![Ok(stdin.to_vec())];
    }
    names.iter().map(|n| if n == "-" { Ok(stdin.to_vec()) } else { host.read(n).map_err(|e| (n.clone(), e)) }).collect()
}

/// The lines of a text, without their newlines (a last line without one
/// is still a line).
pub(super) fn split_lines(bytes: &[u8]) -> Vec<Vec<u8>> {
    let mut lines: Vec<Vec<u8>> = bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    if bytes.is_empty() || bytes.ends_with(b"\n") {
        lines.pop();
    }
    lines
}
