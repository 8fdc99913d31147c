//! Hostile files and trees (issue 27): each family's worst variant, run as a
//! user runs confer. Every run must end within 10 s, with Puppet's answer or
//! an error that names the file, and no secret in what it prints.

mod common;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// A scratch directory of its own for each test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("confer-hostile-files-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("dir");
    std::fs::write(path, text).expect("write");
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(status.success());
}

fn link(target: &str, path: &Path) {
    std::os::unix::fs::symlink(target, path).expect("symlink");
}

/// Runs confer with `args` and `stdin`, killed past 10 s (a failure).
fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = common::spawn(args);
    let mut input = child.stdin.take().expect("stdin");
    let text = stdin.to_string();
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    // Output is drained as it comes: a full pipe would stall confer.
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("stdout")));
    let err = drain(Box::new(child.stderr.take().expect("stderr")));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("confer {args:?} ran past 10 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let _ = feeder.join();
    Output { status, stdout: out.join().expect("stdout"), stderr: err.join().expect("stderr") }
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// An environment whose `site.pp` notifies `x`.
fn environment(dir: &Path) -> PathBuf {
    let env = dir.join("env");
    write(&env.join("manifests/site.pp"), "notify { 'x': }\n");
    std::fs::create_dir_all(env.join("modules")).expect("modules");
    env
}

const FACTS: &str = "name: n1\nvalues:\n  clientcert: n1\n";

#[test]
fn fifos_and_devices_are_refused_by_name_wherever_a_file_is_read() {
    let dir = scratch("refused");
    let env = environment(&dir);
    let fifo = dir.join("fifo");
    mkfifo(&fifo);
    let facts = dir.join("facts.yaml");
    write(&facts, FACTS);
    let (fifo_s, env_s, facts_s) = (fifo.to_str().unwrap(), env.to_str().unwrap(), facts.to_str().unwrap());
    let manifest = dir.join("m.pp");
    write(&manifest, "notice(1)\n");
    let manifest_s = manifest.to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str, &str)> = vec![
        (vec!["puppet", "compile", "--environment", env_s, "--facts", fifo_s], fifo_s, "(a FIFO)"),
        (
            vec!["puppet", "compile", "--environment", env_s, "--facts", "/dev/zero"],
            "/dev/zero",
            "(a character device)",
        ),
        (vec!["puppet", "apply", "--facts", fifo_s, manifest_s], fifo_s, "(a FIFO)"),
        (vec!["puppet", "lookup", "--environment", env_s, "--facts", fifo_s, "k"], fifo_s, "(a FIFO)"),
        (vec!["puppet", "console", "--history", fifo_s], fifo_s, "(a FIFO)"),
        (vec!["puppet", "console", "--history", "/dev/zero"], "/dev/zero", "(a character device)"),
    ];
    for (args, file, what) in cases {
        let out = run(&args, "");
        let err = stderr(&out);
        assert!(!out.status.success(), "{args:?} must fail");
        assert!(err.contains(&format!("{file}: not a regular file {what}")), "{args:?}: {err}");
    }
    // The console's `:facts` refuses the file and the session goes on.
    let history = dir.join("history");
    let out = run(
        &["puppet", "console", "--history", history.to_str().unwrap(), "--facts", facts_s],
        &format!(":facts {fifo_s}\n1 + 1\n"),
    );
    assert!(stdout(&out).contains(&format!("Error: {fifo_s}: not a regular file (a FIFO)")), "{}", stdout(&out));
    assert!(stdout(&out).contains("=> 2"), "{}", stdout(&out));
    // A Hiera data file and the main manifest as FIFOs.
    std::fs::create_dir_all(env.join("data")).expect("data");
    mkfifo(&env.join("data/common.yaml"));
    let out = run(&["puppet", "lookup", "--environment", env_s, "--facts", facts_s, "k"], "");
    assert!(!out.status.success());
    assert!(stderr(&out).contains("data/common.yaml: not a regular file (a FIFO)"), "{}", stderr(&out));
    std::fs::remove_file(env.join("manifests/site.pp")).expect("rm");
    mkfifo(&env.join("manifests/site.pp"));
    let out = run(&["puppet", "compile", "--environment", env_s, "--facts", facts_s], "");
    assert!(!out.status.success());
    assert!(stderr(&out).contains("manifests/site.pp: not a regular file (a FIFO)"), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn linked_manifest_and_data_directories_are_walked_as_puppet_walks_them() {
    // Puppet 7.23 compiles this environment to one `Notify[x]` and finds
    // both data files (`puppet catalog compile`; Ruby's `**` does not enter
    // linked directories). confer read `site.pp` 33 times with one link
    // and did not end with two.
    let dir = scratch("links");
    let env = environment(&dir);
    write(&env.join("manifests/site.pp"), "notify { 'x': }\nnotify { [lookup('a'), lookup('b')]: }\n");
    write(&env.join("hiera.yaml"), "version: 5\nhierarchy:\n  - name: all\n    glob: \"**/*.yaml\"\n");
    write(&env.join("data/common.yaml"), "a: top\n");
    write(&env.join("data/sub/x.yaml"), "b: below\n");
    for (target, at) in
        [(".", "manifests/a"), (".", "manifests/b"), (".", "data/d"), (".", "data/e"), ("..", "data/sub/up")]
    {
        link(target, &env.join(at));
    }
    let facts = dir.join("facts.yaml");
    write(&facts, FACTS);
    let out =
        run(&["puppet", "compile", "--environment", env.to_str().unwrap(), "--facts", facts.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let catalog = stdout(&out);
    for title in ["x", "top", "below"] {
        assert_eq!(catalog.matches(&format!("\"title\":\"{title}\"")).count(), 1, "{title}: {catalog}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn excerpts_show_only_code_never_a_setting_or_a_data_file() {
    let dir = scratch("excerpts");
    let env = environment(&dir);
    write(&dir.join("shadow"), "root:$6$S3CRETHASH:19000:0:99999:7:::\n");
    write(&env.join("environment.conf"), &format!("manifest = {}\n", dir.join("shadow").display()));
    let facts = dir.join("facts.yaml");
    write(&facts, FACTS);
    let (env_s, facts_s) = (env.to_str().unwrap(), facts.to_str().unwrap());
    let out = run(&["puppet", "compile", "--environment", env_s, "--facts", facts_s], "");
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("shadow, line: 1"), "located: {err}");
    assert!(!err.contains("S3CRET"), "no line of the file: {err}");
    std::fs::remove_file(env.join("environment.conf")).expect("rm");
    write(&env.join("data/common.yaml"), "password: S3CRETPW\nbroken: [\n");
    let out = run(&["puppet", "lookup", "--environment", env_s, "--facts", facts_s, "password"], "");
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("common.yaml"), "located: {err}");
    assert!(!err.contains("S3CRET"), "no line of the data: {err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_hiera_never_shows_a_value_declared_sensitive() {
    let dir = scratch("sensitive");
    let data = dir.join("common.yaml");
    write(
        &data,
        "lookup_options:\n  app::password:\n    convert_to: Sensitive\n  '^app::tok.*$':\n    convert_to: [Sensitive]\n\
         app::password: S3CRETPW\napp::token: T0KENVALUE\napp::other: b\n\
         app::list: \"%{alias('app::ports')}\"\napp::ports: [80]\n",
    );
    let manifest = dir.join("modules/app/manifests/init.pp");
    let class =
        "class app(Enum['hunter2'] $password, Sensitive[String] $token, Enum['a'] $other, Array[Integer] $list) {}\n";
    write(&manifest, class);
    let out =
        run(&["check", "hiera", "--modulepath", dir.join("modules").to_str().unwrap(), data.to_str().unwrap()], "");
    let shown = format!("{}{}", stdout(&out), stderr(&out));
    assert!(!out.status.success(), "{shown}");
    assert!(!shown.contains("S3CRETPW") && !shown.contains("T0KENVALUE"), "{shown}");
    assert!(shown.contains("app::password"), "the secret's key is reported: {shown}");
    assert!(!shown.contains("app::token"), "a Sensitive value of a Sensitive parameter passes: {shown}");
    assert!(shown.contains("got 'b'"), "other values are shown: {shown}");
    assert!(!shown.contains("app::list"), "an alias is checked as the value it names: {shown}");
    // The same data through an environment's hierarchy (one without
    // `modules/`): converted as Puppet converts, never shown.
    let env = dir.join("env");
    write(&env.join("hiera.yaml"), "version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n");
    std::fs::create_dir_all(env.join("data")).expect("data");
    std::fs::copy(&data, env.join("data/common.yaml")).expect("copy");
    let facts = dir.join("facts.yaml");
    write(&facts, FACTS);
    let modules = dir.join("modules");
    let args = [
        "check",
        "hiera",
        "--environment",
        env.to_str().unwrap(),
        "--modulepath",
        modules.to_str().unwrap(),
        "--facts",
        facts.to_str().unwrap(),
    ];
    let out = run(&args, "");
    let shown = format!("{}{}", stdout(&out), stderr(&out));
    assert!(!out.status.success(), "{shown}");
    assert!(!shown.contains("S3CRETPW") && !shown.contains("T0KENVALUE"), "{shown}");
    assert!(shown.contains("app::password: expects a match for Enum['hunter2'], got Sensitive"), "{shown}");
    assert!(!shown.contains("without a Puppet evaluator") && !shown.contains("app::token"), "{shown}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_loads_ten_thousand_type_files_in_linear_time() {
    let dir = scratch("types");
    let types = dir.join("modules/m/types");
    std::fs::create_dir_all(&types).expect("types");
    for i in 0..10_000 {
        std::fs::write(types.join(format!("t{i}.pp")), format!("type M::T{i} = Integer[0, {i}]\n")).expect("write");
    }
    let doc = dir.join("doc.json");
    write(&doc, "5\n");
    let modules = dir.join("modules");
    let args = ["check", "--modulepath", modules.to_str().unwrap(), "--type", "M::T9999", doc.to_str().unwrap()];
    let out = run(&args, "");
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_pasted_megabyte_is_read_in_linear_time() {
    let dir = scratch("paste");
    // One input of 14,000 lines: each line asked whether the input is
    // complete, which parsing all of it each time made quadratic.
    let line = format!("  '{}',\n", "x".repeat(70));
    let input = format!("$big = [\n{}]\nnotice($big.length)\n", line.repeat(14_000));
    assert!(input.len() > 1_000_000);
    let out = run(&["puppet", "console", "--history", dir.join("history").to_str().unwrap()], &input);
    assert!(stdout(&out).contains("Notice: Scope(Class[main]): 14000"), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}
