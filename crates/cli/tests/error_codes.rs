//! The machine codes of Puppet errors: one manifest per code, run through
//! `confer puppet apply --error-format json`, and the code it reports. The
//! table below is the list of codes (docs/error-codes.md shows it to users).

mod scratch;

use scratch::{confer, Dir};

/// Each code with a manifest that raises it and the options it needs.
const CASES: &[(&str, &str, &[&str])] = &[
    ("puppet::syntax", "notice(", &[]),
    ("puppet::validation", "1 = 2\n3 = 4\n", &[]),
    ("puppet::loading", "notice('a' =~ /(/)", &[]),
    ("puppet::data", "notice(lookup('broken'))", &["--environment", "ENV"]),
    ("puppet::unknown_type", "notice(1 =~ Strng)", &[]),
    ("puppet::unknown_resource_type", "frobnicate { 'x': }", &[]),
    ("puppet::unknown_class", "include nosuchclass", &[]),
    ("puppet::unknown_function", "notise(1)", &[]),
    ("puppet::function_arguments", "notice(size())", &[]),
    ("puppet::type_mismatch", "class c(Integer $p) {}\nclass { 'c': p => 'x' }", &[]),
    ("puppet::undefined_variable", "notice($nowhere)", &["--strict_variables"]),
    ("puppet::duplicate_declaration", "notify { 'a': }\nnotify { 'a': }", &[]),
    ("puppet::lookup_failed", "notice(lookup('nowhere'))", &[]),
    ("puppet::template", "notice(template('nomodule/none.erb'))", &[]),
    ("puppet::resource_limit", "function f($n) { f($n + 1) }\nf(1)", &[]),
    ("puppet::evaluation", "$a = [1, 2][5, 6, 7]", &[]),
];

/// An environment whose Hiera data does not parse.
fn broken_environment(dir: &Dir) -> String {
    dir.file("env/hiera.yaml", "---\nversion: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n");
    dir.file("env/data/common.yaml", "broken: [1, 2\n");
    dir.0.join("env").to_string_lossy().into_owned()
}

#[test]
fn every_kind_of_puppet_error_has_its_code() {
    let dir = Dir::new("error-codes");
    let env = broken_environment(&dir);
    for (code, manifest, options) in CASES {
        let file = dir.file("site.pp", manifest);
        let mut args = vec!["puppet", "apply", "--error-format", "json"];
        args.extend(options.iter().map(|o| if *o == "ENV" { env.as_str() } else { o }));
        args.push(&file);
        let out = confer(&args);
        assert_eq!(out.status.code(), Some(1), "{code}: {manifest}");
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        let d: serde_json::Value = err
            .lines()
            .find_map(|l| serde_json::from_str(l).ok())
            .unwrap_or_else(|| panic!("{code}: no JSON diagnostic in {err}"));
        assert_eq!(d["code"], *code, "{manifest}: {d}");
    }
}

#[test]
fn the_cases_cover_every_code() {
    let listed: Vec<&str> = CASES.iter().map(|(code, _, _)| *code).collect();
    for kind in confer_puppet::error::ErrorKind::all() {
        assert!(listed.contains(&kind.code()), "{} has no case", kind.code());
    }
}
