//! Functions that read the local user and group databases (`/etc/passwd`,
//! `/etc/group`, as getpwnam/getgrnam do with files): getuid, getgid,
//! userexists, groupexists, getusers, getuserinfo; and randomint(),
//! sysctlvalue(), diskfree().

use super::host::FunctionHost;
use crate::data::value::Rv;
use crate::eval::message::ErrorKind;
use crate::syntax::ast::FnCall;

use confer_core::Value;

use super::{arg_int, arg_str, Failed, FnResult};

/// The third field of `name`'s line in a colon-separated database.
fn id_of(db: &str, name: &str) -> Option<String> {
    let text = std::fs::read_to_string(db).ok()?;
    text.lines()
        .map(|l| l.split(':').collect::<Vec<_>>())
        .find(|f| f.first() == Some(&name))
        .and_then(|f| f.get(2).map(|s| s.to_string()))
}

/// `getuid(user)`: fails with cf-agent's error for an unknown user.
pub(super) fn getuid(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let user = arg_str(a, 0);
    id_of("/etc/passwd", user).map(Rv::scalar).ok_or_else(|| {
        ctx.error(ErrorKind::Function, format!("Could not get UID for user '{user}', (getpwnam: not found)"));
        Failed
    })
}

/// `getgid(group)`: fails with cf-agent's error for an unknown group.
pub(super) fn getgid(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let group = arg_str(a, 0);
    id_of("/etc/group", group).map(Rv::scalar).ok_or_else(|| {
        ctx.error(ErrorKind::Function, format!("Could not get GID for group '{group}', (getgrnam: not found)"));
        Failed
    })
}

/// `randomint(from, to)`: a number in `[from, to)` (the bounds in either
/// order; equal bounds give that number). cf-agent draws with drand48;
/// confer uses the standard library's random hash keys.
pub(super) fn randomint(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let (x, y) = (arg_int(ctx, f, a, 0)?, arg_int(ctx, f, a, 1)?);
    let (from, to) = if x <= y { (x, y) } else { (y, x) };
    let range = u64::try_from(to - from).map_err(|_| Failed)?;
    if range == 0 {
        return Ok(Rv::scalar(from.to_string()));
    }
    use std::hash::{BuildHasher, Hasher};
    let draw = std::collections::hash_map::RandomState::new().build_hasher().finish() % range;
    Ok(Rv::scalar((from + draw as i64).to_string()))
}

/// The lines of a colon-separated database, split into fields.
fn entries(db: &str) -> Vec<Vec<String>> {
    std::fs::read_to_string(db)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split(':').map(str::to_string).collect())
        .collect()
}

/// Whether a name, or a number given as the id, is in the database.
fn exists(db: &str, who: &str) -> bool {
    let numeric = !who.is_empty() && who.bytes().all(|b| b.is_ascii_digit());
    entries(db).iter().any(|e| if numeric { e.get(2).map(String::as_str) == Some(who) } else { e[0] == who })
}

/// `userexists(name or uid)`.
pub(super) fn userexists(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    super::class_result(exists("/etc/passwd", arg_str(a, 0)))
}

/// `groupexists(name or gid)`.
pub(super) fn groupexists(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    super::class_result(exists("/etc/group", arg_str(a, 0)))
}

/// `getusers(except_names, except_uids)`: the users of the password
/// database in its order, without the comma-separated exceptions.
pub(super) fn getusers(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let names: Vec<&str> = arg_str(a, 0).split(',').collect();
    let uids: Vec<&str> = arg_str(a, 1).split(',').collect();
    let mut out: Vec<String> = vec![];
    for e in entries("/etc/passwd") {
        let uid = e.get(2).map_or("", String::as_str);
        if !names.contains(&e[0].as_str()) && !uids.contains(&uid) && !out.contains(&e[0]) {
            out.push(e[0].clone());
        }
    }
    Ok(Rv::list_of(out))
}

/// `sysctlvalue(key)`: the content of `/proc/sys/<key with . as />`,
/// trimmed; fails when there is no such key.
pub(super) fn sysctlvalue(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let key = arg_str(a, 0);
    if key.contains("..") {
        return Err(Failed);
    }
    let path = format!("/proc/sys/{}", key.replace('.', "/"));
    let text = super::bounded_read(ctx, &path, 4096).map_err(|_| Failed)?;
    Ok(Rv::scalar(String::from_utf8_lossy(&text).trim()))
}

/// `diskfree(path)`: the kilobytes available to unprivileged users on the
/// file system holding `path` (`statvfs`); 0 when it cannot be examined.
pub(super) fn diskfree(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let Ok(path) = std::ffi::CString::new(arg_str(a, 0)) else {
        return Ok(Rv::scalar("0"));
    };
    // SAFETY: `statvfs` is plain data that statvfs(3) fills; the path is a
    // NUL-terminated string that outlives the call.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statvfs(path.as_ptr(), &mut st) } != 0 {
        return Ok(Rv::scalar("0"));
    }
    let free = u128::from(st.f_bavail) * u128::from(st.f_frsize) / 1024;
    Ok(Rv::scalar(free.to_string()))
}

/// Which password entry to look up.
pub(crate) enum Who<'a> {
    /// By user id (`getpwuid`).
    Uid(u32),
    /// By name (`getpwnam`).
    Name(&'a str),
}

/// A password entry as libenv's `GetUserInfo` describes it, keys in its
/// order: `username`, `description`, `home_dir`, `shell`, `uid`, `gid`.
pub(crate) fn user_info(who: Who) -> Option<Value> {
    let uid = match who {
        Who::Uid(u) => Some(u.to_string()),
        Who::Name(_) => None,
    };
    let e = entries("/etc/passwd").into_iter().find(|e| {
        e.len() >= 7
            && match (&who, &uid) {
                (Who::Name(n), _) => e[0] == *n,
                (_, Some(u)) => e[2] == *u,
                _ => false,
            }
    })?;
    let int = |s: &str| s.parse::<i64>().map_or(Value::Undef, Value::Integer);
    let text = |s: &str| Value::String(s.into());
    Some(crate::data::json::object([
        ("username".to_string(), text(&e[0])),
        ("description".to_string(), text(&e[4])),
        ("home_dir".to_string(), text(&e[5])),
        ("shell".to_string(), text(&e[6])),
        ("uid".to_string(), int(&e[2])),
        ("gid".to_string(), int(&e[3])),
    ]))
}

/// The id of the user running confer.
pub(crate) fn own_uid() -> u32 {
    // SAFETY: getuid has no preconditions and cannot fail.
    unsafe { libc::getuid() }
}

/// `getuserinfo([user])`: the password entry of a user given by name or
/// by number, or of the running user. A number is read as `Str2Uid` reads
/// it, as a `uid_t` where `(uid_t)-1` means the running user and
/// `(uid_t)-2` no one (the call fails). A user not in the database gives
/// the running user's entry: libenv's `GetUserInfo` takes the missing
/// entry for "no user given".
pub(super) fn getuserinfo(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let who = match a.first().and_then(Rv::as_scalar) {
        None => Who::Uid(own_uid()),
        Some(arg) if arg.bytes().all(|b| b.is_ascii_digit()) => {
            // `StringIsNumeric` holds, so sscanf reads the digits; larger
            // numbers saturate and wrap to 32 bits as the cast does.
            let n = arg.parse::<u64>().unwrap_or(if arg.is_empty() { 0 } else { u64::MAX });
            match n as u32 {
                u32::MAX => Who::Uid(own_uid()),
                0xFFFF_FFFE => return Err(Failed),
                uid => Who::Uid(uid),
            }
        }
        Some(name) => Who::Name(name),
    };
    user_info(who).or_else(|| user_info(Who::Uid(own_uid()))).map(Rv::Container).ok_or(Failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_is_described_in_cf_agent_order() {
        let Some(v) = user_info(Who::Name("root")) else {
            return;
        };
        assert_eq!(crate::data::json::keys(&v), ["username", "description", "home_dir", "shell", "uid", "gid"]);
        assert_eq!(crate::data::json::keys(&user_info(Who::Uid(0)).unwrap_or(Value::Undef)).len(), 6);
    }
}
