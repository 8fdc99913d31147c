//! `format()` as cf-agent 3.21 runs it (`FnCallFormat`): the format is cut
//! into directives by a PCRE pattern, and each directive goes to the C
//! library with the argument read as a `long` (`d`, `o`, `x`), a `double`
//! (`f`) or text (`s`, and `S` for a list or container). The other
//! conversions (`%e`, `%g`, `%c`, `%i`, `%X`, ...) print `(unhandled
//! format)`, and text after a `%` that starts no directive is dropped.

use super::host::FunctionHost;
use crate::data::json;
use crate::data::number::{scan_int, scan_real};
use crate::data::value::{prefix_within, DataType, Rv, Variable, MAX_SCALAR};
use crate::eval::message::ErrorKind;
use crate::syntax::ast::FnCall;

use super::c_printf::{printf, Arg, Failure};
use super::{arg_str, Failed, FnResult};

/// The conversion characters of cf-agent's pattern
/// (`%[^diouxXeEfFgGaAcsCSpnm%]*?[diouxXeEfFgGaAcsCSpnm]`).
const CONVERSIONS: &[u8] = b"diouxXeEfFgGaAcsCSpnm";

/// Length modifiers cf-agent refuses in a directive.
const BAD_MODIFIERS: &[u8] = b"hLqjzt";

/// The widest `%s` field confer builds (cf-agent builds any up to
/// `INT_MAX` bytes): a directive cannot take gigabytes.
const MAX_FIELD: usize = 16 << 20;

/// One match of cf-agent's pattern: the directive, the text after it up to
/// the next `%`, and the rest.
struct Piece<'a> {
    directive: &'a str,
    text: &'a str,
    rest: &'a str,
}

/// Where cf-agent's pattern `^(%%|%[^…%]*?[…])([^%]*)(.*)$` matches `s`.
/// It is compiled multi-line, so `^` may also match after a newline: text
/// before that line is skipped.
fn next_piece(s: &str) -> Option<Piece<'_>> {
    let b = s.as_bytes();
    let starts = std::iter::once(0).chain(b.iter().enumerate().filter(|(_, &c)| c == b'\n').map(|(i, _)| i + 1));
    for p in starts {
        if b.get(p) != Some(&b'%') {
            continue;
        }
        let end = if b.get(p + 1) == Some(&b'%') {
            p + 2
        } else {
            match b[p + 1..].iter().position(|c| CONVERSIONS.contains(c) || *c == b'%') {
                Some(k) if b[p + 1 + k] != b'%' => p + k + 2,
                _ => continue,
            }
        };
        let next = b[end..].iter().position(|&c| c == b'%').map_or(b.len(), |k| end + k);
        return Some(Piece { directive: &s[p..end], text: &s[end..next], rest: &s[next..] });
    }
    None
}

/// `format(fmt, args...)`.
pub(super) fn format_fn(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let fmt = arg_str(a, 0);
    // A list or container argument is not among cf-agent's final arguments.
    let mut args = a.iter().skip(1).filter_map(Rv::as_scalar);
    let Some(first) = fmt.find('%') else {
        return Ok(Rv::scalar(fmt.to_string()));
    };
    let mut out = fmt[..first].to_string();
    let mut check = fmt[first..].to_string();
    while let Some(piece) = next_piece(&check) {
        let d = piece.directive;
        let percent = d.starts_with("%%");
        let data = if percent {
            ""
        } else if let Some(x) = args.next() {
            x
        } else {
            ctx.error(ErrorKind::Function, "format() didn't have enough parameters");
            return Err(Failed);
        };
        if let Some(&m) = BAD_MODIFIERS.iter().find(|m| d.as_bytes().contains(m)) {
            ctx.error(
                ErrorKind::Function,
                format!("format() does not allow modifier character '{}' in format specifier '{d}'.", char::from(m)),
            );
            return Err(Failed);
        }
        let has = |c: char| d.contains(c);
        let printed = if has('d') || has('o') || has('x') {
            let x = scan_int(data.as_bytes()).map_or(0, |(v, _)| v);
            printf(d, Arg::Long(x), MAX_SCALAR).map(Option::unwrap_or_default)
        } else if percent {
            Ok("%".to_string())
        } else if has('f') {
            let x = scan_real(data.as_bytes()).map_or(0.0, |(v, _)| v);
            printf(d, Arg::Double(x), MAX_SCALAR).map(Option::unwrap_or_default)
        } else if has('s') || has('S') {
            if widest_field(d) > MAX_FIELD {
                ctx.error(
                    ErrorKind::Function,
                    format!("format() field '{d}' is wider than confer's limit of {MAX_FIELD} bytes"),
                );
                return Err(Failed);
            }
            text_field(ctx, d, data)?
        } else {
            Ok("(unhandled format)".to_string())
        };
        match printed {
            Ok(t) if (out.len() + t.len()) as u64 > super::MAX_EXPANDED_BYTES => {
                ctx.error(
                    ErrorKind::Function,
                    format!("format() built more than confer's limit of {} bytes", super::MAX_EXPANDED_BYTES),
                );
                return Err(Failed);
            }
            Ok(t) => out.push_str(&t),
            Err(Failure::Fails) => return Err(Failed),
            Err(Failure::Undefined) => {
                ctx.error(
                    ErrorKind::Function,
                    format!("format() cannot print '{d}': its '*' takes an argument cf-agent does not pass"),
                );
                return Err(Failed);
            }
        }
        out.push_str(piece.text);
        // cf-agent copies the rest into a `CF_BUFSIZE` buffer, as it prints
        // a number's directive into one.
        check = prefix_within(piece.rest, MAX_SCALAR).to_string();
    }
    Ok(Rv::scalar(out))
}

/// A `%s` or `%S` field: the text as it stands, or the named list or
/// container serialised.
fn text_field(ctx: &mut dyn FunctionHost, d: &str, data: &str) -> Result<Result<String, Failure>, Failed> {
    if !d.ends_with('S') {
        return Ok(printf(d, Arg::Str(data), usize::MAX).map(Option::unwrap_or_default));
    }
    let text = serialised(ctx, data).ok_or(Failed)?;
    let rewritten = format!("{}s", &d[..d.len() - 1]);
    Ok(printf(&rewritten, Arg::Str(&text), usize::MAX).map(Option::unwrap_or_default))
}

/// The largest number in a directive (its width or precision).
fn widest_field(d: &str) -> usize {
    d.split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .map(|n| n.parse().unwrap_or(usize::MAX))
        .max()
        .unwrap_or(0)
}

/// What `%S` prints for the variable `name`: a container as compact JSON,
/// a string list as `{ "a", "b" }` (quotes escaped). Anything else fails
/// the call; a variable of another type says so, as cf-agent does.
fn serialised(ctx: &mut dyn FunctionHost, name: &str) -> Option<String> {
    match ctx.lookup(name) {
        Some(Variable { rval: Rv::Container(c), .. }) => Some(json::write_compact(&c)),
        Some(Variable { rval: Rv::List(items), ty: DataType::Slist, .. }) => {
            let quoted: Vec<String> =
                items.iter().map(|i| format!("\"{}\"", i.as_scalar().unwrap_or("").replace('"', "\\\""))).collect();
            Some(format!("{{ {} }}", quoted.join(", ")))
        }
        Some(v) if !v.ty.is_list() => {
            ctx.error(
                ErrorKind::Function,
                format!("Function 'format' expected a list variable, got variable of type '{}'", v.ty.name()),
            );
            None
        }
        _ => None,
    }
}
