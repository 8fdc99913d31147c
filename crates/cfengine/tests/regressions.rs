//! Inputs the fuzzer found that once crashed confer; each must now give a
//! result (whatever it is) without panicking. Also runs that need a work
//! directory of their own (which the golden cases cannot give), with the
//! output cf-agent 3.21 gave for them.

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

/// Host-specific data (`WORKDIR/data/host_specific.json`) is read before
/// the augments, which cannot override it; its errors come first. The
/// expected lines are cf-agent 3.21's (`cf-agent -K -f policy/cmdb.cf`
/// with `CFENGINE_TEST_OVERRIDE_WORKDIR` set, the work directory written
/// `WORK`).
#[test]
fn host_specific_data_comes_before_the_augments() {
    let dir = std::env::temp_dir().join(format!("confer-cmdb-{}", std::process::id()));
    let (work, policy) = (dir.join("work"), dir.join("policy"));
    std::fs::create_dir_all(work.join("data")).expect("a work directory");
    std::fs::create_dir_all(&policy).expect("a policy directory");
    let data = r#"{
  "vars": { "v": "cmdb_v", "l": ["a", 1, true], "ns1:b.o": { "k": "v" } },
  "variables": {
    "tv": { "value": "tv_cmdb", "tags": ["t1"], "comment": "c1" },
    "bad": { "tags": [] },
    "ns2:x": "y"
  },
  "classes": {
    "c1": "any::",
    "c2": ["linux::"],
    "ns3:c3": { "class_expressions": [], "comment": "cc" },
    "c4": { "regular_expressions": ["cfengine"] }
  },
  "inputs": []
}"#;
    std::fs::write(work.join("data/host_specific.json"), data).expect("the data is written");
    let augments = r#"{ "vars": { "data:variables.v": "aug_v", "other": "aug_other" },
  "variables": { "data:variables.tv": { "value": "tv_aug" } },
  "classes": { "aug": "any::" } }"#;
    std::fs::write(policy.join("def.json"), augments).expect("the augments are written");
    let text = r#"bundle agent __main__
{
  vars:
      "l" string => format("%S", "data:variables.l");
      "o" string => format("%S", "ns1:b.o");
      "tags" string => join(",", getvariablemetatags("data:variables.tv"));
      "ctags" string => join(",", getclassmetatags("ns3:c3"));

  reports:
      "v=$(data:variables.v) tv=$(data:variables.tv) other=$(def.other)";
      "l=$(l) o=$(o)";
      "tags=$(tags) ctags=$(ctags)";
    data:c1::
      "c1";
    data:c2::
      "c2";
    ns3:c3::
      "c3";
    data:c4::
      "c4";
    aug::
      "aug";
}
"#;
    let file = policy.join("cmdb.cf");
    std::fs::write(&file, text).expect("the policy is written");
    let work_dir = work.to_string_lossy().into_owned();
    let opts = confer_cfengine::Options {
        file: file.to_string_lossy().into_owned(),
        env: vec![("CFENGINE_TEST_OVERRIDE_WORKDIR".into(), work_dir.clone())],
        ..Default::default()
    };
    let (out, _, _) = confer_cfengine::run_to_lines(&opts);
    let out: Vec<String> = out.iter().map(|l| l.replace(&work_dir, "WORK")).collect();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        out,
        [
            " warning: Invalid key 'inputs' in the CMDB data file 'WORK/data/host_specific.json', skipping it",
            "   error: Missing value in 'bad' variable specification in CMDB data (value field is required)",
            "   error: Invalid variable specification in CMDB data: 'ns2:x' (bundle name has to be specified if namespace is specified)",
            "   error: Invalid class specification 'linux::' in CMDB data, only '[\"any::\"]' allowed",
            "   error: Invalid regular expression rules for class 'c4' in CMDB data, only '[]' or '[\"any\"]' allowed",
            "R: v=cmdb_v tv=tv_cmdb other=aug_other",
            "R: l={ \"a\", \"1\", \"true\" } o={\"k\":\"v\"}",
            "R: tags=t1,source=cmdb ctags=source=cmdb",
            "R: c1",
            "R: c3",
            "R: aug",
        ]
    );
}
