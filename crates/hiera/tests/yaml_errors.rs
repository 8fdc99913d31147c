//! confer's YAML syntax errors against Psych's (libyaml 0.2.5), word for
//! word: every malformed document of `tests/yaml-errors/cases.yaml` whose
//! message `scripts/yaml-errors/record.rb` recorded in `expected.tsv` is
//! read by confer and its error rendered as Psych renders it. Prints the
//! matches by class of error; fails when a case's result differs from
//! `tests/yaml-errors/BASELINE` (either way), which
//! `CONFER_YAML_ERRORS_UPDATE=1` rewrites.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use confer_core::value::to_s;
use confer_core::Value;

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/yaml-errors")
}

fn read(name: &str) -> String {
    std::fs::read_to_string(corpus().join(name)).unwrap_or_else(|e| panic!("tests/yaml-errors/{name}: {e}"))
}

/// Each recorded case: its name, Psych's message and confer's.
fn outcomes() -> Vec<(String, String, String)> {
    let cases = match confer_hiera::parse_yaml(&read("cases.yaml")).expect("cases.yaml is YAML").value {
        Value::Hash(h) => h.iter().map(|(k, v)| (to_s(k), to_s(v))).collect::<BTreeMap<_, _>>(),
        other => panic!("cases.yaml is a mapping, not {}", other.type_name()),
    };
    read("expected.tsv")
        .lines()
        .map(|line| {
            let (name, want) = line.split_once('\t').expect("name<TAB>message");
            let text = cases.get(name).unwrap_or_else(|| panic!("{name} is not in cases.yaml"));
            let got = match confer_hiera::parse_yaml(text) {
                Ok(_) => "(no error)".to_string(),
                Err(e) => format!("(<unknown>): {e}"),
            };
            (name.to_string(), want.to_string(), got)
        })
        .collect()
}

#[test]
fn syntax_errors_are_worded_as_psych_words_them() {
    let outcomes = outcomes();
    let mut by_class: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut baseline = String::new();
    for (name, want, got) in &outcomes {
        let class = name.split('/').next().unwrap_or(name);
        let counts = by_class.entry(class).or_default();
        counts.0 += 1;
        let matched = want == got;
        if matched {
            counts.1 += 1;
        } else {
            println!("{name}\n  Psych:  {want}\n  confer: {got}");
        }
        baseline.push_str(&format!("{name}\t{}\n", if matched { "match" } else { "differs" }));
    }
    println!("\n{:<16} {:>5} {:>7}", "class", "cases", "matched");
    for (class, (cases, matched)) in &by_class {
        println!("{class:<16} {cases:>5} {matched:>7}");
    }
    let matched = by_class.values().map(|c| c.1).sum::<usize>();
    println!("{:<16} {:>5} {:>7}", "total", outcomes.len(), matched);

    let path = corpus().join("BASELINE");
    if std::env::var_os("CONFER_YAML_ERRORS_UPDATE").is_some() {
        std::fs::write(&path, &baseline).expect("BASELINE is written");
        return;
    }
    let recorded = std::fs::read_to_string(&path).unwrap_or_default();
    let changed: Vec<String> = baseline
        .lines()
        .filter(|line| !recorded.lines().any(|r| r == *line))
        .map(|line| line.replace('\t', ": now "))
        .collect();
    assert!(
        changed.is_empty(),
        "cases whose result is not BASELINE's (CONFER_YAML_ERRORS_UPDATE=1 records them):\n{}",
        changed.join("\n")
    );
}
