//! Ruby's `File` as module code uses it: the path functions, which compute
//! on text (`basename`, `extname`, `dirname`, `join`, `expand_path` of an
//! absolute path), and `File.read` of a file Puppet's own lookups handed the
//! code — nothing else of the file system is reachable.

use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::interp::Interp;
use crate::value::{Exception, RValue};

/// The largest file `File.read` returns (the template size limit).
const MAX_READ: u64 = crate::flow::MAX_SIZE as u64;

/// `File.basename(path)`: the last component, trailing slashes dropped.
fn basename(path: &str) -> &str {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.is_empty() { "" } else { "/" };
    }
    trimmed.rsplit('/').next().unwrap_or(trimmed)
}

/// `File.extname(path)`: the extension of the base name with its dot; none
/// for dot files and names ending in a dot.
fn extname(path: &str) -> &str {
    let base = basename(path);
    let stem = base.trim_start_matches('.');
    match stem.rfind('.') {
        Some(i) if i + 1 < stem.len() => &stem[i..],
        _ => "",
    }
}

/// `File.dirname(path)`.
pub(crate) fn dirname(path: &str) -> String {
    let trimmed = path.trim_end_matches('/');
    match trimmed.rfind('/') {
        Some(0) => "/".into(),
        Some(i) => trimmed[..i].trim_end_matches('/').to_string(),
        None if path.starts_with('/') => "/".into(),
        None => ".".into(),
    }
}

/// `File.expand_path` of an absolute path: `.` and `..` resolved.
pub(crate) fn expand_absolute(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for p in path.split('/') {
        match p {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    format!("/{}", parts.join("/"))
}

fn one<'a>(name: &str, args: &'a [RValue], at: usize) -> Ev<&'a RValue> {
    match args {
        [a] => Ok(a),
        _ => err(
            RubyErrorKind::Argument(format!(
                "wrong number of arguments calling `File.{name}' (given {}, expected 1)",
                args.len()
            )),
            at,
        ),
    }
}

/// `File.name(args)`, or `None` when `File` has no such method here.
pub(crate) fn file_method(interp: &mut Interp<'_>, name: &str, args: &[RValue], at: usize) -> Option<Ev> {
    Some(match name {
        "basename" => match args {
            [p] => Ok(RValue::str(basename(&p.to_s()))),
            [p, suffix] => {
                let base = basename(&p.to_s()).to_string();
                let suffix = suffix.to_s();
                let cut = if suffix == ".*" {
                    base.len() - extname(&base).len()
                } else if base.ends_with(&suffix) && base != suffix {
                    base.len() - suffix.len()
                } else {
                    base.len()
                };
                Ok(RValue::str(&base[..cut]))
            }
            _ => err(RubyErrorKind::Argument("wrong number of arguments calling `File.basename'".into()), at),
        },
        "extname" => one(name, args, at).map(|p| RValue::str(extname(&p.to_s()))),
        "dirname" => one(name, args, at).map(|p| RValue::str(dirname(&p.to_s()))),
        "join" => {
            let mut out = String::new();
            for (i, a) in args.iter().enumerate() {
                let part = a.to_s();
                if i > 0 {
                    match (out.ends_with('/'), part.starts_with('/')) {
                        (true, true) => out.pop().map(|_| ()).unwrap_or(()),
                        (false, false) => out.push('/'),
                        _ => {}
                    }
                }
                out.push_str(&part);
            }
            Ok(RValue::str(out))
        }
        "expand_path" => match args {
            [p] if p.to_s().starts_with('/') => Ok(RValue::str(expand_absolute(&p.to_s()))),
            _ => err(
                RubyErrorKind::Unsupported(
                    "File.expand_path of a relative path (it depends on the working directory)".into(),
                ),
                at,
            ),
        },
        // Whether a file the code may read is there (one it may not read
        // is refused, as reading it would be).
        "file?" | "exist?" | "readable?" => one(name, args, at).and_then(|p| {
            let path = p.to_s();
            if !may_read(interp, &path) {
                return err(
                    RubyErrorKind::Unsupported(format!(
                        "File.{name} of '{path}': Ruby code may look only at the files it was given or Puppet's \
                         lookups gave it"
                    )),
                    at,
                );
            }
            let meta = std::fs::metadata(&path);
            Ok(RValue::Bool(match name {
                "file?" => meta.is_ok_and(|m| m.is_file()),
                _ => meta.is_ok(),
            }))
        }),
        "readlines" => {
            interp.class_method("File", "read", args, None, at).unwrap_or_else(|| Ok(RValue::Nil)).map(|text| {
                let text = text.to_s();
                RValue::array(text.split_inclusive('\n').map(RValue::str).collect())
            })
        }
        "read" => one(name, args, at).and_then(|p| {
            let path = p.to_s();
            if !may_read(interp, &path) {
                return err(
                    RubyErrorKind::Unsupported(format!(
                        "reading '{path}': Ruby code may read only the files Puppet's lookups gave it"
                    )),
                    at,
                );
            }
            let too_big = std::fs::metadata(&path).map(|m| m.len() > MAX_READ).unwrap_or(false);
            if too_big {
                return err(RubyErrorKind::Limit(crate::flow::too_big()), at);
            }
            match std::fs::read(&path) {
                Ok(bytes) => Ok(crate::binary::string(bytes)),
                Err(e) => {
                    // Ruby's Errno class and strerror words for the failure.
                    let (class, words, call) = match e.kind() {
                        std::io::ErrorKind::NotFound => ("ENOENT", "No such file or directory", "rb_sysopen"),
                        std::io::ErrorKind::PermissionDenied => ("EACCES", "Permission denied", "rb_sysopen"),
                        std::io::ErrorKind::IsADirectory => ("EISDIR", "Is a directory", "io_fread"),
                        _ => return err(RubyErrorKind::Unsupported(format!("reading '{path}': {e}")), at),
                    };
                    err(
                        RubyErrorKind::Raised(Exception {
                            class: format!("Errno::{class}"),
                            message: format!("{words} @ {call} - {path}"),
                        }),
                        at,
                    )
                }
            }
        }),
        _ => return None,
    })
}

/// Whether the code may look at `path`: a file it was given or Puppet's
/// lookups found for it, or one in a module on the module path.
fn may_read(interp: &mut Interp<'_>, path: &str) -> bool {
    interp.readable.contains(path) || path.starts_with('/') && interp.host.in_module(&expand_absolute(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_functions_answer_as_ruby_does() {
        assert_eq!(basename("/a/b.tar.gz"), "b.tar.gz");
        assert_eq!(basename("/a/b/"), "b");
        assert_eq!(basename("/"), "/");
        assert_eq!(extname("/a/b.tar.gz"), ".gz");
        assert_eq!(extname("/a/.bashrc"), "");
        assert_eq!(extname("a."), "");
        assert_eq!(dirname("/a/b/c"), "/a/b");
        assert_eq!(dirname("c"), ".");
        assert_eq!(dirname("/c"), "/");
        assert_eq!(expand_absolute("/a/b/../c/./d"), "/a/c/d");
    }
}
