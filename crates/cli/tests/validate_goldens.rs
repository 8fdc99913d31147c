//! Runs every `tests/puppet_validate/<case>.pp` through `confer puppet parser
//! validate` and compares it with what `puppet parser validate` printed
//! (recorded beside it by `scripts/regen-validate-goldens.py`): the exit
//! status, and each `Error:`/`Warning:` line Puppet wrote — message, file,
//! line and column. confer's source excerpts under an error are not compared.
//! Cases listed in `tests/puppet_validate/KNOWN_DIFFERENCES` must differ; the
//! test fails when one starts to match, so the list stays true.
//!
//! Set `GOLDEN_FILTER=substring` to run only matching cases.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repository root")
}

/// The lines of a diagnostic stream that Puppet would print: confer follows
/// each error line with an excerpt of the source, which Puppet has not.
fn diagnostic_lines(text: &str) -> Vec<String> {
    text.lines().filter(|l| l.starts_with("Error: ") || l.starts_with("Warning: ")).map(str::to_string).collect()
}

fn run_case(root: &Path, case: &str) -> Result<(), String> {
    let base = format!("tests/puppet_validate/{case}");
    let status =
        std::fs::read_to_string(root.join(format!("{base}.status"))).map_err(|e| format!("no recorded status: {e}"))?;
    let stderr =
        std::fs::read_to_string(root.join(format!("{base}.stderr"))).map_err(|e| format!("no recorded stderr: {e}"))?;
    let out = Command::new(env!("CARGO_BIN_EXE_confer"))
        .current_dir(root)
        .args(["puppet", "parser", "validate", &format!("{base}.pp")])
        .output()
        .map_err(|e| format!("cannot run confer: {e}"))?;
    let got_status = out.status.code().unwrap_or(-1).to_string();
    let mut problems = Vec::new();
    if got_status != status.trim() {
        problems.push(format!("exit status {got_status}, Puppet's {}", status.trim()));
    }
    // Both name the manifest by its absolute path; the recording made it relative.
    let got_text = String::from_utf8_lossy(&out.stderr).replace(&format!("{}/", root.display()), "");
    let (want, got) = (diagnostic_lines(&stderr), diagnostic_lines(&got_text));
    if want != got {
        problems.push(format!("messages differ\n--- Puppet\n{}\n--- confer\n{}", want.join("\n"), got.join("\n")));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

#[test]
fn validate_goldens_match_puppet() {
    let root = repo_root();
    let dir = root.join("tests/puppet_validate");
    let known: HashMap<String, String> = std::fs::read_to_string(dir.join("KNOWN_DIFFERENCES"))
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_once('\t').map(|(c, r)| (c.trim().to_string(), r.to_string())))
        .collect();
    let filter = std::env::var("GOLDEN_FILTER").unwrap_or_default();
    let mut cases: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/puppet_validate")
        .filter_map(|e| e.ok()?.file_name().to_str()?.strip_suffix(".pp").map(str::to_string))
        .filter(|c| c.contains(&filter))
        .collect();
    cases.sort();
    assert!(!cases.is_empty() || !filter.is_empty(), "no validate goldens found");
    let (mut matched, mut failures) = (0, Vec::new());
    for case in &cases {
        match (run_case(&root, case), known.get(case)) {
            (Ok(()), None) => matched += 1,
            (Ok(()), Some(_)) => failures.push(format!("{case}: matches now; remove it from KNOWN_DIFFERENCES")),
            (Err(_), Some(_)) => {}
            (Err(e), None) => failures.push(format!("{case}: {e}")),
        }
    }
    eprintln!("validate goldens: {matched}/{} match Puppet 7.23 ({} known differences)", cases.len(), known.len());
    assert!(failures.is_empty(), "{} case(s) differ:\n\n{}", failures.len(), failures.join("\n\n"));
}
