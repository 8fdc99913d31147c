//! Functions built on a regex's captures or matches: regextract,
//! data_regextract (libntech's `StringMatchCaptures`) and
//! countlinesmatching.

use crate::eval::message::ErrorKind;
use confer_core::Value;

use super::host::FunctionHost;
use crate::data::json;
use crate::data::value::{DataType, Rv};
use crate::syntax::ast::FnCall;
use crate::syntax::varref::VarRef;

use super::regex::{full_match, regex};
use super::{arg_str, class_result, Failed, FnResult};

/// `StringMatchCaptures(regex, s, true)`: (name, text) of every group of the
/// first match, the whole match as `0`; a named group is keyed by its name,
/// an unset group is empty. `None` when there is no match.
fn captures(ctx: &mut dyn FunctionHost, re: &str, s: &str) -> Result<Option<Vec<(String, String)>>, Failed> {
    let r = regex(ctx, re, "sm")?;
    let Some(caps) = r.captures_at(ctx, s, 0)? else {
        return Ok(None);
    };
    let names = r.group_names();
    let out = caps
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let key = names.get(i).cloned().flatten().unwrap_or_else(|| i.to_string());
            (key, m.clone().map_or("", |m| &s[m]).to_string())
        })
        .collect();
    Ok(Some(out))
}

/// `regextract(regex, string, array)`: defines `array[i]` (or
/// `array[name]`) for each group of the first match; a class result.
pub(super) fn regextract(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let Some(groups) = captures(ctx, arg_str(a, 0), arg_str(a, 1))? else {
        return class_result(false);
    };
    let (ns, scope) = match ctx.bundle() {
        Some(b) => (b.ns.clone(), b.name.clone()),
        None => ("default".to_string(), "default".to_string()),
    };
    let base = VarRef::parse_with(arg_str(a, 2), Some(&ns), Some(&scope));
    for (key, text) in groups {
        let mut r = base.clone();
        r.indices.push(key);
        ctx.put(&r, Rv::scalar(text), DataType::String, &["source=function", "function=regextract"]);
    }
    class_result(true)
}

/// `data_regextract(regex, string)`: the groups of the first match as an
/// object; fails when there is no match.
pub(super) fn data_regextract(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let groups = captures(ctx, arg_str(a, 0), arg_str(a, 1))?.ok_or(Failed)?;
    Ok(Rv::Container(json::object(groups.into_iter().map(|(k, v)| (k, Value::String(v.into()))))))
}

/// `countlinesmatching(regex, file)`: the lines matching in full; an
/// unreadable file logs an error and counts 0.
pub(super) fn countlinesmatching(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let (re, path) = (arg_str(a, 0).to_string(), arg_str(a, 1).to_string());
    let text = match super::bounded_read(ctx, &path, 0) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            ctx.error(
                ErrorKind::Function,
                format!(
                    "File '{path}' could not be read in countlinesmatching(). (fopen: {})",
                    crate::os_error::describe(&e)
                ),
            );
            return Ok(Rv::scalar("0"));
        }
    };
    let mut count = 0;
    for line in text.lines() {
        if full_match(ctx, &re, line)? {
            count += 1;
        }
    }
    Ok(Rv::scalar(count.to_string()))
}

/// `regline(regex, file)`: whether a line of the file matches in full; an
/// unreadable file is false.
pub(super) fn regline(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let (re, path) = (arg_str(a, 0).to_string(), arg_str(a, 1));
    let Ok(bytes) = super::bounded_read(ctx, path, 0) else {
        return class_result(false);
    };
    for line in String::from_utf8_lossy(&bytes).lines() {
        if full_match(ctx, &re, line)? {
            return class_result(true);
        }
    }
    class_result(false)
}
