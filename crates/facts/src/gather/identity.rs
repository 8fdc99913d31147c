//! `identity`: the user and group this process runs as, from
//! `/proc/self/status` and the names in `/etc/passwd` and `/etc/group`.

use confer_core::Value;

use super::{hash, read};

/// The real id on a `Uid:`/`Gid:` line of `/proc/self/status`.
fn id(status: &str, key: &str) -> Option<i64> {
    status.lines().find_map(|l| l.strip_prefix(key)).and_then(|rest| rest.split_whitespace().next()?.parse().ok())
}

/// The name of an id in a colon-separated database (`name:x:id:…`).
fn name_of(db: &str, id: i64) -> Option<String> {
    read(db)?.lines().find_map(|l| {
        let mut fields = l.split(':');
        let name = fields.next()?;
        (fields.nth(1)?.parse::<i64>().ok()? == id).then(|| name.to_string())
    })
}

/// The `identity` fact.
pub(crate) fn identity() -> Value {
    let Some(status) = read("/proc/self/status") else { return Value::Undef };
    let (Some(uid), Some(gid)) = (id(&status, "Uid:"), id(&status, "Gid:")) else { return Value::Undef };
    hash([
        ("gid", Value::Integer(gid)),
        ("group", name_of("/etc/group", gid).map_or(Value::Undef, Value::from)),
        ("privileged", Value::Boolean(uid == 0)),
        ("uid", Value::Integer(uid)),
        ("user", name_of("/etc/passwd", uid).map_or(Value::Undef, Value::from)),
    ])
}
