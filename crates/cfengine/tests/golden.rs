//! Runs every golden case under tests/cfengine through the library and
//! compares with the output cf-agent 3.21 printed (see
//! scripts/regen-cfengine-goldens.sh for how it was recorded and normalised),
//! one test per case; `CONFER_REGEN=1` re-records them first where cf-agent
//! is installed.

use std::collections::HashSet;
use std::path::Path;

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
        if ["warning:", "notice:", "info:", "verbose:", "note:"].iter().any(|p| t.starts_with(p)) {
            continue;
        }
        if t.starts_with("error:") && !seen.insert(l.clone()) {
            continue;
        }
        out.push(l.replace(dir, "$DIR"));
    }
    out
}

/// Runs one case; `Err` shows how its output differs from cf-agent's.
fn run_case(root: &Path, name: &str) -> Result<(), String> {
    let case = root.join(name);
    let dir = case.parent().map(|p| p.to_string_lossy().into_owned()).unwrap_or_default();
    let opts = confer_cfengine::Options {
        file: case.to_string_lossy().into_owned(),
        defines: vec![],
        bundles: None,
        ..Default::default()
    };
    let (out, err, _) = confer_cfengine::run_to_lines(&opts);
    let mut lines: Vec<String> = err;
    lines.extend(out);
    let got: Vec<String> =
        normalise(&lines, &dir).iter().flat_map(|l| l.split('\n').map(str::to_string).collect::<Vec<_>>()).collect();
    let want: Vec<String> =
        std::fs::read_to_string(case.with_extension("out")).unwrap_or_default().lines().map(str::to_string).collect();
    if got == want {
        Ok(())
    } else {
        Err(format!("  expected:\n    {}\n  got:\n    {}", want.join("\n    "), got.join("\n    ")))
    }
}

fn main() {
    let root = confer_golden::repo_root().join("tests/cfengine");
    // scripts/regen-cfengine-goldens.sh without arguments records every
    // `*.cf` under tests/cfengine: with CFEngine's acceptance suite vendored
    // there, it would run those tests (packages, users, commands) under the
    // real cf-agent without the acceptance wrapper's guards.
    let suite = root.join("acceptance/suite");
    if std::env::var_os("CONFER_REGEN").is_some() && suite.exists() {
        eprintln!(
            "CONFER_REGEN=1 refused: {} is present, and the regeneration script would run its tests under cf-agent; move it away first",
            suite.display()
        );
        std::process::exit(1);
    }
    let is_case = |p: &Path| {
        p.extension().is_some_and(|x| x == "cf")
            && !p.to_string_lossy().ends_with(".sub.cf")
            && p.with_extension("out").exists()
    };
    let cases = confer_golden::files_under(&root, &is_case)
        .iter()
        .map(|p| p.strip_prefix(&root).unwrap_or(p).display().to_string())
        .collect();
    let suite = confer_golden::Suite {
        name: "cfengine goldens",
        known_differences: "tests/cfengine/KNOWN_DIFFERENCES",
        regen: confer_golden::Regen { script: "scripts/regen-cfengine-goldens.sh", needs: "cf-agent" },
        stack_size: None,
    };
    confer_golden::run(suite, cases, move |case| run_case(&root, case))
}
