//! `confer completions SHELL` and `confer manpages DIR`: shell completion
//! scripts and man pages generated from the same clap definitions that parse
//! the command line, so they never disagree with it.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Command};
use clap_complete::Shell;

use crate::output_settings::OutputSettings;

/// Arguments of `confer completions`.
#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell to write the completion script for.
    #[arg(value_enum)]
    shell: Shell,
}

/// Arguments of `confer manpages`.
#[derive(Args)]
pub struct ManpagesArgs {
    /// The directory to write `confer.1`, `confer-puppet.1`, … into (created
    /// when missing).
    dir: PathBuf,
}

/// Prints the completion script for `args.shell` on standard output.
pub fn completions(mut cli: Command, args: CompletionsArgs, _out: OutputSettings) -> ExitCode {
    clap_complete::generate(args.shell, &mut cli, "confer", &mut std::io::stdout());
    ExitCode::SUCCESS
}

/// Writes one man page per command and subcommand into `args.dir`.
pub fn manpages(cli: Command, args: ManpagesArgs, out: OutputSettings) -> ExitCode {
    if let Err(e) = std::fs::create_dir_all(&args.dir) {
        out.error("io", "Error: ", &format!("cannot create {}: {e}", args.dir.display()));
        return ExitCode::FAILURE;
    }
    let mut written = 0;
    match write_pages(&cli.name("confer"), "confer", &args.dir, &mut written) {
        Ok(()) => {
            crate::stdout::println(&format!("{written} man pages written to {}", args.dir.display()));
            ExitCode::SUCCESS
        }
        Err(e) => {
            out.error("io", "Error: ", &format!("cannot write the man pages in {}: {e}", args.dir.display()));
            ExitCode::FAILURE
        }
    }
}

/// Writes the page of `cmd` (named `name`, `confer-puppet-apply` for a
/// subcommand) and those of its subcommands.
fn write_pages(cmd: &Command, name: &str, dir: &Path, written: &mut usize) -> std::io::Result<()> {
    let page = cmd.clone().name(name.to_string());
    let mut buffer = Vec::new();
    clap_mangen::Man::new(page).render(&mut buffer)?;
    std::fs::write(dir.join(format!("{name}.1")), buffer)?;
    *written += 1;
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        write_pages(sub, &format!("{name}-{}", sub.get_name()), dir, written)?;
    }
    Ok(())
}
