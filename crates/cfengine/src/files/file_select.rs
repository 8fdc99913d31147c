//! `file_select` bodies (files_select.c's `SelectLeaf`): which of the
//! body's criteria a file meets, named as cf-agent names them, and its
//! `file_result` class expression over those names. A file not selected
//! is left alone.

use std::collections::HashSet;
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::Path;

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
use crate::eval::promise::Expanded;

/// Attributes of `file_select` bodies confer carries out (all of 3.21's
/// but `exec_regex`, `exec_program` and `search_bsdflags`, which run a
/// program or are BSD's).
pub(super) const KNOWN: &[&str] = &[
    "leaf_name",
    "path_name",
    "file_types",
    "issymlinkto",
    "search_owners",
    "search_groups",
    "search_mode",
    "search_size",
    "atime",
    "ctime",
    "mtime",
    "file_result",
];

/// Whether the file at `real` (named `path` in the policy) is selected by
/// the promise's `file_select` body.
pub(super) fn selected(ctx: &mut EvalContext, exp: &Expanded, real: &Path, path: &str) -> bool {
    let attrs = super::body(ctx, "file_select", exp.get("file_select"));
    let Ok(meta) = std::fs::symlink_metadata(real) else { return false };
    let list = |lval: &str| -> Option<Vec<String>> {
        attrs.iter().rev().find(|(l, _)| l == lval).map(|(_, v)| match v {
            Rv::Scalar(s) => vec![s.to_string()],
            other => other.list_strings().iter().map(|s| s.to_string()).collect(),
        })
    };
    let full = |ctx: &mut EvalContext, re: &str, text: &str| {
        crate::functions::regex::full_match(ctx, re, text).unwrap_or(false)
    };
    let mut met: HashSet<&str> = HashSet::new();
    let leaf = path.rsplit('/').next().unwrap_or(path);
    match list("leaf_name") {
        None => {
            met.insert("leaf_name");
        }
        Some(res) => {
            if res.iter().any(|re| full(ctx, re, leaf)) {
                met.insert("leaf_name");
            }
        }
    }
    // cf-agent's own spelling: without `path_name`, "leaf_path" holds.
    match list("path_name") {
        None => {
            met.insert("leaf_path");
        }
        Some(res) => {
            if res.iter().any(|re| full(ctx, re, path)) {
                met.insert("path_name");
            }
        }
    }
    if list("file_types").is_some_and(|types| types.iter().any(|t| type_matches(t, &meta))) {
        met.insert("file_types");
    }
    let ids_match = |crit: Option<Vec<String>>, id: u32, lookup: fn(&str) -> Option<u32>| {
        crit.is_none_or(|names| names.iter().any(|n| lookup(n) == Some(id)))
    };
    if ids_match(list("search_owners"), meta.uid(), super::perms::user_id) {
        met.insert("owner");
    }
    if ids_match(list("search_groups"), meta.gid(), super::perms::group_id) {
        met.insert("group");
    }
    if list("search_mode").is_some_and(|modes| modes.iter().any(|m| mode_matches(m, meta.mode()))) {
        met.insert("mode");
    }
    let ranges = [
        ("atime", meta.atime()),
        ("ctime", meta.ctime()),
        ("mtime", meta.mtime()),
        ("search_size", meta.size() as i64),
    ];
    for (lval, value) in ranges {
        let name = if lval == "search_size" { "size" } else { lval };
        if list(lval).and_then(|r| range(r.first()?)).is_some_and(|(lo, hi)| in_range(lval, value, lo, hi)) {
            met.insert(name);
        }
    }
    if let Some(targets) = list("issymlinkto") {
        if meta.file_type().is_symlink() {
            let to = std::fs::read_link(real).map(|t| t.to_string_lossy().into_owned()).unwrap_or_default();
            if targets.iter().any(|re| full(ctx, re, &to)) {
                met.insert("issymlinkto");
            }
        }
    }
    let result = list("file_result").and_then(|r| r.first().cloned()).unwrap_or_default();
    result_holds(&result, &met)
}

/// `SelectTypeMatch`: a `file_types` entry (itself an expression over the
/// file's type names) that holds for the file.
fn type_matches(expr: &str, meta: &std::fs::Metadata) -> bool {
    let t = meta.file_type();
    let mut names: HashSet<&str> = HashSet::new();
    if t.is_file() {
        names.extend(["reg", "plain"]);
    }
    for (is, name) in [
        (t.is_dir(), "dir"),
        (t.is_symlink(), "symlink"),
        (t.is_fifo(), "fifo"),
        (t.is_socket(), "socket"),
        (t.is_char_device(), "char"),
        (t.is_block_device(), "block"),
    ] {
        if is {
            names.insert(name);
        }
    }
    result_holds(expr, &names)
}

/// `SelectModeMatch`: the mode, changed as the mode string says, is the
/// mode it was.
fn mode_matches(mode: &str, have: u32) -> bool {
    super::perms::parse_mode(mode).is_some_and(|(plus, minus)| ((have & 0o7777) | plus) & !minus == have & 0o7777)
}

/// `IntegerRangeFromString`: `min,max` (`inf` for no bound).
fn range(text: &str) -> Option<(i64, i64)> {
    let (lo, hi) = text.split_once(',')?;
    let hi = if hi.trim() == "inf" { crate::data::number::INFINITY } else { hi.trim().parse().ok()? };
    Some((lo.trim().parse().ok()?, hi))
}

/// Sizes lie within their bounds; times strictly between them
/// (`SelectSizeMatch`, `SelectTimeMatch`).
fn in_range(lval: &str, value: i64, lo: i64, hi: i64) -> bool {
    if lval == "search_size" {
        lo <= value && value <= hi
    } else {
        lo < value && value < hi
    }
}

/// `EvalFileResult`: the class expression over the criteria met.
fn result_holds(expr: &str, met: &HashSet<&str>) -> bool {
    crate::syntax::class_expr::parse(expr).is_ok_and(|e| e.eval(&mut |n| met.contains(n)))
}
