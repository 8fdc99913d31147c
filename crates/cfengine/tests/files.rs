//! `files` promises against cf-agent 3.21: each case of
//! `tests/cfengine/files/` (a `policy.cf` and the files it starts from in
//! `before/`) is copied to a fresh directory and run there by confer with
//! that directory as its sandbox, as `scripts/regen-cfengine-files-goldens.sh`
//! ran cf-agent; the files left behind (names, modes, contents) and the
//! output must be cf-agent's.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

fn cases() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cfengine/files")
}

/// Copies the files of `from` into `to` with the modes a git checkout
/// gives (the recording script gives the same): directories 755, files
/// 644, or 755 when executable; links as links.
fn copy_tree(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).expect("a readable directory").flatten() {
        let target = to.join(entry.file_name());
        if let Ok(link) = std::fs::read_link(entry.path()) {
            std::os::unix::fs::symlink(link, &target).expect("a link");
            continue;
        }
        let meta = entry.metadata().expect("metadata");
        let mode = if meta.is_dir() {
            std::fs::create_dir_all(&target).expect("a directory");
            copy_tree(&entry.path(), &target);
            0o755
        } else {
            std::fs::copy(entry.path(), &target).expect("a copy");
            if meta.permissions().mode() & 0o111 != 0 {
                0o755
            } else {
                0o644
            }
        };
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(mode)).expect("its mode");
    }
}

/// The listing `after.txt` holds (see the recording script).
fn tree(dir: &Path) -> String {
    let mut paths = vec![];
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("a readable directory").flatten() {
            let p = entry.path();
            // A link is listed, not followed (file_type does not follow it).
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push(p.clone());
            }
            let rel = p.strip_prefix(dir).expect("inside").to_string_lossy().into_owned();
            if rel != "policy.cf" {
                paths.push(rel);
            }
        }
    }
    // As `LC_ALL=C sort` orders `./a/b` lines.
    paths.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    let mut out = String::new();
    for rel in paths {
        let p = dir.join(&rel);
        if let Ok(target) = std::fs::read_link(&p) {
            out.push_str(&format!("l {} {rel}\n", target.display()));
            continue;
        }
        let meta = std::fs::metadata(&p).expect("metadata");
        let mode = meta.permissions().mode() & 0o7777;
        if meta.is_dir() {
            out.push_str(&format!("d {mode:o} {rel}\n"));
            continue;
        }
        out.push_str(&format!("f {mode:o} {rel}\n"));
        let text = String::from_utf8_lossy(&std::fs::read(&p).expect("a readable file")).into_owned();
        // As `sed` lists them: a carriage return stays part of its line.
        for line in text.split_terminator('\n') {
            out.push_str(&format!("  {line}\n"));
        }
        if !text.is_empty() && !text.ends_with('\n') {
            out.push_str("  <no final newline>\n");
        }
        out.push_str("  <end>\n");
    }
    out
}

fn run_case(case: &Path) -> Vec<String> {
    let name = case.file_name().expect("a name").to_string_lossy().into_owned();
    let dir = std::env::temp_dir().join(format!("confer-files-{}-{name}", std::process::id()));
    let work = std::env::temp_dir().join(format!("confer-files-work-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp dir");
    std::fs::create_dir_all(&work).expect("a work dir");
    std::fs::copy(case.join("policy.cf"), dir.join("policy.cf")).expect("the policy");
    if case.join("before").is_dir() {
        copy_tree(&case.join("before"), &dir);
    }
    let dir = dir.canonicalize().expect("canonical");
    // A case with a file named `inform` runs as `cf-agent -I` and keeps its
    // notice and info lines.
    let inform = case.join("inform").exists();
    let dropped: &[&str] =
        if inform { &["warning:", "verbose:"] } else { &["warning:", "notice:", "info:", "verbose:"] };
    let opts = confer_cfengine::Options {
        file: dir.join("policy.cf").to_string_lossy().into_owned(),
        root: Some(confer_cfengine::files::Sandbox::within(&dir).expect("the sandbox")),
        env: vec![("CFENGINE_TEST_OVERRIDE_WORKDIR".into(), work.to_string_lossy().into_owned())],
        inform,
        ..Default::default()
    };
    let (out, err, _) = confer_cfengine::run_to_lines(&opts);
    let shown = dir.to_string_lossy().into_owned();
    let lines: Vec<String> = err
        .into_iter()
        .chain(out)
        .flat_map(|l| l.split('\n').map(|s| s.replace(&shown, "$DIR")).collect::<Vec<_>>())
        .filter(|l| {
            let t = l.trim_start();
            !dropped.iter().any(|p| t.starts_with(p))
        })
        .collect();
    let mut problems = vec![];
    let expected_out = std::fs::read_to_string(case.join("out.txt")).expect("out.txt");
    let got_out: String = lines.iter().map(|l| format!("{l}\n")).collect();
    if got_out != expected_out {
        problems.push(format!("{name}: output differs\n--- cf-agent\n{expected_out}--- confer\n{got_out}"));
    }
    let expected_tree = std::fs::read_to_string(case.join("after.txt")).expect("after.txt");
    let got_tree = tree(&dir).replace(&shown, "$DIR");
    if got_tree != expected_tree {
        problems.push(format!("{name}: files differ\n--- cf-agent\n{expected_tree}--- confer\n{got_tree}"));
    }
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&work);
    problems
}

#[test]
fn files_promises_leave_what_cf_agent_leaves() {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(cases())
        .expect("tests/cfengine/files")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("policy.cf").is_file())
        .collect();
    dirs.sort();
    assert!(!dirs.is_empty());
    let problems: Vec<String> = dirs.iter().flat_map(|d| run_case(d)).collect();
    assert!(problems.is_empty(), "{} of {} cases differ:\n{}", problems.len(), dirs.len(), problems.join("\n"));
}
