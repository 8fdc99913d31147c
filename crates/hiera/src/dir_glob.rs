//! Ruby's `Dir.glob`, the one walk confer makes over a directory tree: Hiera's
//! `glob`/`globs` locations, the main manifest when it is a directory (Puppet
//! reads `Dir.glob("#{dir}/**/*")`), and `check`'s module type aliases
//! (Puppet's autoloader globs `types/**/*.pp`).
//!
//! Links are where a walk goes wrong: a `d -> .` link makes a walk that
//! follows it endless, and two such links make even a depth-bounded walk
//! exponential. Ruby's `**` does not descend into a symbolically linked
//! directory (a link is still matched by name, and a literal or `*`
//! component goes through it), so every directory `**` enters is a real one,
//! entered once per walk; the walk also keeps the device and inode of each
//! directory it entered, so a bind mount that loops is entered once too.
//! `manifest = /` is then a walk of the whole file system, as in Puppet.

use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};

use glob::{MatchOptions, Pattern};

/// How a component matches a name: `*` and `?` never match a leading dot,
/// as in Ruby without `File::FNM_DOTMATCH`.
const MATCH: MatchOptions =
    MatchOptions { case_sensitive: true, require_literal_separator: true, require_literal_leading_dot: true };

/// The paths that match `pattern`, sorted. A pattern that is not a valid
/// glob matches nothing, as an unreadable directory does.
pub fn glob(pattern: &Path) -> Vec<PathBuf> {
    let mut base = PathBuf::new();
    let mut parts = Vec::new();
    for component in pattern.components() {
        match component {
            Component::Normal(part) if parts.is_empty() && !is_wild(&part.to_string_lossy()) => base.push(part),
            Component::Normal(part) => parts.push(part.to_string_lossy().into_owned()),
            other if parts.is_empty() => base.push(other.as_os_str()),
            other => parts.push(other.as_os_str().to_string_lossy().into_owned()),
        }
    }
    let mut out = Vec::new();
    if parts.is_empty() {
        if base.symlink_metadata().is_ok() {
            out.push(base);
        }
        return out;
    }
    let Ok(parts) = parts.iter().map(|p| Part::new(p)).collect::<Result<Vec<_>, _>>() else {
        return out;
    };
    expand(&base, &parts, &mut out);
    out.sort();
    out.dedup();
    out
}

/// One component of a pattern.
enum Part {
    /// `**`: any number of real directories.
    Recursive,
    /// A name with `*`, `?` or `[…]`.
    Wild(Pattern),
    /// A name to take as it is.
    Literal(String),
}

impl Part {
    fn new(text: &str) -> Result<Part, glob::PatternError> {
        Ok(match text {
            "**" => Part::Recursive,
            _ if is_wild(text) => Part::Wild(Pattern::new(text)?),
            _ => Part::Literal(text.to_string()),
        })
    }
}

fn is_wild(text: &str) -> bool {
    text.contains(['*', '?', '['])
}

/// Adds the paths below `base` that match `parts`.
fn expand(base: &Path, parts: &[Part], out: &mut Vec<PathBuf>) {
    let Some((first, rest)) = parts.split_first() else {
        if base.symlink_metadata().is_ok() {
            out.push(base.to_path_buf());
        }
        return;
    };
    match first {
        // `**` last matches like `*`, as in Ruby.
        Part::Recursive if rest.is_empty() => each_entry(base, |path, _| {
            out.push(path);
        }),
        Part::Recursive => {
            let mut entered = HashSet::new();
            if let Some(id) = dir_id(base) {
                entered.insert(id);
            }
            recurse(base, rest, &mut entered, out);
        }
        Part::Wild(pattern) => each_entry(base, |path, name| {
            if pattern.matches_with(name, MATCH) && (rest.is_empty() || path.is_dir()) {
                expand(&path, rest, out);
            }
        }),
        Part::Literal(name) => expand(&base.join(name), rest, out),
    }
}

/// `**` followed by `rest`: `rest` in `dir` and in every real directory below
/// it, each entered once.
fn recurse(dir: &Path, rest: &[Part], entered: &mut HashSet<(u64, u64)>, out: &mut Vec<PathBuf>) {
    expand(dir, rest, out);
    let mut subdirs = Vec::new();
    each_entry(dir, |path, _| {
        let real_dir = path.symlink_metadata().is_ok_and(|m| m.file_type().is_dir());
        if real_dir && dir_id(&path).is_some_and(|id| entered.insert(id)) {
            subdirs.push(path);
        }
    });
    for sub in subdirs {
        recurse(&sub, rest, entered, out);
    }
}

/// Calls `f` with each entry of `dir` whose name does not start with a dot
/// (what `*` and `**` see), by path and name; an unreadable directory has
/// none.
fn each_entry(dir: &Path, mut f: impl FnMut(PathBuf, &str)) {
    let Ok(entries) = std::fs::read_dir(if dir.as_os_str().is_empty() { Path::new(".") } else { dir }) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !name.starts_with('.') {
            f(dir.join(&*name), &name);
        }
    }
}

/// A directory's device and inode, which name it whatever path led there.
#[cfg(unix)]
fn dir_id(dir: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(if dir.as_os_str().is_empty() { Path::new(".") } else { dir }).ok()?;
    Some((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn dir_id(_dir: &Path) -> Option<(u64, u64)> {
    None
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn recursion_skips_linked_directories_as_ruby_does() {
        let root = std::env::temp_dir().join(format!("confer-dir-glob-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("sub")).unwrap();
        std::fs::create_dir_all(root.join("real")).unwrap();
        for file in ["a.yaml", "sub/b.yaml", "real/c.yaml"] {
            std::fs::write(root.join(file), "").unwrap();
        }
        std::os::unix::fs::symlink(".", root.join("d")).unwrap();
        std::os::unix::fs::symlink(".", root.join("e")).unwrap();
        std::os::unix::fs::symlink("real", root.join("lk")).unwrap();
        let names = |pattern: &str| -> Vec<String> {
            glob(&root.join(pattern)).iter().map(|p| p.strip_prefix(&root).unwrap().display().to_string()).collect()
        };
        // What Ruby 3.1's Dir.glob answers in the same tree.
        assert_eq!(names("**/*.yaml"), ["a.yaml", "real/c.yaml", "sub/b.yaml"]);
        assert_eq!(names("*/*.yaml"), ["d/a.yaml", "e/a.yaml", "lk/c.yaml", "real/c.yaml", "sub/b.yaml"]);
        assert_eq!(names("lk/**/*.yaml"), ["lk/c.yaml"]);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
