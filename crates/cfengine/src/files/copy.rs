//! `copy_from` a local regular file (verify_files_utils.c's
//! `CopyFileSources`, `CompareForFileCopy`, `CopyRegularFile`): the file is
//! copied when the `compare` rule says it differs (or is missing), through
//! `FILE.cfnew`, the old one kept as `FILE.cfsaved` unless `copy_backup`
//! is false. A remote source (`servers`), a directory source (which needs a
//! depth search) and the other attributes are refused by name.

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
const KNOWN: &[&str] = &["source", "compare", "copy_backup", "preserve", "type_check", "verify", "force_update"];

/// `copy_from`: the copy of the body's `source` to `real`.
pub(super) fn copy_from(ctx: &mut EvalContext, exp: &Expanded, sandbox: &Sandbox, t: &Target) -> Outcome {
    let (real, shown) = (t.real.as_path(), t.shown.as_str());
    let attrs = super::body(ctx, "copy_from", exp.get("copy_from"));
    let get = |l: &str| super::scalar(&attrs, l).map(str::to_string);
    if super::unknown_attribute(ctx, "copy_from", &attrs, |l| KNOWN.contains(&l) || is_local_servers(l, &attrs)) {
        return Outcome::Failed;
    }
    let Some(source) = get("source") else {
        ctx.error(format!("No source given to copy_from, {}", ctx.promise_location()));
        return Outcome::Failed;
    };
    let Some(source_real) = sandbox.read_path(&source) else {
        let at = ctx.promise_location();
        ctx.refuse(format!("confer does not touch '{source}', which leads outside the root, {at}"));
        return Outcome::Failed;
    };
    let Ok(src) = std::fs::metadata(&source_real) else {
        ctx.error(format!("Can't stat file '{source}' on 'localhost' in files.copy_from promise"));
        return Outcome::Failed;
    };
    if !src.is_file() {
        let at = ctx.promise_location();
        ctx.refuse(format!("confer does not copy '{source}', which is not a regular file, yet, {at}"));
        return Outcome::Failed;
    }
    let dest = std::fs::metadata(real).ok();
    let force = matches!(get("force_update").as_deref(), Some("true" | "yes" | "on"));
    let compare = get("compare").unwrap_or_else(|| DEFAULT_COMPARE.into());
    let bytes_differ = || std::fs::read(&source_real).ok() != std::fs::read(real).ok();
    // `CompareForFileCopy`.
    let differs = match &dest {
        None => true,
        Some(_) if force => true,
        Some(d) => match compare.as_str() {
            "exists" => false,
            "digest" | "hash" | "checksum" | "binary" => bytes_differ(),
            "mtime" => d.mtime() < src.mtime(),
            "atime" => d.ctime() < src.ctime() || d.mtime() < src.mtime() || bytes_differ(),
            _ => d.ctime() < src.ctime() || d.mtime() < src.mtime(),
        },
    };
    if !differs {
        return Outcome::Kept;
    }
    if !t.may(ctx, &format!("copy '{source}' to")) {
        return Outcome::Failed;
    }
    let backup = !matches!(get("copy_backup").as_deref(), Some("false" | "no" | "off"));
    let preserve = matches!(get("preserve").as_deref(), Some("true" | "yes" | "on"));
    let copied = copy(&source_real, real, &src, dest.as_ref(), backup, preserve);
    if copied.is_ok() {
        // cf-agent's own steps: a copy beside the file, moved into place.
        let to = &t.promiser;
        let how = match &dest {
            _ if preserve => "permissions preserved".to_string(),
            Some(d) => format!("mode '{:o}'", d.permissions().mode() & 0o777),
            None => format!("mode '{:o}'", super::CREATE_MODE),
        };
        ctx.record_change(format!("Copied file '{source}' to '{to}.cfnew' ({how})"));
        ctx.record_change(format!("Moved '{to}.cfnew' to '{to}'"));
    }
    super::record(
        ctx,
        copied,
        format!("Updated file '{}' from 'localhost:{source}'", t.promiser),
        format!("Copy of '{source}' to '{shown}' failed."),
    )
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

/// `CopyRegularFile`: through `FILE.cfnew`; the new file takes the source's
/// mode with `preserve`, else keeps the old one's, or is 0600 when new.
fn copy(
    source: &Path,
    real: &Path,
    src: &std::fs::Metadata,
    dest: Option<&std::fs::Metadata>,
    backup: bool,
    preserve: bool,
) -> std::io::Result<()> {
    super::make_parent(real)?;
    let name = real.to_string_lossy();
    let new = format!("{name}.cfnew");
    std::fs::copy(source, &new)?;
    let mode = match dest {
        _ if preserve => src.permissions().mode() & 0o7777,
        Some(d) => d.permissions().mode() & 0o7777,
        None => super::CREATE_MODE,
    };
    std::fs::set_permissions(&new, std::fs::Permissions::from_mode(mode))?;
    if dest.is_some() {
        let saved = format!("{name}.cfsaved");
        if backup {
            std::fs::rename(real, &saved)?;
        }
    }
    std::fs::rename(&new, real)
}
