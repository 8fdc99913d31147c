//! `confer cfengine run|validate`: CFEngine policies evaluated as
//! `cf-agent -K -f FILE` and checked as `cf-promises -f FILE`.

use std::io::Write;
use std::process::ExitCode;

use crate::output_settings::OutputSettings;
use clap::{Args, Subcommand};
use confer_cfengine::eval::message::Message;
use confer_cfengine::{Options, Sink};
use confer_diagnostic::IntoDiagnostic;

/// CFEngine commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Evaluate a policy and print its reports, as `cf-agent -K -f FILE` does.
    ///
    /// Example: confer cfengine run policy.cf -D DEBUG
    Run(RunArgs),
    /// Check a policy's syntax, as `cf-promises -f FILE` does.
    ///
    /// Example: confer cfengine validate policy.cf
    Validate(RunArgs),
}

/// Arguments shared by `run` and `validate`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The policy file (as cf-agent's `-f FILE`).
    pub file: Option<String>,
    /// The policy file, cf-agent style.
    #[arg(short = 'f', long = "file", value_name = "FILE")]
    pub file_flag: Option<String>,
    /// Define classes (comma-separated, may repeat).
    #[arg(short = 'D', long = "define", value_name = "CLASS,...")]
    pub define: Vec<String>,
    /// Ignore locks (always the case in confer; accepted for cf-agent compatibility).
    #[arg(short = 'K', long = "no-lock")]
    pub no_lock: bool,
    /// Print the variables after pre-evaluation, as `cf-promises --show-vars`.
    #[arg(long = "show-vars")]
    pub show_vars: bool,
    /// Print the classes after pre-evaluation, as `cf-promises --show-classes`.
    #[arg(long = "show-classes", conflicts_with = "show_vars")]
    pub show_classes: bool,
    /// Print what cf-agent's `-I` prints: an `info:` line for each change
    /// (with `--root`, to files under the root).
    #[arg(short = 'I', long = "inform")]
    pub inform: bool,
    /// Say which promises confer does not carry out (`files:`, `commands:`,
    /// `packages:` …) instead of skipping them in silence.
    #[arg(short = 'v', long = "verbose")]
    pub verbose: bool,
    /// With `--root`: say what `files` promises would change, and change
    /// nothing (cf-agent's `--dry-run`).
    #[arg(short = 'n', long = "dry-run")]
    pub dry_run: bool,
    /// Run these bundles instead of the policy's bundlesequence
    /// (comma-separated, as cf-agent's `-b`).
    #[arg(short = 'b', long = "bundlesequence", value_name = "BUNDLE,...")]
    pub bundles: Option<String>,
    /// `json`: one JSON object a line — each report and error as it comes,
    /// then the variables and classes the run left defined.
    #[arg(long, value_enum, default_value = "text")]
    pub format: crate::puppet::RunFormat,
    /// Carry out `files` promises inside DIR: each path the policy names is
    /// taken under DIR (`/etc/motd` is `DIR/etc/motd`), one that leads out
    /// of it (by `..` or a link) is refused, and what changed is listed on
    /// standard error after the run. Without it `files` promises change
    /// nothing.
    #[arg(long, value_name = "DIR")]
    pub root: Option<std::path::PathBuf>,
}

/// The promise types confer carries out; the others (`files:`,
/// `commands:`, `packages:` …) would change the system, and are skipped.
const CARRIED_OUT: &[&str] = &["meta", "vars", "defaults", "classes", "methods", "reports"];

/// With `-v`: one note per section of a promise type confer skips, in the
/// agent and common bundles of the loaded policy.
fn note_skipped(opts: &Options, rooted: bool) {
    let Some(policy) = confer_cfengine::eval::run::loaded_policy(opts) else {
        return;
    };
    for bundle in policy.bundles.iter().filter(|b| b.kind == "agent" || b.kind == "common") {
        let carried_out = |t: &str| CARRIED_OUT.contains(&t) || (rooted && t == "files");
        for section in bundle.sections.iter().filter(|s| !carried_out(&s.promise_type)) {
            let line = section.promises.first().map_or(bundle.line, |p| p.line);
            eprintln!(
                "note: {}:{line}: confer does not carry out '{}:' promises (bundle {}): {} skipped",
                bundle.file,
                section.promise_type,
                bundle.name,
                match section.promises.len() {
                    1 => "1 promise".to_string(),
                    n => format!("{n} promises"),
                }
            );
        }
    }
}

struct Stdout<'a>(std::io::StdoutLock<'a>);

impl Sink for Stdout<'_> {
    fn line(&mut self, line: &str) {
        let _ = writeln!(self.0, "{line}");
    }
}

/// Standard error, where errors are printed as the command's settings say.
struct Stderr(OutputSettings);

/// A sink writing each message of the run as a JSON `log` object: its
/// level (`report` for a reports promise's text), its text, and an error's
/// code; text printed as it is (a table) is `info`.
struct JsonSink;

impl Sink for JsonSink {
    fn line(&mut self, line: &str) {
        crate::json_output::emit(&crate::json_output::log_line("info", line, "cf-agent", None, None, None, &[]));
    }

    fn message(&mut self, m: &Message) {
        let (level, text, code) = match *m {
            Message::Report(text) => ("report", text, None),
            Message::Log(level, text) => (level.name(), text, None),
            Message::Error(kind, text) => ("error", text, Some(kind.code())),
            Message::Text(text) => ("info", text, None),
        };
        let mut line = crate::json_output::log_line(level, text, "cf-agent", None, None, None, &[]);
        if let Some(code) = code {
            line["code"] = serde_json::json!(code);
        }
        crate::json_output::emit(&line);
    }

    fn diagnostic(&mut self, d: &confer_cfengine::Diagnostic) {
        let d = d.into_diagnostic();
        let at = d.location.as_ref();
        let mut line = crate::json_output::log_line(
            "error",
            &d.message,
            "cf-promises",
            at.map(|l| &*l.file),
            at.map(|l| l.line),
            at.map(|l| l.column),
            &d.notes,
        );
        line["code"] = serde_json::json!(d.code);
        crate::json_output::emit(&line);
    }
}

/// `run --format json`: the run's lines as JSON, then its final state.
fn run_json(opts: &Options) -> ExitCode {
    let (ended, state) = confer_cfengine::run_with_state(opts, &mut JsonSink, &mut JsonSink);
    let code = ended.exit_code();
    if let Some(state) = state {
        let vars: serde_json::Map<String, serde_json::Value> = state
            .vars
            .into_iter()
            .map(|(name, value)| (name, serde_json::from_str(&value).unwrap_or(serde_json::Value::String(value))))
            .collect();
        crate::json_output::emit(&serde_json::json!({"type": "state", "variables": vars, "classes": state.classes}));
    }
    ExitCode::from(code.clamp(0, 255) as u8)
}

impl Sink for Stderr {
    fn line(&mut self, line: &str) {
        eprintln!("{line}");
    }

    fn diagnostic(&mut self, d: &confer_cfengine::Diagnostic) {
        self.0.emit(&d.into_diagnostic(), &confer_diagnostic::FileSources::new());
    }
}

/// Runs a `confer cfengine` command and returns its exit code.
pub fn run(cmd: Command, settings: OutputSettings) -> ExitCode {
    let (args, validate) = match cmd {
        Command::Run(a) => (a, false),
        Command::Validate(a) => (a, true),
    };
    let Some(file) = args.file_flag.or(args.file) else {
        let name = if validate { "validate" } else { "run" };
        settings.error("usage", "error: ", &format!("no policy file given (confer cfengine {name} FILE.cf)"));
        return ExitCode::from(2);
    };
    let bundles = args.bundles.map(|b| b.split(',').map(|n| n.trim().to_string()).filter(|n| !n.is_empty()).collect());
    let root = match args.root.as_deref().map(confer_cfengine::files::Sandbox::root).transpose() {
        Ok(root) => root,
        Err(e) => {
            let dir = args.root.as_deref().map(|d| d.display().to_string()).unwrap_or_default();
            let reason = confer_cfengine::os_error::describe(&e);
            settings.error("io", "error: ", &format!("--root {dir}: {reason}"));
            return ExitCode::from(2);
        }
    };
    let rooted = root.is_some();
    let opts = Options {
        file,
        defines: args.define,
        bundles,
        root,
        env: vec![],
        inform: args.inform,
        dry_run: args.dry_run,
        ..Options::default()
    };
    if args.format == crate::puppet::RunFormat::Json && !validate && !args.show_vars && !args.show_classes {
        return run_json(&opts);
    }
    if args.verbose && !validate {
        note_skipped(&opts, rooted);
    }
    let stdout = std::io::stdout();
    let mut out = Stdout(stdout.lock());
    let table = match (args.show_vars, args.show_classes) {
        (true, _) => Some(confer_cfengine::Table::Vars),
        (_, true) => Some(confer_cfengine::Table::Classes),
        _ => None,
    };
    let code = if let Some(t) = table {
        // As cf-promises: the policy is checked and pre-evaluated, and the
        // table printed only for a valid policy.
        confer_cfengine::show(&opts, t, &mut out, &mut Stderr(settings))
    } else if validate {
        confer_cfengine::validate(&opts, &mut out, &mut Stderr(settings))
    } else if rooted {
        let (ended, state) = confer_cfengine::run_with_state(&opts, &mut out, &mut Stderr(settings));
        let _ = out.0.flush();
        for change in state.map(|s| s.files_changed).unwrap_or_default() {
            eprintln!("changed: {change}");
        }
        ended.exit_code()
    } else {
        confer_cfengine::run(&opts, &mut out, &mut Stderr(settings)).exit_code()
    };
    let _ = out.0.flush();
    ExitCode::from(code.clamp(0, 255) as u8)
}
