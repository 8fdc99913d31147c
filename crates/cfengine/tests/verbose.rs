//! The parts of cf-agent's verbose log confer says (`-v`): each case under
//! tests/cfengine/verbose runs with `verbose` and the lines
//! scripts/regen-cfengine-verbose-goldens.sh keeps of cf-agent's log are
//! compared with its recording (`CASE.verbose`).

use std::collections::HashSet;
use std::path::Path;

/// The lines the recording script keeps: banners (but their `END` and
/// separator lines) and the first of each "Added ..." line.
fn kept(lines: &[String], dir: &str) -> Vec<String> {
    let mut seen = HashSet::new();
    let mut out = vec![];
    for l in lines {
        let Some(rest) = l.strip_prefix(" verbose: ") else { continue };
        let banner =
            (rest.starts_with("P: ") || rest == "P:") && !rest.starts_with("P: END") && !rest.starts_with("P: ...");
        let added = rest.starts_with("Added variable ") || rest.starts_with("Added class ");
        if banner || (added && seen.insert(l.clone())) {
            out.push(l.replace(dir, "$DIR"));
        }
    }
    out
}

fn run_case(case: &Path) -> Result<(), String> {
    let dir = case.parent().map(|p| p.to_string_lossy().into_owned()).unwrap_or_default();
    let opts =
        confer_cfengine::Options { file: case.to_string_lossy().into_owned(), verbose: true, ..Default::default() };
    let (out, err, _) = confer_cfengine::run_to_lines(&opts);
    let mut lines = err;
    lines.extend(out);
    let got = kept(&lines, &dir);
    let want: Vec<String> = std::fs::read_to_string(case.with_extension("verbose"))
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect();
    if got == want {
        Ok(())
    } else {
        Err(format!("  expected:\n    {}\n  got:\n    {}", want.join("\n    "), got.join("\n    ")))
    }
}

#[test]
fn verbose_lines_are_cf_agents() {
    let root = confer_golden::repo_root().join("tests/cfengine/verbose");
    let cases = confer_golden::files_under(&root, &|p: &Path| p.extension().is_some_and(|x| x == "cf"));
    assert!(!cases.is_empty(), "no cases under {}", root.display());
    let failures: Vec<String> =
        cases.iter().filter_map(|c| run_case(c).err().map(|e| format!("{}:\n{e}", c.display()))).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
