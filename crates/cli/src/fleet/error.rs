//! What stops a fleet run before any node is compiled: a facts directory,
//! shard, output directory, environment or summary that cannot be used.
//! A node that fails is no such error: it is recorded and the others go on.

use std::path::PathBuf;

/// An input of a fleet run that cannot be used, with what names it.
#[derive(Debug, thiserror::Error)]
pub enum FleetError {
    /// The facts directory cannot be listed.
    #[error("cannot read the facts directory {dir}: {source}")]
    FactsDir {
        /// The directory.
        dir: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The facts directory holds no facts file.
    #[error("no facts files (*.yaml, *.yml, *.json) in {0}")]
    NoNodes(PathBuf),
    /// `--shard` is not `K/N` with 1 ≤ K ≤ N.
    #[error("bad shard '{spec}': {reason}")]
    Shard {
        /// What was given.
        spec: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The output directory cannot be made or written.
    #[error("cannot write to the output directory {dir}: {source}")]
    OutputDir {
        /// The directory.
        dir: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The environment cannot be read.
    #[error("{0}")]
    Environment(#[from] confer_puppet::environment::EnvironmentError),
    /// A shard's summary is missing or unreadable.
    #[error("{file}: {reason}")]
    Summary {
        /// The summary file.
        file: PathBuf,
        /// Why it cannot be used.
        reason: String,
    },
    /// A facts file given with `--facts` cannot be read.
    #[error("{0}")]
    Facts(#[from] confer_facts::FactsError),
    /// A revision of the control repository cannot be exported.
    #[error("cannot export revision '{rev}' of {repo}: {reason}")]
    Revision {
        /// The repository.
        repo: PathBuf,
        /// The revision asked for.
        rev: String,
        /// What git said, or why it could not run.
        reason: String,
    },
    /// An `--ignore` rule cannot be read.
    #[error("bad ignore rule '{rule}': {reason}")]
    Ignore {
        /// The rule as given.
        rule: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A revision's Puppetfile cannot be read, or names a module that is
    /// neither vendored nor in a `--module-source` directory.
    #[error("the Puppetfile of revision '{rev}', line {line}: {reason}")]
    Puppetfile {
        /// The revision.
        rev: String,
        /// The Puppetfile's line.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// PuppetDB cannot be asked, or its answer cannot be used.
    #[error("PuppetDB at {url}: {reason}")]
    PuppetDb {
        /// The URL asked.
        url: String,
        /// What went wrong.
        reason: String,
    },
    /// The threads to compile on cannot be started.
    #[error("cannot start the compiling threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
}

impl FleetError {
    /// Prints the error as every error of the tool is printed; the run's
    /// exit status.
    pub fn report(&self, out: crate::output_settings::OutputSettings) -> std::process::ExitCode {
        out.error("fleet::input", "Error: ", &self.to_string());
        std::process::ExitCode::FAILURE
    }
}
