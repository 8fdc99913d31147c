//! `confer check` reports every problem of a document (up to `--max-errors`),
//! gives files it cannot read or parse a place in its JSON output, takes an
//! empty YAML document as `undef`, and refuses integers beyond 64 bits.

mod scratch;

use scratch::{confer, Dir};

const HOSTS: &str = "Array[Struct[{name => String[1], port => Integer[1, 65535]}]]";

#[test]
fn every_problem_of_a_document_is_reported_up_to_the_cap() {
    let dir = Dir::new("all");
    let f = dir.file("h.json", r#"[{"name": "", "port": 80}, {"name": "b", "port": 0, "prot": 1}, {"port": "x"}]"#);
    let out = confer(&["check", "--type", HOSTS, &f]);
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<String> = String::from_utf8_lossy(&out.stdout).lines().map(|l| l.replacen(&f, "F", 1)).collect();
    assert_eq!(
        lines,
        [
            "F:1:11: error: [0].name: expects a String[1] value, got String",
            "F:1:50: error: [1].port: expects an Integer[1, 65535] value, got Integer[0, 0]",
            "F:1:28: error: [1]: unrecognized key 'prot' (did you mean 'port'?)",
            "F:1:65: error: [2]: expects a value for key 'name'",
            "F:1:74: error: [2].port: expects an Integer value, got String",
        ]
    );
    let capped = confer(&["check", "--max-errors", "2", "--type", HOSTS, &f]);
    assert_eq!(String::from_utf8_lossy(&capped.stdout).lines().count(), 2);
}

#[test]
fn json_output_includes_files_that_do_not_parse_or_read() {
    let dir = Dir::new("json");
    let bad = dir.file("bad.json", r#"{"a": "#);
    let missing = dir.0.join("missing.json").to_string_lossy().into_owned();
    let out = confer(&["check", "--format", "json", "--type", "Any", &bad, &missing]);
    assert_eq!(out.status.code(), Some(2));
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON output");
    let kinds: Vec<(&str, Option<u64>)> =
        list.as_array().unwrap().iter().map(|p| (p["kind"].as_str().unwrap(), p["line"].as_u64())).collect();
    assert_eq!(kinds, [("syntax", Some(1)), ("io", None)]);
}

#[test]
fn an_empty_yaml_document_is_undef() {
    let dir = Dir::new("empty");
    for text in ["", "---\n"] {
        let f = dir.file("e.yaml", text);
        assert!(confer(&["check", "--type", "Optional[String]", &f]).status.success(), "{text:?}");
        let out = confer(&["check", "--type", "String", &f]);
        assert_eq!(out.status.code(), Some(1), "{text:?}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("expects a String value, got Undef"));
    }
}

#[test]
fn json_integers_beyond_64_bits_are_refused_where_they_start() {
    let dir = Dir::new("big");
    let f = dir.file("big.json", "{\"a\": 1,\n \"b\": 99999999999999999999}");
    let out = confer(&["check", "--type", "Hash[String, Numeric]", &f]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!("{f}:2:7: error: invalid document: Integer 99999999999999999999 is out of range (Puppet integers are 64-bit)\n")
    );
    let edge = dir.file("edge.json", "[9223372036854775807, -9223372036854775808, 1e300, 0.5]");
    assert!(confer(&["check", "--type", "Array[Numeric]", &edge]).status.success());
}
