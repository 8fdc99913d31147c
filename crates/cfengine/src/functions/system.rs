//! Functions that read the local user and group databases (`/etc/passwd`,
//! `/etc/group`, as getpwnam/getgrnam do with files) and randomint().

use crate::ast::FnCall;
use crate::context::EvalContext;
use crate::value::Rv;

use super::{arg_int, arg_str, FnResult};

/// The third field of `name`'s line in a colon-separated database.
fn id_of(db: &str, name: &str) -> Option<String> {
    let text = std::fs::read_to_string(db).ok()?;
    text.lines()
        .map(|l| l.split(':').collect::<Vec<_>>())
        .find(|f| f.first() == Some(&name))
        .and_then(|f| f.get(2).map(|s| s.to_string()))
}

/// `getuid(user)`: fails with cf-agent's error for an unknown user.
pub(super) fn getuid(ctx: &mut EvalContext, _: &FnCall, a: &[Rv]) -> FnResult {
    let user = arg_str(a, 0);
    id_of("/etc/passwd", user).map(Rv::scalar).ok_or_else(|| {
        ctx.error(format!("Could not get UID for user '{user}', (getpwnam: not found)"));
    })
}

/// `getgid(group)`: fails with cf-agent's error for an unknown group.
pub(super) fn getgid(ctx: &mut EvalContext, _: &FnCall, a: &[Rv]) -> FnResult {
    let group = arg_str(a, 0);
    id_of("/etc/group", group).map(Rv::scalar).ok_or_else(|| {
        ctx.error(format!("Could not get GID for group '{group}', (getgrnam: not found)"));
    })
}

/// `randomint(from, to)`: a number in `[from, to)` (the bounds in either
/// order; equal bounds give that number). cf-agent draws with drand48;
/// confer uses the standard library's random hash keys.
pub(super) fn randomint(ctx: &mut EvalContext, f: &FnCall, a: &[Rv]) -> FnResult {
    let (x, y) = (arg_int(ctx, f, a, 0)?, arg_int(ctx, f, a, 1)?);
    let (from, to) = if x <= y { (x, y) } else { (y, x) };
    let range = u64::try_from(to - from).map_err(|_| ())?;
    if range == 0 {
        return Ok(Rv::scalar(from.to_string()));
    }
    use std::hash::{BuildHasher, Hasher};
    let draw = std::collections::hash_map::RandomState::new().build_hasher().finish() % range;
    Ok(Rv::scalar((from + draw as i64).to_string()))
}
