//! How large a value the evaluator lets a manifest build. Files are read with
//! a cap and values nest a bounded depth, but a loop (`reduce`, a recursive
//! function) can double a string or an array each time round; without a
//! bound it takes all memory before anything fails.

use confer_core::Value;

use crate::error::ErrorKind;
use crate::eval::flow::{fail_as, Flow};
use crate::span::Span;

/// The error of a limit on hostile input reached at `span`.
pub(crate) fn exceeded(span: Span, message: impl Into<String>) -> Flow {
    fail_as(ErrorKind::ResourceLimit, span, message)
}

/// The longest string an expression may produce, in bytes. Interpolation
/// refuses a part that would pass it before appending it, so doubling a
/// string stops at about 340 MB (measured, release build).
pub(crate) const MAX_STRING_BYTES: usize = 128 * 1024 * 1024;

/// The most elements an array or entries a hash may hold (an element takes
/// 32 bytes, so doubling the largest array allocates about 400 MB).
pub(crate) const MAX_ELEMENTS: usize = 1 << 22;

/// The most bytes a value may take with its shared parts written out
/// ([`Value::expanded_size`]): `[$m, $m]` doubled in a loop is small in
/// memory, but every walk over it (printing, comparing, flattening) visits
/// each copy. This bounds them all; it is twice the largest string.
pub(crate) const MAX_EXPANDED_BYTES: u64 = 256 * 1024 * 1024;

/// The most resources a catalog may hold: a defined type declaring two of
/// itself at each of 30 levels makes 2^30, and three million flat ones took
/// 1 GiB. Real catalogs hold some thousands.
pub(crate) const MAX_RESOURCES: usize = 200_000;

/// The error of a resource past [`MAX_RESOURCES`].
pub(crate) fn too_many_resources() -> String {
    format!("The catalog has more than {MAX_RESOURCES} resources (confer's limit on hostile input)")
}

/// The most bytes a type may take, its text included
/// ([`Value::expanded_size`]). A type holds its own copy of its parameters,
/// so `Tuple[$t, $t]` in a loop doubles its memory each time round. The
/// limit leaves room for an `Enum` of some hundred thousand names from data.
pub(crate) const MAX_TYPE_BYTES: u64 = 16 * 1024 * 1024;

/// Why a type built from `params` would be too large, or `None`: checked
/// before building it, since building copies them.
pub(crate) fn too_large_type(params: &[Value]) -> Option<String> {
    let size = params.iter().fold(0u64, |sum, p| sum.saturating_add(p.expanded_size()));
    (size > MAX_TYPE_BYTES).then(type_too_large)
}

/// The detailed type of `v` (`type($v)`), or why it is not built: it holds
/// a type for every element, at least as large as the element, so a value
/// past [`MAX_TYPE_BYTES`] expanded makes a type past it. Checked before
/// building it (a value of 2^21 shared elements took 4.5 s and 770 MB).
pub(crate) fn detailed_type(v: &Value) -> Result<confer_core::Type, String> {
    if v.expanded_size() > MAX_TYPE_BYTES {
        return Err(type_too_large());
    }
    Ok(confer_core::types::infer::infer(v))
}

fn type_too_large() -> String {
    format!("The expression built a type of more than {MAX_TYPE_BYTES} bytes (confer's limit on hostile input)")
}

/// The error of a string past [`MAX_STRING_BYTES`].
pub(crate) fn string_too_long() -> String {
    format!("The expression built a string of more than {MAX_STRING_BYTES} bytes (confer's limit on hostile input)")
}

/// Why `v` is too large, or `None`.
pub(crate) fn too_large(v: &Value) -> Option<String> {
    let (what, size, limit, unit) = match v {
        Value::String(s) => ("string", s.len(), MAX_STRING_BYTES, "bytes"),
        Value::Array(items) => ("array", items.len(), MAX_ELEMENTS, "elements"),
        Value::Hash(map) => ("hash", map.len(), MAX_ELEMENTS, "entries"),
        _ => ("value", 0, 0, ""),
    };
    if matches!(v, Value::Type(_)) && v.expanded_size() > MAX_TYPE_BYTES {
        return Some(type_too_large());
    }
    if size > limit {
        let what = confer_core::mismatch::with_article(what);
        return Some(format!(
            "The expression built {what} of more than {limit} {unit} (confer's limit on hostile input)"
        ));
    }
    (v.expanded_size() > MAX_EXPANDED_BYTES).then(|| {
        format!(
            "The expression built a value that takes more than {MAX_EXPANDED_BYTES} bytes with its shared parts \
             counted each time they appear (confer's limit on hostile input)"
        )
    })
}
