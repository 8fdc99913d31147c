//! `findfiles_up(path, glob[, level])` and its alias `search_up`
//! (evalfunction.c's `FnCallFindfilesUp`): the files a relative glob
//! matches in a directory and in each of its parents in turn.

use crate::eval::message::ErrorKind;
use confer_core::Value;

use super::host::FunctionHost;
use crate::data::value::Rv;
use crate::syntax::ast::FnCall;

use super::path::glob_paths;
use super::posix_glob;
use super::{arg_int, arg_str, Failed, FnResult};

/// `PATH_MAX`: cf-agent copies the path and the glob into buffers of this
/// size and refuses longer ones.
const PATH_MAX: usize = 4096;

/// libntech's `DeleteRedundantSlashes`: each run of slashes becomes one.
fn single_slashes(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if !(c == '/' && out.ends_with('/')) {
            out.push(c);
        }
    }
    out
}

/// The directories searched, nearest first: `path` (without its trailing
/// slash) and its parents, `level + 1` of them at most. The last one is
/// empty when the search climbs past `/`: cf-agent then globs the pattern
/// relative to its working directory, and never in `/` itself.
fn levels(path: &str, level: i64) -> Vec<String> {
    let mut dir = single_slashes(path);
    if dir.ends_with('/') {
        dir.pop();
    }
    let mut out = vec![];
    let mut left = level;
    while left >= 0 {
        left -= 1;
        out.push(dir.clone());
        match dir.rfind('/') {
            Some(sep) => dir.truncate(sep),
            None => break,
        }
    }
    out
}

/// `findfiles_up(path, glob[, level])`: the matches of `glob` in `path`,
/// then in its parent, up to `level` levels up (all the way by default),
/// nearest first. Each level's matches are sorted (cf-agent's come from a
/// hash set).
pub(super) fn findfiles_up(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let name = &f.name;
    if a.len() < 2 {
        let what = if a.is_empty() { "path as first" } else { "glob as second" };
        ctx.error(ErrorKind::Function, format!("Function {name} requires {what} argument"));
        return Err(Failed);
    }
    let (path, glob) = (arg_str(a, 0), arg_str(a, 1));
    if path.len() >= PATH_MAX {
        ctx.error(ErrorKind::Function, format!("Function {name}, path is too long ({} > {PATH_MAX})", path.len()));
        return Err(Failed);
    }
    if !path.starts_with('/') {
        ctx.error(ErrorKind::Function, format!("Function {name}, not an absolute path '{path}'"));
        return Err(Failed);
    }
    let is_dir = match super::host_path(ctx, path) {
        Some(host) => std::fs::metadata(&*host).is_ok_and(|m| m.is_dir()),
        None => return Err(Failed),
    };
    if !is_dir {
        ctx.error(ErrorKind::Function, format!("Function {name}, path '{path}' is not a directory"));
        return Err(Failed);
    }
    if glob.len() >= PATH_MAX {
        ctx.error(ErrorKind::Function, format!("Function {name}, glob is too long ({} > {PATH_MAX})", glob.len()));
        return Err(Failed);
    }
    if glob.starts_with('/') {
        ctx.error(ErrorKind::Function, format!("Function {name}, glob '{glob}' cannot be an absolute path"));
        return Err(Failed);
    }
    let glob = single_slashes(glob);
    // cf-agent's default is "inf", its largest integer; the climb ends at
    // the root long before.
    let level = if a.len() > 2 { arg_int(ctx, f, a, 2)? } else { i64::MAX };
    let mut found: Vec<Value> = vec![];
    for dir in levels(path, level) {
        let (pattern, shown) = if dir.is_empty() {
            let cwd = ctx.settings().launch_dir.trim_end_matches('/').to_string();
            (format!("{}/{glob}", posix_glob::escape(&cwd)), Some(format!("{cwd}/")))
        } else {
            (format!("{}/{glob}", posix_glob::escape(&dir)), None)
        };
        let matches = glob_paths(ctx, &pattern).map_err(|posix_glob::TooMany| {
            ctx.error(
                ErrorKind::Function,
                format!(
                    "Function {name}: pattern '{pattern}' reads more than {} directory entries",
                    posix_glob::MAX_ENTRIES
                ),
            );
            Failed
        })?;
        for m in matches {
            let m = match &shown {
                Some(cwd) => m.strip_prefix(cwd.as_str()).map(str::to_string).unwrap_or(m),
                None => m,
            };
            found.push(Value::String(m.into()));
        }
    }
    Ok(Rv::Container(Value::array(found)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slashes_collapse() {
        assert_eq!(single_slashes("/a//b///c/"), "/a/b/c/");
    }

    #[test]
    fn levels_climb_to_the_root() {
        assert_eq!(levels("/a/b//c/", i64::MAX), ["/a/b/c", "/a/b", "/a", ""]);
        assert_eq!(levels("/a/b/c", 0), ["/a/b/c"]);
        assert_eq!(levels("/a/b/c", 1), ["/a/b/c", "/a/b"]);
        assert_eq!(levels("/", 5), [""]);
        assert!(levels("/a", -1).is_empty());
    }
}
