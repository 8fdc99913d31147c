//! `check hiera` through a node's hierarchy: the golden environment's db01
//! (RedHat) gets a string for an array parameter from its OS level, web01
//! does not.

use std::path::Path;

use confer_check::hiera::ClassIndex;
use confer_check::TypeEnvironment;

fn check(node: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/hiera");
    let modules = root.join("env/modules");
    let modulepath = modules.display().to_string();
    let types = TypeEnvironment::load(&modulepath).expect("types");
    let facts = confer_facts::load(&root.join(format!("facts/{node}.yaml"))).expect("facts");
    let hiera = confer_hiera::Hiera::new(Some(&root.join("env")), vec![modules], None);
    let scope = confer_hiera::NodeScope::new(&facts.name, &facts.values, "production");
    let mut index = ClassIndex::new(&types, &modulepath);
    confer_check::hiera_node::check_node(&mut index, &hiera, &scope, &facts.name).iter().map(|p| p.human()).collect()
}

#[test]
fn a_nodes_wrong_typed_value_is_found_at_its_line() {
    let problems = check("db01.example.com");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("env/data/os/RedHat.yaml:9:26: error: profile::base::packages: expects an Array value, got String for node db01.example.com (hierarchy level \"Per-OS family and release\", environment layer)"), "{problems:?}");
    assert!(check("web01.example.com").is_empty());
}
