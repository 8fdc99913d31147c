//! Runs every `tests/puppet_validate/<case>.pp` through `confer puppet parser
//! validate` and compares it with what `puppet parser validate` printed
//! (recorded beside it by `scripts/regen-validate-goldens.py`): the exit
//! status, and each `Error:`/`Warning:` line Puppet wrote — message, file,
//! line and column. confer's source excerpts under an error are not compared.
//! Cases listed in `tests/puppet_validate/KNOWN_DIFFERENCES` must differ; the
//! test fails when one starts to match, so the list stays true. One test per
//! case; `CONFER_REGEN=1` re-records them first where Puppet is installed.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo_root() -> PathBuf {
    confer_golden::repo_root()
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

fn main() {
    let root = repo_root();
    let dir = root.join("tests/puppet_validate");
    let cases = confer_golden::files_under(&dir, &|p: &Path| p.extension().is_some_and(|e| e == "pp"))
        .iter()
        .filter_map(|p| Some(p.file_stem()?.to_str()?.to_string()))
        .collect();
    let suite = confer_golden::Suite {
        name: "parser validate goldens",
        known_differences: "tests/puppet_validate/KNOWN_DIFFERENCES",
        regen: confer_golden::Regen { script: "scripts/regen-validate-goldens.py", needs: "puppet" },
        stack_size: None,
    };
    confer_golden::run(suite, cases, move |case| run_case(&root, case))
}
