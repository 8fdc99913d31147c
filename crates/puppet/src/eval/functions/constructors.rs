//! The signatures Puppet dispatches `Type.new` to for the types whose
//! constructor is a function of its own (`new_Binary`, `new_timespan`, …).
//!
//! The conversions themselves live in core (`convert::new_value`); these
//! tables only explain a failure. When no signature (and no argument-mismatch
//! handler) accepts the arguments, Puppet reports "The function 'new_Binary'
//! was called with arguments it does not accept. It expects one of:" with
//! each signature and why it was rejected, and so does confer, through the
//! dispatcher every built-in uses. When one accepts, the failure happened
//! inside the conversion and its own message stands.
//!
//! The texts are Puppet's with its local type aliases written out (Puppet
//! prints `Base64Format = Enum[…]` where confer prints the `Enum[…]`), and
//! `SemVerQualifier`'s `\g<part>` call spelled as the repetition it stands for.

use confer_core::{Type, Value};

use super::dispatch;
use super::signature::{regular, signature, Table};
use crate::eval::flow::EvalResult;
use crate::eval::identity::Identity;
use crate::eval::Evaluator;
use crate::span::Span;

/// One type's constructor: Puppet's function name and its signatures, an
/// argument-mismatch handler written with a leading `!`.
struct Constructor {
    function: &'static str,
    signatures: &'static [&'static str],
}

// Puppet's local type aliases, written out where its signatures name them.
// Macros, as `concat!` takes only literals.

/// `Base64Format`.
macro_rules! base64_format {
    () => {
        "Enum['%B', '%b', '%r', '%s', '%u']"
    };
}

/// `SemVerQualifier`.
macro_rules! semver_qualifier {
    () => {
        r"Pattern[/\A[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*\Z/]"
    };
}

/// Timespan's `Formats`.
macro_rules! timespan_formats {
    () => {
        "Variant[String[2], Array[String[2], 1]]"
    };
}

/// Integer's `Convertible` (`INTEGER_PATTERN_LENIENT`).
macro_rules! integer_convertible {
    () => {
        r"Variant[Numeric, Boolean, Pattern[/\A[+-]?\s*(?:(?:\d+)|(?:0[xX][0-9A-Fa-f]+)|(?:0[bB][01]+))\z/], Timespan, Timestamp]"
    };
}

/// Integer's `Radix`.
macro_rules! radix {
    () => {
        "Variant[Default, Integer[2, 2], Integer[8, 8], Integer[10, 10], Integer[16, 16]]"
    };
}

/// `FLOAT_PATTERN`, in Float's and Numeric's `Convertible`.
macro_rules! float_pattern {
    () => {
        r"Pattern[/\A[+-]?\s*(?:(?:(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE]-?\d+)?)|(?:0[xX][0-9A-Fa-f]+)|(?:0[0-7]+)|(?:0[bB][01]+))\z/]"
    };
}

/// Deferred's `name` attribute.
macro_rules! deferred_name {
    () => {
        r"Pattern[/\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\z/]"
    };
}

const BINARY: Constructor = Constructor {
    function: "new_Binary",
    signatures: &[
        concat!("String str, ", base64_format!(), " format?"),
        "Array[Integer[0, 255]] byte_array",
        concat!(
            "Variant[Struct[{'value' => String, 'format' => Optional[",
            base64_format!(),
            "]}], Struct[{'value' => Array[Integer[0, 255]]}]] hash_args"
        ),
    ],
};

const SEMVER: Constructor = Constructor {
    function: "new_Version",
    signatures: &[
        r"Pattern[/\A(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?\Z/] str",
        concat!(
            "Integer[0] major, Integer[0] minor, Integer[0] patch, ",
            semver_qualifier!(),
            " prerelease?, ",
            semver_qualifier!(),
            " build?"
        ),
        concat!(
            "Struct[{'major' => Integer[0], 'minor' => Integer[0], 'patch' => Integer[0], Optional['prerelease'] => ",
            semver_qualifier!(),
            ", Optional['build'] => ",
            semver_qualifier!(),
            "}] hash_args"
        ),
        "!String str",
    ],
};

const SEMVER_RANGE: Constructor = Constructor {
    function: "new_VersionRange",
    signatures: &[
        "String[1] str",
        "Variant[Default, SemVer] min, Variant[Default, SemVer] max, Boolean exclude_max?",
        "Struct[{'min' => Variant[Default, SemVer], Optional['max'] => Variant[Default, SemVer], \
         Optional['exclude_max'] => Boolean}] hash_args",
    ],
};

/// Puppet 7 names URI's constructor `new_error`.
const URI: Constructor = Constructor {
    function: "new_error",
    signatures: &[
        "String[1] uri",
        "Struct[{Optional['scheme'] => String[1], Optional['userinfo'] => String[1], Optional['host'] => String[1], \
         Optional['port'] => Integer[0], Optional['path'] => String[1], Optional['query'] => String[1], \
         Optional['fragment'] => String[1], Optional['opaque'] => String[1]}] hash",
    ],
};

const TIMESPAN: Constructor = Constructor {
    function: "new_timespan",
    signatures: &[
        "Variant[Integer, Float] seconds",
        concat!("String[1] string, ", timespan_formats!(), " format?"),
        "Integer days, Integer hours, Integer minutes, Integer seconds, Integer milliseconds?, \
         Integer microseconds?, Integer nanoseconds?",
        concat!("Struct[{'string' => String[1], Optional['format'] => ", timespan_formats!(), "}] hash_arg"),
        "Struct[{Optional['negative'] => Boolean, Optional['days'] => Integer, Optional['hours'] => Integer, \
         Optional['minutes'] => Integer, Optional['seconds'] => Integer, Optional['milliseconds'] => Integer, \
         Optional['microseconds'] => Integer, Optional['nanoseconds'] => Integer}] hash_arg",
    ],
};

/// Puppet 7 names Integer's constructor `new`.
const INTEGER: Constructor = Constructor {
    function: "new",
    signatures: &[
        concat!(integer_convertible!(), " from, ", radix!(), " radix?, Boolean abs?"),
        concat!(
            "Struct[{'from' => ",
            integer_convertible!(),
            ", Optional['radix'] => ",
            radix!(),
            ", Optional['abs'] => Boolean}] hash_args"
        ),
        "!Hash hash_args",
        "!Any from, Integer radix?, Boolean abs?",
    ],
};

const FLOAT: Constructor = Constructor {
    function: "new_float",
    signatures: &[
        concat!("Variant[Numeric, Boolean, ", float_pattern!(), ", Timespan, Timestamp] from, Boolean abs?"),
        concat!(
            "Struct[{'from' => Variant[Numeric, Boolean, ",
            float_pattern!(),
            ", Timespan, Timestamp], Optional['abs'] => Boolean}] hash_args"
        ),
        "!Any from, Boolean abs?",
    ],
};

const NUMERIC: Constructor = Constructor {
    function: "new_numeric",
    signatures: &[
        concat!("Variant[Integer, Float, Boolean, ", float_pattern!(), ", Timespan, Timestamp] from, Boolean abs?"),
        concat!(
            "Struct[{'from' => Variant[Integer, Float, Boolean, ",
            float_pattern!(),
            ", Timespan, Timestamp], Optional['abs'] => Boolean}] hash_args"
        ),
        "!Any from, Boolean abs?",
    ],
};

/// Deferred is an Object type: its constructor takes the attributes as a
/// hash or in order.
const DEFERRED: Constructor = Constructor {
    function: "new_Deferred",
    signatures: &[
        concat!("Struct[{'name' => ", deferred_name!(), ", 'arguments' => Optional[Array]}] hash"),
        concat!(deferred_name!(), " name, Array arguments?"),
    ],
};

fn constructor(t: &Type) -> Option<&'static Constructor> {
    Some(match t {
        Type::Binary => &BINARY,
        Type::Integer(_) => &INTEGER,
        Type::Float { .. } => &FLOAT,
        Type::Numeric => &NUMERIC,
        Type::SemVer(_) => &SEMVER,
        Type::SemVerRange => &SEMVER_RANGE,
        Type::Uri(_) => &URI,
        Type::Timespan(_) => &TIMESPAN,
        Type::Deferred => &DEFERRED,
        _ => return None,
    })
}

/// Puppet's report when none of `t`'s constructor signatures accepts
/// `args`; `None` when one does (or `t` has no such table), so that the
/// conversion's own error stands.
pub(crate) fn unaccepted(ev: &mut Evaluator<'_>, t: &Type, args: &[Value], span: Span) -> EvalResult<Option<String>> {
    let Some(c) = constructor(t) else { return Ok(None) };
    for text in c.signatures.iter().filter_map(|s| s.strip_prefix('!')) {
        if dispatch::accepts(&*signature(ev, text, span)?, args, None)? {
            return Ok(None);
        }
    }
    let sigs = regular(ev, Table::Texts(Identity(c.signatures)), span)?;
    Ok(dispatch::select(c.function, &sigs.sigs, args, None)?.err())
}
