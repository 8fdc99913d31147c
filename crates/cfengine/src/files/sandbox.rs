//! Where `files` promises may act. confer changes files only inside a
//! directory the user names: with `confer cfengine run --root DIR` a policy
//! path `/etc/motd` is `DIR/etc/motd`, so policy can be tried on a copy of a
//! machine's files; CFEngine's acceptance tests run with their own work
//! directory as a jail, paths unchanged. Either way a path that leaves the
//! directory — by `..` or through a symbolic link, however deep — is
//! refused before anything is read or written.

use std::path::{Component, Path, PathBuf};

/// The directory `files` promises act in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sandbox {
    /// The directory, canonical.
    dir: PathBuf,
    /// Whether policy paths are placed under `dir` (`--root`) or are real
    /// paths that must lie inside it.
    rooted: bool,
}

/// A path the sandbox does not allow, and why.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// Not absolute: it has no meaning that does not depend on where
    /// cf-agent runs.
    #[error("'{0}' is not an absolute path")]
    Relative(String),
    /// It leads outside the directory.
    #[error("'{path}' leads outside {dir}")]
    Outside {
        /// The path as the policy gave it.
        path: String,
        /// The sandbox's directory.
        dir: String,
    },
}

impl Sandbox {
    /// Policy paths placed under `dir` (`--root DIR`).
    pub fn root(dir: &Path) -> std::io::Result<Sandbox> {
        Ok(Sandbox { dir: dir.canonicalize()?, rooted: true })
    }

    /// Real paths, allowed only inside `dir`.
    pub fn within(dir: &Path) -> std::io::Result<Sandbox> {
        Ok(Sandbox { dir: dir.canonicalize()?, rooted: false })
    }

    /// Whether policy paths are placed under the directory (`--root`).
    pub fn is_rooted(&self) -> bool {
        self.rooted
    }

    /// The real path for the policy path `path`, or why it is refused. The
    /// path need not exist; what exists of it is resolved, links included.
    pub fn resolve(&self, path: &str) -> Result<PathBuf, Refused> {
        if !path.starts_with('/') {
            return Err(Refused::Relative(path.to_string()));
        }
        let outside = || Refused::Outside { path: path.to_string(), dir: self.dir.display().to_string() };
        let base = if self.rooted { self.dir.clone() } else { PathBuf::from("/") };
        let real = normalize(&base, Path::new(path));
        if !self.inside(&real) {
            return Err(outside());
        }
        // A dangling link at the end would be followed by a write: where it
        // points must be inside too.
        if let Ok(meta) = std::fs::symlink_metadata(&real) {
            if meta.file_type().is_symlink() && real.canonicalize().is_err() {
                let target = std::fs::read_link(&real).map_err(|_| outside())?;
                let parent = real.parent().unwrap_or(&self.dir).to_path_buf();
                let pointed =
                    if target.is_absolute() { normalize(Path::new("/"), &target) } else { normalize(&parent, &target) };
                if !self.inside(&pointed) {
                    return Err(outside());
                }
            }
        }
        Ok(real)
    }

    /// Whether `real` (already normalized) lies inside the directory, with
    /// what exists of it resolved through its links.
    fn inside(&self, real: &Path) -> bool {
        if !real.starts_with(&self.dir) {
            return false;
        }
        let mut existing = real;
        loop {
            if let Ok(canonical) = existing.canonicalize() {
                return canonical.starts_with(&self.dir);
            }
            match existing.parent() {
                Some(parent) => existing = parent,
                None => return true,
            }
        }
    }

    /// Where a file the policy only reads is: under the root with `--root`
    /// (`None` when the path leads out of it); anywhere otherwise, since
    /// only changes are confined to the directory.
    pub fn read_path(&self, path: &str) -> Option<PathBuf> {
        if self.rooted {
            self.resolve(path).ok()
        } else {
            Some(PathBuf::from(path))
        }
    }

    /// The policy path of a real path inside the sandbox (for messages and
    /// the change report).
    pub fn policy_path(&self, real: &Path) -> String {
        match (self.rooted, real.strip_prefix(&self.dir)) {
            (true, Ok(rest)) => format!("/{}", rest.display()),
            _ => real.display().to_string(),
        }
    }
}

/// `path` taken from `base` (an absolute path replaces it), with `.` and
/// `..` worked out as text.
fn normalize(base: &Path, path: &Path) -> PathBuf {
    let mut real = base.to_path_buf();
    for part in path.components() {
        match part {
            Component::Normal(name) => real.push(name),
            Component::ParentDir => {
                real.pop();
            }
            Component::RootDir | Component::CurDir | Component::Prefix(_) => {}
        }
    }
    real
}

#[cfg(test)]
mod tests {
    use super::{Refused, Sandbox};

    fn dir(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("confer-sandbox-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("a temp dir");
        d
    }

    #[test]
    fn a_rooted_path_lands_under_the_root() {
        let d = dir("rooted");
        let s = Sandbox::root(&d).expect("the root");
        let real = s.resolve("/etc/motd").expect("inside");
        assert_eq!(real, d.canonicalize().expect("canonical").join("etc/motd"));
        assert_eq!(s.policy_path(&real), "/etc/motd");
        assert!(matches!(s.resolve("/../../etc/passwd"), Err(Refused::Outside { .. })));
        assert!(matches!(s.resolve("etc"), Err(Refused::Relative(_))));
    }

    #[test]
    fn a_link_out_of_the_directory_is_refused() {
        let d = dir("links");
        std::os::unix::fs::symlink("/etc", d.join("out")).expect("a link");
        std::os::unix::fs::symlink("/nonexistent/x", d.join("dangling")).expect("a link");
        std::os::unix::fs::symlink("gone", d.join("dangling_inside")).expect("a link");
        let s = Sandbox::within(&d).expect("the jail");
        let inside = d.canonicalize().expect("canonical");
        assert!(s.resolve(&format!("{}/new/file", inside.display())).is_ok());
        assert!(matches!(s.resolve(&format!("{}/out/passwd", inside.display())), Err(Refused::Outside { .. })));
        assert!(matches!(s.resolve(&format!("{}/dangling", inside.display())), Err(Refused::Outside { .. })));
        assert!(s.resolve(&format!("{}/dangling_inside", inside.display())).is_ok());
        assert!(matches!(s.resolve("/etc/passwd"), Err(Refused::Outside { .. })));
    }
}
