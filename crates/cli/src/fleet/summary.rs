//! A fleet run's summary: how many nodes compiled, which failed with their
//! first error, how long it took. Written beside the catalogs as
//! `fleet-summary.json`, where `fleet-merge` finds each shard's, and
//! printed at the end of the run.

use std::path::Path;

use serde_json::json;

use super::FleetError;

/// The name of the summary file in an output directory.
pub const FILE: &str = "fleet-summary.json";

/// A node that did not compile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The node (or the facts file that named none).
    pub node: String,
    /// Its first error line.
    pub error: String,
}

/// What a run (or the shards merged) did.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Nodes compiled.
    pub compiled: u64,
    /// Nodes that failed, sorted by name.
    pub failed: Vec<Failure>,
    /// Wall time, seconds (for merged shards, the longest shard's).
    pub seconds: f64,
    /// The shards this covers (`1/1` for a whole run; merged: `N shards`).
    pub shards: Vec<String>,
}

impl Summary {
    /// The summary as JSON.
    fn to_json(&self) -> serde_json::Value {
        let failed: Vec<_> = self.failed.iter().map(|f| json!({"node": f.node, "error": f.error})).collect();
        json!({"compiled": self.compiled, "failed": failed, "seconds": self.seconds, "shards": self.shards})
    }

    /// Writes `dir/fleet-summary.json`.
    pub fn write(&self, dir: &Path) -> Result<(), FleetError> {
        let text = format!("{:#}\n", self.to_json());
        std::fs::write(dir.join(FILE), text).map_err(|source| FleetError::OutputDir { dir: dir.to_path_buf(), source })
    }

    /// Reads `dir/fleet-summary.json`.
    pub fn read(dir: &Path) -> Result<Summary, FleetError> {
        let file = dir.join(FILE);
        let bad = |reason: String| FleetError::Summary { file: file.clone(), reason };
        let text = std::fs::read_to_string(&file).map_err(|e| bad(format!("not a fleet output directory ({e})")))?;
        let doc: serde_json::Value = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
        let text_of = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_string();
        let failed = doc["failed"]
            .as_array()
            .ok_or_else(|| bad("no 'failed' list".into()))?
            .iter()
            .map(|f| Failure { node: text_of(&f["node"]), error: text_of(&f["error"]) })
            .collect();
        Ok(Summary {
            compiled: doc["compiled"].as_u64().ok_or_else(|| bad("no 'compiled' count".into()))?,
            failed,
            seconds: doc["seconds"].as_f64().unwrap_or_default(),
            shards: doc["shards"].as_array().map(|s| s.iter().map(text_of).collect()).unwrap_or_default(),
        })
    }

    /// Adds another shard's summary to this one.
    pub fn merge(&mut self, other: Summary) {
        self.compiled += other.compiled;
        self.failed.extend(other.failed);
        self.failed.sort_by(|a, b| a.node.cmp(&b.node));
        self.seconds = self.seconds.max(other.seconds);
        self.shards.extend(other.shards);
        self.shards.sort();
    }

    /// Prints the summary at the end of a run; the run's exit status: 0
    /// when every node compiled, 1 otherwise.
    pub fn finish(&self) -> std::process::ExitCode {
        crate::stdout::print(&self.render());
        if self.failed.is_empty() {
            std::process::ExitCode::SUCCESS
        } else {
            std::process::ExitCode::FAILURE
        }
    }

    /// The lines printed at the end of a run.
    pub fn render(&self) -> String {
        let total = self.compiled + self.failed.len() as u64;
        let shards = match self.shards.as_slice() {
            [one] if one != "1/1" => format!(" (shard {one})"),
            [] | [_] => String::new(),
            many => format!(" ({} shards)", many.len()),
        };
        let mut text = format!(
            "compiled {} of {total} nodes in {:.2} s{shards}; {} failed\n",
            self.compiled,
            self.seconds,
            self.failed.len()
        );
        for f in &self.failed {
            text.push_str(&format!("failed {}: {}\n", f.node, f.error));
        }
        text
    }
}
