//! `confer puppet console` used as a person uses it: typed into a real
//! terminal (a tmux pane), keys sent one input at a time, the screen read
//! back. Needs tmux (`.ci/run` installs it).

use std::process::Command;
use std::time::{Duration, Instant};

/// A console running in a detached tmux session of its own.
struct Pane {
    name: String,
    dir: std::path::PathBuf,
}

impl Pane {
    fn start(test: &str) -> Pane {
        let name = format!("confer-console-{test}-{}", std::process::id());
        let dir = std::env::temp_dir().join(&name);
        std::fs::create_dir_all(&dir).expect("temp dir");
        let history = dir.join("history");
        let command =
            format!("{} puppet console --color never --history {}", env!("CARGO_BIN_EXE_confer"), history.display());
        let status = Command::new("tmux")
            .args(["new-session", "-d", "-s", &name, "-x", "150", "-y", "60", &command])
            .status()
            .expect("tmux is installed (apt-get install -y tmux)");
        assert!(status.success(), "tmux starts a session");
        let pane = Pane { name, dir };
        pane.wait_for("confer>");
        pane
    }

    fn keys(&self, keys: &[&str]) {
        let status = Command::new("tmux").args(["send-keys", "-t", &self.name]).args(keys).status().expect("tmux");
        assert!(status.success());
    }

    /// Types `text` literally, then Enter.
    fn line(&self, text: &str) {
        let status = Command::new("tmux").args(["send-keys", "-t", &self.name, "-l", text]).status().expect("tmux");
        assert!(status.success());
        self.keys(&["Enter"]);
    }

    /// Types a whole input and waits for the next prompt: the line editor
    /// may drop keys typed before it is ready for them.
    fn input(&self, text: &str) {
        let prompts = self.screen().matches("confer>").count();
        self.line(text);
        let start = Instant::now();
        while self.screen().matches("confer>").count() <= prompts {
            assert!(start.elapsed() < Duration::from_secs(20), "no prompt after {text:?}:\n{}", self.screen());
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Pastes `text` as a terminal without bracketed paste does: every
    /// character a key, at once, with no wait for the editor.
    fn paste(&self, text: &str) {
        let file = self.dir.join("paste");
        std::fs::write(&file, text).expect("the text to paste");
        let buffer = format!("{}-paste", self.name);
        let loaded = Command::new("tmux").args(["load-buffer", "-b", &buffer]).arg(&file).status().expect("tmux");
        assert!(loaded.success());
        let pasted = Command::new("tmux").args(["paste-buffer", "-d", "-b", &buffer, "-t", &self.name]).status();
        assert!(pasted.expect("tmux").success());
    }

    fn screen(&self) -> String {
        let out = Command::new("tmux").args(["capture-pane", "-p", "-t", &self.name]).output().expect("tmux");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Waits until the screen shows `n` prompts.
    fn wait_for_prompts(&self, n: usize) {
        let start = Instant::now();
        while self.screen().matches("confer>").count() < n {
            assert!(start.elapsed() < Duration::from_secs(20), "waited for {n} prompts:\n{}", self.screen());
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until the screen shows `text`, and returns the screen.
    fn wait_for(&self, text: &str) -> String {
        self.wait_for_count(text, 1)
    }

    /// Waits until the screen shows `text` `n` times, and returns the screen.
    fn wait_for_count(&self, text: &str, n: usize) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.matches(text).count() >= n {
                return screen;
            }
            assert!(start.elapsed() < Duration::from_secs(20), "waited for {text:?}; the screen shows:\n{screen}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Pane {
    fn drop(&mut self) {
        let _ = Command::new("tmux").args(["kill-session", "-t", &self.name]).output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[test]
fn a_session_keeps_variables_waits_for_closing_brackets_and_locates_errors() {
    let pane = Pane::start("session");
    pane.input("$packages = ['nginx', 'curl']");
    pane.wait_for("=> ['nginx', 'curl']");
    pane.input(":type on");
    pane.line("$packages.map |$p| {");
    pane.line("  \"${p}-doc\"");
    pane.input("}");
    pane.wait_for("=> ['nginx-doc', 'curl-doc'] : Tuple[String, String]");
    pane.line("$motd = @(END)");
    pane.line("  Hello");
    pane.input("  | END");
    pane.wait_for("=> \"Hello\\n\" : String");
    pane.input("notise($motd)");
    let screen = pane.wait_for("did you mean 'notice'?");
    assert!(
        screen.contains("Error: Evaluation Error: Unknown function: 'notise'. (file: <input 4>, line: 1, column: 1)"),
        "{screen}"
    );
    pane.input("notice(size($packages))");
    pane.wait_for("Notice: Scope(Class[main]): 2");
    // New facts restart the session and replay what was typed.
    let facts = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/facts/web1.yaml");
    pane.input(&format!(":facts {}", facts.display()));
    pane.line("\"${clientcert} ${packages[0]}\"");
    pane.wait_for("=> 'web1.example.com nginx' : String");
}

#[test]
fn tab_completes_variables_and_functions_and_files_load() {
    let pane = Pane::start("complete");
    let manifest = pane.dir.join("defs.pp");
    std::fs::write(&manifest, "function twice(Integer $n) { $n * 2 }\n$loaded_value = 21\n").expect("manifest");
    pane.input(&format!(":load {}", manifest.display()));
    pane.wait_for("=> 21");
    // `$loaded_v` + Tab → `$loaded_value`; `twi` + Tab → `twice`.
    pane.keys(&["-l", "twi"]);
    pane.keys(&["Tab"]);
    pane.keys(&["-l", "($loaded_v"]);
    pane.keys(&["Tab"]);
    pane.keys(&["-l", ")"]);
    pane.keys(&["Enter"]);
    let screen = pane.wait_for("=> 42");
    pane.wait_for_prompts(3);
    assert!(screen.contains("confer> twice($loaded_value)"), "{screen}");
    // A module path set in the session makes its modules' functions callable.
    let functions = pane.dir.join("modules/greet/functions");
    std::fs::create_dir_all(&functions).expect("module dir");
    std::fs::write(functions.join("hello.pp"), "function greet::hello() { 'hi' }\n").expect("function file");
    pane.input(&format!(":modulepath {}", pane.dir.join("modules").display()));
    pane.input("greet::hello()");
    pane.wait_for("=> 'hi'");
    pane.input(":help");
    pane.wait_for(":load FILE");
    pane.line(":quit");
    let history = std::fs::read_to_string(pane.dir.join("history")).unwrap_or_default();
    let start = Instant::now();
    let mut history = history;
    while !history.contains("twice($loaded_value)") && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(50));
        history = std::fs::read_to_string(pane.dir.join("history")).unwrap_or_default();
    }
    assert!(history.contains("twice($loaded_value)"), "history kept: {history}");
}

#[test]
fn a_long_paste_without_brackets_is_read_whole_and_at_once() {
    // 6,000 lines, 300 KB: the editor redrew its whole buffer at each
    // newline, so this took many minutes, and keys typed ahead while the
    // console evaluated were lost.
    let pane = Pane::start("paste");
    let mut text = String::from("$h = {\n");
    for i in 0..6000 {
        text.push_str(&format!("  'key{i}' => 'value{i} xxxxxxxxxxxxxxxxxxxxxxxx',\n"));
    }
    text.push_str("}\nsize($h)\n$h['key5999']\n");
    pane.paste(&text);
    pane.wait_for("=> 6000");
    pane.wait_for("=> 'value5999 xxxxxxxxxxxxxxxxxxxxxxxx'");
}

#[test]
fn ctrl_c_stops_a_long_evaluation_and_the_session_goes_on() {
    let pane = Pane::start("interrupt");
    pane.input("$kept = 7");
    // 81 trillion iterations: only Ctrl-C ends it.
    pane.line("Integer[1, 9000000].each |$i| { Integer[1, 9000000].each |$j| { $j } }");
    std::thread::sleep(Duration::from_millis(500));
    pane.keys(&["C-c"]);
    pane.wait_for("Evaluation interrupted (Ctrl-C)");
    pane.input("$kept * 6");
    pane.wait_for("=> 42");
    // A template's Ruby loop is interrupted as well, well before its step
    // limit would end it.
    pane.line("inline_template('<% i = 0; while i < 4_000_000; i += 1; end %>')");
    std::thread::sleep(Duration::from_millis(300));
    pane.keys(&["C-c"]);
    let screen = pane.wait_for_count("Evaluation interrupted (Ctrl-C)", 2);
    assert!(!screen.contains("steps"), "{screen}");
    pane.input("$kept + 1");
    pane.wait_for("=> 8");
}
