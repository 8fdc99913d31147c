//! Automatic class parameter binding from Hiera, on the golden environment
//! `tests/hiera/env`: values are bound, and a value of the wrong type is
//! reported at its line and column in the data file, with its hierarchy
//! level, before the class parameter it was meant for.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use confer_puppet::environment::Environment;
use confer_puppet::log::Collect;
use confer_puppet::node::Node;

fn compile(node: &str) -> Result<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let env = Environment::load(&root.join("tests/hiera/env"), &[root.join("tests/hiera/basemodules")])
        .map_err(|e| e.to_string())?;
    let facts = confer_facts::load(&root.join(format!("tests/hiera/facts/{node}.yaml"))).map_err(|e| e.to_string())?;
    let node = Node::new(facts.name, facts.values);
    let catalog = confer_puppet::eval::compile(&Rc::new(env), &node, &mut Collect::default()).map_err(|e| e.message)?;
    Ok(confer_puppet::catalog::to_json(&catalog, confer_puppet::catalog::SensitiveValues::Reveal))
}

#[test]
fn class_parameters_come_from_hiera() {
    let json = compile("web01.example.com").expect("web01 compiles");
    assert!(json.contains(r#""packages":["vim"],"port":8080"#), "{json}");
    assert!(json.contains("users: alice,bob,carol,dave"), "{json}");
    assert!(json.contains("defaults: dflt lambda no_such_key"), "{json}");
    assert!(json.contains("options: over dv"), "{json}");
}

#[test]
fn a_wrong_typed_hiera_value_is_reported_at_its_yaml_position() {
    let err = compile("db01.example.com").expect_err("db01's packages is a string");
    let file = PathBuf::from("tests/hiera/env/data/os/RedHat.yaml");
    let want = format!(
        "{}:9:26: the Hiera value of 'profile::base::packages' (hierarchy level \"Per-OS family and release\", environment layer) does not match Class[Profile::Base] parameter 'packages' of type Array[String]: expects an Array value, got String",
        file.display()
    );
    assert!(err.ends_with(&want), "{err}");
}
