//! A Puppet environment: where a compile finds its main manifest and its
//! modules. Puppet reads `environment.conf` (`modulepath`, `manifest`) in the
//! environment directory; a module is the first directory of that name on the
//! module path.

use std::path::{Path, PathBuf};

mod conf;

pub use conf::EnvironmentConf;

/// The directories of one environment.
#[derive(Debug, Default)]
pub struct Environment {
    /// The environment's name (`production` unless told otherwise), which
    /// `$environment` and the catalog's `environment` carry.
    pub name: String,
    /// The environment directory, when there is one (`puppet apply FILE` has
    /// none).
    pub dir: Option<PathBuf>,
    /// The directories searched for modules, in order: the environment's
    /// own, then the base module path.
    pub modulepath: Vec<PathBuf>,
    /// The main manifest: a file, or a directory whose `.pp` files are read
    /// in Puppet's order.
    pub manifest: Option<PathBuf>,
    /// How strictly its code is checked (Puppet's `strict` and
    /// `strict_variables` settings).
    pub strict: crate::strict::Strict,
    /// Which native ports of module functions run in place of the
    /// modules' Ruby files.
    pub native_ports: crate::native_ports::NativePorts,
    /// Each module's directory as first found: the autoloader asks for the
    /// same module hundreds of times a compile, each a look at the disk.
    /// Behind a lock so that one environment can be handed to the threads
    /// of a fleet compile.
    pub module_dirs: std::sync::Mutex<std::collections::HashMap<String, Option<PathBuf>>>,
    /// The module path's directories where their links lead, resolved once:
    /// what a path Ruby code reaches is checked against.
    pub canonical_modulepath: std::sync::OnceLock<Vec<PathBuf>>,
}

impl Clone for Environment {
    /// A copy with what the original found of modules so far: each compile
    /// of a fleet starts from the fleet's environment.
    fn clone(&self) -> Environment {
        Environment {
            name: self.name.clone(),
            dir: self.dir.clone(),
            modulepath: self.modulepath.clone(),
            manifest: self.manifest.clone(),
            strict: self.strict,
            native_ports: self.native_ports.clone(),
            module_dirs: std::sync::Mutex::new(self.module_dirs.lock().unwrap_or_else(|e| e.into_inner()).clone()),
            canonical_modulepath: self.canonical_modulepath.clone(),
        }
    }
}

/// Why an environment could not be read.
#[derive(Debug, thiserror::Error)]
pub enum EnvironmentError {
    /// The directory does not exist.
    #[error("Could not find a directory environment at '{0}'")]
    NoDirectory(PathBuf),
    /// `environment.conf` could not be read or parsed.
    #[error("{path}: {message}")]
    Conf {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
}

/// The module directories as Puppet keeps them, expanded from the working
/// directory (its `File.expand_path`, links not followed): the paths
/// `find_file` and `find_template` answer are absolute.
fn absolute(dirs: Vec<PathBuf>) -> Vec<PathBuf> {
    dirs.into_iter().map(|d| std::path::absolute(&d).unwrap_or(d)).collect()
}

impl Environment {
    /// An environment with no directory: only `modulepath` (as `puppet apply`
    /// with `--modulepath`).
    pub fn bare(modulepath: Vec<PathBuf>) -> Environment {
        Environment {
            name: "production".into(),
            dir: None,
            modulepath: absolute(modulepath),
            manifest: None,
            strict: Default::default(),
            native_ports: Default::default(),
            module_dirs: Default::default(),
            canonical_modulepath: Default::default(),
        }
    }

    /// Reads the environment directory `dir`: its `environment.conf`, else
    /// Puppet's defaults (`modules/` then the base module path, `manifests/`).
    /// `base_modulepath` stands for `$basemodulepath`.
    pub fn load(dir: &Path, base_modulepath: &[PathBuf]) -> Result<Environment, EnvironmentError> {
        if !dir.is_dir() {
            return Err(EnvironmentError::NoDirectory(dir.to_path_buf()));
        }
        let conf_path = dir.join("environment.conf");
        let conf = if conf_path.is_file() {
            let text = crate::files::read_text(&conf_path)
                .map_err(|e| EnvironmentError::Conf { path: conf_path.clone(), message: e.to_string() })?;
            EnvironmentConf::parse(&text).map_err(|message| EnvironmentError::Conf { path: conf_path, message })?
        } else {
            EnvironmentConf::default()
        };
        let name = dir.file_name().map_or_else(|| "production".to_string(), |n| n.to_string_lossy().into_owned());
        let modulepath = absolute(conf.modulepath(dir, base_modulepath));
        let manifest = Some(conf.manifest.as_deref().map_or_else(|| dir.join("manifests"), |m| dir.join(m)));
        Ok(Environment {
            name,
            dir: Some(dir.to_path_buf()),
            modulepath,
            manifest,
            strict: Default::default(),
            native_ports: Default::default(),
            module_dirs: Default::default(),
            canonical_modulepath: Default::default(),
        })
    }

    /// The directory of the module `name`: the first on the module path.
    pub fn module_dir(&self, name: &str) -> Option<PathBuf> {
        if !is_module_name(name) {
            return None;
        }
        let dirs = || self.module_dirs.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(found) = dirs().get(name) {
            return found.clone();
        }
        let found = self.modulepath.iter().map(|d| d.join(name)).find(|d| d.is_dir());
        dirs().insert(name.to_string(), found.clone());
        found
    }

    /// Where `path` lies in a module on the module path, by where its links
    /// lead: its part below the module's directory (`lib/puppet_x/a.rb`), or
    /// `None` for a path outside every module. A path that does not exist
    /// is placed by its directory.
    pub fn within_module(&self, path: &Path) -> Option<PathBuf> {
        let real = path
            .canonicalize()
            .or_else(|_| {
                Ok::<_, std::io::Error>(
                    path.parent()
                        .ok_or(std::io::ErrorKind::NotFound)?
                        .canonicalize()?
                        .join(path.file_name().unwrap_or_default()),
                )
            })
            .ok()?;
        let dirs = self
            .canonical_modulepath
            .get_or_init(|| self.modulepath.iter().filter_map(|d| d.canonicalize().ok()).collect());
        dirs.iter().find_map(|d| {
            let rest = real.strip_prefix(d).ok()?;
            let mut parts = rest.components();
            parts.next()?;
            let below: PathBuf = parts.collect();
            (!below.as_os_str().is_empty()).then_some(below)
        })
    }

    /// The files at `relative` (`lib/puppet/type/x.rb`) in the modules of
    /// the module path, in module path order: where Puppet's autoloader
    /// looks for Ruby code of modules.
    pub fn module_files<'e>(&'e self, relative: &'e str) -> impl Iterator<Item = PathBuf> + 'e {
        self.modulepath
            .iter()
            .filter_map(|d| std::fs::read_dir(d).ok())
            .flatten()
            .flatten()
            .map(move |module| module.path().join(relative))
            .filter(|path| path.is_file())
    }

    /// Whether a module on the module path has a Puppet 3 API function
    /// `name` (`lib/puppet/parser/functions/<name>.rb`), where Puppet's
    /// autoloader looks for one.
    pub fn has_legacy_function(&self, name: &str) -> bool {
        is_module_name(name) && self.module_files(&format!("lib/puppet/parser/functions/{name}.rb")).next().is_some()
    }

    /// Whether a module on the module path has a Puppet 4 API function
    /// `name` (`lib/puppet/functions/<name>.rb`), as stdlib wraps some of
    /// its 3.x functions.
    pub fn has_modern_function(&self, name: &str) -> bool {
        is_module_name(name) && self.module_files(&format!("lib/puppet/functions/{name}.rb")).next().is_some()
    }

    /// The main manifest's files in the order Puppet reads them: the file
    /// itself, or a directory's `.pp` files sorted by path, found as Puppet
    /// finds them (`Dir.glob("#{dir}/**/*")`, which does not descend into
    /// linked directories: an `a -> .` link reads `site.pp` once). A
    /// directory too large to walk (`manifest = /`) is refused.
    pub fn manifest_files(&self) -> Result<Vec<PathBuf>, confer_hiera::dir_glob::TooLarge> {
        let Some(manifest) = &self.manifest else {
            return Ok(Vec::new());
        };
        if !manifest.is_dir() {
            // A FIFO or device is kept, for the reader to refuse by name.
            return Ok(manifest.symlink_metadata().is_ok().then(|| manifest.clone()).into_iter().collect());
        }
        let mut files = confer_hiera::dir_glob::glob(&manifest.join("**/*"))?;
        files.retain(|f| f.extension().is_some_and(|e| e == "pp"));
        // Ruby sorts the paths as strings: `a-b/x.pp` before `a/x.pp`.
        files.sort_by(|a, b| a.as_os_str().cmp(b.as_os_str()));
        Ok(files)
    }
}

/// A module name as Puppet accepts it: lower-case letters, digits and
/// underscores, starting with a letter.
fn is_module_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}
