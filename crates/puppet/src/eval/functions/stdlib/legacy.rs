//! stdlib's functions from the Puppet 3 era that modules still call:
//! `try_get_value` (a path into data, through stdlib's own `dig`),
//! `type3x`, `is_function_available`, `sprintf_hash` (deprecated forms of
//! what the language now has), `load_module_metadata`, `glob` (files of the
//! compiling machine), and `pry`, which needs a Ruby debugger.

use confer_core::value::to_s;
use confer_core::Value;

use crate::eval::flow::{fail, EvalResult};
use crate::eval::functions::{Builtin, Call, Deprecation};
use crate::log::Level;

/// The legacy functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::legacy("try_get_value", -2, try_get_value).deprecated(Deprecation::EveryCall(
        "try_get_value() DEPRECATED: this function is deprecated, please use dig() instead.",
    )),
    Builtin::legacy("type3x", -1, type3x),
    Builtin::legacy("is_function_available", -1, is_function_available),
    Builtin::new("sprintf_hash", &["String format, Hash arguments"], sprintf_hash),
    // No `:arity`: the function checks the count itself, in its own words.
    Builtin::legacy("load_module_metadata", -1, load_module_metadata),
    Builtin::legacy("glob", -1, glob),
    Builtin::legacy("pry", -1, |call| {
        Err(fail(call.span, "pry(): Requires the 'pry' rubygem to use, but it was not found"))
    }),
];

/// `try_get_value(data, 'a/b/0', default, separator)`.
fn try_get_value(call: &mut Call<'_, '_>) -> EvalResult {
    let data = call.args[0].clone();
    let path = call.args.get(1).map_or(String::new(), to_s);
    let default = call.args.get(2).cloned().unwrap_or(Value::Undef);
    if !matches!(data, Value::Hash(_) | Value::Array(_)) || path.is_empty() {
        return Ok(if path.is_empty() { data } else { default });
    }
    let separator = call.args.get(3).map_or("/".to_string(), to_s);
    call.host.log(
        Level::Warning,
        call.scope,
        "dig() DEPRECATED: This function has been replaced in Puppet 4.5.0, please use dig44() for backwards compatibility or use the new version.".to_string(),
    );
    for method in ["loaded?", "load"] {
        call.host.warn_once_keyed(
            format!("autoloader-{method}-dig44"),
            format!(
                "The method 'Puppet::Parser::Functions.autoloader#{method}(\"dig44\")' is deprecated in favor of using 'Scope#call_function'.\n   (file & line not available)"
            ),
        );
    }
    // Ruby's `key =~ /^\d+$/ ? key.to_i : key`, then stdlib's `dig`.
    let keys: Vec<Value> = path
        .split(separator.as_str())
        .map(|key| match key.parse::<i64>() {
            Ok(i) if key.bytes().all(|b| b.is_ascii_digit()) => Value::Integer(i),
            _ => Value::from(key),
        })
        .collect();
    Ok(super::collections::dig_path(&data, &keys, default))
}

/// `type3x(value)`: the Puppet 3 name of a value's type.
fn type3x(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() != 1 {
        return Err(fail(call.span, format!("type3x(): Wrong number of arguments given ({} for 1)", call.args.len())));
    }
    let name = match &call.args[0] {
        Value::String(s) => {
            if s.parse::<i64>().is_ok_and(|i| i.to_string() == **s) {
                "integer"
            } else if s.parse::<f64>().is_ok_and(|f| confer_core::ruby_compat::float_to_s(f) == **s) {
                "float"
            } else {
                "string"
            }
        }
        // A Puppet 3 function is given undef as an empty string.
        Value::Undef => "string",
        Value::Integer(_) => "integer",
        Value::Float(_) => "float",
        Value::Boolean(_) => "boolean",
        Value::Array(_) => "array",
        Value::Hash(_) => "hash",
        _ => return Err(fail(call.span, "type3x(): Unknown type")),
    };
    Ok(Value::from(name))
}

/// `is_function_available(name)`: whether a Puppet 3 function of that name
/// exists (Puppet 4 functions, like stdlib's newer ones, do not count).
fn is_function_available(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() != 1 {
        return Err(fail(
            call.span,
            format!("is_function_available?(): Wrong number of arguments given {} for 1", call.args.len()),
        ));
    }
    let Value::String(name) = &call.args[0] else { return Ok(Value::Boolean(false)) };
    Ok(Value::Boolean(call.host.is_legacy_function(name)))
}

/// `sprintf_hash(format, hash)`: deprecated; Puppet's `sprintf` takes the
/// hash of named references itself.
fn sprintf_hash(call: &mut Call<'_, '_>) -> EvalResult {
    super::scalars::stdlib_deprecation(
        call,
        "sprintf_hash",
        "This method is deprecated. From Puppet 4.10.10/5.3.4 please use the built-in sprintf instead",
    )?;
    let format = to_s(&call.args[0]);
    confer_core::format::sprintf(&format, &call.args[1..2]).map(Value::from).map_err(|e| fail(call.span, e.to_string()))
}

/// `load_module_metadata(module, allow_empty = false)`: the module's
/// `metadata.json` as data.
fn load_module_metadata(call: &mut Call<'_, '_>) -> EvalResult {
    if !(1..=2).contains(&call.args.len()) {
        return Err(fail(call.span, "load_module_metadata(): Wrong number of arguments, expects one or two"));
    }
    let module = to_s(&call.args[0]);
    let Some(dir) = call.host.module_dir(&module) else {
        return Err(fail(
            call.span,
            format!("Could not find module {module} in environment {}", call.host.environment_name()),
        ));
    };
    let path = dir.join("metadata.json");
    if !path.exists() {
        if call.args.get(1).is_some_and(Value::is_truthy) {
            return Ok(Value::hash(Default::default()));
        }
        return Err(fail(call.span, format!("load_module_metadata(): No metadata.json file for module {module}")));
    }
    let text = crate::files::read_text(&path).map_err(|e| fail(call.span, format!("{}: {e}", path.display())))?;
    super::serialize::parse_json(&text).map_err(|e| fail(call.span, format!("{}: {e}", path.display())))
}

/// `glob(pattern | patterns)`: the paths that match, each pattern's sorted,
/// as Ruby's `Dir.glob` (braces expanded first, dot files only when the
/// pattern names the dot).
fn glob(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() != 1 {
        return Err(fail(call.span, format!("glob(): Wrong number of arguments given ({} for 1)", call.args.len())));
    }
    let patterns: Vec<String> = match &call.args[0] {
        Value::String(s) => vec![s.to_string()],
        Value::Array(items) => items.iter().map(to_s).collect(),
        _ => return Err(fail(call.span, "glob(): Requires either array or string to work")),
    };
    let options =
        glob::MatchOptions { case_sensitive: true, require_literal_separator: true, require_literal_leading_dot: true };
    let mut out = Vec::new();
    for pattern in patterns.iter().flat_map(|p| expand_braces(p)) {
        let Ok(paths) = glob::glob_with(&pattern, options) else { continue };
        let mut found: Vec<String> = paths.filter_map(Result::ok).map(|p| p.to_string_lossy().into_owned()).collect();
        found.sort();
        if found.len() + out.len() > MAX_GLOB {
            return Err(crate::eval::limits::exceeded(call.span, format!("glob(): more than {MAX_GLOB} paths match")));
        }
        out.extend(found.into_iter().map(Value::from));
    }
    Ok(Value::array(out))
}

/// The most paths `glob` returns.
const MAX_GLOB: usize = 100_000;

/// `{a,b}` alternatives expanded, left to right, as Ruby does before matching.
fn expand_braces(pattern: &str) -> Vec<String> {
    let bytes = pattern.as_bytes();
    let Some(open) = pattern.find('{') else { return vec![pattern.to_string()] };
    let mut depth = 0;
    let mut close = None;
    let mut commas = Vec::new();
    for (i, &b) in bytes.iter().enumerate().skip(open) {
        match b {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(i);
                    break;
                }
            }
            b',' if depth == 1 => commas.push(i),
            _ => {}
        }
    }
    let Some(close) = close else { return vec![pattern.to_string()] };
    let mut bounds = vec![open];
    bounds.extend(commas);
    bounds.push(close);
    let (head, tail) = (&pattern[..open], &pattern[close + 1..]);
    bounds.windows(2).flat_map(|w| expand_braces(&format!("{head}{}{tail}", &pattern[w[0] + 1..w[1]]))).collect()
}

#[cfg(test)]
mod tests {
    use super::expand_braces;

    #[test]
    fn braces_expand_left_to_right() {
        assert_eq!(expand_braces("/a/{b,c{d,e}}/f"), ["/a/b/f", "/a/cd/f", "/a/ce/f"]);
        assert_eq!(expand_braces("/plain"), ["/plain"]);
    }
}
