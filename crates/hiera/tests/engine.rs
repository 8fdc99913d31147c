//! The engine on the golden environment `tests/hiera/env`, without the CLI:
//! merges, interpolation, origins and the errors Puppet raises.

use std::path::{Path, PathBuf};

use confer_core::value::to_s;
use confer_core::{HashMap, Value};
use confer_hiera::{Hiera, HieraError, NodeScope, Strategy};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/hiera")
}

fn hash(entries: Vec<(&str, Value)>) -> Value {
    Value::hash(entries.into_iter().map(|(k, v)| (Value::from(k), v)).collect::<HashMap>())
}

/// The facts of `tests/hiera/facts/web01.example.com.yaml` the data uses.
fn facts() -> Value {
    hash(vec![
        ("fqdn", Value::from("web01.example.com")),
        ("osfamily", Value::from("Debian")),
        ("datacenter", Value::from("ams1")),
        ("role", Value::from("web")),
        ("roles", Value::array(vec![Value::from("web"), Value::from("monitoring")])),
        (
            "os",
            hash(vec![
                ("family", Value::from("Debian")),
                ("name", Value::from("Debian")),
                ("release", hash(vec![("full", Value::from("12.11")), ("major", Value::from("12"))])),
            ]),
        ),
        ("networking", hash(vec![("hostname", Value::from("web01")), ("domain", Value::from("example.com"))])),
    ])
}

fn lookup(key: &str, merge: Option<Strategy>) -> Result<Option<Value>, HieraError> {
    let hiera = Hiera::new(Some(&root().join("env")), vec![root().join("basemodules")], None);
    let scope = NodeScope::new("web01.example.com", &facts(), "production");
    Ok(hiera.invocation(&scope).lookup(key, merge)?.map(|f| f.value))
}

#[test]
fn first_found_and_merges() {
    assert_eq!(to_s(&lookup("message", None).unwrap().unwrap()), "hello from web01");
    let users = lookup("users", None).unwrap().unwrap();
    assert_eq!(to_s(&users), "{alice => {uid => 2001, groups => [staff, sudo], shell => /bin/zsh}, bob => {uid => 1002, groups => [staff]}, carol => {uid => 1003}, dave => {uid => 1004}}");
    let knocked = lookup("knock_list", None).unwrap().unwrap();
    assert_eq!(to_s(&knocked), "[a, c, d]");
    let module = lookup("ntp::servers", Some(Strategy::Unique)).unwrap().unwrap();
    assert_eq!(module.as_array().map(<[Value]>::len), Some(9));
}

#[test]
fn interpolation_forms() {
    assert_eq!(to_s(&lookup("greeting", None).unwrap().unwrap()), "Hello web01 in ams1");
    assert_eq!(to_s(&lookup("percent", None).unwrap().unwrap()), "100% sure");
    assert!(matches!(lookup("aliased_array", None).unwrap().unwrap(), Value::Array(_)));
}

#[test]
fn recursion_and_encryption_are_errors() {
    let e = lookup("loop_a", None).unwrap_err();
    let text = e.to_string();
    assert!(text.starts_with("Recursive lookup detected in [loop_a, loop_b] (file: "), "{text}");
    assert!(text.ends_with("data/common.yaml:42:9)"), "{text}");
    let e = lookup("secret", None).unwrap_err();
    assert!(matches!(&e, HieraError::Encrypted { at, .. } if at.line == 43 && at.column == 9), "{e}");
}

#[test]
fn found_values_know_their_origin() {
    let hiera = Hiera::new(Some(&root().join("env")), Vec::new(), None);
    let scope = NodeScope::new("web01.example.com", &facts(), "production");
    let found = hiera.invocation(&scope).lookup("port", None).unwrap().unwrap();
    let origin = found.origin.expect("origin");
    assert_eq!(origin.level, "Common data");
    let at = origin.locate(&[]);
    assert!(at.file.ends_with("data/common.yaml") && at.line == 34, "{at:?}");
}
