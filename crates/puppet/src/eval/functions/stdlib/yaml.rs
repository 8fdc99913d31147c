//! stdlib's YAML functions: `to_yaml` (Ruby's `to_yaml`, see `psych_dump`),
//! `parseyaml` and `loadyaml` (Psych 4's `YAML.load`, read with Hiera's
//! Psych-compatible reader), and `loadjson` beside them since it shares
//! `loadyaml`'s file handling.

use std::path::Path;

use confer_core::value::to_s;
use confer_core::Value;
use confer_hiera::Symbols;

use crate::eval::flow::{fail, EvalResult};
use crate::eval::functions::{Builtin, Call};
use crate::log::Level;
use confer_ruby::psych_dump::{dump, DumpError, DumpOptions};

/// The YAML functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::new("to_yaml", &["Any data, Hash options?"], to_yaml),
    Builtin::legacy("parseyaml", -1, parseyaml),
    Builtin::legacy("loadyaml", -2, |call| load(call, Format::Yaml)),
    Builtin::legacy("loadjson", -2, |call| load(call, Format::Json)),
];

/// `to_yaml(data, options)`: Psych's dump, with the options Psych reads
/// (`indentation`, `line_width`, `canonical`; others are ignored as Psych
/// ignores them).
fn to_yaml(call: &mut Call<'_, '_>) -> EvalResult {
    let mut options = DumpOptions::default();
    if let Some(Value::Hash(given)) = call.args.get(1) {
        for (k, v) in given.iter() {
            let integer = match v {
                Value::Integer(n) => Some(*n),
                _ => None,
            };
            options.set(&to_s(k), integer, v.is_truthy()).map_err(|message| fail(call.span, message))?;
        }
    }
    match dump(&confer_ruby::from_puppet_shared(&call.args[0]), options) {
        Ok(text) => Ok(Value::from(text)),
        Err(DumpError::RubyObject(kind)) => Err(fail(
            call.span,
            format!("to_yaml(): a {kind} value is written by Ruby as a Ruby object, which confer does not reproduce"),
        )),
        Err(DumpError::Emitter(message)) => Err(fail(call.span, format!("to_yaml(): {message}"))),
    }
}

/// Psych 4's `YAML.load`: the first document's value, or the error text
/// (a syntax error's in libyaml's words, at its line and column).
fn load_yaml(text: &str, symbols: Symbols) -> Result<Value, String> {
    confer_hiera::parse_yaml_with(text, symbols).map(|m| m.value).map_err(|e| e.to_string())
}

/// `parseyaml(text, default?)`: the data; the default when the text is not
/// YAML or reads as nothing (`false` or `undef`).
fn parseyaml(call: &mut Call<'_, '_>) -> EvalResult {
    // The function counts its arguments itself (it declares no arity).
    let Some(text) = call.args.first() else {
        return Err(fail(call.span, "Wrong number of arguments. 1 or 2 arguments should be provided."));
    };
    // A 3.x function is given undef as ''; `YAML.load` of anything but a
    // String is Ruby's TypeError, which the default answers as it answers
    // a syntax error.
    let parsed = match text {
        Value::String(s) => load_yaml(s, Symbols::Kept).map_err(|message| format!("(<unknown>): {message}")),
        Value::Undef => load_yaml("", Symbols::Kept).map_err(|message| format!("(<unknown>): {message}")),
        other => Err(format!("no implicit conversion of {} into String", ruby_class_name(other))),
    };
    let default = call.args.get(1).cloned();
    match parsed {
        Ok(v) if v.is_truthy() => Ok(v),
        Ok(_) => Ok(default.unwrap_or(Value::Undef)),
        Err(_) if default.as_ref().is_some_and(Value::is_truthy) => Ok(default.unwrap_or(Value::Undef)),
        Err(message) => Err(fail(call.span, message)),
    }
}

/// How Ruby's TypeError names a value's class (`true` and `false` by
/// themselves).
fn ruby_class_name(v: &Value) -> String {
    match v {
        Value::Boolean(b) => b.to_string(),
        other => confer_core::types::params::ruby_class(other),
    }
}

#[derive(Clone, Copy)]
enum Format {
    Yaml,
    Json,
}

/// `loadyaml(path, default?)` and `loadjson(path, default?)`: a file's data,
/// or the default (with Puppet's warning) when the file does not exist.
/// URLs are refused: confer reads no network.
fn load(call: &mut Call<'_, '_>, format: Format) -> EvalResult {
    let name = match format {
        Format::Yaml => "loadyaml",
        Format::Json => "loadjson",
    };
    let path = to_s(&call.args[0]);
    let default = call.args.get(1).cloned();
    if path.starts_with("http://") || path.starts_with("https://") {
        return Err(fail(
            call.span,
            format!("confer cannot run the Ruby function '{name}' on the URL '{path}': confer reaches no network"),
        ));
    }
    if !Path::new(&path).exists() {
        call.host.log(Level::Warning, call.scope, format!("Can't load '{path}' File does not exist!"));
        return Ok(default.unwrap_or(Value::Undef));
    }
    let parsed = crate::files::read_text(Path::new(&path)).map_err(|e| e.to_string()).and_then(|text| match format {
        // `YAML.safe_load`, which permits no Symbol.
        Format::Yaml => load_yaml(&text, Symbols::Refused),
        Format::Json => super::serialize::parse_json(&text),
    });
    match parsed {
        Ok(v) if v.is_truthy() => Ok(v),
        Ok(_) => Ok(default.unwrap_or(Value::Undef)),
        Err(_) if default.as_ref().is_some_and(Value::is_truthy) => Ok(default.unwrap_or(Value::Undef)),
        Err(message) => Err(fail(call.span, format!("({path}): {message}"))),
    }
}
