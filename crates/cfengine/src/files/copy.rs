//! `copy_from` a local regular file (verify_files_utils.c's
//! `CopyFileSources`, `CompareForFileCopy`, `CopyRegularFile`): the file is
//! copied when the `compare` rule says it differs (or is missing), through
//! `FILE.cfnew`, the old one kept as `FILE.cfsaved` unless `copy_backup`
//! is false. A directory is copied with a depth search ([`super::copy_tree`]).
//! A remote source (`servers`) and the other attributes are refused by name.

use crate::eval::message::ErrorKind;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
use crate::eval::promise::Expanded;

use super::outcome::Outcome;
use super::{Sandbox, Target};

/// `compare` when the body gives none: cf3globals.c's `DEFAULT_COPYTYPE`
/// is unset unless agent control's `defaultcopytype` sets it, and the
/// comparison is then "a newer ctime or mtime".
const DEFAULT_COMPARE: &str = "";

/// Attributes of `copy_from` bodies confer carries out.
const KNOWN: &[&str] = &[
    "source",
    "compare",
    "copy_backup",
    "preserve",
    "type_check",
    "verify",
    "force_update",
    "purge",
    "check_root",
    "linkcopy_patterns",
];

/// How files are copied: the `copy_from` body's settings.
#[derive(Clone)]
pub(super) struct Copying {
    /// `compare`: when a copy is due.
    compare: String,
    /// `force_update`: always.
    force: bool,
    /// `copy_backup`: the old file kept as `.cfsaved`.
    backup: bool,
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

/// `copy_from`: the copy of the body's `source` to `real` — a file, or with
/// a depth search a directory tree.
pub(super) fn copy_from(ctx: &mut EvalContext, exp: &Expanded, sandbox: &Sandbox, t: &Target) -> Outcome {
    let attrs = super::body(ctx, "copy_from", exp.get("copy_from"));
    let get = |l: &str| super::scalar(&attrs, l).map(str::to_string);
    if super::unknown_attribute(ctx, "copy_from", &attrs, |l| KNOWN.contains(&l) || is_local_servers(l, &attrs)) {
        return Outcome::Failed;
    }
    let Some(source) = get("source") else {
        ctx.error(ErrorKind::Files, format!("No source given to copy_from, {}", ctx.promise_location()));
        return Outcome::Failed;
    };
    let Some(source_real) = sandbox.read_path(&source) else {
        let at = ctx.promise_location();
        ctx.refuse(format!("confer does not touch '{source}', which leads outside the root, {at}"));
        return Outcome::Failed;
    };
    let Ok(src) = std::fs::metadata(&source_real) else {
        ctx.error(ErrorKind::Files, format!("Can't stat file '{source}' on 'localhost' in files.copy_from promise"));
        return Outcome::Failed;
    };
    let on = |l: &str| matches!(get(l).as_deref(), Some("true" | "yes" | "on"));
    let copying = Copying {
        compare: get("compare").unwrap_or_else(|| DEFAULT_COMPARE.into()),
        force: on("force_update"),
        backup: !matches!(get("copy_backup").as_deref(), Some("false" | "no" | "off")),
        preserve: on("preserve"),
        purge: on("purge"),
        in_tree: false,
        link_patterns: attrs
            .iter()
            .rev()
            .find(|(l, _)| l == "linkcopy_patterns")
            .map(|(_, v)| match v.as_scalar() {
                Some(s) => vec![s.to_string()],
                None => v.list_strings().iter().map(|s| s.to_string()).collect(),
            })
            .unwrap_or_default(),
    };
    if src.is_dir() {
        return match super::copy_tree::depth(ctx, exp) {
            Some(depth) => super::copy_tree::copy_tree(ctx, exp, sandbox, &copying, (&source, &source_real), t, depth),
            None => {
                let at = ctx.promise_location();
                ctx.refuse(format!("confer does not copy the directory '{source}' without a depth search, {at}"));
                Outcome::Failed
            }
        };
    }
    if !src.is_file() {
        let at = ctx.promise_location();
        ctx.refuse(format!("confer does not copy '{source}', which is not a regular file, yet, {at}"));
        return Outcome::Failed;
    }
    copy_file(ctx, &copying, (&source, &source_real), &src, t)
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
    if ctx.single_copied.contains(&t.promiser) {
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
            ctx.single_copied.insert(t.promiser.clone());
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
        ctx.single_copied.insert(t.promiser.clone());
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

/// `servers` naming only this host is a local copy.
fn is_local_servers(lval: &str, attrs: &[(String, Rv)]) -> bool {
    lval == "servers"
        && attrs.iter().rev().find(|(l, _)| l == lval).is_some_and(|(_, v)| {
            let names: Vec<String> = match v {
                Rv::Scalar(s) => vec![s.to_string()],
                other => other.list_strings().iter().map(|s| s.to_string()).collect(),
            };
            names.iter().all(|n| matches!(n.as_str(), "localhost" | "127.0.0.1" | "::1" | ""))
        })
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
