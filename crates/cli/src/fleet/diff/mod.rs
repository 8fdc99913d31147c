//! `confer puppet diff`: what a change to the control repository does to
//! every node. Each node's catalog is compiled on both sides — two
//! environment directories, or two revisions of a repository in git — in
//! one run that shares what it can (the facts are read once a node, a file
//! both sides have the same path for is parsed once, base modules
//! included), and the catalogs are compared in memory, never written;
//! differences are printed a batch of nodes at a time, in node order.
//! Output: octocatalog-diff's text layout, or its 1.x JSON as one line a
//! node; then a table of what changed. Exit 0: no differences, 2:
//! differences, 1: a node failed to compile on either side.

mod difference;
mod ignore;
mod puppetfile;
mod revisions;
mod summary;
mod text;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use confer_puppet::catalog::SensitiveValues;
use confer_puppet::environment::Environment;
use confer_puppet::eval::SharedParse;
use confer_puppet::node::Node;
use rayon::prelude::*;

use super::compile::{compile_node, pool};
use super::nodes::{self, Entry, NodeSource};
use super::progress::Progress;
use super::puppetdb::{PuppetDb, PuppetDbArgs};
use super::FleetError;
use difference::Difference;
use ignore::Ignore;
use revisions::Export;

/// Arguments of `confer puppet diff`.
#[derive(Args)]
#[command(group = clap::ArgGroup::new("nodes").args(["facts_dir", "facts", "puppetdb"]).required(true))]
pub struct DiffArgs {
    /// The old side: an environment directory.
    #[arg(long, value_name = "DIR", required_unless_present = "from_ref", conflicts_with = "from_ref")]
    from: Option<PathBuf>,
    /// The new side: an environment directory.
    #[arg(long, value_name = "DIR", required_unless_present = "to_ref", conflicts_with = "to_ref")]
    to: Option<PathBuf>,
    /// The old side: a revision (commit, branch, tag) of the repository
    /// `--repo`, exported into a temporary directory.
    #[arg(long, value_name = "REV", requires = "to_ref")]
    from_ref: Option<String>,
    /// The new side: a revision of the repository `--repo`.
    #[arg(long, value_name = "REV", requires = "from_ref")]
    to_ref: Option<String>,
    /// With `--from-ref`/`--to-ref`: the git repository.
    #[arg(long, value_name = "DIR", default_value = ".")]
    repo: PathBuf,
    /// With `--from-ref`/`--to-ref`: the environment's directory inside the
    /// repository (only it is exported; `.` for a control repository whose
    /// root is the environment).
    #[arg(long, value_name = "PATH", default_value = ".")]
    environment: PathBuf,
    /// With `--from-ref`/`--to-ref`: where the modules a revision's
    /// `Puppetfile` names but does not vendor are found (`:`-separated),
    /// unpacked as `author-name-VERSION`, `name-VERSION`, `author-name` or
    /// `name` (the last two checked against the pinned version by their
    /// `metadata.json`).
    #[arg(long, value_name = "DIR[:DIR…]", requires = "from_ref")]
    module_source: Option<String>,
    /// Base module directories for both sides (`:`-separated).
    #[arg(long, value_name = "DIR[:DIR…]")]
    modulepath: Option<String>,
    /// The nodes: every facts file of this directory (as `confer puppet
    /// compile --facts-dir` reads it).
    #[arg(long, value_name = "DIR")]
    facts_dir: Option<PathBuf>,
    /// The nodes: these facts files (or PuppetDB exports).
    #[arg(long, value_name = "FILE", num_args = 1..)]
    facts: Vec<PathBuf>,
    #[command(flatten)]
    puppetdb: PuppetDbArgs,
    /// Differences not to report, as octocatalog-diff's `--ignore`:
    /// `Type[title]`, `Type[title]::attribute`; `*` is a wildcard in the
    /// title, and the type may be `*`. Tags, file and line, classes and
    /// `before`/`require` are never reported.
    #[arg(long, value_name = "RULE")]
    ignore: Vec<String>,
    /// `text`: octocatalog-diff's layout; `json`: one line a node, its
    /// differences as octocatalog-diff 1.x's JSON.
    #[arg(long, value_enum, default_value = "text")]
    format: DiffFormat,
    #[command(flatten)]
    strict: crate::strict_args::StrictArgs,
}

/// How differences are printed.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum DiffFormat {
    /// octocatalog-diff's text layout.
    Text,
    /// JSON Lines: `{"node": …, "diffs": […]}` (or `"error"`) a node.
    Json,
}

/// How many nodes are compared before their differences are printed.
const BATCH: usize = 256;

/// One side of the diff.
struct Side {
    label: String,
    environment: Environment,
    /// Keeps an exported revision on disk until the diff ends.
    _export: Option<Export>,
}

/// What comparing one node gave.
enum Outcome {
    Compared(Vec<Difference>),
    Failed(String),
}

/// Runs `confer puppet diff`.
pub fn run(args: DiffArgs, out: crate::output_settings::OutputSettings) -> ExitCode {
    match diff(&args) {
        Ok(code) => code,
        Err(e) => e.report(out),
    }
}

fn diff(args: &DiffArgs) -> Result<ExitCode, FleetError> {
    let ignores = args.ignore.iter().map(|r| Ignore::parse(r)).collect::<Result<Vec<_>, _>>()?;
    let base = crate::compile::split_path(args.modulepath.as_deref());
    let (old, new) = match (&args.from_ref, &args.to_ref, &args.from, &args.to) {
        (Some(a), Some(b), _, _) => (side_at(args, a, &base)?, side_at(args, b, &base)?),
        (_, _, Some(a), Some(b)) => (side_in(args, a, &base)?, side_in(args, b, &base)?),
        _ => unreachable!("clap requires both sides, as directories or as revisions"),
    };
    let source = match (&args.facts_dir, PuppetDb::from_args(&args.puppetdb)?) {
        (Some(dir), _) => Some(NodeSource::Dir(dir.clone())),
        (None, Some(db)) => Some(NodeSource::PuppetDb(db)),
        (None, None) => None,
    };
    let entries = match &source {
        Some(source) => nodes::list(source, None)?,
        None => {
            let mut entries = Vec::new();
            for file in &args.facts {
                entries.extend(confer_facts::load_all(file)?.into_iter().map(Entry::Node));
            }
            entries
        }
    };
    let shared = SharedParse::new();
    let progress = Progress::new(entries.len());
    let pool = pool()?;
    let mut table = summary::Table::default();
    let mut failures = String::new();
    let mut remaining = entries;
    remaining.sort_by_cached_key(Entry::key);
    // A batch of nodes at a time, printed in order as each batch ends: the
    // differences held are a batch's, not the fleet's.
    while !remaining.is_empty() {
        let mut batch = nodes::next_batch(&mut remaining, BATCH);
        if let Some(source) = &source {
            batch = nodes::fetch(source, batch)?;
        }
        let mut outcomes: Vec<(String, Outcome)> = pool.install(|| {
            batch
                .into_par_iter()
                .map(|entry| {
                    let (node, outcome) = compare(entry, &old, &new, &shared, &ignores);
                    let failure = match &outcome {
                        Outcome::Failed(e) => Some(e.as_str()),
                        Outcome::Compared(_) => None,
                    };
                    progress.done(&node, failure);
                    (node, outcome)
                })
                .collect()
        });
        outcomes.sort_by(|a, b| a.0.cmp(&b.0));
        let mut out = String::new();
        for (node, outcome) in &outcomes {
            match (outcome, args.format) {
                (Outcome::Compared(diffs), DiffFormat::Text) => {
                    out.push_str(&text::render(&format!("diff {}/{node} {}/{node}", old.label, new.label), diffs));
                }
                (Outcome::Compared(diffs), DiffFormat::Json) => {
                    let diffs: Vec<_> = diffs.iter().map(Difference::to_json).collect();
                    out.push_str(&format!("{}\n", serde_json::json!({"node": node, "diffs": diffs})));
                }
                (Outcome::Failed(e), DiffFormat::Json) => {
                    out.push_str(&format!("{}\n", serde_json::json!({"node": node, "error": e})));
                }
                (Outcome::Failed(_), DiffFormat::Text) => {}
            }
            match outcome {
                Outcome::Compared(diffs) => table.add(diffs),
                Outcome::Failed(e) => {
                    table.fail();
                    failures.push_str(&format!("failed {node}: {e}\n"));
                }
            }
        }
        crate::stdout::print(&out);
    }
    progress.finish();
    match args.format {
        DiffFormat::Text => crate::stdout::print(&format!("{failures}{}", table.render())),
        DiffFormat::Json => eprint!("{failures}{}", table.render()),
    }
    Ok(if table.failed() {
        ExitCode::FAILURE
    } else if table.any_changed() {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// An environment directory as one side.
fn side_in(args: &DiffArgs, dir: &Path, base: &[PathBuf]) -> Result<Side, FleetError> {
    let environment = Environment { strict: args.strict.strict(), ..Environment::load(dir, base)? };
    let label = dir.file_name().map_or_else(|| dir.display().to_string(), |n| n.to_string_lossy().into_owned());
    Ok(Side { label, environment, _export: None })
}

/// A revision of the repository as one side.
fn side_at(args: &DiffArgs, rev: &str, base: &[PathBuf]) -> Result<Side, FleetError> {
    let export = Export::new(&args.repo, rev, &args.environment)?;
    let sources = crate::compile::split_path(args.module_source.as_deref());
    puppetfile::place_modules(rev, export.environment(), &sources, base)?;
    let loaded = Environment::load(export.environment(), base)?;
    // The environment is named by its directory in the repository, not by
    // the temporary one it was exported into.
    let name = std::path::absolute(args.repo.join(&args.environment))
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "production".to_string());
    let environment = Environment { strict: args.strict.strict(), name, ..loaded };
    Ok(Side { label: rev.to_string(), environment, _export: Some(export) })
}

/// Compiles one node on both sides and compares its catalogs.
fn compare(entry: Entry, old: &Side, new: &Side, shared: &SharedParse, ignores: &[Ignore]) -> (String, Outcome) {
    let key = entry.key();
    let facts = match entry {
        Entry::File(path) => confer_facts::load(&path).map_err(|e| format!("Error: {e}")),
        Entry::Node(facts) => Ok(facts),
        Entry::Remote(_) => Err(nodes::NOT_FETCHED.to_string()),
        Entry::Broken { error, .. } => Err(format!("Error: {error}")),
    };
    let facts = match facts {
        Ok(facts) => facts,
        Err(e) => return (key, Outcome::Failed(e)),
    };
    let name = if facts.name.is_empty() { key } else { facts.name };
    let node = Node::new(name.clone(), facts.values);
    let catalog = |side: &Side| -> Result<serde_json::Value, String> {
        let json = compile_node(&side.environment, &node, shared, SensitiveValues::Redact)
            .map_err(|e| format!("{} ({})", e, side.label))?;
        serde_json::from_str(&json).map_err(|e| format!("Error: confer wrote a catalog it cannot read: {e}"))
    };
    let outcome = match (catalog(old), catalog(new)) {
        (Ok(a), Ok(b)) => {
            let mut diffs = difference::diff(&a, &b);
            diffs.retain(|d| !ignores.iter().any(|i| i.ignores(d)));
            Outcome::Compared(diffs)
        }
        (Err(e), _) | (_, Err(e)) => Outcome::Failed(e),
    };
    (name, outcome)
}
