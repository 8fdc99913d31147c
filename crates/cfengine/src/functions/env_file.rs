//! `readenvfile(path[, max_bytes])` and `readdata(path, "ENV")`: a file of
//! `KEY=value` lines (`/etc/os-release`) read as an object, as libntech's
//! `JsonParseEnvFile` and `ParseEnvLine` read it.

use confer_core::Value;

use super::host::FunctionHost;
use crate::data::value::Rv;
use crate::syntax::ast::FnCall;

use super::{arg_int, arg_str, Failed, FnResult};

/// The value after `=` (already trimmed), as libntech's `filtered_copy`
/// reads it: an opening quote at the start runs to its closing quote (the
/// rest is dropped) or to the end; unquoted, a quote makes the line
/// invalid (`None`). A backslash takes the next character literally, but
/// `\n` is a newline.
fn env_value(raw: &str) -> Option<String> {
    let mut chars = raw.chars().peekable();
    let quote = match chars.peek() {
        Some(&q @ ('"' | '\'')) => {
            chars.next();
            Some(q)
        }
        _ => None,
    };
    let mut out = String::new();
    while let Some(c) = chars.next() {
        if Some(c) == quote {
            break;
        }
        match c {
            '"' | '\'' if quote.is_none() => return None,
            '\\' => match chars.next() {
                Some('n') => out.push('\n'),
                Some(n) => out.push(n),
                None => break,
            },
            c => out.push(c),
        }
    }
    Some(out)
}

/// `ParseEnvLine`: the key and value of one line, or `None` for a blank
/// line, a comment, a line without `=` or without a key, or a value that
/// does not parse.
fn env_line(line: &str) -> Option<(&str, String)> {
    let line = line.trim_matches(is_c_space);
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let (key, value) = line.split_once('=')?;
    if key.is_empty() {
        return None;
    }
    Some((key.trim_matches(is_c_space), env_value(value.trim_matches(is_c_space))?))
}

/// C's `isspace` in the C locale.
fn is_c_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r')
}

/// The object an env file's text makes, reading lines until their bytes
/// (newlines not counted) pass `max`. A key given again takes the later
/// value and place, as `JsonObjectAppendString` replaces a key.
pub(super) fn parse_env(text: &str, max: u64) -> Value {
    let body = text.strip_suffix('\n').unwrap_or(text);
    let mut entries: Vec<(String, Value)> = vec![];
    let mut bytes = 0u64;
    for line in body.split('\n').filter(|_| !text.is_empty()) {
        bytes += line.len() as u64;
        if bytes > max {
            break;
        }
        if let Some((key, value)) = env_line(line) {
            entries.retain(|(k, _)| k != key);
            entries.push((key.to_string(), Value::String(value.into())));
        }
    }
    crate::data::json::object(entries)
}

/// Reads an env file; a file that cannot be opened fails the call
/// silently (cf-agent says why at verbose level only).
pub(super) fn read_env(ctx: &mut dyn FunctionHost, path: &str, max: u64) -> FnResult {
    let bytes = super::bounded_read(ctx, path, 0).map_err(|_| Failed)?;
    Ok(Rv::Container(parse_env(&String::from_utf8_lossy(&bytes), max)))
}

/// `readenvfile(path[, max_bytes])`.
pub(super) fn readenvfile(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let max = if a.len() > 1 { u64::try_from(arg_int(ctx, f, a, 1)?).unwrap_or(0) } else { u64::MAX };
    read_env(ctx, arg_str(a, 0), max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_quoted_escaped_or_refused() {
        assert_eq!(env_value("plain"), Some("plain".into()));
        assert_eq!(env_value("\"a b\" rest"), Some("a b".into()));
        assert_eq!(env_value("'it\"s'"), Some("it\"s".into()));
        assert_eq!(env_value("a\\nb\\x"), Some("a\nbx".into()));
        assert_eq!(env_value("AB\"CD"), None);
        assert_eq!(env_value("\"open"), Some("open".into()));
    }

    #[test]
    fn lines_and_duplicates() {
        let v = parse_env("# c\n\nNAME = \"x\"\n=y\nnoequal\nID=a\nNAME=z\n", u64::MAX);
        assert_eq!(crate::data::json::keys(&v), ["ID", "NAME"]);
    }

    #[test]
    fn byte_limit_stops_reading() {
        let v = parse_env("A=1\nB=2\n", 4);
        assert_eq!(crate::data::json::keys(&v), ["A"]);
    }
}
