//! Compiles every case under `tests/compile/cases/` for each of its fact
//! sets and compares the catalog with the one real Puppet 7.23 compiled
//! (recorded by `scripts/regen-compile-goldens.py`), structurally: the
//! resources in order with their type, title, tags, file, line, kind and
//! parameters, the edges, the classes and the catalog's tags. Fields that
//! change per run (`version`, `catalog_uuid`, `code_id`) are not compared.
//!
//! Each case (`NAME@FACTSET`) is a test of its own; one that is not
//! identical names the level it reaches: the same resources, the same
//! parameters (an error case: both refuse). A case that is not identical
//! must be listed in
//! `tests/compile/KNOWN_DIFFERENCES` with its reason; a listed case that
//! becomes identical fails the test, so the list stays true.
//!
//! Module cases need Debian's Puppet modules: `CONFER_PUPPET_MODULES` names
//! their directory (`scripts/test.sh` sets it), else
//! `/usr/share/puppet/modules`. `CONFER_REGEN=1` re-records the catalogs
//! first where Puppet is installed.

use confer_puppet::strict::Strict;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use confer_puppet::environment::Environment;
use confer_puppet::log::Collect;
use confer_puppet::node::Node;
use serde_json::Value as Json;

mod catalog_compare;

use catalog_compare::{compare, Level};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repository root")
}

fn modules_dir() -> PathBuf {
    std::env::var_os("CONFER_PUPPET_MODULES").map_or_else(|| PathBuf::from("/usr/share/puppet/modules"), PathBuf::from)
}

fn factsets(case: &Path) -> Vec<String> {
    std::fs::read_to_string(case.join("factsets")).map_or_else(
        |_| vec!["debian12".to_string()],
        |t| t.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(String::from).collect(),
    )
}

fn run_case(case: &Path, factset: &str, root: &Path) -> (Level, String) {
    let modules = modules_dir();
    let env_dir = case.join("production");
    let settings = std::fs::read_to_string(case.join("settings")).unwrap_or_default();
    let strict = match Strict::from_options(settings.lines().map(str::trim).filter(|l| !l.is_empty())) {
        Ok(strict) => strict,
        Err(e) => return (Level::Differs, format!("settings: {e}")),
    };
    let env = match Environment::load(&env_dir, std::slice::from_ref(&modules)) {
        Ok(env) => Rc::new(Environment { strict, ..env }),
        Err(e) => return (Level::Differs, format!("environment: {e}")),
    };
    let facts = match confer_facts::load(&root.join("tests/compile/facts").join(format!("{factset}.yaml"))) {
        Ok(f) => f,
        Err(e) => return (Level::Differs, format!("facts: {e}")),
    };
    let node = Node::new(facts.name.clone(), facts.values);
    let mut log = Collect::default();
    let result = confer_puppet::eval::compile(&env, &node, &mut log);
    let expected_dir = case.join("expected");
    let expected_json = std::fs::read_to_string(expected_dir.join(format!("{factset}.json"))).ok();
    let expected_err = std::fs::read_to_string(expected_dir.join(format!("{factset}.err"))).ok();
    let expected = match (expected_json, expected_err) {
        (Some(want), _) => match serde_json::from_str::<Json>(&want) {
            Ok(json) => Ok(json),
            Err(_) => return (Level::Differs, "recorded catalog JSON does not parse".into()),
        },
        (None, Some(want)) => Err(want),
        (None, None) => return (Level::Differs, "no expected output recorded".into()),
    };
    let actual = result
        .map(|c| confer_puppet::catalog::to_json(&c, confer_puppet::catalog::SensitiveValues::Reveal))
        .map_err(|e| catalog_compare::error_text(&e, &node.name));
    compare(actual, expected, &env_dir.display().to_string(), &modules.display().to_string())
}

fn main() {
    let root = repo_root();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("tests/compile/cases"))
        .expect("tests/compile/cases")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    let mut cases = Vec::new();
    for case in &dirs {
        let name = case.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        cases.extend(factsets(case).into_iter().map(|factset| format!("{name}@{factset}")));
    }
    cases.sort();
    let suite = confer_golden::Suite {
        name: "compile goldens",
        known_differences: "tests/compile/KNOWN_DIFFERENCES",
        regen: confer_golden::Regen { script: "scripts/regen-compile-goldens.py", needs: "puppet" },
        stack_size: Some(64 * 1024 * 1024),
    };
    confer_golden::run(suite, cases, move |id| {
        let (name, factset) = id.split_once('@').ok_or("a case is NAME@FACTSET")?;
        match run_case(&root.join("tests/compile/cases").join(name), factset, &root) {
            (Level::Identical, _) => Ok(()),
            (level, detail) => Err(format!("{level:?}: {detail}")),
        }
    })
}
