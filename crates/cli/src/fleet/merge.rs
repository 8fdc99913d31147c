//! `confer puppet fleet-merge --output-dir OUT SHARD_DIR…`: the outputs of
//! the shards of a fleet compile (each `--shard K/N` run's directory)
//! gathered into one: every catalog, and one summary adding up theirs.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::summary::{self, Summary};
use super::FleetError;

/// Arguments of `confer puppet fleet-merge`.
#[derive(Args)]
pub struct MergeArgs {
    /// The shards' output directories.
    #[arg(required = true, value_name = "SHARD_DIR")]
    shards: Vec<PathBuf>,
    /// Where the merged catalogs and summary go (may be one of the shards').
    #[arg(long, value_name = "DIR")]
    output_dir: PathBuf,
}

/// Runs `confer puppet fleet-merge`: exit 0 when every node of every shard
/// compiled, 1 otherwise.
pub fn run(args: MergeArgs, out: crate::output_settings::OutputSettings) -> ExitCode {
    merge(&args).map_or_else(|e| e.report(out), |summary| summary.finish())
}

fn merge(args: &MergeArgs) -> Result<Summary, FleetError> {
    let out = &args.output_dir;
    std::fs::create_dir_all(out).map_err(|source| FleetError::OutputDir { dir: out.clone(), source })?;
    let mut merged = Summary::default();
    for dir in &args.shards {
        merged.merge(Summary::read(dir)?);
        if same_dir(dir, out) {
            continue;
        }
        let unreadable =
            |e: std::io::Error| FleetError::Summary { file: dir.clone(), reason: format!("cannot list: {e}") };
        for entry in std::fs::read_dir(dir).map_err(unreadable)? {
            let path = entry.map_err(unreadable)?.path();
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            if name.ends_with(".json") && !name.starts_with('.') && name != summary::FILE {
                std::fs::copy(&path, out.join(&name))
                    .map_err(|source| FleetError::OutputDir { dir: out.clone(), source })?;
            }
        }
    }
    merged.write(out)?;
    Ok(merged)
}

fn same_dir(a: &std::path::Path, b: &std::path::Path) -> bool {
    matches!((a.canonicalize(), b.canonicalize()), (Ok(a), Ok(b)) if a == b)
}
