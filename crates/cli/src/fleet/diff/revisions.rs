//! `--from-ref`/`--to-ref`: a revision of the control repository exported
//! into a temporary directory with the `git` command (`git archive REV
//! PATH`, unpacked by `tar`), removed when the diff ends. The git command
//! is used rather than a library (gix, git2) because every machine with a
//! control repository has it, it reads every repository layout and
//! configuration git itself does (worktrees, alternates, partial clones,
//! LFS filters), and it adds no dependency to the build; an export costs
//! one process per revision.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::fleet::FleetError;

/// A revision's tree on disk, deleted when dropped.
pub struct Export {
    /// Held for its deletion when the export is dropped.
    _dir: tempfile::TempDir,
    environment: PathBuf,
}

impl Export {
    /// Exports `path` (a directory of the repository, `.` for all of it)
    /// as it is at `rev`.
    pub fn new(repo: &Path, rev: &str, path: &Path) -> Result<Export, FleetError> {
        let fail = |reason: String| FleetError::Revision { repo: repo.to_path_buf(), rev: rev.to_string(), reason };
        let commit = git(repo, &["rev-parse", "--verify", "--quiet", &format!("{rev}^{{commit}}")])
            .map_err(fail)?
            .trim()
            .to_string();
        if commit.is_empty() {
            return Err(fail("no such commit".to_string()));
        }
        let dir = tempfile::Builder::new().prefix("confer-diff-").tempdir().map_err(|e| fail(e.to_string()))?;
        let inside = path.to_string_lossy();
        let archive = Command::new("git")
            .arg("-C")
            .arg(repo)
            .args(["archive", "--format=tar", &commit, "--", &inside])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| fail(format!("cannot run git: {e}")))?;
        let Some(tar_input) = archive.stdout else { return Err(fail("git gave no output".to_string())) };
        let unpacked = Command::new("tar")
            .arg("-x")
            .arg("-C")
            .arg(dir.path())
            .stdin(tar_input)
            .output()
            .map_err(|e| fail(format!("cannot run tar: {e}")))?;
        if !unpacked.status.success() {
            return Err(fail(String::from_utf8_lossy(&unpacked.stderr).trim().to_string()));
        }
        let environment = dir.path().join(path);
        if !environment.is_dir() {
            return Err(fail(format!("it has no directory {}", path.display())));
        }
        Ok(Export { _dir: dir, environment })
    }

    /// The exported environment directory.
    pub fn environment(&self) -> &Path {
        &self.environment
    }
}

/// Runs git in `repo`; its standard output, or its error.
fn git(repo: &Path, args: &[&str]) -> Result<String, String> {
    let out =
        Command::new("git").arg("-C").arg(repo).args(args).output().map_err(|e| format!("cannot run git: {e}"))?;
    match out.status.code() {
        Some(0) | Some(1) => Ok(String::from_utf8_lossy(&out.stdout).into_owned()),
        _ => Err(String::from_utf8_lossy(&out.stderr).trim().to_string()),
    }
}
