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
//! A walk reads at most [`MAX_ENTRIES`] directory entries: `manifest = /`
//! would be a walk of the whole file system (as in Puppet); confer stops it
//! with an error instead.

use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};

use glob::{MatchOptions, Pattern};

/// How a component matches a name: `*` and `?` never match a leading dot,
/// as in Ruby without `File::FNM_DOTMATCH`.
const MATCH: MatchOptions =
    MatchOptions { case_sensitive: true, require_literal_separator: true, require_literal_leading_dot: true };

/// Most directory entries one walk reads.
pub const MAX_ENTRIES: usize = 200_000;

/// A walk read more than [`MAX_ENTRIES`] entries.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' holds more than {MAX_ENTRIES} files and directories to search (confer's limit on one directory walk)", .0.display())]
pub struct TooLarge(pub PathBuf);

/// The paths that match `pattern`, sorted. A pattern that is not a valid
/// glob matches nothing, as an unreadable directory does.
pub fn glob(pattern: &Path) -> Result<Vec<PathBuf>, TooLarge> {
    glob_reading_at_most(pattern, MAX_ENTRIES)
}

fn glob_reading_at_most(pattern: &Path, max_entries: usize) -> Result<Vec<PathBuf>, TooLarge> {
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
        return Ok(out);
    }
    let Ok(parts) = parts.iter().map(|p| Part::new(p)).collect::<Result<Vec<_>, _>>() else {
        return Ok(out);
    };
    let mut walk = Walk { out, left: max_entries };
    expand(&base, &parts, &mut walk);
    if walk.left == 0 {
        return Err(TooLarge(base));
    }
    let mut out = walk.out;
    out.sort();
    out.dedup();
    Ok(out)
}

/// What a walk found, and how many more entries it may read.
struct Walk {
    out: Vec<PathBuf>,
    left: usize,
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
fn expand(base: &Path, parts: &[Part], out: &mut Walk) {
    let Some((first, rest)) = parts.split_first() else {
        if base.symlink_metadata().is_ok() {
            out.out.push(base.to_path_buf());
        }
        return;
    };
    match first {
        // `**` last matches like `*`, as in Ruby.
        Part::Recursive if rest.is_empty() => each_entry(base, &mut out.left, |path, _| {
            out.out.push(path);
        }),
        Part::Recursive => {
            let mut entered = HashSet::new();
            if let Some(id) = dir_id(base) {
                entered.insert(id);
            }
            recurse(base, rest, &mut entered, out);
        }
        Part::Wild(pattern) => {
            let mut matched = Vec::new();
            each_entry(base, &mut out.left, |path, name| {
                if pattern.matches_with(name, MATCH) && (rest.is_empty() || path.is_dir()) {
                    matched.push(path);
                }
            });
            for path in matched {
                expand(&path, rest, out);
            }
        }
        Part::Literal(name) => expand(&base.join(name), rest, out),
    }
}

/// `**` followed by `rest`: `rest` in `dir` and in every real directory below
/// it, each entered once.
fn recurse(dir: &Path, rest: &[Part], entered: &mut HashSet<(u64, u64)>, out: &mut Walk) {
    expand(dir, rest, out);
    let mut subdirs = Vec::new();
    each_entry(dir, &mut out.left, |path, _| {
        let real_dir = path.symlink_metadata().is_ok_and(|m| m.file_type().is_dir());
        if real_dir && dir_id(&path).is_some_and(|id| entered.insert(id)) {
            subdirs.push(path);
        }
    });
    for sub in subdirs {
        if out.left == 0 {
            return;
        }
        recurse(&sub, rest, entered, out);
    }
}

/// Calls `f` with each entry of `dir` whose name does not start with a dot
/// (what `*` and `**` see), by path and name; an unreadable directory has
/// none. Each entry read spends one of `left`; none left, the walk stops.
fn each_entry(dir: &Path, left: &mut usize, mut f: impl FnMut(PathBuf, &str)) {
    let Ok(entries) = std::fs::read_dir(if dir.as_os_str().is_empty() { Path::new(".") } else { dir }) else {
        return;
    };
    for entry in entries.flatten() {
        if *left == 0 {
            return;
        }
        *left -= 1;
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
            glob(&root.join(pattern))
                .unwrap()
                .iter()
                .map(|p| p.strip_prefix(&root).unwrap().display().to_string())
                .collect()
        };
        // What Ruby 3.1's Dir.glob answers in the same tree.
        assert_eq!(names("**/*.yaml"), ["a.yaml", "real/c.yaml", "sub/b.yaml"]);
        assert_eq!(names("*/*.yaml"), ["d/a.yaml", "e/a.yaml", "lk/c.yaml", "real/c.yaml", "sub/b.yaml"]);
        assert_eq!(names("lk/**/*.yaml"), ["lk/c.yaml"]);
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_walk_past_its_budget_is_refused() {
        let dir = std::env::temp_dir().join(format!("confer-glob-budget-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("a/b")).expect("a tree");
        for name in ["x.pp", "a/y.pp", "a/b/z.pp"] {
            std::fs::write(dir.join(name), "").expect("a file");
        }
        let all = super::glob_reading_at_most(&dir.join("**/*.pp"), 100).expect("within the budget");
        assert_eq!(all.len(), 3);
        let refused = super::glob_reading_at_most(&dir.join("**/*.pp"), 3);
        assert_eq!(refused, Err(super::TooLarge(dir.clone())));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
