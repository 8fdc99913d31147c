//! The nodes of a facts directory: each `*.yaml`, `*.yml` or `*.json` file
//! holds one node's facts (Puppet's cached facts, `facter -y`/`-j`
//! output), except a JSON file holding an array, which is a PuppetDB
//! `factsets` export of many. One-node files are only listed here and read
//! by the thread that compiles the node, so memory holds the facts of the
//! nodes in flight, not of the fleet. A PuppetDB is asked for the names
//! of its nodes first, then for the facts of a batch of them at a time
//! ([`fetch`]).

use std::io::Read;
use std::path::{Path, PathBuf};

use super::puppetdb::PuppetDb;
use super::shard::Shard;
use super::FleetError;

/// Where the nodes of a fleet and their facts come from.
pub enum NodeSource {
    /// A directory of facts files (`--facts-dir`).
    Dir(PathBuf),
    /// PuppetDB's query API (`--puppetdb`).
    PuppetDb(PuppetDb),
}

/// A node to compile, or an input that names one but cannot be read.
pub enum Entry {
    /// A file of one node's facts, read when the node is compiled.
    File(PathBuf),
    /// A node of an export, read with its file.
    Node(confer_facts::Facts),
    /// A node whose facts PuppetDB holds, asked for with its batch.
    Remote(String),
    /// A file that cannot be read: the run reports it as a failed node,
    /// named by the file.
    Broken {
        /// The file's name.
        key: String,
        /// Why.
        error: String,
    },
}

impl Entry {
    /// What the node is called before its facts are read, and what a shard
    /// is chosen by: a file's name without its extension (Puppet names
    /// cached facts `NODE.yaml`), or the certname of an export's node.
    pub fn key(&self) -> String {
        match self {
            Entry::File(path) => path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default(),
            Entry::Node(facts) => facts.name.clone(),
            Entry::Remote(name) => name.clone(),
            Entry::Broken { key, .. } => key.clone(),
        }
    }
}

/// The nodes of `source` in the shard (all without one), sorted by key.
pub fn list(source: &NodeSource, shard: Option<Shard>) -> Result<Vec<Entry>, FleetError> {
    let mut entries = match source {
        NodeSource::Dir(dir) => in_dir(dir)?,
        NodeSource::PuppetDb(db) => db.certnames()?.into_iter().map(Entry::Remote).collect(),
    };
    entries.retain(|e| shard.is_none_or(|s| s.contains(&e.key())));
    entries.sort_by_cached_key(Entry::key);
    Ok(entries)
}

/// The failure of a PuppetDB node compiled without [`fetch`]ing its facts
/// first, which the fleet commands never do.
pub const NOT_FETCHED: &str = "Error: confer compiled the node before asking PuppetDB for its facts";

/// How many nodes are compiled between two requests for facts: a page of
/// PuppetDB's; a facts directory's nodes need none.
pub fn batch_size(source: &NodeSource) -> usize {
    match source {
        NodeSource::Dir(_) => usize::MAX,
        NodeSource::PuppetDb(db) => db.page(),
    }
}

/// The batch with the facts of its PuppetDB nodes: one request for all of
/// them; a node PuppetDB no longer holds (deactivated since the run began)
/// is a failed node.
pub fn fetch(source: &NodeSource, batch: Vec<Entry>) -> Result<Vec<Entry>, FleetError> {
    let NodeSource::PuppetDb(db) = source else { return Ok(batch) };
    let names: Vec<String> =
        batch.iter().filter_map(|e| if let Entry::Remote(n) = e { Some(n.clone()) } else { None }).collect();
    if names.is_empty() {
        return Ok(batch);
    }
    let mut facts: std::collections::HashMap<String, confer_facts::Facts> =
        db.factsets_of(&names)?.into_iter().map(|f| (f.name.clone(), f)).collect();
    Ok(batch
        .into_iter()
        .map(|entry| match entry {
            Entry::Remote(name) => match facts.remove(&name) {
                Some(f) => Entry::Node(f),
                None => Entry::Broken { key: name, error: "PuppetDB no longer holds its facts".to_string() },
            },
            other => other,
        })
        .collect())
}

/// Splits off the first `size` entries of `remaining` (all, if fewer).
pub fn next_batch(remaining: &mut Vec<Entry>, size: usize) -> Vec<Entry> {
    let rest = remaining.split_off(size.min(remaining.len()));
    std::mem::replace(remaining, rest)
}

/// The nodes of the facts files of `dir`.
fn in_dir(dir: &Path) -> Result<Vec<Entry>, FleetError> {
    let unreadable = |source| FleetError::FactsDir { dir: dir.to_path_buf(), source };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(unreadable)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(unreadable)?;
    files.retain(|p| p.extension().is_some_and(|e| e == "yaml" || e == "yml" || e == "json"));
    if files.is_empty() {
        return Err(FleetError::NoNodes(dir.to_path_buf()));
    }
    files.sort();
    let mut entries = Vec::new();
    for path in files {
        if !is_export(&path) {
            entries.push(Entry::File(path));
            continue;
        }
        match confer_facts::load_all(&path) {
            Ok(nodes) => entries.extend(nodes.into_iter().map(Entry::Node)),
            Err(e) => entries.push(Entry::Broken {
                key: path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
                error: e.to_string(),
            }),
        }
    }
    Ok(entries)
}

/// Whether `path` is a JSON file whose document is an array: an export.
/// Anything else, unreadable files too, is left for the node's reader.
fn is_export(path: &Path) -> bool {
    if path.extension().is_none_or(|e| e != "json") || !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return false;
    }
    let mut head = [0u8; 256];
    let n = std::fs::File::open(path).and_then(|mut f| f.read(&mut head)).unwrap_or(0);
    head[..n].iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[')
}
