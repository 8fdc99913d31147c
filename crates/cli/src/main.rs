//! `confer`: run Puppet manifests and CFEngine policy with the exact semantics of
//! the real tools, without touching the system.

mod cfengine;
mod check;
mod compile;
mod console;
mod diagnostics;
mod fleet;
mod json_output;
mod log_output;
mod lookup;
mod manifest_source;
mod output_settings;
mod puppet;
mod setup;
mod stdout;
mod strict_args;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

/// Puppet and CFEngine values, types and variables, evaluated exactly and fast.
#[derive(Parser)]
#[command(name = "confer", version, propagate_version = true, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// How errors are printed: `text` (the reference tool's line, the
    /// excerpt, notes) or `json` (one object a line on standard error).
    #[arg(long, global = true, value_enum, default_value = "text", value_name = "FORMAT")]
    error_format: output_settings::ErrorFormat,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate and validate Puppet manifests.
    #[command(subcommand)]
    Puppet(puppet::PuppetCommand),
    /// Validate JSON/YAML documents or Hiera data against Puppet types.
    ///
    /// Example: confer check --type 'Array[Struct[{name => String[1]}]]' hosts.json
    Check(check::CheckArgs),
    /// Run and validate CFEngine policy.
    #[command(subcommand)]
    Cfengine(cfengine::Command),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    ///
    /// Example: confer completions bash > ~/.local/share/bash-completion/completions/confer
    Completions(setup::CompletionsArgs),
    /// Serve the Language Server Protocol on standard input and output, for
    /// editors: diagnostics, hover, definitions, references, completion,
    /// symbols and folding for Puppet manifests.
    ///
    /// Example (Neovim): vim.lsp.start{name = 'confer', cmd = {'confer', 'lsp'}}
    Lsp,
    /// Write the man pages (`confer.1`, `confer-puppet-apply.1`, …) into a directory.
    ///
    /// Example: confer manpages ~/.local/share/man/man1
    Manpages(setup::ManpagesArgs),
}

/// Runs `confer lsp` until the client shuts the server down.
fn lsp(out: output_settings::OutputSettings) -> ExitCode {
    match confer_lsp::run_stdio() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            out.error("lsp::protocol", "Error: ", &format!("confer lsp: {e}"));
            ExitCode::FAILURE
        }
    }
}

/// Stack for the thread that parses and evaluates: recursion is bounded by
/// depth limits, and this leaves those limits a wide margin.
pub(crate) const STACK_SIZE: usize = 64 * 1024 * 1024;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let out = output_settings::OutputSettings::new(cli.error_format);
    let worker = std::thread::Builder::new().stack_size(STACK_SIZE).spawn(move || match cli.command {
        Command::Puppet(cmd) => puppet::run(cmd, out),
        Command::Check(args) => check::run(args, out),
        Command::Cfengine(c) => cfengine::run(c, out),
        Command::Completions(args) => setup::completions(Cli::command(), args, out),
        Command::Manpages(args) => setup::manpages(Cli::command(), args, out),
        Command::Lsp => lsp(out),
    });
    match worker.map(std::thread::JoinHandle::join) {
        Ok(Ok(code)) => code,
        _ => {
            eprintln!("Error: confer could not run its evaluation thread");
            ExitCode::FAILURE
        }
    }
}
