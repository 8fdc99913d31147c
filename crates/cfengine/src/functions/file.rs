//! Functions that look at files without changing them (evalfunction.c's
//! `FnCallFileStat` and `FnCallFileStatDetails`): fileexists, isdir,
//! isplain, islink, isexecutable, filesize, filestat. Like cf-agent they use
//! `lstat`: a symbolic link is looked at, not followed.

use std::fs::Metadata;
use std::os::unix::fs::{FileTypeExt, MetadataExt};

use super::host::FunctionHost;
use crate::data::value::Rv;
use crate::syntax::ast::FnCall;

use super::{arg_str, class_result, Failed, FnResult};

/// How many links `filestat(..., "linktarget")` follows after the first
/// (cf-agent's `max_cycles`).
const MAX_LINK_CYCLES: usize = 30;

fn lstat(path: &str) -> Option<Metadata> {
    std::fs::symlink_metadata(path).ok()
}

pub(super) fn fileexists(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let path = super::host_path(ctx, arg_str(a, 0)).ok_or(Failed)?;
    class_result(lstat(&path).is_some())
}

pub(super) fn isdir(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let path = super::host_path(ctx, arg_str(a, 0)).ok_or(Failed)?;
    class_result(lstat(&path).is_some_and(|m| m.is_dir()))
}

pub(super) fn isplain(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let path = super::host_path(ctx, arg_str(a, 0)).ok_or(Failed)?;
    class_result(lstat(&path).is_some_and(|m| m.is_file()))
}

pub(super) fn islink(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let path = super::host_path(ctx, arg_str(a, 0)).ok_or(Failed)?;
    class_result(lstat(&path).is_some_and(|m| m.file_type().is_symlink()))
}

/// `isexecutable()`: a link is judged by its target; cf-agent's
/// `IsExecutable` wants a plain file with an execute bit.
pub(super) fn isexecutable(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let path = super::host_path(ctx, arg_str(a, 0)).ok_or(Failed)?;
    if lstat(&path).is_none() {
        return class_result(false);
    }
    let exec = std::fs::metadata(&*path).is_ok_and(|m| m.is_file() && m.mode() & 0o111 != 0);
    class_result(exec)
}

/// `filesize()`: fails when the file does not exist.
pub(super) fn filesize(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let path = super::host_path(ctx, arg_str(a, 0)).ok_or(Failed)?;
    lstat(&path).map(|m| Rv::scalar(m.size().to_string())).ok_or(Failed)
}

/// `filestat(path, field)`: fails when the file does not exist; an unknown
/// field gives an empty string.
pub(super) fn filestat(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let path = arg_str(a, 0);
    let m = lstat(&super::host_path(ctx, path).ok_or(Failed)?).ok_or(Failed)?;
    let mode = m.mode();
    let dev = m.dev();
    let text = match arg_str(a, 1) {
        "size" => m.size().to_string(),
        "gid" => m.gid().to_string(),
        "uid" => m.uid().to_string(),
        "ino" => m.ino().to_string(),
        "nlink" => m.nlink().to_string(),
        "ctime" => m.ctime().to_string(),
        "mtime" => m.mtime().to_string(),
        "atime" => m.atime().to_string(),
        "permstr" => permstr(&m),
        "permoct" => format!("{:o}", mode & 0o777),
        "modeoct" => format!("{mode:o}"),
        "mode" => mode.to_string(),
        "type" => file_type(&m).to_string(),
        // glibc's major()/minor() of a dev_t.
        "dev_minor" => ((dev & 0xff) | ((dev >> 12) & !0xff)).to_string(),
        "dev_major" => (((dev >> 8) & 0xfff) | ((dev >> 32) & !0xfff)).to_string(),
        "devno" => dev.to_string(),
        "dirname" => chop_last_node(path),
        "basename" => path.rsplit('/').next().unwrap_or(path).to_string(),
        "linktarget" => link_target(path, &m, true),
        "linktarget_shallow" => link_target(path, &m, false),
        _ => String::new(),
    };
    Ok(Rv::scalar(text))
}

fn permstr(m: &Metadata) -> String {
    let mode = m.mode();
    let mut s = String::with_capacity(10);
    s.push(if m.is_dir() { 'd' } else { '-' });
    for (bit, c) in [
        (0o400, 'r'),
        (0o200, 'w'),
        (0o100, 'x'),
        (0o040, 'r'),
        (0o020, 'w'),
        (0o010, 'x'),
        (0o004, 'r'),
        (0o002, 'w'),
        (0o001, 'x'),
    ] {
        s.push(if mode & bit != 0 { c } else { '-' });
    }
    s
}

fn file_type(m: &Metadata) -> &'static str {
    let t = m.file_type();
    if t.is_block_device() {
        "block device"
    } else if t.is_char_device() {
        "character device"
    } else if t.is_dir() {
        "directory"
    } else if t.is_fifo() {
        "FIFO/pipe"
    } else if t.is_symlink() {
        "symlink"
    } else if t.is_file() {
        "regular file"
    } else if t.is_socket() {
        "socket"
    } else {
        "unknown"
    }
}

/// `RootDirLength` on Unix: 1 for an absolute path.
fn root_len(path: &str) -> usize {
    usize::from(path.starts_with('/'))
}

/// `DeleteSlash`: drops trailing slashes, keeping a root slash.
pub(super) fn delete_slash(path: &str) -> &str {
    let root = root_len(path);
    let mut end = path.len();
    while end > root + 1 && path.as_bytes()[end - 1] == b'/' {
        end -= 1;
    }
    &path[..end]
}

/// `ChopLastNode`: collapses repeated slashes, then drops the last
/// component (a trailing slash counts as an empty one). A name without a
/// slash becomes `.`; the root slash of an absolute path stays.
pub(crate) fn chop_last_node(path: &str) -> String {
    let root = root_len(path);
    let mut s = path[..root].to_string();
    let mut prev_slash = false;
    for c in path[root..].chars() {
        if c == '/' && (prev_slash || s.len() == root) {
            continue;
        }
        prev_slash = c == '/';
        s.push(c);
    }
    match s.rfind('/') {
        None if s.len() == root => s,
        None => format!("{}.", &s[..root]),
        Some(0) => "/".into(),
        Some(i) => s[..i].to_string(),
    }
}

/// Follows a symbolic link (once when shallow, else up to 31 times); a path
/// that is not a link is returned as given.
fn link_target(path: &str, m: &Metadata, recurse: bool) -> String {
    let mut current = path.to_string();
    let mut is_link = m.file_type().is_symlink();
    let mut cycles = 0;
    while is_link {
        if cycles > MAX_LINK_CYCLES {
            break;
        }
        let Ok(target) = std::fs::read_link(&current) else {
            return String::new();
        };
        let target = target.to_string_lossy().into_owned();
        current = if !target.starts_with('/') && recurse {
            super::path::compress_path(&format!("{}/{target}", chop_last_node(&current)))
        } else {
            target
        };
        if !recurse {
            break;
        }
        match lstat(&current) {
            Some(next) => is_link = next.file_type().is_symlink(),
            None => break,
        }
        cycles += 1;
    }
    current
}
