//! A host whose files are in memory and which runs no CFEngine: for the
//! shell's unit tests and for the fuzzer, which must touch no real file.

use std::collections::HashMap;

use super::Host;

/// Files by path.
#[derive(Default)]
pub(crate) struct MemoryHost {
    pub files: HashMap<String, Vec<u8>>,
}

impl Host for MemoryHost {
    fn read(&mut self, path: &str) -> Result<Vec<u8>, String> {
        self.files.get(path).cloned().ok_or_else(|| "No such file or directory".to_string())
    }

    fn write(&mut self, path: &str, bytes: &[u8], append: bool) -> Result<(), String> {
        let file = self.files.entry(path.to_string()).or_default();
        if !append {
            file.clear();
        }
        file.extend_from_slice(bytes);
        Ok(())
    }

    fn cwd(&self) -> String {
        "/work".into()
    }

    fn takes_cfengine(&self, _: &[String]) -> bool {
        false
    }

    fn cfengine(&mut self, _: &[String]) -> Option<(Vec<u8>, i32)> {
        None
    }
}
