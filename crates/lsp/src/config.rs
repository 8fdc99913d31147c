//! Where the server looks for code: the workspace root the client opened
//! (`workspaceFolders`, else `rootUri`), its module path, and an optional
//! facts file for completing `$facts`. The module path is the one
//! `environment.conf` names when the root is an environment; else the
//! `modulepath` of the client's `initializationOptions`; else the layout
//! control repositories use (`site-modules/`, `site/`, `modules/` under the
//! root), and the root itself when it is a module (has `manifests/`).

use std::path::{Path, PathBuf};

use confer_puppet::environment::EnvironmentConf;
use lsp_types::InitializeParams;
use serde_json::Value;

/// Where the server finds the workspace's code and facts.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// The workspace root, when the client opened a folder.
    pub root: Option<PathBuf>,
    /// Directories holding modules, in the order Puppet searches them.
    pub modulepath: Vec<PathBuf>,
    /// The root, when it is a module itself.
    pub root_module: Option<PathBuf>,
    /// A facts file (`initializationOptions.facts`) for `$facts` completion.
    pub facts: Option<PathBuf>,
}

/// One module: its name and directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Module {
    /// The name Puppet knows it by.
    pub name: String,
    /// Its directory.
    pub dir: PathBuf,
}

impl Settings {
    /// The settings for the client's `initialize` request.
    pub fn from_initialize(params: &InitializeParams) -> Settings {
        let root = params
            .workspace_folders
            .as_ref()
            .and_then(|folders| folders.first())
            .map(|f| &f.uri)
            .or({
                #[allow(deprecated)] // older clients send only rootUri
                params.root_uri.as_ref()
            })
            .and_then(crate::uri::to_path);
        Settings::new(root, params.initialization_options.as_ref())
    }

    /// The settings for a workspace at `root` with the client's `options`.
    pub fn new(root: Option<PathBuf>, options: Option<&Value>) -> Settings {
        let option_paths = |key: &str| -> Vec<PathBuf> {
            let relative = |p: &str| root.as_ref().map_or_else(|| PathBuf::from(p), |r| r.join(p));
            match options.and_then(|o| o.get(key)) {
                Some(Value::String(s)) => s.split(':').filter(|p| !p.is_empty()).map(relative).collect(),
                Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).map(relative).collect(),
                _ => Vec::new(),
            }
        };
        let from_options = option_paths("modulepath");
        let facts = option_paths("facts").into_iter().next();
        let Some(root) = root else {
            return Settings { root: None, modulepath: from_options, root_module: None, facts };
        };
        let modulepath = environment_modulepath(&root)
            .or_else(|| (!from_options.is_empty()).then_some(from_options))
            .unwrap_or_else(|| {
                ["site-modules", "site", "modules"].iter().map(|d| root.join(d)).filter(|d| d.is_dir()).collect()
            });
        let root_module =
            root.join("manifests").is_dir().then(|| root.clone()).filter(|_| !root.join("environment.conf").is_file());
        let modulepath = modulepath.iter().map(|p| lexical(p)).collect();
        Settings { root: Some(root), modulepath, root_module, facts }
    }

    /// The modules of the workspace: the first of each name on the module
    /// path, and the root when it is a module.
    pub fn modules(&self) -> Vec<Module> {
        let mut modules: Vec<Module> = Vec::new();
        if let Some(dir) = &self.root_module {
            modules.push(Module { name: module_name(dir), dir: dir.clone() });
        }
        for dir in &self.modulepath {
            let Ok(entries) = std::fs::read_dir(dir) else { continue };
            let mut found: Vec<Module> = entries
                .filter_map(Result::ok)
                .filter(|e| e.path().is_dir())
                .filter_map(|e| {
                    let name = e.file_name().to_str()?.to_string();
                    is_module_name(&name).then(|| Module { name, dir: e.path() })
                })
                .collect();
            found.sort_by(|a, b| a.name.cmp(&b.name));
            for m in found {
                if !modules.iter().any(|known| known.name == m.name) {
                    modules.push(m);
                }
            }
        }
        modules
    }
}

/// The module path `environment.conf` gives, when the root has one that
/// names it (`$basemodulepath` stands for nothing: the server knows no
/// Puppet settings).
fn environment_modulepath(root: &Path) -> Option<Vec<PathBuf>> {
    let text = confer_puppet::files::read_text(&root.join("environment.conf")).ok()?;
    let conf = EnvironmentConf::parse(&text).ok()?;
    conf.modulepath.is_some().then(|| conf.modulepath(root, &[]))
}

/// A module's name: `metadata.json`'s, after its author, else the directory's.
fn module_name(dir: &Path) -> String {
    let from_metadata = confer_puppet::files::read_text(&dir.join("metadata.json"))
        .ok()
        .and_then(|text| serde_json::from_str::<Value>(&text).ok())
        .and_then(|m| m.get("name").and_then(Value::as_str).map(String::from))
        .and_then(|n| n.rsplit(['-', '/']).next().map(String::from));
    from_metadata.unwrap_or_else(|| dir.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned()))
}

/// `path` without `.` and `dir/..` components, so the index names files
/// as an editor that opened them does (links are kept, as Puppet keeps them).
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir if out.file_name().is_some() => {
                out.pop();
            }
            // `/..` is `/`.
            std::path::Component::ParentDir if out.has_root() => {}
            other => out.push(other),
        }
    }
    out
}

fn is_module_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fleet() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/fleet/environments/production")
    }

    #[test]
    fn environment_conf_gives_the_module_path() {
        let settings = Settings::new(Some(fleet()), Some(&serde_json::json!({"modulepath": "/elsewhere"})));
        let names: Vec<String> = settings
            .modulepath
            .iter()
            .map(|p| p.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned()))
            .collect();
        assert_eq!(names, ["site-modules", "modules"]);
        let modules: Vec<String> = settings.modules().into_iter().map(|m| m.name).collect();
        assert_eq!(modules, ["profile", "role", "accounts", "motd", "nginx", "ntp", "postgresql", "ssh"]);
        assert_eq!(settings.root_module, None);
    }

    #[test]
    fn options_give_the_module_path_and_facts_relative_to_the_root() {
        let root = PathBuf::from("/nowhere");
        let options = serde_json::json!({"modulepath": ["mods", "/abs"], "facts": "f.yaml"});
        let settings = Settings::new(Some(root), Some(&options));
        assert_eq!(settings.modulepath, [PathBuf::from("/nowhere/mods"), PathBuf::from("/abs")]);
        assert_eq!(settings.facts, Some(PathBuf::from("/nowhere/f.yaml")));
    }

    #[test]
    fn a_module_opened_alone_is_its_own_workspace() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/lsp/control-repo/modules/webapp");
        let settings = Settings::new(Some(root.clone()), None);
        assert_eq!(settings.root_module.as_ref(), Some(&root));
        assert!(settings.modulepath.is_empty());
        assert_eq!(settings.modules(), [Module { name: "webapp".into(), dir: root }]);
    }

    #[test]
    fn module_path_entries_lose_their_dot_dots() {
        assert_eq!(lexical(Path::new("/a/b/../../c/./d")), PathBuf::from("/c/d"));
        assert_eq!(lexical(Path::new("/../x")), PathBuf::from("/x"));
    }
}
