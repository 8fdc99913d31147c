//! Functions over paths and directories (evalfunction.c): translatepath,
//! basename, findfiles, lsdir, filesexist, isnewerthan, accessedbefore,
//! changedbefore, makerule. They read directories and metadata, never file
//! contents.

use crate::eval::message::ErrorKind;
use std::collections::BTreeSet;
use std::os::unix::fs::MetadataExt;

use super::host::FunctionHost;
use crate::data::value::Rv;
use crate::syntax::ast::FnCall;

use super::posix_glob;
use super::regex::full_match;
use super::{arg_str, class_result, collection, Collection, Failed, FnResult};

/// Collapses `a/./b` and `a/x/../b` (textually, as cf-agent's
/// `CompressPath`), so that a file is loaded once
/// (`inputs`) and `followlink` resolves as cf-agent does.
pub(crate) fn compress_path(p: &str) -> String {
    let mut parts: Vec<&str> = vec![];
    for seg in p.split('/') {
        match seg {
            "." | "" => {}
            ".." => {
                if parts.last().is_some_and(|l| *l != "..") {
                    parts.pop();
                } else {
                    parts.push("..");
                }
            }
            s => parts.push(s),
        }
    }
    let j = parts.join("/");
    if p.starts_with('/') {
        format!("/{j}")
    } else {
        j
    }
}

/// `translatepath(path)`: cf-agent's `MapName` only changes separators on
/// Windows; elsewhere the path is returned as given.
pub(super) fn translatepath(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    Ok(Rv::scalar(arg_str(a, 0)))
}

/// `basename(path[, suffix])`: POSIX basename (trailing slashes ignored,
/// `/` stays `/`), then the suffix removed when it is a proper suffix.
pub(super) fn basename(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let path = arg_str(a, 0);
    if path.is_empty() {
        return Ok(Rv::scalar(""));
    }
    let trimmed = path.trim_end_matches('/');
    let base = if trimmed.is_empty() { "/" } else { trimmed.rsplit('/').next().unwrap_or(trimmed) };
    let suffix = arg_str(a, 1);
    let out = match base.strip_suffix(suffix) {
        Some(stem) if a.len() > 1 && !suffix.is_empty() && !stem.is_empty() => stem,
        _ => base,
    };
    Ok(Rv::scalar(out))
}

/// `findfiles(glob, ...)`: the paths matching each absolute pattern, as
/// glob(3) finds them (`posix_glob`), without duplicates, shallower paths
/// first (`glob_in_order`).
pub(super) fn findfiles(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let mut found: Vec<String> = vec![];
    let mut seen = std::collections::HashSet::new();
    for arg in a {
        let pattern = arg.as_scalar().unwrap_or("");
        if !pattern.starts_with('/') {
            ctx.warning(format!("Non-absolute path in findfiles(), skipping: {pattern}"));
            continue;
        }
        let these = match glob_in_order(ctx, pattern) {
            Ok(paths) => paths,
            Err(posix_glob::TooMany) => {
                ctx.error(
                    ErrorKind::Function,
                    format!(
                        "findfiles: pattern '{pattern}' reads more than {} directory entries",
                        posix_glob::MAX_ENTRIES
                    ),
                );
                return Err(Failed);
            }
        };
        for p in these {
            if seen.insert(p.clone()) {
                found.push(p);
            }
        }
    }
    Ok(Rv::list_of(found))
}

/// The paths an absolute glob pattern matches (libntech's `GlobFileList`,
/// `**` included), sorted.
pub(super) fn glob_paths(ctx: &dyn FunctionHost, pattern: &str) -> Result<BTreeSet<String>, posix_glob::TooMany> {
    Ok(glob_in_order(ctx, pattern)?.into_iter().collect())
}

/// The paths an absolute glob pattern matches in libntech's order: `**`
/// is tried as `*`, `*/*`, … in turn, each glob's matches sorted as glob(3)
/// sorts them, so shallower paths come first. Under `--root` the pattern
/// is globbed under the root, and what it finds is shown as the policy's
/// paths.
fn glob_in_order(ctx: &dyn FunctionHost, pattern: &str) -> Result<Vec<String>, posix_glob::TooMany> {
    let mut found = vec![];
    let mut budget = posix_glob::MAX_ENTRIES;
    let root = ctx.settings().files.as_ref().filter(|s| s.is_rooted()).and_then(|s| s.resolve("/").ok());
    let root = root.map(|r| r.to_string_lossy().trim_end_matches('/').to_string());
    for p in posix_glob::candidates(pattern) {
        let p = match &root {
            Some(r) => format!("{}{p}", posix_glob::escape(r)),
            None => p,
        };
        found.extend(posix_glob::glob(&p, &mut budget)?.into_iter().map(|found| match &root {
            Some(r) => found.strip_prefix(r.as_str()).map(str::to_string).unwrap_or(found),
            None => found,
        }));
    }
    Ok(found)
}

/// `lsdir(dir, regex, include_path)`: the directory's entries (`.` and `..`
/// included, as readdir gives them) whose names fully match the regex, in
/// the reverse of readdir's order as cf-agent prepends them. A directory
/// that cannot be read gives an empty list and an error.
pub(super) fn lsdir(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let dir = arg_str(a, 0);
    let regex = arg_str(a, 1);
    let with_path = matches!(arg_str(a, 2), "true" | "yes" | "on");
    let host = super::host_path(ctx, dir).ok_or(Failed)?.into_owned();
    let entries = match std::fs::read_dir(&host) {
        Ok(e) => e,
        Err(e) => {
            ctx.error(
                ErrorKind::Function,
                format!(
                    "Directory '{dir}' could not be accessed in lsdir(), (opendir: {})",
                    crate::os_error::describe(&e)
                ),
            );
            return Ok(Rv::list_of(Vec::<String>::new()));
        }
    };
    let mut names: Vec<String> = vec![".".into(), "..".into()];
    names.extend(entries.flatten().map(|e| e.file_name().to_string_lossy().into_owned()));
    let mut out: Vec<String> = vec![];
    for n in names {
        if !regex.is_empty() && !full_match(ctx, regex, &n)? {
            continue;
        }
        out.push(if with_path { format!("{dir}/{n}") } else { n });
    }
    out.reverse();
    Ok(Rv::list_of(out))
}

/// `filesexist(list)`: whether every listed path exists (false for none).
pub(super) fn filesexist(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let items: Vec<String> = match a.first().and_then(|x| collection(ctx, x)) {
        Some(Collection::List(l)) => l.iter().map(|s| s.to_string()).collect(),
        Some(Collection::Data(v)) => super::list::data_strings(&v).iter().map(|s| s.to_string()).collect(),
        None => return Err(Failed),
    };
    let mut all = !items.is_empty();
    for p in &items {
        all &= std::fs::metadata(&*super::host_path(ctx, p).ok_or(Failed)?).is_ok();
    }
    class_result(all)
}

/// The metadata of both arguments (following links, as `stat`), or a
/// failure.
fn both(ctx: &mut dyn FunctionHost, a: &[Rv]) -> Result<(std::fs::Metadata, std::fs::Metadata), Failed> {
    let x = std::fs::metadata(&*super::host_path(ctx, arg_str(a, 0)).ok_or(Failed)?).map_err(|_| Failed)?;
    let y = std::fs::metadata(&*super::host_path(ctx, arg_str(a, 1)).ok_or(Failed)?).map_err(|_| Failed)?;
    Ok((x, y))
}

/// `isnewerthan(a, b)`: a's mtime is after b's.
pub(super) fn isnewerthan(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let (x, y) = both(ctx, a)?;
    class_result(x.mtime() > y.mtime())
}

/// `accessedbefore(a, b)`: a's atime is before b's.
pub(super) fn accessedbefore(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let (x, y) = both(ctx, a)?;
    class_result(x.atime() < y.atime())
}

/// `changedbefore(a, b)`: a's ctime is before b's.
pub(super) fn changedbefore(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let (x, y) = both(ctx, a)?;
    class_result(x.ctime() < y.ctime())
}

/// `lstat`'s modification time of a policy path, in seconds; `None` when
/// it does not exist (or leads out of the root).
fn lstat_mtime(ctx: &mut dyn FunctionHost, path: &str) -> Option<(i64, bool)> {
    let host = super::host_path(ctx, path)?;
    std::fs::symlink_metadata(&*host).ok().map(|m| (m.mtime(), m.file_type().is_file()))
}

/// `makerule(target, sources)`: whether the target must be rebuilt — it
/// does not exist, or a source is newer. The sources are a file, or a
/// list, array or data container of files (by name or inline JSON); a
/// source that does not exist answers false, as there is nothing to build
/// from yet (`FnCallMakerule`).
pub(super) fn makerule(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let target = arg_str(a, 0);
    let target_time = match lstat_mtime(ctx, target) {
        Some((mtime, plain)) => {
            if !plain {
                ctx.warning(format!("Function '{}' target-file '{target}' exists and is not a plain file", f.name));
            }
            Some(mtime)
        }
        None => None,
    };
    let mut stale = target_time.is_none();
    let newer = |t: i64| t > target_time.unwrap_or(0);
    if let Some(source) = a.get(1).and_then(Rv::as_scalar) {
        if let Some((mtime, _)) = lstat_mtime(ctx, source) {
            return class_result(stale || newer(mtime));
        }
    }
    let sources: Vec<String> = match a.get(1).and_then(|x| collection(ctx, x)) {
        Some(Collection::List(l)) => l.iter().map(|s| s.to_string()).collect(),
        Some(Collection::Data(v @ (confer_core::Value::Array(_) | confer_core::Value::Hash(_)))) => {
            super::list::data_strings(&v).iter().map(|s| s.to_string()).collect()
        }
        _ => return Err(Failed),
    };
    for source in sources {
        match lstat_mtime(ctx, &source) {
            Some((mtime, _)) => stale |= newer(mtime),
            None => return class_result(false),
        }
    }
    class_result(stale)
}
