//! The machine codes of errors: one Puppet manifest per code, run through
//! `confer puppet apply --error-format json`, and one CFEngine policy per
//! code of a run's errors, through `confer cfengine run --format json`; and
//! the code each reports. The tables below are the lists of codes
//! (docs/error-codes.md shows them to users).

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

/// Each code of a CFEngine run's errors with a policy that raises it and
/// the options it needs (`ROOT`: a scratch root; `DEFJSON`: a broken
/// `def.json` beside the policy).
const CFENGINE_CASES: &[(&str, &str, &[&str])] = &[
    ("cfengine::function", "vars:\n  \"x\" data => readjson(\"/nonexistent/x.json\", 100);", &[]),
    ("cfengine::files", "files:\n  \"/x\" copy_from => local(\"/nonexistent\");", &["--root", "ROOT"]),
    ("cfengine::variables", "vars:\n  \"x\" string => \"a\", string => \"b\", slist => { \"c\" };", &[]),
    ("cfengine::commands", "commands:\n  \"/nonexistent/cmd\";", &[]),
    ("cfengine::methods", "methods:\n  \"m\" usebundle => nosuch;", &[]),
    ("cfengine::classes", "classes:\n  \"c\" select_class => { };", &[]),
    ("cfengine::policy", "reports:\n  \"x\";", &["-b", "nosuch"]),
    ("cfengine::augments", "reports:\n  \"x\";", &["DEFJSON"]),
    ("cfengine::abort", "classes:\n  \"stop\" expression => \"any\";", &[]),
    ("cfengine::refused", "packages:\n  \"vim\" package_policy => \"add\";", &[]),
    (
        "cfengine::limit",
        "vars:\n  \"a\" string => \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\";\n  \
         \"s\" string => \"$(a)$(a)$(a)$(a)$(a)$(a)$(a)$(a)$(a)$(a)$(a)$(a)$(a)$(a)$(a)$(a)\";\n  \
         \"b\" string => string_replace(\"$(a)$(a)\", \"a\", \"$(s)\");\n  \
         \"c\" string => string_replace(\"$(b)\", \"a\", \"$(s)\");",
        &[],
    ),
];

#[test]
fn every_kind_of_cfengine_run_error_has_its_code() {
    let dir = Dir::new("cfengine-error-codes");
    let root = dir.0.join("root");
    std::fs::create_dir_all(&root).unwrap();
    let root = root.display().to_string();
    for (code, body, options) in CFENGINE_CASES {
        let _ = std::fs::remove_file(dir.0.join("def.json"));
        let policy = format!(
            "body agent control {{ abortbundleclasses => {{ \"stop\" }}; }}\n\
             body copy_from local(f) {{ source => \"$(f)\"; }}\n\
             bundle agent main {{\n{body}\n}}\n"
        );
        let file = dir.file("policy.cf", &policy);
        let mut args = vec!["cfengine", "run", "--format", "json", &file];
        for option in *options {
            match *option {
                "ROOT" => args.push(&root),
                "DEFJSON" => drop(dir.file("def.json", "{ \"vars\": { broken")),
                other => args.push(other),
            }
        }
        let out = confer(&args);
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let codes: Vec<String> = stdout
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter(|l| l["level"] == "error")
            .filter_map(|l| l["code"].as_str().map(str::to_string))
            .collect();
        assert!(codes.first().is_some_and(|c| c == code), "{code}: {body}: {codes:?}");
    }
}

#[test]
fn the_cfengine_cases_cover_every_code() {
    let listed: Vec<&str> = CFENGINE_CASES.iter().map(|(code, _, _)| *code).collect();
    for kind in confer_cfengine::eval::message::ErrorKind::all() {
        assert!(listed.contains(&kind.code()), "{} has no case", kind.code());
    }
}

#[test]
fn a_policy_error_in_json_carries_its_code_and_place() {
    let dir = Dir::new("cfengine-policy-error-code");
    let file = dir.file("policy.cf", "bundle agent main {\n vars:\n  \"x\" string => nosuchfn(\"a\");\n}\n");
    let out = confer(&["cfengine", "run", "--format", "json", &file]);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let first: serde_json::Value =
        stdout.lines().find_map(|l| serde_json::from_str(l).ok()).unwrap_or_else(|| panic!("no JSON line in {stdout}"));
    assert_eq!(first["source"], "cf-promises", "{first}");
    assert_eq!(first["code"], "cfengine::syntax", "{first}");
    assert_eq!((first["line"].as_u64(), first["column"].as_u64()), (Some(3), Some(30)), "{first}");
    // cf-promises: /tmp/p.cf:3:30: error: Unknown function
}
