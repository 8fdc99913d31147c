//! `perms` bodies (verify_files_utils.c's `VerifyFileAttributes`): a `mode`,
//! octal or symbolic (`u=rw,go=r`, `a+x`, as modes.c's `ParseModeString`),
//! and `owners`/`groups` — the file is kept when its owner (group)
//! is one of the list, else given the first of the list that names a user
//! (group) of this host. The other attributes are refused by name.

use crate::eval::message::ErrorKind;
use std::ffi::CString;
use std::os::unix::fs::{MetadataExt, PermissionsExt};

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
use crate::eval::promise::Expanded;

use super::outcome::Outcome;
use super::Target;

/// Attributes of `perms` bodies confer carries out.
const KNOWN: &[&str] = &["mode", "owners", "groups", "rxdirs"];

/// The promise's `perms`, applied to the file.
pub(super) fn perms(ctx: &mut EvalContext, exp: &Expanded, t: &Target) -> Outcome {
    let attrs = super::body(ctx, "perms", exp.get("perms"));
    if attrs.is_empty() {
        return Outcome::Kept;
    }
    if super::unknown_attribute(ctx, "perms", &attrs, |l| KNOWN.contains(&l)) {
        return Outcome::Failed;
    }
    let Ok(meta) = std::fs::metadata(&t.real) else { return Outcome::Kept };
    let mut outcome = Outcome::Kept;
    if let Some(text) = super::scalar(&attrs, "mode") {
        let Some((plus, minus)) = parse_mode(text) else {
            ctx.error(ErrorKind::Files, format!("Mode string '{text}' is not valid, {}", ctx.promise_location()));
            return Outcome::Failed;
        };
        let current = meta.permissions().mode() & 0o7777;
        let mut mode = (current | plus) & !minus;
        // `rxdirs`: a directory gets x wherever it gets r.
        if meta.is_dir() && matches!(super::scalar(&attrs, "rxdirs"), Some("true" | "yes" | "on")) {
            mode |= (mode & 0o444) >> 2;
        }
        if current != mode {
            outcome = outcome.and(set_mode(ctx, t, current, mode));
        }
    }
    let list = |lval: &str| -> Vec<String> {
        match attrs.iter().rev().find(|(l, _)| l == lval).map(|(_, v)| v) {
            Some(Rv::Scalar(s)) => vec![s.to_string()],
            Some(v) => v.list_strings().iter().map(|s| s.to_string()).collect(),
            None => vec![],
        }
    };
    let owners: Vec<u32> = list("owners").iter().filter_map(|n| user_id(n)).collect();
    if !owners.is_empty() && !owners.contains(&meta.uid()) {
        outcome = outcome.and(chown(ctx, t, (meta.uid(), Some(owners[0])), None));
    }
    let groups: Vec<u32> = list("groups").iter().filter_map(|n| group_id(n)).collect();
    if !groups.is_empty() && !groups.contains(&meta.gid()) {
        outcome = outcome.and(chown(ctx, t, (meta.gid(), None), Some(groups[0])));
    }
    outcome
}

/// `ParseModeString`: the bits a mode sets and the bits it clears. An
/// octal mode sets its bits and clears the others; a symbolic one is a
/// comma-separated list of `[ugoa]*[+-=][rwxst]*` (no one named: all).
pub(crate) fn parse_mode(text: &str) -> Option<(u32, u32)> {
    if !text.is_empty() && text.chars().all(|c| c.is_digit(8)) {
        let mode = u32::from_str_radix(text, 8).ok()? & 0o7777;
        return Some((mode, 0o7777 & !mode));
    }
    let (mut plus, mut minus) = (0u32, 0u32);
    for clause in text.split(',') {
        let who_end = clause.find(|c: char| !"ugoa".contains(c)).unwrap_or(clause.len());
        let who = &clause[..who_end];
        let who = if who.is_empty() { "a" } else { who };
        let (u, g, o) = (who.contains(['u', 'a']), who.contains(['g', 'a']), who.contains(['o', 'a']));
        let mut rest = &clause[who_end..];
        if rest.is_empty() {
            return None;
        }
        while let Some(op) = rest.chars().next().filter(|c| "+-=".contains(*c)) {
            let perms_end = rest[1..].find(|c: char| "+-=".contains(c)).map_or(rest.len(), |i| i + 1);
            let mut bits = 0u32;
            for p in rest[1..perms_end].chars() {
                let (bu, bg, bo) = match p {
                    'r' => (0o400, 0o040, 0o004),
                    'w' => (0o200, 0o020, 0o002),
                    'x' => (0o100, 0o010, 0o001),
                    's' => (0o4000, 0o2000, 0),
                    't' => (0, 0, 0o1000),
                    _ => return None,
                };
                bits |= if u { bu } else { 0 } | if g { bg } else { 0 } | if o { bo } else { 0 };
            }
            match op {
                '+' => plus |= bits,
                '-' => minus |= bits,
                _ => {
                    let all = if u { 0o4700 } else { 0 } | if g { 0o2070 } else { 0 } | if o { 0o1007 } else { 0 };
                    minus |= all & !bits;
                    plus |= bits;
                }
            }
            rest = &rest[perms_end..];
        }
        if !rest.is_empty() {
            return None;
        }
    }
    Some((plus, minus))
}

/// The mode a file is created with when `perms` gives one (`CfCreateFile`:
/// the bits the mode sets, less those it clears).
pub(super) fn creation_mode(ctx: &mut EvalContext, exp: &Expanded) -> Option<u32> {
    let attrs = super::body(ctx, "perms", exp.get("perms"));
    let (plus, minus) = parse_mode(super::scalar(&attrs, "mode")?)?;
    Some(plus & !minus)
}

fn set_mode(ctx: &mut EvalContext, t: &Target, current: u32, mode: u32) -> Outcome {
    if !t.may(ctx, &format!("change permissions of '{}' from {current:04o} to {mode:04o}", t.promiser)) {
        return Outcome::Warned;
    }
    super::record(
        ctx,
        std::fs::set_permissions(&t.real, std::fs::Permissions::from_mode(mode)),
        format!("Object '{}' had permissions {current:04o}, changed it to {mode:04o}", t.promiser),
        format!("Could not set the mode of '{}'.", t.shown),
    )
}

/// Sets the owner (`uid`) or the group (`gid`) of the file; `was` is the
/// old owner or group, with the new owner when that is what changes.
fn chown(ctx: &mut EvalContext, t: &Target, (was, uid): (u32, Option<u32>), gid: Option<u32>) -> Outcome {
    let change = match (uid, gid) {
        (Some(u), Some(g)) => format!("change owner and group of '{}' to '{u}:{g}'", t.promiser),
        (Some(u), None) => format!("change owner of '{}' to '{u}'", t.promiser),
        (None, Some(g)) => format!("change group of '{}' to '{g}'", t.promiser),
        (None, None) => return Outcome::Kept,
    };
    if !t.may(ctx, &change) {
        return Outcome::Warned;
    }
    let what = match (uid, gid) {
        (Some(u), _) => format!("Owner of '{}' was {was}, set to {u}", t.promiser),
        (_, Some(g)) => format!("Group of '{}' was {was}, set to {g}", t.promiser),
        _ => String::new(),
    };
    super::record(
        ctx,
        std::os::unix::fs::chown(&t.real, uid, gid),
        what,
        format!("Cannot set ownership on file '{}'.", t.shown),
    )
}

/// The user a name (or number) means on this host.
pub(super) fn user_id(name: &str) -> Option<u32> {
    if let Ok(n) = name.parse() {
        return Some(n);
    }
    let c = CString::new(name).ok()?;
    // SAFETY: getpwnam reads a NUL-terminated name; the record it returns
    // is read at once, before any other call that could overwrite it.
    let pw = unsafe { libc::getpwnam(c.as_ptr()) };
    // SAFETY: a non-null pointer from getpwnam points to a valid passwd.
    (!pw.is_null()).then(|| unsafe { (*pw).pw_uid })
}

/// The group a name (or number) means on this host.
pub(super) fn group_id(name: &str) -> Option<u32> {
    if let Ok(n) = name.parse() {
        return Some(n);
    }
    let c = CString::new(name).ok()?;
    // SAFETY: as in `user_id`, for getgrnam.
    let gr = unsafe { libc::getgrnam(c.as_ptr()) };
    // SAFETY: a non-null pointer from getgrnam points to a valid group.
    (!gr.is_null()).then(|| unsafe { (*gr).gr_gid })
}

#[cfg(test)]
mod tests {
    use super::parse_mode;

    #[test]
    fn modes_read_as_cf_agent_reads_them() {
        assert_eq!(parse_mode("644"), Some((0o644, 0o7133)));
        assert_eq!(parse_mode("a+r"), Some((0o444, 0)));
        assert_eq!(parse_mode("o=x"), Some((0o001, 0o1006)));
        assert_eq!(parse_mode("u=rw,go=r"), Some((0o644, 0o7133)));
        assert_eq!(parse_mode("u+x-w"), Some((0o100, 0o200)));
        assert_eq!(parse_mode("q+r"), None);
    }
}
