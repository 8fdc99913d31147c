//! Data-container functions: parsejson, readjson, parseyaml, readyaml,
//! mergedata, storejson, data_readstringarray(idx), maparray, mapdata, ...

use crate::eval::message::ErrorKind;
use std::sync::Arc;

use confer_core::{HashMap, Value};

use super::host::FunctionHost;
use crate::data::container_number::DataError;
use crate::data::value::Rv;
use crate::data::{json, json_reader};
use crate::syntax::ast::FnCall;

use super::regex::{regex, Rx};
use super::{arg_int, arg_str, collection, Collection, Failed, FnResult};

/// `parsejson` (`JsonParseWithLookup`, bare words naming variables) or
/// `parseyaml`: a container, or cf-agent's error showing the text from
/// where its reader stopped.
fn parse_container(ctx: &mut dyn FunctionHost, text: &str, yaml: bool) -> FnResult {
    let kind = if yaml { "YAML" } else { "JSON" };
    let (r, stop) = if yaml {
        (crate::data::yaml::parse(text), 0)
    } else {
        let r = json_reader::read(text, Some(&mut |w| super::var_json(ctx, w)));
        let stop = match &r {
            Ok(read) => read.stop,
            Err(refused) => refused.at,
        };
        (json::parsed(r), stop)
    };
    let rest = text.get(stop..).unwrap_or_default();
    match r {
        Ok(v) if json::is_primitive(&v) => {
            ctx.error(ErrorKind::Function, format!("Non-container from parsing {kind} expression '{rest}'"));
            Err(Failed)
        }
        Ok(v) => Ok(Rv::Container(v)),
        Err(DataError::Fatal(m)) => Err(exits(ctx, m)),
        Err(DataError::Invalid(e)) => {
            ctx.error(ErrorKind::Function, format!("Error parsing {kind} expression '{rest}': {e}"));
            Err(Failed)
        }
    }
}

/// Ends the run as cf-agent exits when storing a container whose number it
/// cannot convert (`container_number`). Said once: a promise evaluated
/// again before the run stops does not repeat it.
pub(super) fn exits(ctx: &mut dyn FunctionHost, message: String) -> Failed {
    if !ctx.ending() {
        ctx.fatal(ErrorKind::Function, &message);
    }
    Failed
}

pub(super) fn parsejson(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    match &a[0] {
        Rv::Container(c) => Ok(Rv::Container(c.clone())),
        _ => {
            let t = arg_str(a, 0).to_string();
            parse_container(ctx, &t, false)
        }
    }
}

pub(super) fn parseyaml(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let t = arg_str(a, 0).to_string();
    parse_container(ctx, &t, true)
}

/// `JsonReadDataFile` for `readjson`, `readyaml` and `readdata`: the
/// file (at most the size argument's bytes, when given and positive; a
/// longer file is refused, as libntech will not truncate a document)
/// read as a container, or cf-agent's error.
fn read_data_file(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv], yaml: bool) -> FnResult {
    // Declared variadic: the size is optional, the file is not.
    if a.is_empty() {
        ctx.error(ErrorKind::Function, format!("Function '{}' requires at least one argument", f.name));
        return Err(Failed);
    }
    let path = arg_str(a, 0).to_string();
    let kind = if yaml { "YAML" } else { "JSON" };
    let max = if a.len() > 1 { arg_int(ctx, f, a, 1)?.max(0) as u64 } else { 0 };
    let bytes = match super::bounded_read(ctx, &path, if max == 0 { 0 } else { max + 1 }) {
        Ok(b) if max != 0 && b.len() as u64 > max => {
            ctx.error(
                ErrorKind::Function,
                format!("{}: error parsing {kind} file '{path}': Unable to parse JSON without truncating", f.name),
            );
            return Err(Failed);
        }
        Ok(b) => b,
        Err(_) => {
            ctx.error(
                ErrorKind::Function,
                format!("{}: data error parsing {kind} file '{path}': No such file or directory", f.name),
            );
            return Err(Failed);
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    let r = if yaml {
        crate::data::yaml::parse(&text)
    } else {
        match json_reader::read(&text, None) {
            Err(refused) if refused.error == json_reader::JsonError::NoData => {
                ctx.error(ErrorKind::Function, format!("{}: data error parsing {kind} file '{path}': No data", f.name));
                return Err(Failed);
            }
            r => json::parsed(r),
        }
    };
    match r {
        Ok(v) if json::is_primitive(&v) => {
            ctx.error(ErrorKind::Function, format!("{}: non-container from parsing {kind} file '{path}'", f.name));
            Err(Failed)
        }
        Ok(v) => Ok(Rv::Container(v)),
        Err(DataError::Fatal(m)) => Err(exits(ctx, m)),
        Err(DataError::Invalid(e)) => {
            ctx.error(ErrorKind::Function, format!("{}: error parsing {kind} file '{path}': {e}", f.name));
            Err(Failed)
        }
    }
}

pub(super) fn readjson(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    read_data_file(ctx, f, a, false)
}

pub(super) fn readyaml(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    read_data_file(ctx, f, a, true)
}

/// A collection as a container: a list becomes an array of strings.
pub(super) fn to_value(c: Collection) -> Value {
    match c {
        Collection::Data(v) => v,
        Collection::List(l) => Value::array(l.iter().map(|s| Value::String(s.clone())).collect()),
    }
}

/// `mergedata(a, b, ...)`: objects merge key by key (later wins), arrays
/// concatenate; mixing an object and an array wraps by position.
pub(super) fn mergedata(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let mut parts = vec![];
    for arg in a {
        // cf-agent fails silently on an argument that is not a container.
        parts.push(collection(ctx, arg).map(to_value).ok_or(Failed)?);
    }
    if parts.is_empty() {
        return Ok(Rv::Container(Value::hash(HashMap::new())));
    }
    if parts.len() == 1 {
        return Ok(Rv::Container(parts.remove(0)));
    }
    let all_arrays = parts.iter().all(|p| matches!(p, Value::Array(_)));
    if all_arrays {
        let mut out = vec![];
        for p in &parts {
            if let Value::Array(x) = p {
                out.extend(x.iter().cloned());
            }
        }
        return Ok(Rv::Container(Value::array(out)));
    }
    let mut m = HashMap::new();
    for p in parts {
        match p {
            Value::Hash(h) => {
                for (k, v) in h.iter() {
                    m.insert(k.clone(), v.clone());
                }
            }
            Value::Array(x) => {
                for (i, v) in x.iter().enumerate() {
                    m.insert(Value::String(i.to_string().into()), v.clone());
                }
            }
            _ => {}
        }
    }
    Ok(Rv::Container(Value::hash(m)))
}

pub(super) fn storejson(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    // Not a container: cf-agent fails with a verbose-level message only.
    let c = a.first().and_then(|x| collection(ctx, x)).ok_or(Failed)?;
    Ok(Rv::scalar(json::write_pretty(&to_value(c))))
}

/// The common arguments of the read functions, `(file, comment, split,
/// max, ...)`: the file's text with the `comment` regex (compiled with
/// `comment_flags`) removed, the `split` regex, and `max`.
pub(super) fn read_split_args(
    ctx: &mut dyn FunctionHost,
    f: &FnCall,
    a: &[Rv],
    comment_flags: &str,
) -> Result<(String, Rx, usize), Failed> {
    let path = arg_str(a, 0).to_string();
    let comment = arg_str(a, 1).to_string();
    let split = arg_str(a, 2).to_string();
    let max = arg_int(ctx, f, a, 3)?.max(0) as usize;
    // The fifth argument bounds how many bytes are read.
    let max_bytes = if a.len() > 4 { arg_int(ctx, f, a, 4)?.max(0) as u64 } else { 0 };
    let text = super::cf_read_file::cf_read_file(ctx, &path, max_bytes)?;
    let text = if comment.is_empty() {
        text
    } else {
        let re = regex(ctx, &comment, comment_flags)?;
        re.remove_all(ctx, &text)?
    };
    Ok((text, regex(ctx, &split, "")?, max))
}

/// Reads `file` split into rows by `split_row`-less lines and columns by the
/// `split` regex, skipping `comment` matches, at most `max` rows.
fn read_rows(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> Result<Vec<Vec<String>>, Failed> {
    let (text, re, max) = read_split_args(ctx, f, a, "m")?;
    let mut rows = vec![];
    for line in text.lines() {
        if line.trim().is_empty() {
            continue;
        }
        if rows.len() >= max {
            break;
        }
        rows.push(re.split(ctx, line)?.into_iter().map(str::to_string).collect());
    }
    Ok(rows)
}

fn strings_value(items: &[String]) -> Value {
    Value::array(items.iter().map(|s| Value::String(s.as_str().into())).collect())
}

/// `data_readstringarray`: the first column keys an object of the rest.
pub(super) fn readstringarray(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let rows = read_rows(ctx, f, a)?;
    let mut m = HashMap::new();
    for r in rows {
        if let Some((k, rest)) = r.split_first() {
            m.insert(Value::String(k.as_str().into()), strings_value(rest));
        }
    }
    Ok(Rv::Container(Value::hash(m)))
}

/// `data_readstringarrayidx`: an array of rows.
pub(super) fn readstringarrayidx(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let rows = read_rows(ctx, f, a)?;
    Ok(Rv::Container(Value::array(rows.iter().map(|r| strings_value(r)).collect())))
}

/// The records of a CSV file; a missing file is cf-agent's error.
fn csv_records(ctx: &mut dyn FunctionHost, f: &FnCall, path: &str) -> Result<Vec<Option<Vec<String>>>, Failed> {
    match super::bounded_read(ctx, path, 0) {
        Ok(b) => Ok(crate::data::csv::records(&String::from_utf8_lossy(&b))),
        Err(e) => {
            ctx.error(
                ErrorKind::Function,
                format!("{}: Failed to read file {path}: {}", f.name, crate::os_error::describe(&e)),
            );
            Err(Failed)
        }
    }
}

/// `readcsv(file)`: an array of the records (each an array of fields);
/// records that do not parse are skipped.
pub(super) fn readcsv(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    if a.is_empty() {
        ctx.error(ErrorKind::Function, format!("Function '{}' requires at least one argument", f.name));
        return Err(Failed);
    }
    let rows: Vec<Value> =
        csv_records(ctx, f, arg_str(a, 0))?.into_iter().flatten().map(|r| strings_value(&r)).collect();
    Ok(Rv::Container(Value::array(rows)))
}

/// `classfiltercsv(file, has_heading, class_column, sort_column?)`: the rows
/// whose class expression holds, without that column, as objects keyed by
/// the heading (or the position); comment lines (`#`), empty lines and rows
/// of another width are skipped; optionally sorted by a column.
pub(super) fn classfiltercsv(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let has_heading = matches!(arg_str(a, 1), "true" | "yes" | "on");
    let class_index = usize::try_from(arg_int(ctx, f, a, 2)?).map_err(|_| Failed)?;
    let mut heading: Option<Vec<String>> = None;
    let mut width = 0;
    let mut rows: Vec<Vec<(String, String)>> = vec![];
    for record in csv_records(ctx, f, arg_str(a, 0))? {
        let Some(mut fields) = record else { continue };
        if fields.first().is_some_and(|c| c.starts_with('#')) || (fields.len() == 1 && fields[0].is_empty()) {
            continue;
        }
        if width == 0 {
            width = fields.len();
            if class_index >= width {
                ctx.error(
                    ErrorKind::Function,
                    format!(
                        "{}: Class expression index is out of bounds. Row length {width}, index {class_index}",
                        f.name
                    ),
                );
                return Err(Failed);
            }
        } else if fields.len() != width {
            continue;
        }
        if has_heading && heading.is_none() {
            fields.remove(class_index);
            heading = Some(fields);
            continue;
        }
        if ctx.eval_class_expr(&fields[class_index]) != Some(true) {
            continue;
        }
        fields.remove(class_index);
        let keys: Vec<String> = match &heading {
            Some(h) => h.clone(),
            None => (0..fields.len()).map(|i| i.to_string()).collect(),
        };
        rows.push(keys.into_iter().zip(fields).collect());
    }
    if a.len() > 3 {
        let sort_index = usize::try_from(arg_int(ctx, f, a, 3)?).map_err(|_| Failed)?;
        if sort_index != class_index && sort_index < width {
            let column = if sort_index > class_index { sort_index - 1 } else { sort_index };
            rows.sort_by(|x, y| x.get(column).map(|c| &c.1).cmp(&y.get(column).map(|c| &c.1)));
        }
    }
    let values = rows.into_iter().map(|r| json::object(r.into_iter().map(|(k, v)| (k, Value::String(v.into())))));
    Ok(Rv::Container(Value::array(values.collect())))
}

pub(super) fn variablesmatching_as_data(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let names = super::list::variablesmatching(ctx, f, a)?;
    let mut m = HashMap::new();
    for n in names.list_strings() {
        if let Some(v) = ctx.lookup(&n) {
            let val = match v.rval {
                Rv::Scalar(s) => Value::String(s),
                Rv::List(l) => {
                    Value::array(l.iter().filter_map(|i| i.as_scalar().map(|s| Value::String(s.into()))).collect())
                }
                Rv::Container(c) => c,
                Rv::FnCall(_) => continue,
            };
            m.insert(Value::String(n.clone()), val);
        }
    }
    Ok(Rv::Container(Value::hash(m)))
}

pub(super) fn data_expand(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let v = collection(ctx, &a[0]).map(to_value).ok_or(Failed)?;
    Ok(Rv::Container(expand_value(ctx, &v)))
}

fn expand_value(ctx: &dyn FunctionHost, v: &Value) -> Value {
    match v {
        Value::String(s) => Value::String(ctx.expand(s).into()),
        Value::Array(x) => Value::array(x.iter().map(|i| expand_value(ctx, i)).collect()),
        Value::Hash(h) => {
            let mut m = HashMap::new();
            for (k, i) in h.iter() {
                let key = match k {
                    Value::String(s) => Value::String(ctx.expand(s).into()),
                    o => o.clone(),
                };
                m.insert(key, expand_value(ctx, i));
            }
            Value::hash(m)
        }
        o => o.clone(),
    }
}

/// `readdata(path, type)`: JSON, YAML, CSV or ENV by name; `auto` picks by
/// the file's extension (`.csv`, `.yaml`/`.yml`, `.env`, anything else
/// JSON).
pub(super) fn readdata(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let path = arg_str(a, 0).to_string();
    let mode = match arg_str(a, 1) {
        "auto" if path.ends_with(".csv") => "CSV",
        "auto" if path.ends_with(".yaml") || path.ends_with(".yml") => "YAML",
        "auto" if path.ends_with(".env") => "ENV",
        "auto" => "JSON",
        m => m,
    };
    let path_only = [Rv::scalar(path.as_str())];
    match mode {
        "CSV" => readcsv(ctx, f, &path_only),
        "YAML" => readyaml(ctx, f, &path_only),
        "JSON" => readjson(ctx, f, &path_only),
        "ENV" => super::env_file::read_env(ctx, &path, u64::MAX),
        other => {
            ctx.error(ErrorKind::Function, format!("{}: unknown data type '{other}'", f.name));
            Err(Failed)
        }
    }
}

/// Whether a document parsed: one with a number cf-agent cannot store is
/// valid, since checking it stores nothing.
pub(super) fn parses(r: Result<Value, DataError>) -> bool {
    !matches!(r, Err(DataError::Invalid(_)))
}

/// `validdata(text, type)`: whether the text parses as JSON or YAML.
pub(super) fn validdata(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let text = arg_str(a, 0);
    let ok = match arg_str(a, 1) {
        "JSON" => parses(json::parse(text)),
        "YAML" => parses(crate::data::yaml::parse(text)),
        other => {
            ctx.error(ErrorKind::Function, format!("{}: data type '{other}' is not supported", f.name));
            return Err(Failed);
        }
    };
    super::class_result(ok)
}

/// `readstringlist`, `readintlist`, `readreallist`: the file's fields, empty
/// ones dropped, at most `max`. As `ReadList`, every field of an int or real
/// list must read as one, or the call fails (each misfit logged).
pub(super) fn readstringlist(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let (text, re, max) = read_split_args(ctx, f, a, "")?;
    let items: Vec<Arc<str>> =
        re.split(ctx, &text)?.into_iter().filter(|s| !s.is_empty()).take(max).map(Arc::from).collect();
    let kind = match f.name.as_str() {
        "readintlist" => Some(("int", true)),
        "readreallist" => Some(("real", false)),
        _ => None,
    };
    if let Some((name, int)) = kind {
        let path = arg_str(a, 0).to_string();
        let mut ok = true;
        for item in &items {
            let fits = if int {
                crate::data::number::int_from_string(item).is_ok()
            } else {
                crate::data::number::real_from_string(item).is_ok()
            };
            if !fits {
                ctx.error(
                    ErrorKind::Function,
                    format!("Presumed {name} value '{item}' read from file '{path}' has no recognizable value"),
                );
                ok = false;
            }
        }
        if !ok {
            return Err(Failed);
        }
    }
    Ok(Rv::List(Arc::new(items.into_iter().map(Rv::Scalar).collect())))
}
