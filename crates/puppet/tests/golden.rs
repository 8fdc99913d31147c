//! Runs every golden case under `tests/puppet/` through the library and compares
//! what confer logs with what real Puppet 7.23 printed (recorded by
//! `scripts/regen-puppet-goldens.py`), one test per case (`cargo test -p
//! confer-puppet --test golden -- basics/` runs the cases whose path has
//! `basics/`; `CONFER_REGEN=1` re-records them first where Puppet is
//! installed).

use std::path::{Path, PathBuf};

use std::rc::Rc;

use confer_puppet::environment::Environment;
use confer_puppet::log::{Collect, Level};
use confer_puppet::span::Source;

fn repo_root() -> PathBuf {
    confer_golden::repo_root()
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

/// Whether `case` is listed in `tests/puppet/KNOWN_ERROR_TEXT`: its error
/// is on Puppet's line but worded differently (the list is what is left to
/// word as Puppet does).
fn error_text_differs(case: &str) -> bool {
    static LISTED: std::sync::OnceLock<std::collections::HashMap<String, String>> = std::sync::OnceLock::new();
    LISTED
        .get_or_init(|| confer_golden::known_differences(&repo_root().join("tests/puppet/KNOWN_ERROR_TEXT")))
        .contains_key(case)
}

/// The strictness an area's `SETTINGS` file gives its cases (the Puppet
/// settings the regeneration script ran them with); the default without one.
fn area_settings(path: &Path) -> Result<confer_puppet::strict::Strict, String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    confer_puppet::strict::Strict::from_options(text.lines().map(str::trim).filter(|l| !l.is_empty()))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Runs one case; `Err` describes how it differs from the reference.
fn run_case(root: &Path, case: &str) -> Result<(), String> {
    let pp = &root.join("tests/puppet").join(case);
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
    let strict = pp.parent().map(|dir| area_settings(&dir.join("SETTINGS"))).transpose()?.unwrap_or_default();
    let env = Environment { strict, ..Environment::bare(modulepath) };
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
            // Puppet's first error line, word for word (its file names made
            // relative to the repository as the recording made them), except
            // for the cases whose wording is listed as known to differ: for
            // them, the line number.
            let got = format!("Error: {e}").replace(&unpacked, "/usr/share/puppet/modules/").replace(&prefix, "");
            let want_line = want.lines().find(|l| l.starts_with("Error: ")).unwrap_or(want.trim());
            let same = got.lines().next() == Some(want_line);
            match (same, error_text_differs(case)) {
                (true, false) => {}
                (true, true) => problems
                    .push(format!("the error reads as Puppet's now: remove {case} from tests/puppet/KNOWN_ERROR_TEXT")),
                (false, false) => problems.push(format!("error differs\n  Puppet: {want_line}\n  confer: {got}")),
                (false, true) => {
                    let got_line = e.location.as_ref().map(|l| l.line);
                    if let (Some(w), Some(g)) = (error_line(want), got_line) {
                        if w != g {
                            problems.push(format!(
                                "error on line {g}, Puppet reports line {w}\n  Puppet: {want_line}\n  confer: {got}"
                            ));
                        }
                    }
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

/// The CLI evaluates on a thread with this stack (crates/cli/src/main.rs); cases
/// that nest values hundreds of levels deep need it as the CLI does.
const STACK_SIZE: usize = 64 * 1024 * 1024;

fn main() {
    let root = repo_root();
    let dir = root.join("tests/puppet");
    let is_case =
        |p: &Path| p.extension().is_some_and(|e| e == "pp") && !p.components().any(|c| c.as_os_str() == "modules");
    let cases = confer_golden::files_under(&dir, &is_case)
        .iter()
        .map(|p| p.strip_prefix(&dir).unwrap_or(p).to_string_lossy().replace('\\', "/"))
        .collect();
    let suite = confer_golden::Suite {
        name: "puppet apply goldens",
        known_differences: "tests/puppet/KNOWN_DIFFERENCES",
        regen: confer_golden::Regen { script: "scripts/regen-puppet-goldens.py", needs: "puppet" },
        stack_size: Some(STACK_SIZE),
    };
    confer_golden::run(suite, cases, move |case| run_case(&root, case))
}
