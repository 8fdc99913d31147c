//! The ERB corpus: each of the ERB templates of Debian's Puppet modules
//! (copied under `tests/templates/erb_corpus/modules`), rendered by a
//! manifest that sets plausible variables, compared with what Puppet 7.23
//! rendered (recorded by `scripts/record-erb-corpus.py`). Cases listed in
//! `tests/templates/erb_corpus/KNOWN_DIFFERENCES` with a reason may differ;
//! any other difference fails, and so does a listed case that matches.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use confer_puppet::environment::Environment;
use confer_puppet::log::{Collect, Level};
use confer_puppet::span::Source;

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/templates/erb_corpus")
}

/// What confer makes of one case: the rendered text, or the error.
fn render(pp: &Path, modules: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(pp).map_err(|e| format!("cannot read {}: {e}", pp.display()))?;
    let source = Source::new(pp.display().to_string(), text);
    let mut log = Collect::default();
    let env = Rc::new(Environment::bare(vec![modules.to_path_buf()]));
    // Puppet recorded with the recording machine's facts; templates see
    // the node's facts (haproxy's binds loop over `@ipaddress`), so the
    // cases run with a node that has them (the compile goldens' Debian 12).
    let facts =
        confer_facts::load(&corpus_dir().join("../../compile/facts/debian12.yaml")).map_err(|e| e.to_string())?;
    let node = confer_puppet::node::Node::new(facts.name.clone(), facts.values);
    confer_puppet::apply_in(&source, &env, Some(&node), &mut log).map_err(|e| e.to_string())?;
    log.events
        .iter()
        .find(|e| e.level == Level::Notice && e.scope.is_some())
        .map(|e| e.message.clone())
        .ok_or_else(|| "no rendering was logged".to_string())
}

/// Compares one case; `Err` says how confer differs from Puppet.
fn check(pp: &Path, modules: &Path) -> Result<(), String> {
    let expected = std::fs::read_to_string(pp.with_extension("out")).ok();
    match (expected, render(pp, modules)) {
        (Some(want), Ok(got)) if want == got => Ok(()),
        (Some(want), Ok(got)) => Err(format!("--- Puppet\n{want}\n--- confer\n{got}")),
        (Some(_), Err(e)) => Err(format!("confer failed: {e}")),
        (None, Err(_)) => Ok(()),
        (None, Ok(_)) => Err("Puppet failed (see the .err file) but confer rendered the template".into()),
    }
}

fn known_differences(dir: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("KNOWN_DIFFERENCES")).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

#[test]
fn erb_corpus_renders_as_puppet_does() {
    let dir = corpus_dir();
    let modules = dir.join("modules").canonicalize().expect("the corpus modules");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(dir.join("cases"))
        .expect("the corpus cases")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "pp"))
        .collect();
    cases.sort();
    let known = known_differences(&dir);
    let (mut same, mut listed, mut failures) = (0, 0, Vec::new());
    for pp in &cases {
        let id = pp.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        match (check(pp, &modules), known.contains(&id)) {
            (Ok(()), false) => same += 1,
            (Err(_), true) => listed += 1,
            (Ok(()), true) => failures.push(format!("{id}: now matches Puppet; remove it from KNOWN_DIFFERENCES")),
            (Err(why), false) => failures.push(format!("{id}:\n{why}")),
        }
    }
    println!(
        "ERB corpus: {same} of {} templates rendered as Puppet does, {listed} known differences, {} failures",
        cases.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{} corpus cases differ:\n\n{}", failures.len(), failures.join("\n\n"));
}
