//! Results written to standard output. A reader that stops early (`| head`)
//! closes the pipe and the next write fails; `println!` would panic then.
//! confer stops quietly instead, with the status a process killed by
//! SIGPIPE has, as command-line tools do.

use std::io::{ErrorKind, Write};

/// The exit status of a process that SIGPIPE ended (128 + 13).
const CLOSED_PIPE_STATUS: i32 = 141;

/// Writes `text` to standard output; a closed reader ends the process.
pub fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(CLOSED_PIPE_STATUS);
        }
        eprintln!("Error: cannot write to standard output: {e}");
        std::process::exit(1);
    }
}

/// [`print`] with a line end.
pub fn println(text: &str) {
    print(&format!("{text}\n"));
}
