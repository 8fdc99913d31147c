//! `rename` bodies (`VerifyName`): a file renamed (`newname`), disabled
//! (renamed aside with `.cfdisabled` or `disable_suffix`, at
//! `disable_mode`, a link deleted) or rotated (`rotate => N`: `FILE.1` …
//! `FILE.N` shifted, the file copied to `FILE.1` and emptied).

use crate::eval::message::ErrorKind;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::PathBuf;

use crate::eval::context::EvalContext;
use crate::eval::promise::Expanded;

use super::outcome::Outcome;
use super::{perms, Sandbox, Target};

/// Attributes of `rename` bodies confer carries out (all of 3.21's).
const KNOWN: &[&str] = &["newname", "disable", "disable_mode", "disable_suffix", "rotate"];

/// The promise's `rename`, applied to the file (which exists).
pub(super) fn rename(ctx: &mut EvalContext, exp: &Expanded, sandbox: &Sandbox, t: &Target) -> Outcome {
    let attrs = super::body(ctx, "rename", exp.get("rename"));
    if super::unknown_attribute(ctx, "rename", &attrs, |l| KNOWN.contains(&l)) {
        return Outcome::Failed;
    }
    let Ok(meta) = std::fs::symlink_metadata(&t.real) else { return Outcome::Kept };
    let path = t.promiser.as_str();
    let newname = super::scalar(&attrs, "newname").filter(|n| !n.is_empty());
    let disable = matches!(super::scalar(&attrs, "disable"), Some("true" | "yes" | "on"));
    if disable {
        if meta.file_type().is_symlink() {
            if !t.may(ctx, &format!("disable link '{path}'")) {
                return Outcome::Warned;
            }
            let removed = std::fs::remove_file(&t.real);
            return super::record(
                ctx,
                removed,
                format!("Disabled symbolic link '{path}' by deleting it"),
                format!("Unable to unlink '{path}'."),
            );
        }
        let target = match newname {
            Some(n) => beside(path, n),
            None => format!("{path}{}", super::scalar(&attrs, "disable_suffix").unwrap_or(".cfdisabled")),
        };
        let Some(real_target) = super::inside(ctx, sandbox, &target) else { return Outcome::Failed };
        let mode = match super::scalar(&attrs, "disable_mode").map(perms::parse_mode) {
            Some(Some((plus, minus))) => ((meta.permissions().mode() & 0o7777) | plus) & !minus,
            Some(None) => {
                ctx.error(
                    ErrorKind::Files,
                    format!("Mode string in disable_mode is not valid, {}", ctx.promise_location()),
                );
                return Outcome::Failed;
            }
            None => 0o600,
        };
        let kind = if meta.is_dir() { "directory" } else { "file" };
        if !t.may(ctx, &format!("rename '{kind}' '{path}'")) {
            return Outcome::Warned;
        }
        let chmod = std::fs::set_permissions(&t.real, std::fs::Permissions::from_mode(mode));
        let outcome = super::record(
            ctx,
            chmod,
            format!("Changed permissions of '{path}' to 'mode {mode:04o}'"),
            format!("Failed to change permissions of '{path}' to 'mode {mode:04o}'"),
        );
        return outcome.and(super::record(
            ctx,
            std::fs::rename(&t.real, &real_target),
            format!("Disabled file '{path}' by renaming to '{target}' with mode {mode:04o}"),
            format!("Error occurred while renaming '{path}'."),
        ));
    }
    if let Some(n) = newname {
        let target = beside(path, n);
        let Some(real_target) = super::inside(ctx, sandbox, &target) else { return Outcome::Failed };
        if !t.may(ctx, &format!("rename file '{path}' to '{target}'")) {
            return Outcome::Warned;
        }
        return super::record(
            ctx,
            std::fs::rename(&t.real, &real_target),
            format!("Renamed file '{path}' to '{target}'"),
            format!("Error occurred while renaming '{path}'."),
        );
    }
    let rotate: u32 = super::scalar(&attrs, "rotate").and_then(|r| r.parse().ok()).unwrap_or(0);
    if rotate == 0 {
        return Outcome::Kept;
    }
    if !t.may(ctx, &format!("rotate file '{}' in {rotate} fifo", t.promiser)) {
        return Outcome::Warned;
    }
    // `RotateFiles` shifts a file once a run; each check of the promise
    // says it again, as cf-agent does.
    let done = if ctx.agent.locks.insert(format!("rotated\u{1}{}", t.real.display())) {
        rotate_files(&t.real, rotate, &meta)
    } else {
        Ok(())
    };
    super::record(ctx, done, format!("Rotated file '{path}' in {rotate} fifo"), format!("Could not rotate '{path}'."))
}

/// A new name relative to the file's directory (or absolute).
fn beside(path: &str, name: &str) -> String {
    if name.starts_with('/') {
        return name.to_string();
    }
    let dir = crate::functions::file::chop_last_node(path);
    format!("{dir}/{name}")
}

/// `RotateFiles`: `FILE.i` (and its compressed forms) to `FILE.i+1`, the
/// file copied to `FILE.1` with its mode, then emptied.
fn rotate_files(real: &std::path::Path, number: u32, meta: &std::fs::Metadata) -> std::io::Result<()> {
    let name = real.to_string_lossy();
    for i in (1..number).rev() {
        for ext in ["", ".gz", ".Z", ".bz", ".bz2"] {
            let from = PathBuf::from(format!("{name}.{i}{ext}"));
            if from.exists() {
                std::fs::rename(&from, format!("{name}.{}{ext}", i + 1))?;
            }
        }
    }
    let first = format!("{name}.1");
    std::fs::copy(real, &first)?;
    let mode = meta.mode() & 0o7777;
    std::fs::set_permissions(&first, std::fs::Permissions::from_mode(mode))?;
    std::fs::OpenOptions::new().write(true).truncate(true).mode(mode).open(real)?;
    Ok(())
}
