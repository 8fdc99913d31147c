mod cfengine;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// confer: the types, values and variables of Puppet and CFEngine.
#[derive(Debug, Parser)]
#[command(name = "confer", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// CFEngine policies: `confer cfengine run FILE.cf`.
    #[command(subcommand)]
    Cfengine(cfengine::Command),
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Cfengine(c) => cfengine::run(c),
    }
}
