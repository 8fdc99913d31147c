//! Peer groups from a host list file (evalfunction.c's `FnCallPeers`,
//! `FnCallPeerLeader`, `FnCallPeerLeaders`): peers, peerleader,
//! peerleaders. The file's non-empty lines, comments stripped, are cut into
//! groups of `groupsize` hosts; this host is the line equal to `sys.fqhost`
//! or `sys.uqhost`.

use crate::eval::message::ErrorKind;
use std::sync::Arc;

use super::host::FunctionHost;
use crate::data::value::Rv;
use crate::syntax::ast::FnCall;

use super::regex::regex;
use super::{arg_int, arg_str, Failed, FnResult};

/// cf-agent reads at most this many bytes of the host list.
const MAX_FILE: u64 = 100_000;

/// cf-agent's bound on the lines it splits the file into.
const MAX_LINES: usize = 100_000;

/// `StripPatterns`: the first match of the comment regex removed, again and
/// again until none is left. An empty match stops it (cf-agent warns), and
/// so does a count of removals beyond the text's length.
fn strip_patterns(ctx: &mut dyn FunctionHost, text: &str, pattern: &str, file: &str) -> Result<String, Failed> {
    let mut text = text.to_string();
    if pattern.is_empty() {
        return Ok(text);
    }
    let re = regex(ctx, pattern, "sm")?;
    let limit = text.len();
    let mut count = 0;
    while let Some(m) = re.find_at(ctx, &text, 0)? {
        text.replace_range(m.clone(), "");
        if m.is_empty() {
            ctx.warning(format!("Comment regex '{pattern}' matched empty string in '{file}'"));
            break;
        }
        count += 1;
        if count > limit {
            ctx.error(ErrorKind::Function, format!(
                "Comment regex '{pattern}' was irreconcilable reading input '{file}' probably because it legally matches nothing"
            ));
            break;
        }
    }
    Ok(text)
}

/// What the three functions share: the group size (at least 2), the file's
/// non-empty lines, and the names this host answers to.
struct HostList {
    size: usize,
    hosts: Vec<String>,
    me: [String; 2],
}

impl HostList {
    fn read(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> Result<HostList, Failed> {
        let (path, comment) = (arg_str(a, 0), arg_str(a, 1));
        // `IntFromString` into an `int`.
        let size = arg_int(ctx, f, a, 2)? as i32;
        if size < 2 {
            ctx.warning(format!("Function {}: called with a nonsensical group size of {size}, failing", f.name));
            return Err(Failed);
        }
        let bytes = super::bounded_read(ctx, path, MAX_FILE).map_err(|e| {
            ctx.error(
                ErrorKind::Function,
                format!("CfReadFile: Could not examine file '{path}' (stat: {})", crate::os_error::describe(&e)),
            );
            Failed
        })?;
        let text = strip_patterns(ctx, &String::from_utf8_lossy(&bytes), comment, path)?;
        let hosts = text.split('\n').take(MAX_LINES).filter(|l| !l.is_empty()).map(str::to_string).collect();
        let name = |ctx: &dyn FunctionHost, v: &str| {
            ctx.lookup(v).and_then(|v| v.rval.as_scalar().map(str::to_string)).unwrap_or_default()
        };
        Ok(HostList { size: size as usize, hosts, me: [name(ctx, "sys.fqhost"), name(ctx, "sys.uqhost")] })
    }

    fn is_me(&self, host: &str) -> bool {
        self.me.iter().any(|m| m == host)
    }

    /// The other hosts of this host's group, in file order; none when this
    /// host is not listed.
    fn peers(&self) -> Vec<&str> {
        for group in self.hosts.chunks(self.size) {
            if group.iter().any(|h| self.is_me(h)) {
                return group.iter().filter(|h| !self.is_me(h)).map(String::as_str).collect();
            }
        }
        vec![]
    }

    /// Each group's first host, `localhost` for this host's.
    fn leaders(&self) -> Vec<&str> {
        self.hosts.chunks(self.size).map(|g| if self.is_me(&g[0]) { "localhost" } else { g[0].as_str() }).collect()
    }

    /// The first host of this host's group (`localhost` when it is this
    /// host); `None` when this host is not listed.
    fn leader(&self) -> Option<&str> {
        let group = self.hosts.chunks(self.size).find(|g| g.iter().any(|h| self.is_me(h)))?;
        Some(if self.is_me(&group[0]) { "localhost" } else { group[0].as_str() })
    }
}

fn list(items: Vec<&str>) -> FnResult {
    Ok(Rv::List(Arc::new(items.into_iter().map(|s| Rv::Scalar(s.into())).collect())))
}

/// `peers(file, comment_regex, groupsize)`: this host's group, without it.
pub(super) fn peers(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    list(HostList::read(ctx, f, a)?.peers())
}

/// `peerleader(file, comment_regex, groupsize)`: this host's group leader;
/// fails when this host is not in the file.
pub(super) fn peerleader(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    HostList::read(ctx, f, a)?.leader().map(Rv::scalar).ok_or(Failed)
}

/// `peerleaders(file, comment_regex, groupsize)`: every group's leader.
pub(super) fn peerleaders(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    list(HostList::read(ctx, f, a)?.leaders())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hosts(me: &str) -> HostList {
        let hosts = ["a", "b", "c", "d", "e"].iter().map(|s| s.to_string()).collect();
        HostList { size: 2, hosts, me: [format!("{me}.example.com"), me.to_string()] }
    }

    #[test]
    fn groups_of_two() {
        assert_eq!(hosts("d").peers(), ["c"]);
        assert_eq!(hosts("e").peers(), Vec::<&str>::new());
        assert_eq!(hosts("x").peers(), Vec::<&str>::new());
        assert_eq!(hosts("c").leaders(), ["a", "localhost", "e"]);
        assert_eq!(hosts("d").leader(), Some("c"));
        assert_eq!(hosts("e").leader(), Some("localhost"));
        assert_eq!(hosts("x").leader(), None);
    }
}
