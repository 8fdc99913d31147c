//! Hostile policies of issue 27's CFEngine family: each once hung confer or
//! ran it out of memory. Where cf-agent 3.21 answers, confer must give its
//! answer (recorded by running cf-agent on the same tree, quoted in each
//! test); where cf-agent itself hangs or dies, a located error and a
//! non-zero exit.

use std::path::PathBuf;

/// A fresh directory for one test (tests run in parallel threads).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("confer-cfe-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp dir");
    dir
}

/// Runs `text` as a policy in `dir`: its lines (stderr, then stdout) and how
/// it ended.
fn run(dir: &std::path::Path, text: &str) -> (Vec<String>, confer_cfengine::Ended) {
    let file = dir.join("policy.cf");
    std::fs::write(&file, text).expect("the policy is written");
    let opts = confer_cfengine::Options {
        file: file.to_string_lossy().into_owned(),
        defines: vec![],
        bundles: None,
        ..Default::default()
    };
    let (out, mut err, ended) = confer_cfengine::run_to_lines(&opts);
    err.extend(out);
    (err, ended)
}

#[test]
fn findfiles_takes_braces_literally_without_expanding_them() {
    // cf-agent 3.21 globs with no GLOB_BRACE: twenty `{a,b}` groups are
    // literal text, matched at once ("n 0"); expanding them meant 2^20 globs.
    let dir = scratch("braces");
    let pattern = format!("{}/{}", dir.display(), "{a,b}".repeat(20));
    let (lines, ended) = run(
        &dir,
        &format!("bundle agent main {{\nvars:\n  \"f\" slist => findfiles(\"{pattern}\");\n  \"n\" int => length(f);\nreports:\n  \"n $(n)\";\n}}\n"),
    );
    assert_eq!(lines, vec!["R: n 0"]);
    assert_eq!(ended.exit_code(), 0);
}

#[test]
fn findfiles_double_star_stops_at_six_levels_over_link_loops() {
    // A directory with two links to itself and a file: cf-agent 3.21 finds
    // 253 paths for these two patterns (`**` is one to six levels of `*`).
    let dir = scratch("links");
    let tree = dir.join("tree");
    std::fs::create_dir(&tree).expect("a directory");
    for link in ["d", "e"] {
        std::os::unix::fs::symlink(".", tree.join(link)).expect("a link");
    }
    std::fs::write(tree.join("x"), "").expect("a file");
    let root = tree.display();
    let (lines, ended) = run(
        &dir,
        &format!(
            "bundle agent main {{\nvars:\n  \"f\" slist => findfiles(\"{root}/**/x\", \"{root}/**\");\n  \
             \"n\" int => length(f);\nreports:\n  \"n $(n)\";\n}}\n"
        ),
    );
    assert_eq!(lines, vec!["R: n 253"]);
    assert_eq!(ended.exit_code(), 0);
}

/// The run stopped at the promise on `line` with confer's string limit.
fn assert_stopped_at(lines: &[String], ended: confer_cfengine::Ended, line: usize) {
    let errors: Vec<&String> = lines.iter().filter(|l| l.contains("error:")).collect();
    assert_eq!(errors.len(), 1, "{lines:?}");
    assert!(errors[0].contains("past confer's limit") && errors[0].contains(&format!("near line {line}")), "{lines:?}");
    assert_eq!(ended.exit_code(), 1);
}

#[test]
fn string_replace_that_outgrows_memory_stops_the_run() {
    // cf-agent: "xreallocCRITICAL: Unable to allocate memory", exit 255.
    let mut text = String::from("bundle agent main {\nvars:\n  \"s0\" string => \"abcdefghijklmnop\";\n");
    for i in 1..=8 {
        let p = i - 1;
        text.push_str(&format!("  \"s{i}\" string => string_replace(\"$(s{p})\", \"a\", \"$(s{p})$(s{p})\");\n"));
    }
    text.push_str("reports:\n  \"never\";\n}\n");
    let (lines, ended) = run(&scratch("replace"), &text);
    assert_stopped_at(&lines, ended, 8);
    assert!(!lines.iter().any(|l| l.contains("never")), "{lines:?}");
}

#[test]
fn a_recursive_method_that_doubles_its_parameter_stops_the_run() {
    // cf-agent: "xreallocCRITICAL: Unable to allocate memory", exit 255.
    let (lines, ended) = run(
        &scratch("methods"),
        "bundle agent main {\nmethods:\n  \"r\" usebundle => rec(\"x\", \"0\");\n}\n\
         bundle agent rec(s, n) {\nvars:\n  \"m\" string => eval(\"$(n)+1\", \"math\", \"infix\");\n  \
         \"next\" string => format(\"%d\", \"$(m)\");\nmethods:\n  \
         \"r\" usebundle => rec(\"$(s)$(s)\", \"$(next)\"), if => islessthan(\"$(n)\", \"60\");\n}\n",
    );
    assert_stopped_at(&lines, ended, 10);
}

#[test]
fn an_endless_device_read_with_no_size_is_refused_once() {
    // cf-agent reads /dev/urandom until it is killed.
    let (lines, ended) = run(
        &scratch("urandom"),
        "bundle agent main {\nvars:\n  \"d\" data => readdata(\"/dev/urandom\", \"auto\");\n  \
         \"n\" string => readfile(\"/dev/null\");\nreports:\n  \"done '$(n)'\";\n}\n",
    );
    let refusals = lines.iter().filter(|l| l.contains("is a device")).count();
    assert_eq!(refusals, 1, "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("is a device") && l.contains("near line 3")), "{lines:?}");
    assert!(lines.iter().any(|l| l == "R: done ''"), "{lines:?}");
    assert_eq!(ended.exit_code(), 1);
}
