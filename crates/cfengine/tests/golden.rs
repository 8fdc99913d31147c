//! Runs every golden case under tests/cfengine through the library and
//! compares with the output cf-agent 3.21 printed (see
//! scripts/regen-cfengine-goldens.sh for how it was recorded and normalised).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

fn cases(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            cases(&p, out);
        } else if p.extension().is_some_and(|x| x == "cf")
            && !p.to_string_lossy().ends_with(".sub.cf")
            && p.with_extension("out").exists()
        {
            out.push(p);
        }
    }
}

fn is_located_error(l: &str) -> bool {
    let Some((head, _)) = l.split_once(": error: ") else {
        return false;
    };
    let mut parts = head.rsplitn(3, ':');
    let col = parts.next().unwrap_or("");
    let line = parts.next().unwrap_or("");
    !head.contains(' ')
        && !col.is_empty()
        && col.bytes().all(|b| b.is_ascii_digit())
        && !line.is_empty()
        && line.bytes().all(|b| b.is_ascii_digit())
}

/// The normalisation of regen-cfengine-goldens.sh.
fn normalise(lines: &[String], dir: &str) -> Vec<String> {
    let mut out = vec![];
    let mut seen = HashSet::new();
    let mut located = 0;
    let mut skip = 0;
    for l in lines {
        if skip > 0 {
            skip -= 1;
            continue;
        }
        if is_located_error(l) {
            if located > 0 || l.ends_with(": error: syntax error") {
                skip = 2;
                continue;
            }
            located += 1;
        }
        let t = l.trim_start();
        if ["warning:", "notice:", "info:", "verbose:"].iter().any(|p| t.starts_with(p)) {
            continue;
        }
        if t.starts_with("error:") && !seen.insert(l.clone()) {
            continue;
        }
        out.push(l.replace(dir, "$DIR"));
    }
    out
}

#[test]
fn golden_cases() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cfengine");
    let root = root.canonicalize().expect("tests/cfengine exists");
    let mut all = vec![];
    cases(&root, &mut all);
    all.sort();
    assert!(!all.is_empty(), "no golden cases found");
    // Cases known to differ, with the reason (tests/cfengine/KNOWN_DIFFERENCES):
    // they may fail, but must not pass unnoticed, so the list stays true.
    let known: Vec<String> = std::fs::read_to_string(root.join("KNOWN_DIFFERENCES"))
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split('\t').next().map(str::to_string))
        .collect();
    let mut failures = vec![];
    let mut known_failing = 0;
    for case in &all {
        let dir = case.parent().map(|p| p.to_string_lossy().into_owned()).unwrap_or_default();
        let opts =
            confer_cfengine::Options { file: case.to_string_lossy().into_owned(), defines: vec![], bundles: None };
        let (out, err, _) = confer_cfengine::run_to_lines(&opts);
        let mut lines: Vec<String> = err;
        lines.extend(out);
        let got: Vec<String> = normalise(&lines, &dir)
            .iter()
            .flat_map(|l| l.split('\n').map(str::to_string).collect::<Vec<_>>())
            .collect();
        let want: Vec<String> = std::fs::read_to_string(case.with_extension("out"))
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect();
        let name = case.strip_prefix(&root).unwrap_or(case).display().to_string();
        let listed = known.contains(&name);
        if got == want && listed {
            failures
                .push(format!("--- {name}\n  now matches cf-agent: remove it from tests/cfengine/KNOWN_DIFFERENCES"));
        } else if got != want && listed {
            known_failing += 1;
        } else if got != want {
            failures.push(format!(
                "--- {name}\n  expected:\n    {}\n  got:\n    {}",
                want.join("\n    "),
                got.join("\n    ")
            ));
        }
    }
    let passed = all.len() - failures.len() - known_failing;
    println!("golden: {passed} passed, {} failed, {known_failing} known differences", failures.len());
    if !failures.is_empty() {
        panic!("{} of {} golden cases failed:\n{}", failures.len(), all.len(), failures.join("\n"));
    }
}
