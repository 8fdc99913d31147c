//! `copy_from` of a directory with a depth search (verify_files_utils.c's
//! `SourceSearchAndCopy` and `PurgeLocalFiles`): each entry of the source
//! directory is copied into the promised one — files as single copies
//! are, symbolic links as links, directories made (0700) and searched in
//! turn down to the search's `depth` — and with `purge` whatever the
//! destination holds that the source does not is removed. Every path on
//! both sides goes through the sandbox, so a link inside either tree
//! cannot lead a copy or a purge out of it.

use crate::eval::message::ErrorKind;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};

use crate::eval::context::EvalContext;
use crate::eval::promise::Expanded;

use super::copy_file::{copy_file, Copying};
use super::outcome::Outcome;
use super::{Sandbox, Target};

/// Entries cf-agent never copies or purges (`SKIPFILES`), and `...`.
const SKIPPED: &[&str] = &[".", "..", "lost+found", ".cfengine.rm", "..."];

/// The most entries one promise copies: a tree past it is refused rather
/// than copied without end.
const MAX_ENTRIES: usize = 100_000;

/// A `depth_search` body, as copying reads it.
pub(super) struct Depth {
    /// `depth`: how many directory levels are searched ("inf": all).
    levels: u32,
    /// `exclude_dirs`: directory names (regexes) not entered.
    exclude_dirs: Vec<String>,
    /// `include_dirs`: when given, the only directory names entered.
    include_dirs: Vec<String>,
    /// `xdev`: stay on the source's device.
    xdev: bool,
}

/// The names of a directory's entries a search considers
/// (`ConsiderLocalFile`: not [`SKIPPED`]), in readdir order, each counted
/// against `budget`; `None` once the budget is spent.
pub(super) fn considered(entries: std::fs::ReadDir, budget: &mut usize) -> Option<Vec<String>> {
    let mut names = vec![];
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if SKIPPED.contains(&name.as_str()) {
            continue;
        }
        *budget = budget.checked_sub(1)?;
        names.push(name);
    }
    Some(names)
}

impl Depth {
    /// `SkipDirLinks`: whether the search enters a directory of this name.
    pub(super) fn enters(&self, ctx: &mut EvalContext, name: &str) -> bool {
        let matches = |ctx: &mut EvalContext, patterns: &[String]| {
            patterns.iter().any(|p| super::edit_line::full_match(ctx, p, name))
        };
        if matches(ctx, &self.exclude_dirs) {
            return false;
        }
        self.include_dirs.is_empty() || matches(ctx, &self.include_dirs)
    }

    /// How many levels below the promised directory are searched.
    pub(super) fn levels(&self) -> u32 {
        self.levels
    }

    /// Whether the search stays on the promised directory's device.
    pub(super) fn xdev(&self) -> bool {
        self.xdev
    }
}

/// The promise's depth search, if it has one.
pub(super) fn depth(ctx: &mut EvalContext, exp: &Expanded) -> Option<Depth> {
    exp.get("depth_search")?;
    let attrs = super::body(ctx, "depth_search", exp.get("depth_search"));
    let list = |lval: &str| -> Vec<String> {
        attrs
            .iter()
            .rev()
            .find(|(l, _)| l == lval)
            .map(|(_, v)| match v.as_scalar() {
                Some(s) => vec![s.to_string()],
                None => v.list_strings().iter().map(|s| s.to_string()).collect(),
            })
            .unwrap_or_default()
    };
    let levels = match super::scalar(&attrs, "depth") {
        None | Some("inf") => u32::MAX,
        Some(n) => n.parse().unwrap_or(u32::MAX),
    };
    Some(Depth {
        levels,
        exclude_dirs: list("exclude_dirs"),
        include_dirs: list("include_dirs"),
        xdev: matches!(super::scalar(&attrs, "xdev"), Some("true" | "yes" | "on")),
    })
}

/// Copies the tree at `source` into `t`'s directory.
pub(super) fn copy_tree(
    ctx: &mut EvalContext,
    exp: &Expanded,
    sandbox: &Sandbox,
    copying: &Copying,
    (source, source_real): (&str, &std::path::Path),
    t: &Target,
    depth: Depth,
) -> Outcome {
    let device = std::fs::metadata(source_real).map(|m| m.dev()).unwrap_or(0);
    let copying = copying.in_tree();
    let mut search = Search { exp, sandbox, copying: &copying, depth, device, budget: MAX_ENTRIES };
    search.directory(ctx, source.trim_end_matches('/'), t, search.depth.levels)
}

/// One copy of a tree in progress.
struct Search<'a> {
    exp: &'a Expanded,
    sandbox: &'a Sandbox,
    copying: &'a Copying,
    depth: Depth,
    /// The source's device, for `xdev`.
    device: u64,
    /// Entries still allowed.
    budget: usize,
}

impl Search<'_> {
    /// `SourceSearchAndCopy` of the directory `from` into `to`.
    fn directory(&mut self, ctx: &mut EvalContext, from: &str, to: &Target, levels: u32) -> Outcome {
        if levels == 0 {
            ctx.error(ErrorKind::Files, format!("Maximum recursion level reached at '{from}'"));
            return Outcome::Failed;
        }
        // cf-agent's names keep a promiser's `/.` (`dest/./file`).
        let to_name = to.promiser.trim_end_matches('/').to_string();
        let mut outcome = self.destination(ctx, to, &to_name);
        if outcome.failed() {
            return outcome;
        }
        let Some(from_real) = self.sandbox.read_path(from) else {
            let at = ctx.promise_location();
            ctx.refuse(format!("confer does not touch '{from}', which leads outside the root, {at}"));
            return Outcome::Failed;
        };
        let Ok(entries) = std::fs::read_dir(&from_real) else {
            ctx.error(ErrorKind::Files, format!("Can't open directory '{from}' for copying"));
            return Outcome::Failed;
        };
        let Some(names) = considered(entries, &mut self.budget) else {
            let at = ctx.promise_location();
            ctx.refuse(format!("confer copies at most {MAX_ENTRIES} entries in one promise, {at}"));
            return Outcome::Failed;
        };
        for name in &names {
            outcome = outcome.and(self.entry(ctx, &format!("{from}/{name}"), to, &to_name, name, levels));
        }
        if self.copying.purge {
            outcome = outcome.and(self.purge(ctx, to, &to_name, &names));
        }
        outcome
    }

    /// The destination directory, made when missing.
    fn destination(&self, ctx: &mut EvalContext, to: &Target, to_name: &str) -> Outcome {
        // cf-agent looks at `to/` (with a slash): a link to a directory is
        // the directory.
        if std::fs::metadata(&to.real).is_ok_and(|m| m.is_dir()) {
            return Outcome::Kept;
        }
        match std::fs::symlink_metadata(&to.real) {
            Ok(m) if m.file_type().is_symlink() => {
                ctx.error(
                    ErrorKind::Files,
                    format!("Path '{to_name}' is a symlink. Unable to move it aside without move_obstructions is set"),
                );
                Outcome::Failed
            }
            Ok(_) => {
                ctx.error(ErrorKind::Files, format!("Can't make directory '{to_name}': a file is in the way"));
                Outcome::Failed
            }
            Err(_) => {
                if !to.may(ctx, &format!("create directory '{to_name}'")) {
                    return Outcome::Warned;
                }
                let made = std::fs::DirBuilder::new().recursive(true).mode(super::DIR_MODE).create(&to.real);
                super::record(
                    ctx,
                    made,
                    format!("Created parent directory for '{to_name}'"),
                    format!("Failed to make directory '{to_name}'."),
                )
            }
        }
    }

    /// One entry of a source directory, copied to `name` in `to`.
    fn entry(
        &mut self,
        ctx: &mut EvalContext,
        from: &str,
        to: &Target,
        to_name: &str,
        name: &str,
        levels: u32,
    ) -> Outcome {
        let Some(from_real) = self.sandbox.read_path(from) else {
            let at = ctx.promise_location();
            ctx.refuse(format!("confer does not touch '{from}', which leads outside the root, {at}"));
            return Outcome::Failed;
        };
        let Ok(meta) = std::fs::symlink_metadata(&from_real) else { return Outcome::Kept };
        let shown = format!("{}/{name}", to.shown);
        let Some(real) = super::inside(ctx, self.sandbox, &shown) else { return Outcome::Failed };
        let child = Target { real, shown, promiser: format!("{to_name}/{name}"), warn_only: to.warn_only };
        if self.depth.xdev && meta.dev() != self.device {
            return Outcome::Kept;
        }
        if meta.is_dir() {
            if !self.enters(ctx, name) {
                return Outcome::Kept;
            }
            let mut outcome = Outcome::Kept;
            if std::fs::symlink_metadata(&child.real).is_err() {
                if !child.may(ctx, &format!("create directory '{}'", child.promiser)) {
                    return Outcome::Warned;
                }
                let made = std::fs::DirBuilder::new().mode(super::DIR_MODE).create(&child.real);
                let said = format!("Created directory '{}'", child.promiser);
                outcome = super::record(ctx, made, said, format!("Can't make directory '{}'.", child.promiser));
                if outcome.failed() {
                    return outcome;
                }
            }
            if self.copying.preserve {
                outcome = outcome.and(self.same_mode(ctx, &meta, &child));
            }
            return outcome.and(self.directory(ctx, from, &child, levels - 1));
        }
        if meta.file_type().is_symlink() {
            return link_copy(ctx, &from_real, &child);
        }
        if !meta.is_file() {
            return Outcome::Kept;
        }
        if self.copying.link_patterns.iter().any(|p| super::edit_line::full_match(ctx, p, name)) {
            return link_to(ctx, from, &child);
        }
        let outcome = copy_file(ctx, self.copying, (from, &from_real), &meta, &child);
        if outcome.failed() {
            return outcome;
        }
        outcome.and(super::perms::perms(ctx, self.exp, &child))
    }

    /// `SkipDirLinks`: whether the search enters a directory of this name.
    fn enters(&self, ctx: &mut EvalContext, name: &str) -> bool {
        self.depth.enters(ctx, name)
    }

    /// A copied directory takes its source's mode (`preserve`).
    fn same_mode(&self, ctx: &mut EvalContext, src: &std::fs::Metadata, child: &Target) -> Outcome {
        let want = src.mode() & 0o7777;
        let Ok(have) = std::fs::metadata(&child.real).map(|m| m.mode() & 0o7777) else { return Outcome::Kept };
        if have == want {
            return Outcome::Kept;
        }
        if !child.may(ctx, &format!("change permissions of '{}' from {have:04o} to {want:04o}", child.promiser)) {
            return Outcome::Warned;
        }
        super::record(
            ctx,
            std::fs::set_permissions(&child.real, std::fs::Permissions::from_mode(want)),
            format!("Object '{}' had permissions {have:04o}, changed it to {want:04o}", child.promiser),
            format!("Could not set the mode of '{}'.", child.promiser),
        )
    }

    /// `PurgeLocalFiles`: what `to` holds that the source (`kept`) does not.
    fn purge(&self, ctx: &mut EvalContext, to: &Target, to_name: &str, kept: &[String]) -> Outcome {
        if to_name.len() < 2 {
            ctx.error(ErrorKind::Files, format!("Purge of '{to_name}' denied - too dangerous!"));
            return Outcome::Failed;
        }
        let Ok(entries) = std::fs::read_dir(&to.real) else {
            ctx.error(ErrorKind::Files, format!("Can't open local directory '{to_name}'."));
            return Outcome::Failed;
        };
        let mut outcome = Outcome::Kept;
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if SKIPPED.contains(&name.as_str()) || kept.contains(&name) {
                continue;
            }
            let path = format!("{to_name}/{name}");
            let victim = Target {
                real: entry.path(),
                shown: format!("{}/{name}", to.shown),
                promiser: path.clone(),
                warn_only: to.warn_only,
            };
            if !victim.may(ctx, &format!("purge '{path}' from copy dest directory")) {
                outcome = outcome.and(Outcome::Warned);
                continue;
            }
            let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
            outcome = outcome.and(if is_dir {
                super::record(
                    ctx,
                    std::fs::remove_dir_all(entry.path()),
                    format!("Purged directory '{path}' in copy dest directory"),
                    format!("Unable to purge directory tree '{path}'"),
                )
            } else {
                super::record(
                    ctx,
                    std::fs::remove_file(entry.path()),
                    format!("Purged '{path}' copy dest directory"),
                    format!("Couldn't delete '{path}' while purging"),
                )
            });
        }
        outcome
    }
}

/// `LinkCopy`: a symbolic link of the source is copied as the same link.
fn link_copy(ctx: &mut EvalContext, from_real: &std::path::Path, child: &Target) -> Outcome {
    let Ok(target) = std::fs::read_link(from_real) else { return Outcome::Kept };
    make_link(ctx, &target, child)
}

/// `linkcopy_patterns`: a link to the source file in place of a copy.
fn link_to(ctx: &mut EvalContext, from: &str, child: &Target) -> Outcome {
    make_link(ctx, std::path::Path::new(from), child)
}

/// The link `child` pointing at `target`, made or corrected.
fn make_link(ctx: &mut EvalContext, target: &std::path::Path, child: &Target) -> Outcome {
    if std::fs::read_link(&child.real).is_ok_and(|t| t == *target) {
        return Outcome::Kept;
    }
    if !child.may(ctx, &format!("link files '{}' -> '{}'", child.promiser, target.display())) {
        return Outcome::Warned;
    }
    let made = match std::fs::symlink_metadata(&child.real) {
        Ok(m) if m.is_dir() => Err(std::io::Error::other("a directory is in the way")),
        Ok(_) => std::fs::remove_file(&child.real).and_then(|()| std::os::unix::fs::symlink(target, &child.real)),
        Err(_) => std::os::unix::fs::symlink(target, &child.real),
    };
    super::record(
        ctx,
        made,
        format!("Linked files '{}' -> '{}'", child.promiser, target.display()),
        format!("Unable to create link '{}' -> '{}'.", child.promiser, target.display()),
    )
}
