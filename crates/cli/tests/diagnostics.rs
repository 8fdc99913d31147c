//! Every front-end reports through the one diagnostic: the reference tool's
//! line once, then the excerpt, in text; the same content as one JSON object
//! a line with `--error-format json`.

mod scratch;

use std::process::Output;

use scratch::{confer, Dir};

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The one JSON diagnostic line of standard error.
fn json(out: &Output) -> serde_json::Value {
    let err = stderr(out);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {err}");
    serde_json::from_str(lines[0]).expect("a JSON object")
}

#[test]
fn a_puppet_error_is_printed_once_with_its_excerpt() {
    let dir = Dir::new("puppet");
    let f = dir.file("site.pp", "notice(1)\n$a = [1, 2][5, 6, 7]\n");
    let out = confer(&["puppet", "apply", "--color", "never", &f]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    let headline = format!(
        "Error: Evaluation Error: Array supports [] with one or two arguments. Got 3 (file: {f}, line: 2, column: 6)"
    );
    assert_eq!(err.lines().next(), Some(headline.as_str()));
    assert_eq!(err.matches("Array supports").count(), 1, "the message comes once: {err}");
    assert!(err.contains(&format!("┌─ {f}:2:6")), "{err}");
    assert!(err.contains("2 │ $a = [1, 2][5, 6, 7]"), "{err}");
    assert!(err.contains("^^^^^^^^^^^^^^^ here"), "the whole access expression is marked: {err}");

    let out = confer(&["puppet", "apply", "--error-format", "json", &f]);
    let d = json(&out);
    assert_eq!(d["code"], "puppet::evaluation");
    assert_eq!(d["headline"], headline.as_str());
    assert_eq!(d["message"], "Array supports [] with one or two arguments. Got 3");
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(2), Some(6)));
    assert_eq!((d["span"]["start"].as_u64(), d["span"]["end"].as_u64()), (Some(15), Some(30)));
}

#[test]
fn a_syntax_error_in_parser_validate_is_located() {
    let dir = Dir::new("syntax");
    let f = dir.file("bad.pp", "class a {\n  $x = \n}\n");
    let out = confer(&["puppet", "parser", "validate", "--error-format", "json", &f]);
    assert_eq!(out.status.code(), Some(1));
    let d = json(&out);
    assert_eq!(d["code"], "puppet::syntax");
    assert!(d["headline"].as_str().unwrap().starts_with("Error: Could not parse for environment production: "));
}

#[test]
fn a_template_error_shows_the_call_and_the_template_line() {
    let dir = Dir::new("template");
    dir.file("modules/m/templates/motd.erb", "Hello <%= @site %>\n<%= @items.frobnicate %>\n");
    let f = dir.file("site.pp", "$site = 'web'\n$items = [1, 2]\n$motd = template('m/motd.erb')\n");
    let modules = dir.0.join("modules");
    let modules = modules.to_str().unwrap();
    let out = confer(&["puppet", "apply", "--color", "never", "--modulepath", modules, &f]);
    let err = stderr(&out);
    assert!(
        err.starts_with(
            "Error: Evaluation Error: Error while evaluating a Function Call, Failed to parse template m/motd.erb:"
        ),
        "{err}"
    );
    assert!(err.contains("3 │ $motd = template('m/motd.erb')"), "{err}");
    assert!(err.contains("2 │ <%= @items.frobnicate %>"), "{err}");
    assert!(err.contains("undefined method `frobnicate' for [1, 2]:Array"), "{err}");

    let out = confer(&["--error-format", "json", "puppet", "apply", "--modulepath", modules, &f]);
    let d = json(&out);
    let label = &d["labels"][0];
    assert!(label["file"].as_str().unwrap().ends_with("modules/m/templates/motd.erb"), "{d}");
    assert_eq!((label["start"].as_u64(), label["end"].as_u64()), (Some(30), Some(40)));
}

#[test]
fn a_cfengine_error_keeps_cf_promises_line() {
    let dir = Dir::new("cfengine");
    let f = dir.file("p.cf", "bundle agent main\n{\n  vars:\n    \"x\" string => \"a\"\n    \"y\" int => \"b\";\n}\n");
    let out = confer(&["cfengine", "validate", &f]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    let headline = format!("{f}:5:8: error: Check previous line, Expected ';', got '\"y\"'");
    assert_eq!(err.lines().next(), Some(headline.as_str()));
    assert!(err.contains("5 │     \"y\" int => \"b\";"), "{err}");

    let out = confer(&["cfengine", "validate", "--error-format", "json", &f]);
    let d = json(&out);
    assert_eq!(d["code"], "cfengine::syntax");
    assert_eq!(d["headline"], headline.as_str());
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(5), Some(8)));
}

#[test]
fn check_problems_are_diagnostics_with_their_fields() {
    let dir = Dir::new("check");
    let f = dir.file("c.json", "{\"port\": \"x\", \"prot\": 1}\n");
    let t = "Struct[{port => Integer}]";
    let out = confer(&["check", "--type", t, &f]);
    assert_eq!(out.status.code(), Some(1));
    let shown = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(
        shown,
        format!(
            "{f}:1:10: error: port: expects an Integer value, got String\n\
             {f}:1:1: error: $: unrecognized key 'prot' (did you mean 'port'?)\n"
        )
    );
    let out = confer(&["check", "--format", "json", "--type", t, &f]);
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON array");
    assert_eq!(list[1]["code"], "check::mismatch");
    assert_eq!(list[1]["suggestion"], "'port'");
    assert_eq!(list[1]["path"], "$");
    assert_eq!(list[0]["expected"], "Integer");
    assert_eq!(list[0]["actual"], "String");
}

#[test]
fn errors_without_a_place_are_diagnostics_too() {
    let out = confer(&["puppet", "apply", "--error-format", "json", "/nonexistent/site.pp"]);
    assert_eq!(out.status.code(), Some(1));
    let d = json(&out);
    assert_eq!(d["code"], "io");
    assert!(d["message"].as_str().unwrap().starts_with("Could not read file /nonexistent/site.pp"), "{d}");
    assert!(d["line"].is_null());
}

#[test]
fn misspelt_types_parameters_and_attributes_get_suggestions() {
    let cases = [
        ("notice(1 =~ Strng)", "Resource type not found: Strng", "did you mean 'String'?"),
        ("define d($port) {} d { 'a': prot => 1 }", "D[a]: has no parameter named 'prot'", "did you mean 'port'?"),
        ("file { '/tmp/x': ensur => present }", "no parameter named 'ensur'", "did you mean 'ensure'?"),
    ];
    for (code, message, note) in cases {
        let out = confer(&["puppet", "apply", "--color", "never", "-e", code]);
        let err = stderr(&out);
        assert!(err.lines().next().is_some_and(|l| l.contains(message)), "{code}: {err}");
        assert!(err.contains(&format!("= note: {note}")), "{code}: {err}");
        let d = json(&confer(&["puppet", "apply", "--error-format", "json", "-e", code]));
        assert_eq!(d["notes"][0], note, "{code}");
        assert_eq!(d["suggestion"].as_str(), note.split('\'').nth(1), "{code}");
    }
}

#[test]
fn misspelt_cfengine_functions_and_bundles_get_suggestions() {
    let dir = Dir::new("cfengine-suggest");
    let f = dir.file("f.cf", "bundle agent main { vars: \"x\" string => canonfy(\"a b\"); }\n");
    let err = stderr(&confer(&["cfengine", "validate", &f]));
    assert!(err.contains("error: Unknown function"), "{err}");
    assert!(err.contains("= note: did you mean 'canonify'?"), "{err}");
    let b = dir.file(
        "b.cf",
        "bundle agent main { methods: \"x\" usebundle => helpr; }\nbundle agent helper { reports: \"hi\"; }\n",
    );
    let out = confer(&["cfengine", "run", &b]);
    let shown = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        shown.contains("   error: A method attempted to use a bundle 'helpr' that was apparently not defined\n    note: did you mean 'helper'?\n"),
        "{shown}"
    );
}
