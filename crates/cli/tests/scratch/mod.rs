//! What the command-line tests share: a scratch directory for the files a
//! test writes, and running the built `confer`.

use std::path::PathBuf;
use std::process::{Command, Output};

/// A scratch directory, unique to the test binary's process, removed when
/// the test ends.
pub struct Dir(pub PathBuf);

impl Dir {
    pub fn new(name: &str) -> Dir {
        let dir = std::env::temp_dir().join(format!("confer-test-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch directory");
        Dir(dir)
    }

    /// Writes `text` to `name` (folders made as needed) and returns its path.
    pub fn file(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("directories");
        std::fs::write(&path, text).expect("file written");
        path.to_string_lossy().into_owned()
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `confer` with `args`.
pub fn confer(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_confer")).args(args).output().expect("confer runs")
}
