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
    /// Compile a node's catalog and print it as JSON, as `puppet catalog
    /// compile NODE --render-as json` does.
    ///
    /// Example: confer puppet compile --environment examples/env --facts examples/env/facts/web1.yaml
    Compile(crate::compile::CompileArgs),
    /// Look keys up in Hiera for a node, as `puppet lookup` does.
    ///
    /// Example: confer puppet lookup ntp::servers --environment examples/hiera-env --facts examples/hiera-env/facts/web01.yaml --explain
    Lookup(crate::lookup::LookupArgs),
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
    /// Directories holding modules the manifest may use (`:`-separated).
    #[arg(long, value_name = "DIR[:DIR…]")]
    modulepath: Option<String>,
    /// A Puppet environment directory whose modules (and `environment.conf`
    /// module path) the manifest may use.
    #[arg(long, value_name = "DIR")]
    environment: Option<std::path::PathBuf>,
    /// The node's facts (Puppet's cached facts YAML, or `facter -y`/`-j`
    /// output); without it a core set is gathered on this machine.
    #[arg(long, value_name = "FILE")]
    facts: Option<std::path::PathBuf>,
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
pub struct Console {
    min_level: Level,
}

impl Console {
    /// A console that shows warnings and errors only, as a compile run with
    /// `--log_level warning` does.
    pub fn errors_only() -> Console {
        Console { min_level: Level::Warning }
    }
}

/// Prints an error whose location may be in any file (a compile reads
/// many): Puppet's line with `suffix` (` on node N`), then the excerpt of the
/// file it names.
pub fn report_located(err: &confer_puppet::error::PuppetError, suffix: &str) {
    let source = err
        .location
        .as_ref()
        .and_then(|loc| confer_puppet::files::read_text(std::path::Path::new(&loc.file)).ok().map(|t| (loc, t)))
        .map(|(loc, text)| Source::new(loc.file.clone(), text));
    match source {
        Some(source) => report(err, &source, suffix),
        None => eprintln!("Error: {err}{suffix}"),
    }
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
            let modulepath = crate::compile::split_path(args.modulepath.as_deref());
            let env = match &args.environment {
                Some(dir) => match confer_puppet::environment::Environment::load(dir, &modulepath) {
                    Ok(env) => env,
                    Err(e) => {
                        eprintln!("Error: {e}");
                        return ExitCode::FAILURE;
                    }
                },
                None => confer_puppet::environment::Environment::bare(modulepath),
            };
            let facts = match crate::compile::load_facts(args.facts.as_ref()) {
                Ok(f) => f,
                Err(code) => return code,
            };
            let node = confer_puppet::node::Node::new(facts.name, facts.values);
            let env = std::rc::Rc::new(env);
            match confer_puppet::apply_in(&source, &env, Some(&node), &mut Console { min_level }) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    if e.location.as_ref().is_some_and(|l| l.file != source.name) {
                        report_located(&e, "");
                    } else {
                        report(&e, &source, "");
                    }
                    ExitCode::FAILURE
                }
            }
        }
        PuppetCommand::Compile(args) => crate::compile::run(args),
        PuppetCommand::Lookup(args) => crate::lookup::run(args),
        PuppetCommand::Parser(ParserCommand::Validate { files }) => {
            let mut ok = true;
            for path in files {
                // Puppet names each file by its absolute path (`File.expand_path`,
                // which keeps symbolic links).
                let path = std::path::absolute(&path).map_or(path, |p| p.to_string_lossy().into_owned());
                let source = match read_source(&path) {
                    Ok(s) => s,
                    Err(_) => {
                        ok = false;
                        continue;
                    }
                };
                match confer_puppet::validate_with_warnings(&source) {
                    Ok((_, warnings)) => warnings.iter().for_each(|w| eprintln!("{w}")),
                    Err(e) => {
                        report(&e, &source, "");
                        // Puppet's command line adds its usage hint to errors that
                        // are not its own (Ruby's), as `parser validate` prints them.
                        if e.phase == confer_puppet::error::Phase::Loading {
                            eprintln!("Error: Try 'puppet help parser validate' for usage");
                        }
                        ok = false;
                    }
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
