//! `confer puppet …`: the Puppet commands, printing what `puppet` prints.

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Args, Subcommand};
use confer_puppet::log::{Level, LogEvent, Logger};
use confer_puppet::span::Source;

use crate::diagnostics::report;

/// The Puppet subcommands.
#[derive(Subcommand)]
pub enum PuppetCommand {
    /// Evaluate a manifest as `puppet apply` compiles it and print what it logs.
    ///
    /// Nothing is applied to the system: resources are collected, and only what
    /// applying `notify` resources prints is shown.
    ///
    /// Example: confer puppet apply -e 'notice(1 + 1)'
    Apply(ApplyArgs),
    /// Check manifests for syntax errors, as `puppet parser validate` does.
    #[command(subcommand)]
    Parser(ParserCommand),
}

/// Arguments of `confer puppet apply`.
#[derive(Args)]
pub struct ApplyArgs {
    /// The manifest to evaluate.
    #[arg(required_unless_present = "execute", conflicts_with = "execute")]
    file: Option<String>,
    /// Evaluate this code instead of a file.
    #[arg(short = 'e', long = "execute", value_name = "CODE")]
    execute: Option<String>,
    /// Also print `info` messages.
    #[arg(short, long)]
    verbose: bool,
    /// Also print `info` and `debug` messages.
    #[arg(short, long)]
    debug: bool,
}

/// `confer puppet parser …`.
#[derive(Subcommand)]
pub enum ParserCommand {
    /// Report the first syntax error of each manifest; exit 1 if any has one.
    ///
    /// Example: confer puppet parser validate site.pp modules/*/manifests/*.pp
    Validate {
        /// The manifests to check.
        #[arg(required = true)]
        files: Vec<String>,
    },
}

/// Prints events as Puppet does: notices on stdout, everything else on stderr.
struct Console {
    min_level: Level,
}

impl Logger for Console {
    fn log(&mut self, event: LogEvent) {
        if event.level < self.min_level {
            return;
        }
        if event.level == Level::Notice {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{event}");
        } else {
            let _ = writeln!(std::io::stderr().lock(), "{event}");
        }
    }
}

fn read_source(path: &str) -> Result<Arc<Source>, ExitCode> {
    match confer_core::read::read_text(std::path::Path::new(path)) {
        Ok(text) => Ok(Source::new(path, text)),
        Err(e) => {
            eprintln!("Error: Could not read file {path}: {e}");
            Err(ExitCode::FAILURE)
        }
    }
}

/// Runs a Puppet subcommand.
pub fn run(cmd: PuppetCommand) -> ExitCode {
    match cmd {
        PuppetCommand::Apply(args) => {
            let source = match (&args.execute, &args.file) {
                (Some(code), _) => Source::new("<code>", code.clone()),
                (None, Some(path)) => match read_source(path) {
                    Ok(s) => s,
                    Err(code) => return code,
                },
                (None, None) => return ExitCode::FAILURE,
            };
            let min_level = if args.debug {
                Level::Debug
            } else if args.verbose {
                Level::Info
            } else {
                Level::Notice
            };
            match confer_puppet::apply(&source, &mut Console { min_level }) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    report(&e, &source);
                    ExitCode::FAILURE
                }
            }
        }
        PuppetCommand::Parser(ParserCommand::Validate { files }) => {
            let mut ok = true;
            for path in files {
                let source = match read_source(&path) {
                    Ok(s) => s,
                    Err(_) => {
                        ok = false;
                        continue;
                    }
                };
                if let Err(e) = confer_puppet::validate(&source) {
                    report(&e, &source);
                    ok = false;
                }
            }
            if ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
    }
}
