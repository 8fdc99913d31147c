//! The functions that fill a classic array from lines of text
//! (evalfunction.c's `ReadArray`, `ParseArray`, `BuildLineArray`):
//! readstringarray(idx), readintarray, readrealarray and their parse*
//! twins over a string. Each non-empty line is split by a regex; the array
//! gets `name[key][i]` for field `i`, keyed by the first field (or by the
//! line's number for the `idx` forms). The result is the number of lines.
//! getfields (`FnCallGetFields`) fills `name[1]`, `name[2]`, ... from the
//! first line of a file that a regex matches.

use super::host::FunctionHost;
use crate::data::value::{DataType, Rv};
use crate::eval::message::ErrorKind;
use crate::syntax::ast::FnCall;
use crate::syntax::varref::VarRef;

use super::regex::{full_match, regex};
use super::{arg_int, arg_str, Failed, FnResult};

/// Where the text comes from.
#[derive(Clone, Copy)]
enum Source {
    File,
    Text,
}

fn fill(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv], source: Source, ty: DataType, by_line: bool) -> FnResult {
    let array = arg_str(a, 0).to_string();
    let (comment, split) = (arg_str(a, 2).to_string(), arg_str(a, 3).to_string());
    let maxent = arg_int(ctx, f, a, 4)?.max(0) as usize;
    let maxsize = arg_int(ctx, f, a, 5)?.max(0) as u64;
    let text = match source {
        Source::File => {
            let path = arg_str(a, 1);
            match super::bounded_read(ctx, path, maxsize) {
                Ok(b) => String::from_utf8_lossy(&b).into_owned(),
                Err(e) => {
                    ctx.error(
                        ErrorKind::Function,
                        format!("{}: Could not read file '{path}' ({})", f.name, crate::os_error::describe(&e)),
                    );
                    return Ok(Rv::scalar("0"));
                }
            }
        }
        Source::Text => crate::data::value::prefix_within(arg_str(a, 1), maxsize as usize).to_string(),
    };
    let text = if comment.is_empty() { text } else { regex(ctx, &comment, "m")?.remove_all(ctx, &text)? };
    let re = regex(ctx, &split, "")?;
    let mut lines = 0usize;
    for line in text.split('\n') {
        if lines >= maxent {
            break;
        }
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.is_empty() {
            continue;
        }
        let fields: Vec<String> = re.split(ctx, line)?.into_iter().map(str::to_string).collect();
        let key = if by_line { lines.to_string() } else { fields.first().cloned().unwrap_or_default() };
        for (i, field) in fields.iter().enumerate() {
            let value = match ty {
                DataType::Int => match crate::data::number::int_from_string(field) {
                    Ok(v) => v.to_string(),
                    Err(_) => return fatal(ctx, "Could not convert token to int"),
                },
                DataType::Real => match crate::data::number::real_from_string(field) {
                    Ok(_) => field.clone(),
                    Err(_) => return fatal(ctx, "Could not convert token to double"),
                },
                _ => field.clone(),
            };
            let mut r = VarRef::in_bundle(&array, ctx.bundle().map(|b| &**b));
            r.indices.push(key.clone());
            r.indices.push(i.to_string());
            ctx.put(&r, Rv::scalar(value), ty, &["source=function", "function=buildlinearray"]);
        }
        lines += 1;
    }
    Ok(Rv::scalar(lines.to_string()))
}

fn fatal(ctx: &mut dyn FunctionHost, msg: &str) -> FnResult {
    ctx.fatal(ErrorKind::Function, &format!("Fatal CFEngine error: {msg}"));
    Err(Failed)
}

pub(super) fn readstringarray(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    fill(ctx, f, a, Source::File, DataType::String, false)
}

pub(super) fn readstringarrayidx(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    fill(ctx, f, a, Source::File, DataType::String, true)
}

pub(super) fn readintarray(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    fill(ctx, f, a, Source::File, DataType::Int, false)
}

pub(super) fn readrealarray(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    fill(ctx, f, a, Source::File, DataType::Real, false)
}

pub(super) fn parsestringarray(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    fill(ctx, f, a, Source::Text, DataType::String, false)
}

pub(super) fn parsestringarrayidx(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    fill(ctx, f, a, Source::Text, DataType::String, true)
}

pub(super) fn parseintarray(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    fill(ctx, f, a, Source::Text, DataType::Int, false)
}

pub(super) fn parserealarray(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    fill(ctx, f, a, Source::Text, DataType::Real, false)
}

/// `getfields(regex, file, split, array)`: the number of the file's lines
/// the regex fully matches; the first of them, split by the `split` regex
/// (at most 31 pieces, blanks kept), fills `array[1]`, `array[2]`, ... in
/// the calling bundle unless the name is qualified. A file that cannot be
/// read fails the call.
pub(super) fn getfields(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let (pattern, path, split, array) = (arg_str(a, 0), arg_str(a, 1), arg_str(a, 2), arg_str(a, 3));
    regex(ctx, pattern, "sm")?;
    let text = match super::bounded_read(ctx, path, 0) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            ctx.error(
                ErrorKind::Function,
                format!("File '{path}' could not be read in getfields(). (fopen: {})", crate::os_error::describe(&e)),
            );
            return Err(Failed);
        }
    };
    // CfReadLine's lines: a final newline ends the last line, it does not
    // start an empty one.
    let body = text.strip_suffix('\n').unwrap_or(&text);
    let lines: Vec<&str> = if text.is_empty() { vec![] } else { body.split('\n').collect() };
    let mut count = 0usize;
    for line in lines {
        if !full_match(ctx, pattern, line)? {
            continue;
        }
        if count == 0 {
            let re = regex(ctx, split, "sm")?;
            let fields: Vec<String> = re.split_cf(ctx, line, 31, true)?.into_iter().map(str::to_string).collect();
            for (i, field) in fields.into_iter().enumerate() {
                let mut r = VarRef::in_bundle(array, ctx.bundle().map(|b| &**b));
                r.indices.push((i + 1).to_string());
                ctx.put(&r, Rv::scalar(field), DataType::String, &["source=function", "function=getfields"]);
            }
        }
        count += 1;
    }
    Ok(Rv::scalar(count.to_string()))
}
