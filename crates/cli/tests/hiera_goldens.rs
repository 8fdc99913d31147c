//! Runs every golden lookup of `tests/hiera/cases.txt` through `confer
//! puppet lookup` and compares it with what `puppet lookup` printed
//! (recorded in `tests/hiera/expected/` by `scripts/regen-hiera-goldens.py`):
//! the exit status, stdout, and stderr where Puppet printed something.
//! Cases listed in `tests/hiera/KNOWN_DIFFERENCES` must differ; the test
//! fails when one starts to match, so the list stays true.
//!
//! Set `GOLDEN_FILTER=substring` to run only matching cases.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repository root")
}

/// A field of the recorded JSON object, as text.
fn field(json: &serde_json::Value, name: &str) -> String {
    match json.get(name) {
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
        None => String::new(),
    }
}

fn run_case(root: &Path, name: &str, node: &str, args: &[String]) -> Result<(), String> {
    let text = std::fs::read_to_string(root.join(format!("tests/hiera/expected/{name}.json")))
        .map_err(|e| format!("no expected output: {e}"))?;
    let expected: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("bad expected output: {e}"))?;
    let (status, stdout, stderr) = (field(&expected, "status"), field(&expected, "stdout"), field(&expected, "stderr"));
    let facts = format!("tests/hiera/facts/{node}.yaml");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_confer"));
    cmd.current_dir(root).args(["puppet", "lookup"]).args(args).args([
        "--environment",
        "tests/hiera/env",
        "--modulepath",
        "tests/hiera/basemodules",
        "--facts",
        &facts,
        "--node",
        node,
    ]);
    if !args.iter().any(|a| a == "--render-as") {
        cmd.args(["--render-as", "json"]);
    }
    let out = cmd.output().map_err(|e| format!("cannot run confer: {e}"))?;
    let got_status = out.status.code().unwrap_or(-1).to_string();
    let got_stdout = String::from_utf8_lossy(&out.stdout);
    let got_stderr = String::from_utf8_lossy(&out.stderr);
    let mut problems = Vec::new();
    if got_status != status {
        problems.push(format!("exit status {got_status}, Puppet's {status}"));
    }
    if got_stdout != stdout {
        problems.push(format!("stdout differs\n--- Puppet\n{stdout}--- confer\n{got_stdout}"));
    }
    if !stderr.is_empty() && got_stderr != stderr {
        problems.push(format!("stderr differs\n--- Puppet\n{stderr}--- confer\n{got_stderr}"));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

#[test]
fn golden_lookups_match_puppet() {
    let root = repo_root();
    let cases = std::fs::read_to_string(root.join("tests/hiera/cases.txt")).expect("cases.txt");
    let known: HashMap<String, String> = std::fs::read_to_string(root.join("tests/hiera/KNOWN_DIFFERENCES"))
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_once('\t').map(|(c, r)| (c.to_string(), r.to_string())))
        .collect();
    let filter = std::env::var("GOLDEN_FILTER").unwrap_or_default();
    let (mut total, mut matched, mut failures) = (0, 0, Vec::new());
    for line in cases.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let parts: Vec<&str> = line.splitn(3, '|').map(str::trim).collect();
        let [name, node, args] = parts[..] else { panic!("bad case line: {line}") };
        if !name.contains(&filter) {
            continue;
        }
        total += 1;
        match (run_case(&root, name, node, &split_args(args)), known.get(name)) {
            (Ok(()), None) => matched += 1,
            (Ok(()), Some(_)) => failures.push(format!("{name}: matches now; remove it from KNOWN_DIFFERENCES")),
            (Err(_), Some(_)) => {}
            (Err(e), None) => failures.push(format!("{name}: {e}")),
        }
    }
    eprintln!("hiera goldens: {matched}/{total} match Puppet 7.23 ({} known differences)", known.len());
    assert!(failures.is_empty(), "{} case(s) differ:\n\n{}", failures.len(), failures.join("\n\n"));
}

/// Splits arguments as a shell does for the quoting the cases use.
fn split_args(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut quote: Option<char> = None;
    let mut pending = false;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => current.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                pending = true;
            }
            (None, c) if c.is_whitespace() => {
                if pending || !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                    pending = false;
                }
            }
            (None, c) => current.push(c),
        }
    }
    if pending || !current.is_empty() {
        out.push(current);
    }
    out
}
