//! `environment.conf`: an INI-like file of `key = value` lines where
//! `modulepath` may name `$basemodulepath` and is separated by `:`.

use std::path::{Path, PathBuf};

/// The settings of an `environment.conf` that a compile uses.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct EnvironmentConf {
    /// `modulepath`, as written.
    pub modulepath: Option<String>,
    /// `manifest`, as written.
    pub manifest: Option<String>,
}

impl EnvironmentConf {
    /// Reads the file's text; comments (`#`, `;`) and section headers are
    /// skipped, unknown settings ignored as Puppet ignores them.
    pub fn parse(text: &str) -> Result<EnvironmentConf, String> {
        let mut conf = EnvironmentConf::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') || line.starts_with(';') || line.starts_with('[') {
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                return Err(format!("line {}: expected 'setting = value', got '{line}'", n + 1));
            };
            let value = value.trim().trim_matches('"').to_string();
            match key.trim() {
                "modulepath" => conf.modulepath = Some(value),
                "manifest" => conf.manifest = Some(value),
                _ => {}
            }
        }
        Ok(conf)
    }

    /// The module path: the setting's directories (relative to `dir`, with
    /// `$basemodulepath` expanded), or Puppet's default `modules:$basemodulepath`.
    pub fn modulepath(&self, dir: &Path, base: &[PathBuf]) -> Vec<PathBuf> {
        let Some(setting) = &self.modulepath else {
            let mut path = vec![dir.join("modules")];
            path.extend(base.iter().cloned());
            return path;
        };
        let mut path = Vec::new();
        for part in setting.split(':').filter(|p| !p.is_empty()) {
            if part == "$basemodulepath" {
                path.extend(base.iter().cloned());
            } else {
                path.push(dir.join(part));
            }
        }
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modulepath_expands_basemodulepath_relative_to_the_environment() {
        let conf = EnvironmentConf::parse("# c\nmodulepath = site:modules:$basemodulepath\nmanifest=m.pp\n")
            .unwrap_or_default();
        let got = conf.modulepath(Path::new("/e"), &[PathBuf::from("/base")]);
        assert_eq!(got, vec![PathBuf::from("/e/site"), PathBuf::from("/e/modules"), PathBuf::from("/base")]);
        assert_eq!(conf.manifest.as_deref(), Some("m.pp"));
    }

    #[test]
    fn default_modulepath_is_modules_then_base() {
        let got = EnvironmentConf::default().modulepath(Path::new("/e"), &[PathBuf::from("/b")]);
        assert_eq!(got, vec![PathBuf::from("/e/modules"), PathBuf::from("/b")]);
    }
}
