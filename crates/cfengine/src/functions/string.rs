//! String functions: canonify, concat, format, string_* and friends, eval,
//! readfile, ifelse.

use super::host::FunctionHost;
use crate::data::number::format_fixed;
use crate::data::value::{Rv, MAX_SCALAR};
use crate::eval::expand::MAX_SCALAR_BYTES;
use crate::eval::message::ErrorKind;
use crate::syntax::ast::FnCall;
use crate::syntax::class_expr::canonify;

use super::regex::regex;
use super::{arg_int, arg_str, Failed, FnResult};

pub(super) fn canonify_fn(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    Ok(Rv::scalar(canonify(arg_str(a, 0))))
}

pub(super) fn concat(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let mut out = String::new();
    for x in a {
        out.push_str(x.as_scalar().unwrap_or(""));
        if out.len() > MAX_SCALAR {
            ctx.error(ErrorKind::Function, "Unable to evaluate concat() function, arguments are too long");
            return Err(Failed);
        }
    }
    Ok(Rv::scalar(out))
}

pub(super) fn downcase(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    Ok(Rv::scalar(arg_str(a, 0).to_ascii_lowercase()))
}

pub(super) fn upcase(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    Ok(Rv::scalar(arg_str(a, 0).to_ascii_uppercase()))
}

pub(super) fn reverse(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let mut b = arg_str(a, 0).as_bytes().to_vec();
    b.reverse();
    Ok(Rv::scalar(String::from_utf8_lossy(&b).into_owned()))
}

fn byte_slice(s: &str, from: usize, to: usize) -> String {
    String::from_utf8_lossy(&s.as_bytes()[from.min(s.len())..to.min(s.len())]).into_owned()
}

pub(super) fn head(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let s = arg_str(a, 0);
    let n = arg_int(ctx, f, a, 1)?;
    let len = s.len() as i64;
    let end = if n < 0 { (len + n).max(0) } else { n.min(len) };
    Ok(Rv::scalar(byte_slice(s, 0, end as usize)))
}

pub(super) fn tail(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let s = arg_str(a, 0);
    let n = arg_int(ctx, f, a, 1)?;
    let len = s.len() as i64;
    let start = if n < 0 { (-n).min(len) } else { (len - n).max(0) };
    Ok(Rv::scalar(byte_slice(s, start as usize, s.len())))
}

pub(super) fn length(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    Ok(Rv::scalar(arg_str(a, 0).len().to_string()))
}

pub(super) fn regex_replace(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let (s, pat, rep, opts) = (arg_str(a, 0), arg_str(a, 1), arg_str(a, 2), arg_str(a, 3));
    let flags: String = opts.chars().filter(|c| matches!(c, 'i' | 'm' | 's' | 'x' | 'U')).collect();
    let global = opts.contains('g');
    let re = regex(ctx, pat, &flags)?;
    let all = if global { re.captures_all(ctx, s)? } else { re.captures_at(ctx, s, 0)?.into_iter().collect() };
    let mut out = String::new();
    let mut last = 0;
    for caps in all {
        let Some(m) = caps[0].clone() else { break };
        out.push_str(&s[last..m.start]);
        let rb = rep.as_bytes();
        let mut i = 0;
        while i < rb.len() {
            if (rb[i] == b'\\' || rb[i] == b'$') && i + 1 < rb.len() && rb[i + 1].is_ascii_digit() {
                let n = (rb[i + 1] - b'0') as usize;
                out.push_str(caps.get(n).cloned().flatten().map_or("", |g| &s[g]));
                i += 2;
            } else {
                let ch_end = (i + 1..=rb.len()).find(|&e| rep.is_char_boundary(e)).unwrap_or(rb.len());
                out.push_str(&rep[i..ch_end]);
                i = ch_end;
            }
        }
        last = m.end;
    }
    out.push_str(&s[last..]);
    Ok(Rv::scalar(out))
}

pub(super) fn string_replace(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let (s, m, r) = (arg_str(a, 0), arg_str(a, 1), arg_str(a, 2));
    if m.is_empty() {
        return Ok(Rv::scalar(s));
    }
    // The result's length is known before it is built.
    let grows_by = r.len().saturating_sub(m.len());
    if grows_by > 0 && s.len() + s.matches(m).count().saturating_mul(grows_by) > MAX_SCALAR_BYTES {
        ctx.flag_oversized();
        return Err(Failed);
    }
    Ok(Rv::scalar(s.replace(m, r)))
}

pub(super) fn trim(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    Ok(Rv::scalar(arg_str(a, 0).trim()))
}

pub(super) fn lastnode(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let (s, sep) = (arg_str(a, 0), arg_str(a, 1));
    let re = regex(ctx, sep, "sm")?;
    let last = re.split_cf(ctx, s, 100, true)?.last().copied().ok_or(Failed)?;
    Ok(Rv::scalar(last))
}

/// `dirname()`: `DeleteSlash` then `ChopLastNode`, as cf-agent.
pub(super) fn dirname(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    Ok(Rv::scalar(super::file::chop_last_node(super::file::delete_slash(arg_str(a, 0)))))
}

/// `readfile(path, max)` as `CfReadFile`: at most `max` bytes (0 or `inf`:
/// all); a file of a single line loses its trailing newline.
pub(super) fn readfile(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let path = arg_str(a, 0);
    // The size is optional; without it the whole file is read.
    let max = if a.len() > 1 { arg_int(ctx, f, a, 1)? } else { 0 };
    let bound = if max > 0 && max != crate::data::number::INFINITY { max as u64 } else { 0 };
    super::cf_read_file::cf_read_file(ctx, path, bound).map(Rv::scalar)
}

pub(super) fn ifelse(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    if a.len().is_multiple_of(2) || a.is_empty() {
        ctx.fatal(ErrorKind::Function, "Fatal CFEngine error: in built-in FnCall ifelse: even number of arguments");
        return Err(Failed);
    }
    let mut i = 0;
    while i + 1 < a.len() {
        let c = arg_str(a, i);
        if !c.contains('$') && ctx.eval_class_expr(c) == Some(true) {
            return Ok(a[i + 1].clone());
        }
        i += 2;
    }
    Ok(a[a.len() - 1].clone())
}

/// `escape()`: `EscapeSpecialChars` puts a backslash before every character
/// that is not an ASCII letter or digit (`_` and space included). cf-agent
/// escapes each byte of a multi-byte character; a `str` cannot hold that,
/// so such a character gets one backslash.
pub(super) fn escape(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let mut out = String::new();
    for c in arg_str(a, 0).chars() {
        if !c.is_ascii_alphanumeric() {
            out.push('\\');
        }
        out.push(c);
    }
    Ok(Rv::scalar(out))
}

/// `string(x)`: the argument as text; an `@(name)` argument is the named
/// variable as compact JSON.
pub(super) fn string(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let text = a.first().map(Rv::to_display).unwrap_or_default();
    if text.starts_with("@(") || text.starts_with("@{") {
        if let Some(c) = a.first().and_then(|x| super::collection(ctx, x)) {
            return Ok(Rv::scalar(crate::data::json::write_compact(&super::data::to_value(c))));
        }
    }
    Ok(Rv::scalar(text))
}

/// `int()`: the number read as a real (`DoubleFromString`, suffixes
/// included), decimals discarded.
pub(super) fn int(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    match crate::data::number::real_from_string(arg_str(a, 0)) {
        Ok(d) => Ok(Rv::scalar((d.trunc() as i64).to_string())),
        Err(log) => {
            if let Some(l) = log {
                ctx.error(ErrorKind::Function, l);
            }
            Err(Failed)
        }
    }
}

/// `eval(expr, mode, "infix")`: `math` gives the value with six decimals,
/// `class` a context (true unless near zero or unparsable).
pub(super) fn eval_math(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let expr = arg_str(a, 0);
    let result = super::math::evaluate(expr);
    if arg_str(a, 1) == "class" {
        // cf-agent's CLOSE_ENOUGH: a result near zero is false.
        return super::class_result(result.is_ok_and(|v| v.is_nan() || v.abs() >= 0.000_000_000_000_000_01));
    }
    // cf-agent logs the failure at info level and returns an empty string.
    Ok(Rv::scalar(result.map(|v| format_fixed(v, 6)).unwrap_or_default()))
}
