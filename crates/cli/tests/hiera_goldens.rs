//! Runs every golden lookup of `tests/hiera/cases.txt` through `confer
//! puppet lookup` and compares it with what `puppet lookup` printed
//! (recorded in `tests/hiera/expected/` by `scripts/regen-hiera-goldens.py`):
//! the exit status, stdout, and stderr where Puppet printed something.
//! Cases listed in `tests/hiera/KNOWN_DIFFERENCES` must differ; the test
//! fails when one starts to match, so the list stays true. One test per
//! case; `CONFER_REGEN=1` re-records them first where Puppet is installed.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo_root() -> PathBuf {
    confer_golden::repo_root()
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
    // Puppet's paths are absolute, and the recorder writes them from the
    // repository's root, as the command is run here.
    let prefix = format!("{}/", root.display());
    let got_stdout = String::from_utf8_lossy(&out.stdout).replace(&prefix, "");
    let got_stderr = String::from_utf8_lossy(&out.stderr).replace(&prefix, "");
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

fn main() {
    let root = repo_root();
    let listed = std::fs::read_to_string(root.join("tests/hiera/cases.txt")).expect("cases.txt");
    let mut cases = std::collections::BTreeMap::new();
    for line in listed.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let parts: Vec<&str> = line.splitn(3, '|').map(str::trim).collect();
        let [name, node, args] = parts[..] else { panic!("bad case line: {line}") };
        cases.insert(name.to_string(), (node.to_string(), split_args(args)));
    }
    let names = cases.keys().cloned().collect();
    let suite = confer_golden::Suite {
        name: "hiera goldens",
        known_differences: "tests/hiera/KNOWN_DIFFERENCES",
        regen: confer_golden::Regen { script: "scripts/regen-hiera-goldens.py", needs: "puppet" },
        stack_size: None,
    };
    confer_golden::run(suite, names, move |name| {
        let (node, args) = &cases[name];
        run_case(&root, name, node, args)
    })
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
