//! `confer check`: validate JSON/YAML documents against a Puppet type, or Hiera
//! data against the class parameters it sets. Exit status: 0 valid, 1 invalid,
//! 2 usage or I/O error.

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{Args, Subcommand, ValueEnum};
use confer_check::document::{self, Format};
use confer_check::hiera::ClassIndex;
use confer_check::{Problem, Severity, TypeEnvironment};
use confer_diagnostic::{render, Diagnostic, IntoDiagnostic, NoSources};
use rayon::prelude::*;

use crate::output_settings::OutputSettings;

/// Arguments of `confer check`.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct CheckArgs {
    #[command(subcommand)]
    command: Option<CheckCommand>,
    #[command(flatten)]
    documents: DocumentArgs,
}

/// `confer check hiera …`.
#[derive(Subcommand)]
enum CheckCommand {
    /// Check Hiera data (keys `module::class::param`) against the types of the
    /// class parameters in the module path: data files one by one, or, with
    /// `--environment` and `--facts`, the values each node gets through the
    /// environment's hierarchy.
    ///
    /// Example: confer check hiera --modulepath site:modules data/common.yaml
    ///
    /// Example: confer check hiera --environment env --facts web01.yaml db01.yaml
    Hiera(HieraArgs),
}

/// Output format.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum OutputFormat {
    /// One line per problem: `file:line:col: error: path: message`.
    Human,
    /// A JSON array of problems.
    Json,
}

/// Validate JSON or YAML documents against a Puppet type expression.
///
/// Example: confer check --type 'Struct[{name => String[1], port => Integer[1,65535]}]' servers.yaml
#[derive(Args)]
struct DocumentArgs {
    /// The type expression documents must match.
    #[arg(long = "type", value_name = "TYPE", conflicts_with = "type_file")]
    type_expr: Option<String>,
    /// Read the type expression from a file.
    #[arg(long, value_name = "FILE")]
    type_file: Option<String>,
    /// Module directories (separated by ':') whose `types/` aliases may be used.
    #[arg(long, value_name = "DIRS", default_value = "")]
    modulepath: String,
    /// How to print problems.
    #[arg(long, value_enum, default_value = "human")]
    format: OutputFormat,
    /// Report at most this many problems in each document.
    #[arg(long, value_name = "N", default_value_t = 100)]
    max_errors: usize,
    /// Documents to check (`-` reads standard input).
    files: Vec<String>,
}

#[derive(Args)]
struct HieraArgs {
    /// Module directories (separated by ':') with the classes and type aliases
    /// (with `--environment`: searched after its own `modules/`).
    #[arg(long, value_name = "DIRS", required_unless_present = "environment")]
    modulepath: Option<String>,
    /// A Puppet environment whose hierarchy is followed for each `--facts` node.
    #[arg(long, value_name = "DIR", requires = "facts")]
    environment: Option<std::path::PathBuf>,
    /// Facts files, one for each node whose view of the data is checked.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    facts: Vec<std::path::PathBuf>,
    /// How to print problems.
    #[arg(long, value_enum, default_value = "human")]
    format: OutputFormat,
    /// Hiera data files (YAML or JSON).
    #[arg(required_unless_present = "environment")]
    files: Vec<String>,
}

/// A file that could not be checked at all: unreadable, or not JSON or
/// YAML — a diagnostic whose `kind` field is `io` or `syntax`.
struct Broken;

impl Broken {
    fn io(file: &str, message: String) -> Box<Diagnostic> {
        Broken::diagnostic(file, None, "io", message)
    }

    fn syntax(file: &str, e: &document::SyntaxError) -> Box<Diagnostic> {
        let message = format!("invalid document: {}", e.message);
        Broken::diagnostic(file, Some((e.line, e.column)), "syntax", message)
    }

    /// `file:line:col: error: message`, and the same fields in JSON as a
    /// problem has.
    fn diagnostic(
        file: &str,
        position: Option<(usize, usize)>,
        kind: &'static str,
        message: String,
    ) -> Box<Diagnostic> {
        let at = match position {
            Some((l, c)) => format!("{file}:{l}:{c}"),
            None => file.to_string(),
        };
        let headline = confer_core::text::escape_controls(&format!("{at}: error: {message}")).into_owned();
        let location = position.map(|(line, column)| confer_diagnostic::Location { file: file.into(), line, column });
        let code = if kind == "io" { "check::io" } else { "check::syntax" };
        Box::new(
            Diagnostic::error(code, headline, message)
                .at(location)
                .with_field("file", file.into())
                .with_field("kind", kind.into())
                .with_field("path", "".into())
                .with_field("expected", serde_json::Value::Null)
                .with_field("actual", serde_json::Value::Null),
        )
    }
}

/// The outcome of checking one file.
type FileResult = Result<Vec<Problem>, Box<Diagnostic>>;

fn read(path: &str) -> Result<String, Box<Diagnostic>> {
    if path == "-" {
        confer_core::read::read_stream(std::io::stdin().lock())
            .map_err(|e| Broken::io(path, format!("cannot read standard input: {e}")))
    } else {
        confer_core::read::read_text(std::path::Path::new(path))
            .map_err(|e| Broken::io(path, format!("cannot read: {e}")))
    }
}

/// The format of a file; standard input may be JSON or YAML.
fn format_of(path: &str, text: &str) -> Format {
    if path == "-" && text.trim_start().starts_with(['{', '[']) {
        Format::Json
    } else {
        Format::for_path(path)
    }
}

/// Parses a file into documents.
fn documents(path: &str, text: &str) -> Result<Vec<document::Document>, Box<Diagnostic>> {
    document::parse(text, format_of(path, text)).map_err(|e| Broken::syntax(path, &e))
}

/// Checks files in parallel, with a progress bar on a terminal, keeping the
/// results in the order the files were given.
fn run_files(files: &[String], check: impl Fn(&str) -> FileResult + Sync) -> Vec<FileResult> {
    let bar =
        (std::io::stderr().is_terminal() && files.len() > 1).then(|| indicatif::ProgressBar::new(files.len() as u64));
    let each = || {
        files
            .par_iter()
            .map(|f| {
                let r = check(f);
                if let Some(b) = &bar {
                    b.inc(1);
                }
                r
            })
            .collect()
    };
    // Documents nest up to 1,000 levels, and parsing and checking recurse once
    // per level: give the workers the evaluation thread's stack, not rayon's 2 MiB.
    let results = match rayon::ThreadPoolBuilder::new().stack_size(crate::STACK_SIZE).build() {
        Ok(pool) => pool.install(each),
        Err(_) => each(),
    };
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    results
}

fn report(results: Vec<FileResult>, format: OutputFormat, out: OutputSettings) -> ExitCode {
    let mut failed = false;
    let mut broken = false;
    let mut list = Vec::new();
    for r in results {
        match r {
            Ok(problems) => {
                failed |= problems.iter().any(|p| p.severity == Severity::Error);
                for p in problems {
                    let d = p.into_diagnostic();
                    match format {
                        OutputFormat::Human => crate::stdout::print(&render::text(&d, &NoSources, &|h| h.to_string())),
                        OutputFormat::Json => {
                            let mut json = render::json(&d);
                            json["kind"] = "type".into();
                            list.push(json);
                        }
                    }
                }
            }
            Err(b) => {
                broken = true;
                match format {
                    OutputFormat::Human => out.emit(&b, &NoSources),
                    OutputFormat::Json => list.push(render::json(&b)),
                }
            }
        }
    }
    if format == OutputFormat::Json {
        crate::stdout::println(&serde_json::Value::Array(list).to_string());
    }
    if broken {
        ExitCode::from(2)
    } else if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Runs `confer check`; a usage or I/O problem exits with status 2.
pub fn run(args: CheckArgs, out: OutputSettings) -> ExitCode {
    run_checks(args, out).unwrap_or_else(|message| {
        out.error("check::usage", "error: ", &message);
        ExitCode::from(2)
    })
}

/// `check hiera --environment DIR --facts FILE…`: each node's data as the
/// real hierarchy gives it.
fn check_nodes(h: &HieraArgs, out: OutputSettings) -> Result<ExitCode, String> {
    let dir = h.environment.clone().unwrap_or_default();
    let base = crate::compile::split_path(h.modulepath.as_deref());
    let env = confer_puppet::environment::Environment::load(&dir, &base).map_err(|e| e.to_string())?;
    let modulepath: Vec<String> = env.modulepath.iter().map(|p| p.display().to_string()).collect();
    let modulepath = modulepath.join(":");
    let types = TypeEnvironment::load(&modulepath).map_err(|e| e.to_string())?;
    let results: Vec<FileResult> = h
        .facts
        .iter()
        .map(|path| {
            confer_facts::load(path).map_err(|e| Broken::io(&path.display().to_string(), e.to_string())).map(|facts| {
                let hiera = confer_hiera::Hiera::new(Some(&dir), env.modulepath.clone(), None);
                let scope = confer_hiera::NodeScope::new(&facts.name, &facts.values, "production");
                let mut index = ClassIndex::new(&types, &modulepath);
                confer_check::hiera_node::check_node(&mut index, &hiera, &scope, &facts.name)
            })
        })
        .collect();
    Ok(report(results, h.format, out))
}

fn run_checks(args: CheckArgs, out: OutputSettings) -> Result<ExitCode, String> {
    match args.command {
        Some(CheckCommand::Hiera(h)) if h.environment.is_some() => check_nodes(&h, out),
        Some(CheckCommand::Hiera(h)) => {
            let modulepath = h.modulepath.clone().unwrap_or_default();
            let env = TypeEnvironment::load(&modulepath).map_err(|e| e.to_string())?;
            let results = run_files(&h.files, |path| {
                let text = read(path)?;
                let mut index = ClassIndex::new(&env, &modulepath);
                Ok(documents(path, &text)?.iter().flat_map(|doc| index.check(path, doc)).collect())
            });
            Ok(report(results, h.format, out))
        }
        None => {
            let d = args.documents;
            let expr = match (&d.type_expr, &d.type_file) {
                (Some(t), _) => t.clone(),
                (None, Some(f)) => read(f).map_err(|b| format!("{f}: {}", b.message))?,
                (None, None) => return Err("give the type with --type 'TYPE' or --type-file FILE".into()),
            };
            if d.files.is_empty() {
                return Err("no documents to check (use - for standard input)".into());
            }
            let t = TypeEnvironment::load(&d.modulepath)
                .and_then(|env| env.resolve(expr.trim()))
                .map_err(|e| e.to_string())?;
            let results = run_files(&d.files, |path| {
                let text = read(path)?;
                let format = format_of(path, &text);
                confer_check::check_text(&t, &text, format, path, d.max_errors).map_err(|e| Broken::syntax(path, &e))
            });
            Ok(report(results, d.format, out))
        }
    }
}
