//! Inputs the fuzzer found that once crashed confer; each must now give a
//! result (whatever it is) without panicking.

/// Tests run in parallel threads, so each writes its policy under its own name.
fn run_policy(name: &str, text: &str) -> (Vec<String>, Vec<String>) {
    let dir = std::env::temp_dir().join(format!("confer-regression-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let file = dir.join(format!("{name}.cf"));
    std::fs::write(&file, text).expect("the policy is written");
    let opts = confer_cfengine::Options { file: file.to_string_lossy().into_owned(), defines: vec![] };
    let (out, err, _) = confer_cfengine::run_to_lines(&opts);
    (out, err)
}

#[test]
fn format_with_a_non_ascii_conversion_character() {
    let (out, _) = run_policy("format", "bundle agent __main__\n{\n  vars:\n    \"r\" string => format(\"%s-%\u{e9}d\", \"a\", \"1\");\n  reports:\n    \"r=$(r)\";\n}\n");
    assert_eq!(out.len(), 1, "one report: {out:?}");
    assert!(out[0].starts_with("R: r=a-%\u{e9}"), "{out:?}");
}

#[test]
fn delayed_functions_check_their_arity() {
    let (out, err) =
        run_policy("mapdata", "bundle agent __main__\n{\n  vars:\n    \"r\" data => mapdata(\"none\", \"x\");\n}\n");
    assert!(out.iter().chain(&err).any(|l| l.contains("do not tally")), "{out:?} {err:?}");
}
