//! What the command-line tests share: starting confer as a user runs it.

use std::process::{Child, Command, Stdio};

/// confer with `args`, its standard streams piped.
pub fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_confer"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("confer runs")
}
