//! One regular file copied as cf-agent copies it (`CfCopyFile`,
//! `CopyRegularFile`): the `copy_from` body's settings ([`Copying`]) and
//! the copy in its steps. Both a single file's `copy_from`
//! ([`super::copy`]) and a depth search's ([`super::copy_tree`]) use it,
//! so it sits apart from both.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;

use crate::eval::context::EvalContext;

use super::outcome::Outcome;
use super::Target;

/// How files are copied: the `copy_from` body's settings.
#[derive(Clone)]
pub(super) struct Copying {
    /// `compare`: when a copy is due.
    pub(super) compare: String,
    /// `force_update`: always.
    pub(super) force: bool,
    /// `copy_backup`: the old file kept as `.cfsaved`.
    pub(super) backup: bool,
    /// `preserve`: the source's mode.
    pub(super) preserve: bool,
    /// Whether the copy is part of a tree's, where a preserved mode is
    /// given at once; a single file's copy is made 0600 and then takes the
    /// source's mode, which cf-agent says.
    pub(super) in_tree: bool,
    /// `purge`: what the source does not have is removed (depth search only).
    pub(super) purge: bool,
    /// `linkcopy_patterns`: files whose names match are linked to their
    /// source instead of copied.
    pub(super) link_patterns: Vec<String>,
}

impl Copying {
    /// The settings for the files of a tree's copy.
    pub(super) fn in_tree(&self) -> Copying {
        Copying { in_tree: true, ..self.clone() }
    }
}

/// `CfCopyFile` of one regular file: copied when `compare` says it
/// differs (or it is missing), in cf-agent's steps.
pub(super) fn copy_file(
    ctx: &mut EvalContext,
    copying: &Copying,
    (source, source_real): (&str, &Path),
    src: &std::fs::Metadata,
    t: &Target,
) -> Outcome {
    let (real, shown) = (t.real.as_path(), t.shown.as_str());
    // agent control's `files_single_copy`: a destination copied to once
    // this run is not copied to again.
    if ctx.agent.single_copied.contains(&t.promiser) {
        return Outcome::Kept;
    }
    let dest = std::fs::metadata(real).ok();
    let bytes_differ = || std::fs::read(source_real).ok() != std::fs::read(real).ok();
    // `CompareForFileCopy`.
    let differs = match &dest {
        None => true,
        Some(_) if copying.force => true,
        Some(d) => match copying.compare.as_str() {
            "exists" => false,
            "digest" | "hash" | "checksum" | "binary" => bytes_differ(),
            "mtime" => d.mtime() < src.mtime(),
            "atime" => d.ctime() < src.ctime() || d.mtime() < src.mtime() || bytes_differ(),
            _ => d.ctime() < src.ctime() || d.mtime() < src.mtime(),
        },
    };
    if !differs {
        if single_copy(ctx, &t.promiser) {
            ctx.agent.single_copied.insert(t.promiser.clone());
        }
        return Outcome::Kept;
    }
    let change = match dest {
        Some(_) => format!("update file '{}' from '{source}' on 'localhost'", t.promiser),
        None => format!("copy '{}' to '{source}'", t.promiser),
    };
    if !t.may(ctx, &change) {
        return Outcome::Warned;
    }
    let mode = match &dest {
        _ if copying.preserve && copying.in_tree => src.permissions().mode() & 0o7777,
        Some(d) if !copying.preserve => d.permissions().mode() & 0o7777,
        _ => super::CREATE_MODE,
    };
    let to = t.promiser.as_str();
    let how = match &dest {
        _ if copying.preserve => "permissions preserved".to_string(),
        Some(d) => format!("mode '{:o}'", d.permissions().mode() & 0o777),
        None => format!("mode '{:o}'", super::CREATE_MODE),
    };
    let mut steps = vec![format!("Copied file '{source}' to '{to}.cfnew' ({how})")];
    let copied = copy(source_real, real, dest.is_some(), mode, copying.backup, (to, &mut steps));
    if copied.is_ok() {
        // cf-agent's own steps: a copy beside the file, the old file kept,
        // the copy moved into place.
        for step in steps {
            ctx.record_change(step);
        }
        // `VerifyCopiedFileAttributes`: the copy, made 0600, takes the
        // source's mode.
        let want = src.permissions().mode() & 0o7777;
        if copying.preserve && !copying.in_tree && want != super::CREATE_MODE {
            let set = std::fs::set_permissions(real, std::fs::Permissions::from_mode(want));
            let said = format!("Object '{to}' had permissions {:04o}, changed it to {want:04o}", super::CREATE_MODE);
            if super::record(ctx, set, said, format!("Could not set the mode of '{to}'.")).failed() {
                return Outcome::Failed;
            }
        }
    }
    // A new file is remembered whenever the list is set at all, an updated
    // one when it matches (`CopyFileSources`).
    let remembered = copied.is_ok()
        && if dest.is_none() {
            !crate::eval::control::control_values(ctx, "agent", "files_single_copy").is_empty()
        } else {
            single_copy(ctx, &t.promiser)
        };
    if remembered {
        ctx.agent.single_copied.insert(t.promiser.clone());
    }
    let updated = match dest {
        Some(_) => format!("Updated '{to}' from source '{source}' on 'localhost'"),
        None => format!("Updated file '{to}' from 'localhost:{source}'"),
    };
    super::record(ctx, copied, updated, format!("Copy of '{source}' to '{shown}' failed."))
}

/// Whether `dest` matches one of agent control's `files_single_copy`
/// regexes (whole).
fn single_copy(ctx: &mut EvalContext, dest: &str) -> bool {
    let patterns: Vec<String> = crate::eval::control::control_values(ctx, "agent", "files_single_copy")
        .iter()
        .flat_map(|v| v.list_strings().iter().map(|s| s.to_string()).collect::<Vec<_>>())
        .collect();
    patterns.iter().any(|p| crate::functions::regex::full_match(ctx, p, dest).unwrap_or(false))
}

/// `CopyRegularFile`: through `FILE.cfnew`, which is given `mode`; the old
/// file is kept as `FILE.cfsaved` with `backup`.
fn copy(
    source: &Path,
    real: &Path,
    exists: bool,
    mode: u32,
    backup: bool,
    (to, steps): (&str, &mut Vec<String>),
) -> std::io::Result<()> {
    super::make_parent(real)?;
    let name = real.to_string_lossy();
    let new = format!("{name}.cfnew");
    std::fs::copy(source, &new)?;
    std::fs::set_permissions(&new, std::fs::Permissions::from_mode(mode))?;
    if exists && backup {
        let saved = format!("{name}.cfsaved");
        if std::fs::symlink_metadata(&saved).is_ok() {
            std::fs::remove_file(&saved)?;
            steps.push(format!("Removed old backup '{to}.cfsaved'"));
        }
        std::fs::rename(real, &saved)?;
        steps.push(format!("Backed up '{to}' as '{to}.cfsaved'"));
    }
    std::fs::rename(&new, real)?;
    steps.push(format!("Moved '{to}.cfnew' to '{to}'"));
    Ok(())
}
