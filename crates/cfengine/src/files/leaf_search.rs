//! A depth search without a copy (verify_files_utils.c's `DepthSearch`
//! with `VerifyFileLeaf`): each entry below the promised directory —
//! directories after what they hold, down to the search's `depth` — that
//! `file_select` selects gets the promise's leaf operations (`delete`,
//! `rename`, `touch`, `perms`); with `include_basedir` the directory
//! itself too. The promised directory is never deleted by its own search.

use std::os::unix::fs::MetadataExt;

use crate::eval::context::EvalContext;
use crate::eval::promise::Expanded;

use super::copy_tree::{considered, Depth};
use super::outcome::Outcome;
use super::{Sandbox, Target};

/// The most entries one search visits: a tree past it is refused rather
/// than walked without end.
const MAX_ENTRIES: usize = 100_000;

/// Searches the directory `t` names.
pub(super) fn search(ctx: &mut EvalContext, exp: &Expanded, sandbox: &Sandbox, t: &Target, depth: Depth) -> Outcome {
    let device = std::fs::metadata(&t.real).map(|m| m.dev()).unwrap_or(0);
    let mut walk = Walk { exp, sandbox, depth, device, budget: MAX_ENTRIES, base: t.promiser.clone() };
    let mut outcome = walk.directory(ctx, t, 0);
    let include_basedir = {
        let attrs = super::body(ctx, "depth_search", exp.get("depth_search"));
        matches!(super::scalar(&attrs, "include_basedir"), Some("true" | "yes" | "on"))
    };
    if include_basedir && walk.selected(ctx, t) {
        outcome = outcome.and(walk.leaf(ctx, t));
    }
    outcome
}

struct Walk<'a> {
    exp: &'a Expanded,
    sandbox: &'a Sandbox,
    depth: Depth,
    device: u64,
    budget: usize,
    /// The promised directory, which its own search never deletes.
    base: String,
}

impl Walk<'_> {
    /// The entries of the directory `dir`, at `level` below the promised one.
    fn directory(&mut self, ctx: &mut EvalContext, dir: &Target, level: u32) -> Outcome {
        let Ok(entries) = std::fs::read_dir(&dir.real) else { return Outcome::Kept };
        let Some(names) = considered(entries, &mut self.budget) else {
            let at = ctx.promise_location();
            ctx.refuse(format!("confer does not search more than {MAX_ENTRIES} entries for one promise, {at}"));
            return Outcome::Failed;
        };
        let mut outcome = Outcome::Kept;
        for name in names {
            let shown = format!("{}/{name}", dir.shown);
            let Some(real) = super::inside(ctx, self.sandbox, &shown) else { return outcome.and(Outcome::Failed) };
            let child = Target { real, shown, promiser: format!("{}/{name}", dir.promiser), warn_only: dir.warn_only };
            let Ok(meta) = std::fs::symlink_metadata(&child.real) else { continue };
            if self.depth.xdev() && meta.dev() != self.device {
                continue;
            }
            if meta.is_dir() && self.depth.enters(ctx, &name) && self.depth.levels() > 1 && level < self.depth.levels()
            {
                outcome = outcome.and(self.directory(ctx, &child, level + 1));
            }
            if self.selected(ctx, &child) {
                outcome = outcome.and(self.leaf(ctx, &child));
            }
        }
        outcome
    }

    /// Whether `file_select` (when given) selects the entry.
    fn selected(&self, ctx: &mut EvalContext, t: &Target) -> bool {
        self.exp.get("file_select").is_none() || super::file_select::selected(ctx, self.exp, &t.real, &t.promiser)
    }

    /// `VerifyFileLeaf` on one entry.
    fn leaf(&self, ctx: &mut EvalContext, t: &Target) -> Outcome {
        let mut outcome = Outcome::Kept;
        if self.exp.get("rename").is_some() {
            outcome = outcome.and(super::rename::rename(ctx, self.exp, self.sandbox, t));
        }
        if self.exp.get("delete").is_some() && std::fs::symlink_metadata(&t.real).is_ok() {
            outcome = outcome.and(super::delete(ctx, self.exp, t, t.promiser == self.base));
        }
        if super::flag(self.exp, "touch") == Some(true) && std::fs::symlink_metadata(&t.real).is_ok() {
            outcome = outcome.and(super::touch(ctx, t));
        }
        if super::changes::wanted(self.exp) && std::fs::symlink_metadata(&t.real).is_ok() {
            outcome = outcome.and(super::changes::verify(ctx, self.exp, t));
        }
        if std::fs::symlink_metadata(&t.real).is_ok() {
            outcome = outcome.and(super::perms::perms(ctx, self.exp, t));
        }
        outcome
    }
}
