//! The harness every golden suite runs on (Puppet apply, `parser validate`,
//! compile, Hiera, templates, CFEngine, core's type verdicts).
//!
//! A golden case is an input with the output the reference tool gave for
//! it, recorded by a script in `scripts/`. Each case is one test, named by
//! its path, so `cargo test --test golden -- basics/` runs a subset and a
//! failure names its case; the suite ends with the count of passed, failed
//! and known-different cases. A suite's `KNOWN_DIFFERENCES` file lists the
//! cases that differ on purpose or for now, one per line with its reason: a
//! listed case must still differ, so the list stays true.
//!
//! `CONFER_REGEN=1` re-records the suite's expected outputs by running its
//! script before comparing, when the reference tool is installed; without
//! it the recorded outputs are used as they are, so tests never need the
//! reference tools.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use libtest_mimic::{Arguments, Failed, Trial};

/// How a suite's expected outputs are recorded again.
pub struct Regen {
    /// The script, relative to the repository root (`scripts/regen-puppet-goldens.py`).
    pub script: &'static str,
    /// The reference tool it runs, looked for on `PATH` (`puppet`, `cf-agent`).
    pub needs: &'static str,
}

/// One golden suite.
pub struct Suite {
    /// Its name in the summary line (`puppet apply goldens`).
    pub name: &'static str,
    /// Its `KNOWN_DIFFERENCES` file, relative to the repository root.
    pub known_differences: &'static str,
    /// How to re-record it.
    pub regen: Regen,
    /// Stack for each case, for cases that nest deeply as the CLI's
    /// evaluation thread allows.
    pub stack_size: Option<usize>,
}

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repository root")
}

/// The cases of a `KNOWN_DIFFERENCES` file (the first word of each line
/// that is not blank or a `#` comment) with their reasons.
pub fn known_differences(path: &Path) -> HashMap<String, String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let l = l.trim();
            let end = l.find(char::is_whitespace).unwrap_or(l.len());
            Some((l.get(..end)?.to_string(), l[end..].trim().to_string()))
        })
        .collect()
}

/// Every file under `dir` (recursively) for which `keep` holds, sorted.
pub fn files_under(dir: &Path, keep: &dyn Fn(&Path) -> bool) -> Vec<PathBuf> {
    fn walk(dir: &Path, keep: &dyn Fn(&Path) -> bool, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, keep, out);
            } else if keep(&path) {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, keep, &mut out);
    out.sort();
    out
}

/// Whether `program` is on `PATH`.
fn installed(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}

/// Re-records the suite when `CONFER_REGEN=1` asks for it and the reference
/// tool is here.
fn regenerate(suite: &Suite, root: &Path) {
    if std::env::var("CONFER_REGEN").as_deref() != Ok("1") {
        return;
    }
    if !installed(suite.regen.needs) {
        eprintln!(
            "CONFER_REGEN=1: `{}` is not installed; comparing with the recorded outputs of {}",
            suite.regen.needs, suite.name
        );
        return;
    }
    eprintln!("CONFER_REGEN=1: re-recording {} with {}", suite.name, suite.regen.script);
    let script = root.join(suite.regen.script);
    let status = Command::new(&script).current_dir(root).status();
    assert!(status.as_ref().is_ok_and(std::process::ExitStatus::success), "{} failed: {status:?}", suite.regen.script);
}

/// Runs `check` on every case as a test of its own and exits with the
/// result; `check` returns how a case differs from the reference.
pub fn run<F>(suite: Suite, cases: Vec<String>, check: F) -> !
where
    F: Fn(&str) -> Result<(), String> + Send + Sync + 'static,
{
    let args = Arguments::from_args();
    let root = repo_root();
    regenerate(&suite, &root);
    assert!(!cases.is_empty(), "{}: no cases found", suite.name);
    let known = Arc::new(known_differences(&root.join(suite.known_differences)));
    let check = Arc::new(check);
    let stack_size = suite.stack_size;
    let listed = cases.iter().filter(|c| known.contains_key(*c)).count();
    let file = suite.known_differences;
    let trials = cases
        .into_iter()
        .map(|case| {
            let (known, check) = (known.clone(), check.clone());
            let name = case.clone();
            Trial::test(name, move || {
                let name = case.clone();
                let outcome = on_stack(stack_size, move || check(&name))?;
                match (outcome, known.contains_key(&case)) {
                    (Ok(()), false) | (Err(_), true) => Ok(()),
                    (Ok(()), true) => Err(format!("{case} matches the reference now: remove it from {file}").into()),
                    (Err(why), false) => Err(why.into()),
                }
            })
        })
        .collect();
    eprintln!("{}: {listed} of the cases are known differences ({file})", suite.name);
    libtest_mimic::run(&args, trials).exit()
}

/// Runs `f` on a thread with `stack_size` bytes of stack, or here.
fn on_stack<T: Send + 'static>(stack_size: Option<usize>, f: impl FnOnce() -> T + Send + 'static) -> Result<T, Failed> {
    let Some(size) = stack_size else {
        return Ok(f());
    };
    std::thread::Builder::new()
        .stack_size(size)
        .spawn(f)
        .map_err(|e| Failed::from(format!("cannot start the case's thread: {e}")))?
        .join()
        .map_err(|_| Failed::from("the case panicked"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_differences_take_the_first_word_and_skip_comments() {
        let dir = std::env::temp_dir().join(format!("confer-golden-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("KNOWN_DIFFERENCES");
        std::fs::write(&file, "# comment\n\nbasics/a.pp\tbecause\nb.cf   another reason\n").unwrap();
        let known = known_differences(&file);
        assert_eq!(known.get("basics/a.pp").map(String::as_str), Some("because"));
        assert_eq!(known.get("b.cf").map(String::as_str), Some("another reason"));
        assert_eq!(known.len(), 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
