//! The ERB corpus: each of the ERB templates of Debian's Puppet modules
//! (copied under `tests/templates/erb_corpus/modules`), rendered by a
//! manifest that sets plausible variables, compared with what Puppet 7.23
//! rendered (recorded by `scripts/record-erb-corpus.py`). Cases listed in
//! `tests/templates/erb_corpus/KNOWN_DIFFERENCES` with a reason may differ;
//! any other difference fails, and so does a listed case that matches. One
//! test per template; `CONFER_REGEN=1` re-records them first where Puppet
//! is installed.

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

fn main() {
    let dir = corpus_dir();
    let modules = dir.join("modules").canonicalize().expect("the corpus modules");
    let cases = confer_golden::files_under(&dir.join("cases"), &|p: &Path| p.extension().is_some_and(|e| e == "pp"))
        .iter()
        .filter_map(|p| Some(p.file_stem()?.to_string_lossy().into_owned()))
        .collect();
    let suite = confer_golden::Suite {
        name: "ERB corpus",
        known_differences: "tests/templates/erb_corpus/KNOWN_DIFFERENCES",
        regen: confer_golden::Regen { script: "scripts/record-erb-corpus.py", needs: "puppet" },
        stack_size: Some(64 * 1024 * 1024),
    };
    confer_golden::run(suite, cases, move |id| check(&dir.join("cases").join(format!("{id}.pp")), &modules))
}
