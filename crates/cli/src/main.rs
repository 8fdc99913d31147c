//! `confer`: run Puppet manifests and CFEngine policy with the exact semantics of
//! the real tools, without touching the system.

mod diagnostics;
mod puppet;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Puppet and CFEngine values, types and variables, evaluated exactly and fast.
#[derive(Parser)]
#[command(name = "confer", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate and validate Puppet manifests.
    #[command(subcommand)]
    Puppet(puppet::PuppetCommand),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Puppet(cmd) => puppet::run(cmd),
    }
}
