//! `confer puppet …`: the Puppet commands, printing what `puppet` prints.

use std::process::ExitCode;
use std::sync::Arc;

use clap::{Args, Subcommand};
use confer_core::Value;
use confer_puppet::log::Level;
use confer_puppet::span::Source;

use crate::log_output::Console;
use crate::manifest_source::{read_source, report};
use crate::output_settings::{ColorWhen, OutputSettings};

/// The Puppet subcommands.
#[derive(Subcommand)]
pub enum PuppetCommand {
    /// Evaluate a manifest as `puppet apply` compiles it and print what it logs.
    ///
    /// Nothing is applied to the system: resources are collected, and only what
    /// applying `notify` resources prints is shown. Without a file (or with
    /// `-`) the manifest is read from standard input.
    ///
    /// Example: confer puppet apply -e 'notice(1 + 1)'
    Apply(ApplyArgs),
    /// Check manifests for syntax errors, as `puppet parser validate` does.
    #[command(subcommand)]
    Parser(ParserCommand),
    /// Compile a node's catalog and print it as JSON, as `puppet catalog
    /// compile NODE --render-as json` does.
    ///
    /// Example: confer puppet compile --environment examples/production --facts examples/facts/web1.yaml
    ///
    /// With `--facts-dir DIR --output-dir OUT`, compiles every node whose
    /// facts DIR holds, on all cores, into OUT/NODE.json, and prints a
    /// summary; exit 1 if any node failed. `--shard K/N` compiles the K-th
    /// of N stable slices of the nodes (for a CI matrix, or a Kubernetes
    /// indexed Job: `--shard $((JOB_COMPLETION_INDEX+1))/N`); `confer
    /// puppet fleet-merge` gathers the shards' outputs. `--puppetdb URL`
    /// reads the nodes and their facts from PuppetDB instead.
    ///
    /// Example: confer puppet compile --environment examples/fleet/environments/production --facts-dir examples/fleet/facts --output-dir target/fleet-catalogs
    Compile(crate::compile::CompileArgs),
    /// Gather the output directories of the shards of a fleet compile
    /// (`confer puppet compile --facts-dir … --shard K/N`) into one, with
    /// one summary; exit 1 if any node of any shard failed.
    ///
    /// Example: confer puppet fleet-merge --output-dir target/fleet-catalogs target/fleet-catalogs
    FleetMerge(crate::fleet::merge::MergeArgs),
    /// Compile every node on two sides — two environment directories, or
    /// two revisions of a control repository in git — and show what
    /// differs, as octocatalog-diff does: resources added, removed and
    /// changed, with each changed parameter old → new (a unified diff for
    /// file content), then a table of the changes. Exit 0: no differences,
    /// 2: differences, 1: a node failed to compile on either side.
    ///
    /// Example: confer puppet diff --from examples/fleet/environments/production --to examples/fleet/environments/candidate --facts-dir examples/fleet/facts
    Diff(crate::fleet::diff::DiffArgs),
    /// Look keys up in Hiera for a node, as `puppet lookup` does.
    ///
    /// Example: confer puppet lookup ntp::servers --environment examples/hiera-env --facts examples/hiera-env/facts/web01.yaml --explain
    Lookup(crate::lookup::LookupArgs),
    /// List the functions confer implements, with their signatures.
    ///
    /// Module functions (stdlib's and others') exist only when their module
    /// is on the module path, as in Puppet.
    ///
    /// Example: confer puppet functions
    Functions,
    /// An interactive console for the Puppet language: line editing,
    /// history, completion, variables that stay between inputs.
    ///
    /// Example: confer puppet console --facts examples/facts/web1.yaml
    Console(crate::console::ConsoleArgs),
}

/// Arguments of `confer puppet apply`.
#[derive(Args)]
pub struct ApplyArgs {
    /// The manifest to evaluate (`-` or none: standard input).
    #[arg(conflicts_with = "execute")]
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
    /// Colour the output as Puppet's console does.
    #[arg(long, value_enum, default_value = "auto", value_name = "WHEN")]
    color: ColorWhen,
    /// `text` prints as Puppet does; `json` prints one JSON object a line on
    /// standard output: each log event, then the top scope's variables.
    #[arg(long, value_enum, default_value = "text")]
    format: RunFormat,
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
    #[command(flatten)]
    strict: crate::strict_args::StrictArgs,
}

/// How a run prints what it logs.
#[derive(Clone, Copy, Debug, clap::ValueEnum, PartialEq, Eq)]
pub enum RunFormat {
    /// As the reference tool prints.
    Text,
    /// JSON lines (see `json_output`).
    Json,
}

/// `confer puppet parser …`.
#[derive(Subcommand)]
pub enum ParserCommand {
    /// Report the first syntax error of each manifest; exit 1 if any has one.
    ///
    /// Without a file (or with `-`) the manifest is read from standard input.
    ///
    /// Example: confer puppet parser validate site.pp modules/*/manifests/*.pp
    Validate {
        /// The manifests to check.
        files: Vec<String>,
        /// Colour error lines as Puppet's console does.
        #[arg(long, value_enum, default_value = "auto", value_name = "WHEN")]
        color: ColorWhen,
    },
}

/// Runs `confer puppet apply`.
fn apply(args: ApplyArgs, out: OutputSettings) -> ExitCode {
    let out = out.colored(args.color);
    let source = match (&args.execute, &args.file) {
        (Some(code), _) => Source::new("<code>", code.clone()),
        (None, path) => match read_source(path.as_deref().unwrap_or("-"), out) {
            Ok(s) => s,
            Err(code) => return code,
        },
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
                out.error("puppet::environment", "Error: ", &e.to_string());
                return ExitCode::FAILURE;
            }
        },
        None => confer_puppet::environment::Environment::bare(modulepath),
    };
    let env = confer_puppet::environment::Environment { strict: args.strict.strict(), ..env };
    let facts = match crate::compile::load_facts(args.facts.as_ref(), out) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let node = confer_puppet::node::Node::new(facts.name, facts.values);
    let env = std::rc::Rc::new(env);
    if args.format == RunFormat::Json {
        return apply_json(&source, &env, &node, min_level);
    }
    let mut console = Console::new(min_level, &out);
    match confer_puppet::apply_in(&source, &env, Some(&node), &mut console) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            report(&e, Some(&source), "", out);
            ExitCode::FAILURE
        }
    }
}

/// `apply --format json`: log lines, then a `state` line with the top
/// scope's variables (the node's facts, which `$facts` holds, left out).
fn apply_json(
    source: &Arc<Source>,
    env: &std::rc::Rc<confer_puppet::environment::Environment>,
    node: &confer_puppet::node::Node,
    min_level: Level,
) -> ExitCode {
    use crate::json_output;
    let mut log = json_output::JsonLog { min_level };
    let (result, variables) = confer_puppet::apply_with_state(source, env, Some(node), &mut log);
    if let Err(e) = &result {
        json_output::puppet_error(e);
    }
    let is_fact = |name: &str| match &node.facts {
        Value::Hash(facts) => facts.contains_key(&Value::from(name)),
        _ => false,
    };
    let variables: serde_json::Map<String, serde_json::Value> = variables
        .iter()
        .filter(|(name, _)| !matches!(name.as_str(), "facts" | "trusted" | "server_facts") && !is_fact(name))
        .map(|(name, v)| (name.clone(), json_output::value(v)))
        .collect();
    json_output::emit(&serde_json::json!({"type": "state", "ok": result.is_ok(), "variables": variables}));
    if result.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Runs `confer puppet parser validate`.
fn validate(files: Vec<String>, color: ColorWhen, out: OutputSettings) -> ExitCode {
    let out = out.colored(color);
    let files = if files.is_empty() { vec!["-".to_string()] } else { files };
    let mut ok = true;
    for path in files {
        // Puppet names each file by its absolute path (`File.expand_path`,
        // which keeps symbolic links).
        let path = if path == "-" {
            path
        } else {
            std::path::absolute(&path).map_or(path, |p| p.to_string_lossy().into_owned())
        };
        let Ok(source) = read_source(&path, out) else {
            ok = false;
            continue;
        };
        match confer_puppet::validate_with_warnings(&source, Default::default()) {
            Ok((_, warnings)) => warnings.iter().for_each(|w| eprintln!("{w}")),
            Err(e) => {
                report(&e, Some(&source), "", out);
                // Puppet's command line adds its usage hint to errors that
                // are not its own (Ruby's), as `parser validate` prints them.
                if e.phase == confer_puppet::error::Phase::Loading {
                    out.error("puppet::usage", "Error: ", "Try 'puppet help parser validate' for usage");
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

/// Prints `confer puppet functions`: each function with one signature a line.
fn list_functions() -> ExitCode {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    for f in confer_puppet::eval::builtin_functions() {
        let origin = f.module.map(|m| format!("  (module {m})")).unwrap_or_default();
        let _ = writeln!(out, "{}{origin}", f.name);
        for sig in &f.signatures {
            let _ = writeln!(out, "    {}({sig})", f.name);
        }
    }
    ExitCode::SUCCESS
}

/// Runs a Puppet subcommand.
pub fn run(cmd: PuppetCommand, out: OutputSettings) -> ExitCode {
    match cmd {
        PuppetCommand::Apply(args) => apply(args, out),
        PuppetCommand::Compile(args) => crate::compile::run(args, out),
        PuppetCommand::FleetMerge(args) => crate::fleet::merge::run(args, out),
        PuppetCommand::Diff(args) => crate::fleet::diff::run(args, out),
        PuppetCommand::Lookup(args) => crate::lookup::run(args, out),
        PuppetCommand::Parser(ParserCommand::Validate { files, color }) => validate(files, color, out),
        PuppetCommand::Functions => list_functions(),
        PuppetCommand::Console(args) => crate::console::run(args, out),
    }
}
