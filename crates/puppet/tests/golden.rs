//! Runs every golden case under `tests/puppet/` through the library and compares
//! what confer logs with what real Puppet 7.23 printed (recorded by
//! `scripts/regen-puppet-goldens.py`). All failures are listed, by case.
//!
//! Set `GOLDEN_FILTER=substring` to run only matching cases.

use std::path::{Path, PathBuf};

use std::rc::Rc;

use confer_puppet::environment::Environment;
use confer_puppet::log::{Collect, Level};
use confer_puppet::span::Source;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repository root")
}

fn cases(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            cases(&path, out);
        } else if path.extension().is_some_and(|e| e == "pp") && !path.components().any(|c| c.as_os_str() == "modules")
        {
            out.push(path);
        }
    }
}

/// The `line: N` a Puppet error message points at.
fn error_line(text: &str) -> Option<usize> {
    let at = text.rfind("line: ")?;
    text[at + 6..].chars().take_while(char::is_ascii_digit).collect::<String>().parse().ok()
}

/// The directory holding Debian's `stdlib` module, which cases in an area
/// marked by a `STDLIB` file have on their module path (as Puppet had when
/// recording them); `scripts/test.sh` provides it.
fn stdlib_modules() -> PathBuf {
    std::env::var("CONFER_STDLIB_MODULES").unwrap_or_else(|_| "/usr/share/puppet/modules".into()).into()
}

/// Runs one case; `Err` describes how it differs from the reference.
fn run_case(root: &Path, pp: &Path) -> Result<(), String> {
    let rel = pp.strip_prefix(root).unwrap_or(pp).to_string_lossy().replace('\\', "/");
    let text = std::fs::read_to_string(pp).map_err(|e| format!("cannot read: {e}"))?;
    let expected = std::fs::read_to_string(pp.with_extension("out")).map_err(|e| format!("no .out file: {e}"))?;
    let expected_error = std::fs::read_to_string(pp.with_extension("err")).ok();
    let source = Source::new(rel.clone(), text);
    let mut log = Collect::default();
    // Template cases keep their modules beside them, and areas marked STDLIB
    // have Debian's stdlib on the module path, as the regeneration script
    // runs them.
    let mut modulepath: Vec<PathBuf> =
        pp.parent().map(|d| d.join("modules")).filter(|m| m.is_dir()).into_iter().collect();
    if pp.parent().is_some_and(|dir| dir.join("STDLIB").exists()) {
        modulepath.push(stdlib_modules());
    }
    let env = Environment::bare(modulepath);
    let result = confer_puppet::apply_in(&source, &Rc::new(env), None, &mut log);
    let lines: Vec<String> = log.events.iter().filter(|e| e.level >= Level::Notice).map(|e| e.to_string()).collect();
    // Template files are read by absolute path; Puppet's output was made
    // relative to the repository root by the regeneration script.
    let prefix = format!("{}/", root.display());
    // Where Debian's modules were unpacked rather than installed, paths into
    // them read as the installed ones Puppet printed.
    let unpacked = format!("{}/", stdlib_modules().display());
    let actual = lines
        .iter()
        .map(|l| format!("{l}\n"))
        .collect::<String>()
        .replace(&unpacked, "/usr/share/puppet/modules/")
        .replace(&prefix, "");
    let mut problems = Vec::new();
    if actual != expected {
        problems.push(format!("output differs\n--- expected (Puppet 7.23)\n{expected}--- actual (confer)\n{actual}"));
    }
    match (&expected_error, &result) {
        (None, Err(e)) => problems.push(format!("unexpected error: {e}")),
        (Some(want), Ok(())) => problems.push(format!("expected an error like: {}", want.trim())),
        (Some(want), Err(e)) => {
            let got = e.location.as_ref().map(|l| l.line);
            if let (Some(w), Some(g)) = (error_line(want), got) {
                if w != g {
                    problems.push(format!(
                        "error on line {g}, Puppet reports line {w}\n  Puppet: {}\n  confer: {e}",
                        want.trim()
                    ));
                }
            }
        }
        (None, Ok(())) => {}
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// Cases listed in `tests/puppet/KNOWN_DIFFERENCES` (one `area/case.pp` and
/// a reason per line): confer is known to differ from Puppet there.
fn known_differences(root: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(root.join("tests/puppet/KNOWN_DIFFERENCES")).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next().map(|c| format!("tests/puppet/{c}")))
        .collect()
}

/// The CLI evaluates on a thread with this stack (crates/cli/src/main.rs); cases
/// that nest values hundreds of levels deep need it as the CLI does.
const STACK_SIZE: usize = 64 * 1024 * 1024;

#[test]
fn puppet_golden_cases_match_the_reference() {
    std::thread::Builder::new()
        .stack_size(STACK_SIZE)
        .spawn(check_every_case)
        .expect("thread for the golden cases")
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
}

fn check_every_case() {
    let root = repo_root();
    let mut all = Vec::new();
    cases(&root.join("tests/puppet"), &mut all);
    all.sort();
    let known = known_differences(&root);
    let filter = std::env::var("GOLDEN_FILTER").unwrap_or_default();
    let selected: Vec<_> = all.iter().filter(|p| p.to_string_lossy().contains(&filter)).collect();
    assert!(!selected.is_empty(), "no golden cases found under tests/puppet");
    let mut failures = Vec::new();
    let mut known_failing = 0;
    for pp in &selected {
        let rel = pp.strip_prefix(&root).unwrap_or(pp).to_string_lossy().replace('\\', "/");
        let listed = known.contains(&rel);
        match (run_case(&root, pp), listed) {
            (Ok(()), false) => {}
            (Err(_), true) => known_failing += 1,
            (Ok(()), true) => failures
                .push(format!("FAIL {rel}\nnow matches Puppet: remove it from tests/puppet/KNOWN_DIFFERENCES\n")),
            (Err(why), false) => failures.push(format!("FAIL {rel}\n{why}\n")),
        }
    }
    println!(
        "puppet goldens: {} passed, {} known differences, {} failed",
        selected.len() - failures.len() - known_failing,
        known_failing,
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} golden cases failed:\n\n{}",
        failures.len(),
        selected.len(),
        failures.join("\n")
    );
}
