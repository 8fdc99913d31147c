//! The everyday edges of the command line, run as a user runs them: advice
//! after Puppet's error line, standard input, colours, versions, notes for
//! what confer skips. Puppet's own lines here were checked against
//! `puppet apply` 7.23 (see docs/deviations.md, "Everyday use").

mod common;

use std::io::Write;
use std::process::Output;

fn confer(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = common::spawn(args);
    let mut input = child.stdin.take().expect("stdin is piped");
    input.write_all(stdin.unwrap_or("").as_bytes()).expect("stdin takes the manifest");
    drop(input);
    child.wait_with_output().expect("confer finishes")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_misspelt_function_keeps_puppets_line_and_gets_a_suggestion() {
    let out = confer(&["puppet", "apply", "--color", "never", "-e", "notise('hi')"], None);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        err.lines().next(),
        Some("Error: Evaluation Error: Unknown function: 'notise'. (file: <code>, line: 1, column: 1)")
    );
    assert!(err.contains("= note: did you mean 'notice'?"), "{err}");
}

#[test]
fn a_puppet_function_confer_lacks_is_named_as_such() {
    let out = confer(&["puppet", "apply", "-e", "hocon_data(1)"], None);
    let err = text(&out.stderr);
    assert!(err.starts_with("Error: Evaluation Error: Unknown function: 'hocon_data'."), "{err}");
    assert!(err.contains("'hocon_data' is a Puppet function that confer does not support"), "{err}");
}

#[test]
fn a_misspelt_variable_warning_and_resource_type_get_suggestions() {
    let out = confer(&["puppet", "apply", "-e", "$packages = 1 notice($pakages)"], None);
    let err = text(&out.stderr);
    assert_eq!(err.lines().next(), Some("Warning: Unknown variable: 'pakages'. (file: <code>, line: 1, column: 22)"));
    assert!(err.contains("did you mean '$packages'?"), "{err}");
    let out = confer(&["puppet", "apply", "-e", "pakage { 'x': }"], None);
    assert!(text(&out.stderr).contains("did you mean 'package'?"));
    let out = confer(&["puppet", "apply", "-e", "zzzzz { 'x': }"], None);
    assert!(!text(&out.stderr).contains("did you mean"), "no suggestion for a stranger");
}

#[test]
fn apply_and_validate_read_standard_input() {
    for args in [&["puppet", "apply"][..], &["puppet", "apply", "-"][..]] {
        let out = confer(args, Some("notice(1 + 1)\n"));
        assert_eq!(text(&out.stdout), "Notice: Scope(Class[main]): 2\n");
    }
    let out = confer(&["puppet", "parser", "validate"], Some("notice(1"));
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("Syntax error at end of input"));
    let out = confer(&["puppet", "parser", "validate", "-"], Some("notice(1)"));
    assert!(out.status.success());
}

#[test]
fn colours_are_puppets_and_only_when_asked() {
    let out = confer(&["puppet", "apply", "--color", "always", "-v", "-e", "notice(1) info(2) warning(3)"], None);
    assert_eq!(
        text(&out.stdout),
        "\x1b[mNotice: Scope(Class[main]): 1\x1b[0m\n\x1b[0;32mInfo: Scope(Class[main]): 2\x1b[0m\n"
    );
    assert_eq!(text(&out.stderr), "\x1b[1;33mWarning: Scope(Class[main]): 3\x1b[0m\n");
    let out = confer(&["puppet", "apply", "-e", "notice(1)"], None);
    assert_eq!(text(&out.stdout), "Notice: Scope(Class[main]): 1\n", "auto: no colour into a pipe");
}

#[test]
fn every_subcommand_knows_the_version() {
    for args in
        [&["puppet", "apply", "--version"][..], &["cfengine", "validate", "--version"][..], &["check", "--version"][..]]
    {
        let out = confer(args, None);
        assert!(out.status.success(), "{args:?}");
        assert!(text(&out.stdout).contains(env!("CARGO_PKG_VERSION")), "{args:?}");
    }
}

#[test]
fn functions_are_listed_with_their_signatures() {
    let out = confer(&["puppet", "functions"], None);
    let listing = text(&out.stdout);
    assert!(listing.lines().any(|l| l == "notice"), "{listing}");
    assert!(listing.contains("    notice(Any values*)"), "{listing}");
    assert!(listing.lines().any(|l| l.starts_with("deep_merge  (module stdlib)")), "module functions say their module");
}

#[test]
fn cfengine_names_its_command_and_notes_what_it_skips() {
    let out = confer(&["cfengine", "validate"], None);
    assert_eq!(text(&out.stderr), "error: no policy file given (confer cfengine validate FILE.cf)\n");
    let dir = std::env::temp_dir().join(format!("confer-everyday-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let policy = dir.join("p.cf");
    std::fs::write(
        &policy,
        "bundle agent main\n{\n  files:\n    \"/tmp/x\" create => \"true\";\n  reports:\n    \"hi\";\n}\n",
    )
    .expect("policy written");
    let path = policy.to_string_lossy().into_owned();
    let out = confer(&["cfengine", "run", "-v", &path], None);
    assert_eq!(text(&out.stdout), "R: hi\n");
    assert_eq!(
        text(&out.stderr),
        format!("note: {path}:4: confer does not carry out 'files:' promises (bundle main): 1 promise skipped\n")
    );
    let quiet = confer(&["cfengine", "run", &path], None);
    assert_eq!(text(&quiet.stderr), "", "without -v, no notes");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn completions_and_man_pages_come_from_the_command_line_definitions() {
    let out = confer(&["completions", "bash"], None);
    let script = text(&out.stdout);
    assert!(out.status.success());
    assert!(script.contains("_confer()") && script.contains("console"), "bash completion knows the subcommands");
    let dir = std::env::temp_dir().join(format!("confer-man-{}", std::process::id()));
    let out = confer(&["manpages", &dir.to_string_lossy()], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let page = std::fs::read_to_string(dir.join("confer-puppet-apply.1")).expect("apply's page");
    assert!(page.contains("\\-\\-format"), "the page lists apply's flags");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn apply_writes_json_lines_for_tools() {
    let out = confer(
        &["puppet", "apply", "--format", "json", "-e", "$x = [1, Sensitive('pw')] notice($x[0]) notise(1)"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("each line is JSON")).collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0]["level"], "notice");
    assert_eq!(lines[0]["source"], "Scope(Class[main])");
    assert_eq!(lines[0]["message"], "1");
    assert_eq!(lines[1]["level"], "err");
    assert_eq!(lines[1]["message"], "Evaluation Error: Unknown function: 'notise'.");
    assert_eq!((lines[1]["line"].as_u64(), lines[1]["column"].as_u64()), (Some(1), Some(41)));
    assert_eq!(lines[1]["notes"][0], "did you mean 'notice'?");
    assert_eq!(lines[2]["type"], "state");
    assert_eq!(lines[2]["variables"]["x"], serde_json::json!([1, "Sensitive [value redacted]"]));
    assert!(lines[2]["variables"].get("facts").is_none(), "facts are left out");
}

#[test]
fn a_message_ending_in_a_line_break_gets_no_second_one() {
    // Puppet's console writes with Ruby's `puts` (checked against puppet apply).
    let out =
        confer(&["puppet", "apply", "--color", "never", "-e", r#"notice("a\n") notice("b\n\n") notice("c")"#], None);
    assert_eq!(
        text(&out.stdout),
        "Notice: Scope(Class[main]): a\nNotice: Scope(Class[main]): b\n\nNotice: Scope(Class[main]): c\n"
    );
}

/// A policy file of its own for one test.
fn policy(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("confer-everyday-{}-{name}.cf", std::process::id()));
    std::fs::write(&path, text).expect("policy written");
    path.to_string_lossy().into_owned()
}

#[test]
fn cfengine_run_takes_a_bundlesequence_with_dash_b() {
    // As cf-agent -b (checked against cf-agent 3.21): the listed bundles
    // replace the policy's sequence; an unknown one is refused.
    let file = policy(
        "dash-b",
        "body common control { bundlesequence => { \"main\" }; }\n\
         bundle agent main { reports: \"main\"; }\n\
         bundle agent other { reports: \"other $(this.bundle)\"; }\n\
         bundle agent third { reports: \"third\"; }\n",
    );
    let out = confer(&["cfengine", "run", &file, "-b", "other,third"], None);
    assert_eq!(text(&out.stdout), "R: other other\nR: third\n");
    let out = confer(&["cfengine", "run", &file, "-b", "nosuch"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("Bundle 'nosuch' listed in the bundlesequence was not found"));
    let _ = std::fs::remove_file(file);
}

#[test]
fn cfengine_run_does_not_exit_0_after_refusing_a_command() {
    // cf-agent would run the command and exit 0; confer refuses it, says so
    // once, and does not let a script take the partial run for a success.
    let file = policy(
        "refused",
        "bundle agent main {\nvars:\n  \"x\" string => execresult(\"/bin/ls /\", \"noshell\");\n\
         reports:\n  \"after\";\n}\n",
    );
    let out = confer(&["cfengine", "run", &file], None);
    assert_eq!(out.status.code(), Some(1));
    let all = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert_eq!(all.matches("Function 'execresult' is not evaluated").count(), 1, "{all}");
    assert!(text(&out.stdout).contains("R: after"));
    let _ = std::fs::remove_file(file);
}

#[test]
fn cfengine_run_with_a_root_changes_files_only_under_it() {
    let root = std::env::temp_dir().join(format!("confer-root-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).expect("a root");
    // The policy's functions see the files under the root too.
    std::fs::create_dir_all(root.join("etc")).expect("etc under the root");
    std::fs::write(root.join("etc/hostname"), "rooted-host").expect("a file under the root");
    let file = policy(
        "rooted",
        "bundle agent main {\nvars:\n  \"h\" string => readfile(\"/etc/hostname\", \"100\");\n\
         files:\n  \"/etc/motd\" content => \"hello $(h)\n\";\n\
         reports:\n  \"found: $(with)\" with => join(\",\", findfiles(\"/etc/*\"));\n}\n",
    );
    let out = confer(&["cfengine", "run", &file, "--root", &root.to_string_lossy()], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(root.join("etc/motd")).ok().as_deref(), Some("hello rooted-host\n"));
    assert_eq!(
        text(&out.stderr),
        "changed: Created file '/etc/motd', mode 0600\nchanged: Updated file '/etc/motd' with content 'hello rooted-host\n'\n"
    );
    assert_eq!(text(&out.stdout), "R: found: /etc/hostname,/etc/motd\n");
    // A path that leads out of the root is refused, and nothing is written.
    let escape =
        policy("escape", "bundle agent main {\nfiles:\n  \"/../../tmp/confer-escaped\" create => \"true\";\n}\n");
    let out = confer(&["cfengine", "run", &escape, "--root", &root.to_string_lossy()], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("leads outside"), "{}", text(&out.stdout));
    assert!(!std::path::Path::new("/tmp/confer-escaped").exists());
    // Without --root, files promises change nothing.
    let out = confer(&["cfengine", "run", &file], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        !std::path::Path::new("/etc/motd").exists()
            || std::fs::read_to_string("/etc/motd").ok().as_deref() != Some("hello\n")
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn cfengine_run_writes_json_lines_for_tools() {
    let file = policy(
        "json",
        "bundle agent main {\nvars:\n  \"x\" slist => { \"a\", \"b\" };\nreports:\n  \"got $(x)\";\n}\n",
    );
    let out = confer(&["cfengine", "run", &file, "--format", "json"], None);
    let lines: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("each line is JSON")).collect();
    assert_eq!(lines[0]["level"], "report");
    assert_eq!(lines[0]["message"], "got a");
    assert_eq!(lines[1]["message"], "got b");
    let state = lines.last().expect("a state line");
    assert_eq!(state["type"], "state");
    assert_eq!(state["variables"]["default:main.x"], serde_json::json!(["a", "b"]));
    assert!(state["classes"].as_array().is_some_and(|c| c.iter().any(|c| c == "any")));
    let failing = policy(
        "json-error",
        "bundle agent main {\nvars:\n  \"x\" data => readjson(\"/nonexistent/x.json\", 100);\nreports:\n  \"after\";\n}\n",
    );
    let out = confer(&["cfengine", "run", &failing, "--format", "json"], None);
    let lines: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("each line is JSON")).collect();
    let error = lines.iter().find(|l| l["level"] == "error").expect("an error line");
    assert_eq!(error["code"], "cfengine::function");
    assert!(error["message"].as_str().is_some_and(|m| m.starts_with("readjson: ")), "{error}");
    assert!(lines.iter().any(|l| l["level"] == "report" && l["message"] == "after"));
    let bad = policy("json-bad", "bundle agent main {\nvars:\n  \"x\" string => nosuchfn(\"a\");\n}\n");
    let out = confer(&["cfengine", "run", &bad, "--format", "json"], None);
    let first: serde_json::Value =
        serde_json::from_str(text(&out.stdout).lines().next().expect("a line")).expect("JSON");
    assert_eq!((first["line"].as_u64(), first["column"].as_u64()), (Some(3), Some(30)));
    assert_eq!(first["message"], "Unknown function");
    let _ = (std::fs::remove_file(file), std::fs::remove_file(bad), std::fs::remove_file(failing));
}
