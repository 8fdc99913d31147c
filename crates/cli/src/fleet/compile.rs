//! `confer puppet compile --facts-dir DIR --output-dir OUT`: every node of
//! DIR compiled on all cores, each catalog written to `OUT/NODE.json` as
//! it finishes (the JSON `confer puppet compile NODE` prints), so memory
//! holds the catalogs in flight, never the fleet's. The environment's
//! manifests and Hiera files are parsed once for all nodes
//! (`SharedParse`); a node that fails is recorded with its first error and
//! the others go on.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use confer_puppet::catalog::SensitiveValues;
use confer_puppet::environment::Environment;
use confer_puppet::eval::SharedParse;
use confer_puppet::node::Node;
use rayon::prelude::*;

use super::nodes::{self, Entry, NodeSource};
use super::progress::Progress;
use super::shard::Shard;
use super::summary::{self, Failure, Summary};
use super::FleetError;

/// What a fleet compile is asked to do.
pub struct FleetCompile {
    /// The environment every node is compiled in.
    pub environment: Environment,
    /// Where the nodes and their facts come from.
    pub nodes: NodeSource,
    /// Where catalogs and the summary go.
    pub output_dir: PathBuf,
    /// `K/N`, if only a slice of the nodes is compiled.
    pub shard: Option<String>,
    /// How Sensitive values are written.
    pub sensitive: SensitiveValues,
}

/// Runs a fleet compile: exit 0 when every node compiled, 1 otherwise.
pub fn run(job: FleetCompile, out: crate::output_settings::OutputSettings) -> ExitCode {
    compile_fleet(job).map_or_else(|e| e.report(out), |summary| summary.finish())
}

fn compile_fleet(job: FleetCompile) -> Result<Summary, FleetError> {
    let start = Instant::now();
    let shard = job.shard.as_deref().map(Shard::parse).transpose()?;
    let mut remaining = nodes::list(&job.nodes, shard)?;
    let out = &job.output_dir;
    std::fs::create_dir_all(out).map_err(|source| FleetError::OutputDir { dir: out.clone(), source })?;
    let shared = SharedParse::new();
    let progress = Progress::new(remaining.len());
    let tally = Tally::default();
    let pool = pool()?;
    while !remaining.is_empty() {
        let batch = nodes::fetch(&job.nodes, nodes::next_batch(&mut remaining, nodes::batch_size(&job.nodes)))?;
        pool.install(|| compile_batch(batch, &job, &shared, &progress, &tally));
    }
    progress.finish();
    let Tally { compiled, failed, .. } = tally;
    let mut failed = failed.into_inner().unwrap_or_else(|e| e.into_inner());
    failed.sort_by(|a, b| a.node.cmp(&b.node));
    let summary = Summary {
        compiled: compiled.into_inner(),
        failed,
        seconds: start.elapsed().as_secs_f64(),
        shards: vec![shard.map_or_else(|| "1/1".to_string(), |s| s.to_string())],
    };
    summary.write(out)?;
    Ok(summary)
}

/// What the nodes compiled so far came to, added to by every thread.
#[derive(Default)]
struct Tally {
    compiled: AtomicU64,
    failed: Mutex<Vec<Failure>>,
    /// The names compiled, so that a node given twice fails the second time.
    seen: Mutex<std::collections::HashSet<String>>,
}

/// Compiles a batch of nodes on the pool's threads, writing each catalog
/// and recording each outcome as it finishes.
fn compile_batch(batch: Vec<Entry>, job: &FleetCompile, shared: &SharedParse, progress: &Progress, tally: &Tally) {
    let out = &job.output_dir;
    batch.into_par_iter().for_each(|entry| {
        let (node, outcome) = compile_entry(entry, &job.environment, shared, job.sensitive);
        let first_time = tally.seen.lock().unwrap_or_else(|e| e.into_inner()).insert(node.clone());
        let outcome = match outcome {
            _ if !first_time => Err("Error: this node's facts are given more than once".to_string()),
            Ok(json) => write_catalog(out, &node, &json),
            Err(e) => {
                let _ = std::fs::remove_file(out.join(format!("{node}.json")));
                Err(e)
            }
        };
        progress.done(&node, outcome.as_ref().err().map(String::as_str));
        match outcome {
            Ok(()) => {
                tally.compiled.fetch_add(1, Ordering::Relaxed);
            }
            Err(error) => tally.failed.lock().unwrap_or_else(|e| e.into_inner()).push(Failure { node, error }),
        }
    });
}

/// The threads nodes are compiled on: one a core, each with the stack the
/// evaluator's depth limits leave room in.
pub(super) fn pool() -> Result<rayon::ThreadPool, FleetError> {
    Ok(rayon::ThreadPoolBuilder::new().stack_size(crate::STACK_SIZE).build()?)
}

/// Reads an entry's facts and compiles its node: the node's name and its
/// catalog's JSON, or its first error line.
pub(super) fn compile_entry(
    entry: Entry,
    env: &Environment,
    shared: &SharedParse,
    sensitive: SensitiveValues,
) -> (String, Result<String, String>) {
    let key = entry.key();
    let facts = match entry {
        Entry::File(path) => confer_facts::load(&path),
        Entry::Node(facts) => Ok(facts),
        Entry::Remote(_) => return (key, Err(nodes::NOT_FETCHED.to_string())),
        Entry::Broken { error, .. } => return (key, Err(format!("Error: {error}"))),
    };
    let facts = match facts {
        Ok(facts) => facts,
        Err(e) => return (key, Err(format!("Error: {e}"))),
    };
    let name = if facts.name.is_empty() { key } else { facts.name };
    let node = Node::new(name.clone(), facts.values);
    let outcome = compile_node(env, &node, shared, sensitive);
    (name, outcome)
}

/// The catalog of `node` as `confer puppet compile` prints it, or the
/// first line of its error. A panic of the evaluator is this node's
/// failure, not the run's.
pub(super) fn compile_node(
    env: &Environment,
    node: &Node,
    shared: &SharedParse,
    sensitive: SensitiveValues,
) -> Result<String, String> {
    let env = Rc::new(env.clone());
    let mut log = confer_puppet::log::Collect::default();
    let compiled = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        confer_puppet::eval::compile_sharing(&env, node, shared, &mut log)
    }));
    match compiled {
        Ok(Ok(catalog)) => Ok(confer_puppet::catalog::to_json(&catalog, sensitive)),
        Ok(Err(e)) => {
            let suffix = match e.phase {
                confer_puppet::error::Phase::Data => String::new(),
                _ => format!(" on node {}", node.name),
            };
            let line = format!("Error: {e}{suffix}");
            Err(line.lines().next().unwrap_or_default().to_string())
        }
        Err(_) => Err("Error: confer failed on this node (an internal error; please report it)".to_string()),
    }
}

/// Writes `OUT/NODE.json`. Straight to its name: a temporary name and a
/// rename doubled the directory operations, which held the directory's
/// lock for most of a run's time (two threads creating files in one
/// directory); `fleet-summary.json`, written last, says the run is over.
fn write_catalog(out: &Path, node: &str, json: &str) -> Result<(), String> {
    let usable = !node.is_empty()
        && !node.starts_with('.')
        && !node.contains(['/', '\\', '\0'])
        && format!("{node}.json") != summary::FILE;
    if !usable {
        return Err(format!("Error: the node name '{node}' cannot name a file"));
    }
    let file = out.join(format!("{node}.json"));
    std::fs::write(&file, format!("{json}\n")).map_err(|e| format!("Error: cannot write {}: {e}", file.display()))
}
