//! Inputs the fuzzer found that once crashed confer; each must now give a
//! result (whatever it is) without panicking.

/// Tests run in parallel threads, so each writes its policy under its own name.
fn run_policy(name: &str, text: &str) -> (Vec<String>, Vec<String>) {
    let dir = std::env::temp_dir().join(format!("confer-regression-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let file = dir.join(format!("{name}.cf"));
    std::fs::write(&file, text).expect("the policy is written");
    let opts = confer_cfengine::Options {
        file: file.to_string_lossy().into_owned(),
        defines: vec![],
        bundles: None,
        ..Default::default()
    };
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

/// Issue 16: a separator that hits the regex engine's backtrack limit used
/// to make splitstring/string_split/lastnode loop forever. Each must now
/// stop, and fail with an error naming the pattern rather than answer as if
/// nothing matched.
#[test]
fn backtrack_limit_in_regex_iterators_is_an_error() {
    for call in [
        r#"slist => splitstring("aaaaaaaaaaaaaaaaaaaaaaaaay", "(?:(a+)+\1x|y)", 100)"#,
        r#"slist => string_split("aaaaaaaaaaaaaaaaaaaaaaaaay", "(?:(a+)+\1x|y)", 100)"#,
        r#"string => lastnode("aaaaaaaaaaaaaaaaaaaaaaaaay", "(?:(a+)+\1x|y)")"#,
    ] {
        let start = std::time::Instant::now();
        let policy =
            format!("bundle agent __main__\n{{\n  vars:\n    \"r\" {call};\n  reports:\n    \"r=$(r)\";\n}}\n");
        let (out, err) = run_policy("backtrack", &policy);
        assert!(start.elapsed().as_secs() < 10, "{call} took {:?}", start.elapsed());
        assert!(out.iter().chain(&err).any(|l| l.contains("could not be matched")), "{call}: {out:?} {err:?}");
    }
}

/// Issue 16: the backtrack limit is never a silent "no match": the class
/// is left undefined and the error names the pattern.
#[test]
fn backtrack_limit_in_a_match_is_not_false() {
    let policy = "bundle agent __main__\n{\n  classes:\n    \"m\" not => regcmp(\"^(?:(a+)+\\1c|.*b)$\", \"aaaaaaaaaaaaaaaaaaaaaaaaab\");\n  reports:\n    m::\n      \"wrongly false\";\n}\n";
    let (out, err) = run_policy("regcmp_limit", policy);
    assert!(!out.iter().any(|l| l.contains("wrongly false")), "{out:?}");
    assert!(out.iter().chain(&err).any(|l| l.contains("could not be matched")), "{out:?} {err:?}");
}

/// Issue 16: a FIFO given to readfile() is refused at once (opening it
/// would wait for a writer).
#[test]
fn readfile_of_a_fifo_does_not_block() {
    let dir = std::env::temp_dir().join(format!("confer-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("f");
    let ok = std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success());
    if !ok {
        return;
    }
    let policy = format!(
        "bundle agent __main__\n{{\n  vars:\n    \"r\" string => readfile(\"{}\", 10);\n  reports:\n    \"r=$(r)\";\n}}\n",
        fifo.display()
    );
    let start = std::time::Instant::now();
    let _ = run_policy("fifo", &policy);
    assert!(start.elapsed().as_secs() < 10);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 16: inline JSON naming a container twice (`mergedata('[ v, v ]')`),
/// chained forty times, wrote the container's text out at each level: 2^40
/// copies. The container is now shared, and past confer's limit on its
/// expanded size the function fails with an error naming it.
#[test]
fn inline_json_shares_the_containers_it_names() {
    let mut policy = String::from("bundle agent __main__\n{\n  vars:\n    \"v0\" data => parsejson('[1]');\n");
    for i in 1..=40 {
        policy.push_str(&format!("    \"v{i}\" data => mergedata('[ v{}, v{} ]');\n", i - 1, i - 1));
    }
    policy.push_str(
        "    \"n\" int => length(v5);\n    \"m\" int => length(v40);\n  reports:\n    \"n=$(n) m=$(m)\";\n}\n",
    );
    let (out, err) = run_policy("shared", &policy);
    assert_eq!(out.last().map(String::as_str), Some("R: n=2 m=$(m)"), "{out:?}");
    assert!(
        out.iter().chain(&err).any(|l| l.contains("Function 'mergedata' built a data container that takes more than")),
        "{out:?} {err:?}"
    );
}
