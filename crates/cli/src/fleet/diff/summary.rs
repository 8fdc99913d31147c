//! The table a diff ends with: how many nodes were compared, changed and
//! failed, and per resource type how many resources were added, removed
//! and changed across the fleet.

use std::collections::BTreeMap;

use super::difference::{DiffType, Difference};

/// Counts over the nodes of a diff.
#[derive(Default)]
pub struct Table {
    nodes: u64,
    changed_nodes: u64,
    failed_nodes: u64,
    /// Per type: added, removed, changed resources.
    by_type: BTreeMap<String, [u64; 3]>,
}

impl Table {
    /// Counts one node's differences.
    pub fn add(&mut self, diffs: &[Difference]) {
        self.nodes += 1;
        if diffs.is_empty() {
            return;
        }
        self.changed_nodes += 1;
        let mut last: Option<(&str, &str)> = None;
        for d in diffs {
            let column = match d.diff_type {
                DiffType::Added => 0,
                DiffType::Removed => 1,
                DiffType::Changed | DiffType::KeyChanged => 2,
            };
            // A changed resource counts once, however many of its keys changed.
            if column == 2 && last == Some((&d.type_name, &d.title)) {
                continue;
            }
            last = Some((&d.type_name, &d.title));
            self.by_type.entry(d.type_name.clone()).or_default()[column] += 1;
        }
    }

    /// Counts a node that failed to compile on either side.
    pub fn fail(&mut self) {
        self.nodes += 1;
        self.failed_nodes += 1;
    }

    /// Whether a node failed on either side.
    pub fn failed(&self) -> bool {
        self.failed_nodes > 0
    }

    /// Whether any node differs.
    pub fn any_changed(&self) -> bool {
        self.changed_nodes > 0
    }

    /// The table as text.
    pub fn render(&self) -> String {
        let mut out = format!(
            "{} nodes compared: {} changed, {} unchanged, {} failed\n",
            self.nodes,
            self.changed_nodes,
            self.nodes - self.changed_nodes - self.failed_nodes,
            self.failed_nodes
        );
        if self.by_type.is_empty() {
            return out;
        }
        let width = self.by_type.keys().map(String::len).max().unwrap_or(0).max("type".len());
        out.push_str(&format!("{:width$}  {:>7}  {:>7}  {:>7}\n", "type", "added", "removed", "changed"));
        for (type_name, [added, removed, changed]) in &self.by_type {
            out.push_str(&format!("{type_name:width$}  {added:>7}  {removed:>7}  {changed:>7}\n"));
        }
        out
    }
}
