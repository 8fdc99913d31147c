//! Range functions (evalfunction.c): irange, rrange and expandrange.

use super::host::FunctionHost;
use crate::data::value::Rv;
use crate::eval::message::ErrorKind;
use crate::syntax::ast::FnCall;

use super::{arg_int, arg_str, Failed, FnResult};

/// `irange(a, b)`: `"low,high"`.
pub(super) fn irange(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let (x, y) = (arg_int(ctx, f, a, 0)?, arg_int(ctx, f, a, 1)?);
    Ok(Rv::scalar(format!("{},{}", x.min(y), x.max(y))))
}

/// `rrange(a, b)`: cf-agent 3.21 reads both bounds from the first argument
/// (`FnCallRRange` parses `finalargs` twice), so the range is `a,a` with
/// six decimals; confer gives the same answer.
pub(super) fn rrange(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let text = arg_str(a, 0);
    let Ok(from) = crate::data::number::real_from_string(text) else {
        ctx.error(ErrorKind::Function, format!("Function {}, error reading assumed real value '{text}'", f.name));
        return Err(Failed);
    };
    let v = crate::data::number::format_fixed(from, 6);
    Ok(Rv::scalar(format!("{v},{v}")))
}

/// `expandrange("prefix[from-to]suffix", step)`: one string per number,
/// counting down when `from > to`. A malformed range or a step outside
/// `1..=|to-from|` is fatal, as in cf-agent.
pub(super) fn expandrange(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let template = arg_str(a, 0);
    let step = arg_int(ctx, f, a, 1)?;
    let parsed = template.find('[').and_then(|open| {
        let close = open + template[open..].find(']')?;
        let inner = &template[open + 1..close];
        let dash = inner[1..].find('-')? + 1;
        let from: i64 = inner[..dash].trim().parse().ok()?;
        let to: i64 = inner[dash + 1..].trim().parse().ok()?;
        Some((&template[..open], from, to, &template[close + 1..]))
    });
    let fatal = |ctx: &mut dyn FunctionHost, msg: &str| {
        ctx.fatal(ErrorKind::Function, &format!("Fatal CFEngine error: {msg}"));
        Err(Failed)
    };
    let Some((before, from, to, after)) = parsed else {
        return fatal(ctx, "EXPANDRANGE malformed range expression");
    };
    if step < 1 || (from - to).abs() < step {
        return fatal(ctx, "EXPANDRANGE Step size cannot be less than 1 or greater than the interval");
    }
    let mut out = vec![];
    let mut i = from;
    while (from <= to && i <= to) || (from > to && i >= to) {
        out.push(format!("{before}{i}{after}"));
        i = if from <= to { i + step } else { i - step };
    }
    Ok(Rv::list_of(out))
}
