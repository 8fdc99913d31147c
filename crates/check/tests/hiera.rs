//! Hiera data checked against the class parameters of a small module
//! (`tests/check/hiera`): each wrong value, unknown class and unknown
//! parameter is reported once, with its line and a suggestion where one fits.

use std::path::Path;

use confer_check::document::{parse, Format};
use confer_check::hiera::ClassIndex;
use confer_check::TypeEnvironment;

#[test]
fn hiera_keys_are_checked_against_class_parameters() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/check/hiera");
    let modulepath = root.join("modules").display().to_string();
    let env = TypeEnvironment::load(&modulepath).expect("module path");
    let text = std::fs::read_to_string(root.join("common.yaml")).expect("data");
    let docs = parse(&text, Format::Yaml).expect("yaml");
    let mut index = ClassIndex::new(&env, &modulepath);
    let lines: Vec<String> = index.check("common.yaml", &docs[0]).iter().map(|p| p.human()).collect();
    assert_eq!(
        lines,
        vec![
            "common.yaml:3:5: error: ntp::servers[1]: expects a String value, got Integer",
            "common.yaml:4:12: error: ntp::port: expects a Ntp::Port = Integer[1, 65535] value, got Integer[70000, 70000]",
            "common.yaml:5:12: error: ntp::mode: expects a match for Enum['client', 'server'], got 'sever' (did you mean 'server'?)",
            "common.yaml:7:22: error: ntp::config::manage: expects a Boolean value, got String",
            "common.yaml:8:12: warning: ntp::prot: class 'ntp' has no parameter 'prot' (did you mean 'port'?)",
            "common.yaml:9:16: warning: nosuch::param: no class 'nosuch' in the module path",
        ]
    );
}
