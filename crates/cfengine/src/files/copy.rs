//! `copy_from` a local regular file (verify_files_utils.c's
//! `CopyFileSources`, `CompareForFileCopy`, `CopyRegularFile`): the file is
//! copied when the `compare` rule says it differs (or is missing), through
//! `FILE.cfnew`, the old one kept as `FILE.cfsaved` unless `copy_backup`
//! is false (each file by [`super::copy_file`]). A directory is copied
//! with a depth search ([`super::copy_tree`]). A remote source
//! (`servers`) and the other attributes are refused by name.

use crate::eval::message::ErrorKind;

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
use crate::eval::promise::Expanded;

use super::copy_file::{copy_file, Copying};
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
