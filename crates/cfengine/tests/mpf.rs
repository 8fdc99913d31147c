//! The Masterfiles Policy Framework against cf-promises: `--show-vars` and
//! `--show-classes` rows compared with what scripts/record-cfengine-mpf.sh
//! recorded from cf-promises 3.21 on the vendored copy in
//! tests/cfengine/mpf. Rows named in volatile.txt (they changed between two
//! recordings or are tagged `time_based`) are left out.
//!
//! The match rate is printed. Host facts (names, kernel, addresses) are part
//! of the rows, so the rate is held to the floor in floor.txt only on the
//! host that recorded them (host.txt); elsewhere it is reported.

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;

fn mpf_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/cfengine/mpf").canonicalize().unwrap()
}

/// Rows by name; a line starting with a space continues the previous row.
/// Runs of spaces compare equal: the columns' padding depends on the length
/// of the paths that the normalisation replaced.
fn rows(text: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut current: Option<(String, String)> = None;
    for line in text.lines().skip(1) {
        if line.starts_with(' ') {
            if let Some((_, row)) = &mut current {
                row.push('\n');
                row.push_str(line);
            }
            continue;
        }
        if let Some((k, v)) = current.take() {
            out.insert(k, squeeze(&v));
        }
        let name = line.split(' ').next().unwrap_or("").to_string();
        current = Some((name, line.to_string()));
    }
    if let Some((k, v)) = current {
        out.insert(k, squeeze(&v));
    }
    out
}

fn squeeze(row: &str) -> String {
    row.split(' ').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
}

fn uname(flag: &str) -> String {
    std::process::Command::new("uname")
        .arg(flag)
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}

#[test]
fn mpf_matches_cf_promises() {
    let dir = mpf_dir();
    let mpf = dir.join("masterfiles");
    let work = std::env::temp_dir().join(format!("confer-mpf-{}", std::process::id()));
    std::fs::create_dir_all(&work).unwrap();
    // The only test in this binary: nothing else reads the environment.
    std::env::set_var("CFENGINE_TEST_OVERRIDE_WORKDIR", &work);
    let volatile: HashSet<String> =
        std::fs::read_to_string(dir.join("volatile.txt")).unwrap().lines().map(str::to_string).collect();
    let floor: BTreeMap<String, usize> = std::fs::read_to_string(dir.join("floor.txt"))
        .unwrap()
        .lines()
        .filter_map(|l| l.split_once(' ').map(|(k, v)| (k.to_string(), v.trim().parse().unwrap())))
        .collect();
    let host = std::fs::read_to_string(dir.join("host.txt")).unwrap();
    let same_host = host.lines().collect::<Vec<_>>() == [uname("-n"), uname("-r")];
    let opts = confer_cfengine::Options {
        file: mpf.join("promises.cf").to_string_lossy().into_owned(),
        defines: vec![],
        bundles: None,
        ..Default::default()
    };
    let mut report = vec![];
    for (table, file) in [(confer_cfengine::Table::Vars, "vars"), (confer_cfengine::Table::Classes, "classes")] {
        let mut out: Vec<String> = vec![];
        let mut err: Vec<String> = vec![];
        confer_cfengine::show(&opts, table, &mut out, &mut err);
        let text = out.join("\n").replace(mpf.to_str().unwrap(), "$MPF").replace(work.to_str().unwrap(), "$WORKDIR");
        let mine = rows(&text);
        let reference = rows(&std::fs::read_to_string(dir.join(format!("{file}.txt"))).unwrap());
        let stable: Vec<&String> = reference.keys().filter(|k| !volatile.contains(*k)).collect();
        let matched = stable.iter().filter(|k| mine.get(**k) == reference.get(**k)).count();
        let extra = mine.keys().filter(|k| !reference.contains_key(*k) && !volatile.contains(*k)).count();
        let pct = 100.0 * matched as f64 / stable.len().max(1) as f64;
        println!(
            "MPF --show-{file}: {matched} of {} non-volatile rows match cf-promises ({pct:.1}%), {extra} extra",
            stable.len()
        );
        report.push((file, matched));
    }
    let _ = std::fs::remove_dir_all(&work);
    if same_host {
        for (file, matched) in report {
            let min = floor.get(file).copied().unwrap_or(0);
            assert!(matched >= min, "MPF --show-{file}: {matched} rows match, fewer than the floor of {min}");
        }
    }
}
