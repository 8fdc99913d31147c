//! How a fleet run shows its progress on standard error: a bar on a
//! terminal (indicatif), otherwise a plain line a node, which a CI log
//! keeps readable.

use std::io::IsTerminal;

/// Progress of a run over `total` nodes, shared by the threads.
pub struct Progress {
    bar: Option<indicatif::ProgressBar>,
}

impl Progress {
    /// Starts showing progress over `total` nodes.
    pub fn new(total: usize) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = indicatif::ProgressBar::new(total as u64);
            if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} nodes {elapsed} {msg}") {
                bar.set_style(style);
            }
            bar
        });
        Progress { bar }
    }

    /// One node done: `failure` is its first error line, if it failed.
    pub fn done(&self, node: &str, failure: Option<&str>) {
        match (&self.bar, failure) {
            (Some(bar), None) => bar.inc(1),
            (Some(bar), Some(error)) => {
                bar.println(format!("failed {node}: {error}"));
                bar.inc(1);
            }
            (None, None) => eprintln!("compiled {node}"),
            (None, Some(error)) => eprintln!("failed {node}: {error}"),
        }
    }

    /// Takes the bar off the terminal.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
