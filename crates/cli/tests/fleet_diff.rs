//! `confer puppet diff` on the bundled example fleet: production against
//! the candidate change (`examples/fleet/environments/candidate`: a
//! package dropped, an NTP server and a gzip file added, the databases'
//! connections raised), as directories and as git revisions; ignore
//! rules, the JSON form, and the exit codes. Also every `--help` example
//! of the fleet commands, run as written from the repository root.

mod scratch;

use std::path::{Path, PathBuf};
use std::process::Command;

use scratch::{confer, Dir};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repository root")
}

fn env(name: &str) -> String {
    root().join("examples/fleet/environments").join(name).display().to_string()
}

fn facts(node: &str) -> String {
    root().join("examples/fleet/facts").join(format!("{node}.yaml")).display().to_string()
}

fn diff(extra: &[&str]) -> (Option<i32>, String, String) {
    let (from, to) = (env("production"), env("candidate"));
    let mut args = vec!["puppet", "diff", "--from", &from, "--to", &to];
    args.extend(extra);
    let out = confer(&args);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn added_removed_and_changed_resources_in_octocatalog_diffs_layout() {
    let (code, out, _) = diff(&["--facts", &facts("db02.example.com"), &facts("web02.example.com")]);
    assert_eq!(code, Some(2));
    let db = out.split("diff production/web02").next().unwrap();
    assert!(db.starts_with("diff production/db02.example.com candidate/db02.example.com\n*******************************************\n"), "{out}");
    assert!(
        db.contains(
            "  File[/etc/postgresql/postgresql.conf] =>\n   parameters =>\n     content =>\n      @@ -1,4 +1,4 @@\n"
        ),
        "{db}"
    );
    assert!(db.contains("\n      -max_connections = 200\n      -shared_buffers = 400MB\n      +max_connections = 300\n      +shared_buffers = 600MB\n"), "{db}");
    assert!(db.contains("\n- Package[vim]\n*******************************************\n"), "{db}");
    assert!(!db.contains("gzip"), "{db}");
    assert!(out.contains("\n+ File[/etc/nginx/conf.d/gzip.conf]\n"), "{out}");
    assert!(out.ends_with("2 nodes compared: 2 changed, 0 unchanged, 0 failed\ntype       added  removed  changed\nFile           1        0        3\nPackage        0        2        0\n"), "{out}");
}

#[test]
fn ignore_rules_leave_out_what_they_name() {
    let node = facts("web02.example.com");
    let (code, out, _) = diff(&[
        "--facts",
        &node,
        "--ignore",
        "File[/etc/ntp.conf]::content",
        "--ignore",
        "package[*]",
        "--ignore",
        "File[/etc/nginx/*]",
    ]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.starts_with("1 nodes compared: 0 changed, 1 unchanged, 0 failed\n"), "{out}");
    let (_, out, _) = diff(&["--facts", &node, "--ignore", "File[/etc/ntp*]"]);
    assert!(!out.contains("ntp.conf") && out.contains("- Package[vim]"), "{out}");
    let (code, _, err) = diff(&["--facts", &node, "--ignore", "File"]);
    assert_eq!(code, Some(1));
    assert!(err.starts_with("Error: bad ignore rule 'File': expected Type[title]"), "{err}");
}

#[test]
fn json_lines_hold_octocatalog_diffs_hashes() {
    let (code, out, err) = diff(&["--facts", &facts("web02.example.com"), "--format", "json"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("1 nodes compared: 1 changed"), "{err}");
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["node"], "web02.example.com");
    let diffs = lines[0]["diffs"].as_array().unwrap();
    let added = diffs.iter().find(|d| d["diff_type"] == "+").unwrap();
    assert_eq!(added["type"], "File");
    assert_eq!(added["title"], "/etc/nginx/conf.d/gzip.conf");
    assert_eq!(added["structure"], serde_json::json!([]));
    assert_eq!(added["new_value"]["parameters"]["content"], "gzip on;\n");
    assert_eq!(added["old_file"], serde_json::Value::Null);
    assert!(added["new_file"].as_str().unwrap().ends_with("candidate/site-modules/profile/manifests/web.pp"));
    assert_eq!(added["new_line"], 6);
    let changed = diffs.iter().find(|d| d["diff_type"] == "~").unwrap();
    assert_eq!(changed["structure"], serde_json::json!(["parameters", "content"]));
    assert!(changed["new_value"].as_str().unwrap().contains("server 2.pool.ntp.org iburst"));
}

#[test]
fn no_differences_is_exit_0_and_a_failed_compile_is_exit_1() {
    let node = facts("app01.example.com");
    let same = confer(&["puppet", "diff", "--from", &env("production"), "--to", &env("production"), "--facts", &node]);
    assert_eq!(same.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&same.stdout), "1 nodes compared: 0 changed, 1 unchanged, 0 failed\n");
    let dir = Dir::new("diff-failure");
    let broken = std::fs::read_to_string(&node).unwrap().replace("role: app", "role: nosuch");
    let broken = dir.file("app01.example.com.yaml", &broken);
    let (code, out, _) = diff(&["--facts", &broken, &facts("web01.example.com")]);
    assert_eq!(code, Some(1));
    assert!(out.contains("failed app01.example.com: Error: Evaluation Error: "), "{out}");
    assert!(out.contains("diff production/web01.example.com"), "{out}");
}

/// Runs git in `repo`, failing the test when git fails.
fn git(repo: &Path, args: &[&str]) {
    let out = Command::new("git").arg("-C").arg(repo).args(args).output().expect("git runs");
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// Commits everything in `repo` as a test author.
fn commit_all(repo: &Path, message: &str) {
    git(repo, &["add", "-A"]);
    git(repo, &["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", message]);
}

/// Copies the directory `from` to `to` (made or replaced in place).
fn copy_dir(from: &Path, to: &Path) {
    let out = Command::new("cp").arg("-rT").arg(from).arg(to).output().expect("cp runs");
    assert!(out.status.success());
}

#[test]
fn two_revisions_of_a_repository_in_git() {
    let dir = Dir::new("diff-git");
    let repo = dir.0.join("repo");
    std::fs::create_dir_all(&repo).unwrap();
    git(&repo, &["init", "-q"]);
    let production = PathBuf::from(env("production"));
    copy_dir(&production, &repo.join("production"));
    commit_all(&repo, "production");
    std::fs::remove_dir_all(repo.join("production")).unwrap();
    copy_dir(&production, &repo.join("production"));
    std::fs::write(
        repo.join("production/data/common.yaml"),
        std::fs::read_to_string(root().join("examples/fleet/environments/candidate/data/common.yaml")).unwrap(),
    )
    .unwrap();
    commit_all(&repo, "candidate data");
    let repo_arg = repo.display().to_string();
    let node = facts("node01.example.com");
    let run = |from: &str, to: &str| {
        confer(&[
            "puppet",
            "diff",
            "--repo",
            &repo_arg,
            "--environment",
            "production",
            "--from-ref",
            from,
            "--to-ref",
            to,
            "--facts",
            &node,
        ])
    };
    let out = run("HEAD~1", "HEAD");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.starts_with("diff HEAD~1/node01.example.com HEAD/node01.example.com\n"), "{text}");
    assert!(text.contains("- Package[vim]") && text.contains("+server 2.pool.ntp.org iburst"), "{text}");
    let out = run("nosuch", "HEAD");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("Error: cannot export revision 'nosuch' of "));
}

#[test]
fn modules_a_puppetfile_pins_come_from_the_module_source() {
    let dir = Dir::new("diff-puppetfile");
    let repo = dir.0.join("repo");
    let commit = |message: &str, puppetfile: &str| {
        std::fs::write(repo.join("production/Puppetfile"), puppetfile).unwrap();
        commit_all(&repo, message);
    };
    std::fs::create_dir_all(&repo).unwrap();
    git(&repo, &["init", "-q"]);
    // The repository vendors every module but ntp, which its Puppetfile pins.
    copy_dir(Path::new(&env("production")), &repo.join("production"));
    std::fs::remove_dir_all(repo.join("production/modules/ntp")).unwrap();
    commit("ntp 1.0.0", "forge 'https://forge.puppet.com'\nmod 'example/ntp', '1.0.0'\n");
    commit("ntp 1.1.0", "mod 'example-ntp', '1.1.0'\n");
    commit("ntp 9.9.9", "mod 'example/ntp', '9.9.9'\n");
    // The module source: release 1.0.0 unpacked under its release name,
    // 1.1.0 (which logs every peer) under the module's name.
    let source = dir.0.join("source");
    std::fs::create_dir_all(&source).unwrap();
    let ntp = root().join("examples/fleet/environments/production/modules/ntp");
    copy_dir(&ntp, &source.join("example-ntp-1.0.0"));
    copy_dir(&ntp, &source.join("ntp"));
    dir.file("source/ntp/metadata.json", r#"{"name": "example-ntp", "version": "1.1.0"}"#);
    let template = source.join("ntp/templates/ntp.conf.erb");
    let text = std::fs::read_to_string(&template).unwrap();
    std::fs::write(&template, format!("{text}logconfig =all\n")).unwrap();
    let (repo_arg, source_arg, node) =
        (repo.display().to_string(), source.display().to_string(), facts("web01.example.com"));
    let run = |from: &str, to: &str, sources: &[&str]| {
        let mut args = vec!["puppet", "diff", "--repo", &repo_arg, "--environment", "production"];
        args.extend(["--from-ref", from, "--to-ref", to, "--facts", &node]);
        args.extend(sources);
        confer(&args)
    };
    let out = run("HEAD~2", "HEAD~1", &["--module-source", &source_arg]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("  File[/etc/ntp.conf] =>") && text.contains("+logconfig =all"), "{text}");
    assert!(text.contains("1 nodes compared: 1 changed"), "{text}");
    let out = run("HEAD~1", "HEAD", &["--module-source", &source_arg]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "Error: the Puppetfile of revision 'HEAD', line 1: the revision does not vendor module 'ntp': \
         no --module-source directory holds ntp 9.9.9\n"
    );
    let out = run("HEAD~2", "HEAD~1", &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).ends_with("give --module-source DIR where its modules are unpacked\n"));
}

#[test]
fn the_fleet_commands_help_examples_run_as_written() {
    for command in [["compile"], ["fleet-merge"], ["diff"]] {
        let help = confer(&["puppet", command[0], "--help"]);
        let help = String::from_utf8_lossy(&help.stdout);
        let examples: Vec<&str> = help.lines().filter_map(|l| l.trim().strip_prefix("Example: confer ")).collect();
        assert!(!examples.is_empty(), "{}: no example", command[0]);
        for example in examples {
            let out = Command::new("sh")
                .arg("-c")
                .arg(format!("\"$CONFER\" {example}"))
                .env("CONFER", env!("CARGO_BIN_EXE_confer"))
                .current_dir(root())
                .output()
                .expect("sh runs");
            // diff's 2 says the example's sides differ, as they do.
            let ok = if command[0] == "diff" { Some(2) } else { Some(0) };
            assert_eq!(out.status.code(), ok, "{example}: {}", String::from_utf8_lossy(&out.stderr));
        }
    }
}
