//! String functions of Puppet's core library: `split`, `match`, `regsubst`,
//! `upcase`/`downcase`/`capitalize`, `strip`/`lstrip`/`rstrip`, `chomp`/`chop`.

use std::sync::Arc;

use confer_core::types::Type;
use confer_core::{Regexp, Value};

use super::{Builtin, Call};
use crate::eval::flow::{fail, EvalResult, Flow};

/// A string function applied to a string, or to each string of an array.
const EACH_STRING: &[&str] = &["Numeric arg", "String arg", "Iterable[Variant[String, Numeric]] arg"];

/// The case functions, which also map hash keys and values.
const CASE: &[&str] = &["Numeric arg", "String arg", "Array arg", "Hash arg"];

/// The string functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::new("split", &["String str, String pattern", "String str, Regexp pattern", "String str, Type[Regexp] pattern"], split),
    Builtin::new("match", &["String string, Variant[Any, Type] pattern", "Array[String] string, Variant[Any, Type] pattern"], match_fn),
    Builtin::new(
        "regsubst",
        &[
            "Variant[Array[String], String] target, String pattern, Variant[String, Hash[String, String]] replacement, Optional[Pattern[/^[GEIM]*$/]] flags?, Enum['N', 'E', 'S', 'U'] encoding?",
            "Variant[Array[String], String] target, Variant[Regexp, Type[Regexp]] pattern, Variant[String, Hash[String, String]] replacement, Pattern[/^G?$/] flags?",
        ],
        regsubst,
    ),
    Builtin::new("upcase", CASE, |call| map_one(call, |s| s.to_uppercase())),
    Builtin::new("downcase", CASE, |call| map_one(call, |s| s.to_lowercase())),
    Builtin::new("capitalize", EACH_STRING, |call| map_one(call, capitalize)),
    Builtin::new("strip", EACH_STRING, |call| map_one(call, |s| s.trim().to_string())),
    Builtin::new("lstrip", EACH_STRING, |call| map_one(call, |s| s.trim_start().to_string())),
    Builtin::new("rstrip", EACH_STRING, |call| map_one(call, |s| s.trim_end().to_string())),
    Builtin::new("chomp", EACH_STRING, |call| map_one(call, chomp)),
    Builtin::new("chop", EACH_STRING, |call| map_one(call, chop)),
    Builtin::new("camelcase", EACH_STRING, |call| map_one(call, |s| s.split('_').map(capitalize).collect())),
    Builtin::legacy("shellquote", -1, shellquote),
];

/// `shellquote(words...)`: the words (arrays flattened) quoted for a POSIX
/// shell as Puppet does: bare when safe, else double quotes, else single
/// quotes, else double quotes with the dangerous characters escaped.
fn shellquote(call: &mut Call<'_, '_>) -> EvalResult {
    fn flat(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Array(items) => items.iter().for_each(|i| flat(i, out)),
            other => out.push(confer_core::value::to_s(other)),
        }
    }
    let mut words = Vec::new();
    call.args.iter().for_each(|a| flat(a, &mut words));
    let safe = |c: char| c.is_ascii_alphanumeric() || "@%_+=:,./-".contains(c);
    let dangerous = |c: char| "!\"`$\\".contains(c);
    let quoted: Vec<String> = words
        .into_iter()
        .map(|w| {
            if !w.is_empty() && w.chars().all(safe) {
                w
            } else if !w.chars().any(dangerous) {
                format!("\"{w}\"")
            } else if !w.contains('\'') {
                format!("'{w}'")
            } else {
                let escaped: String =
                    w.chars().flat_map(|c| if dangerous(c) { vec!['\\', c] } else { vec![c] }).collect();
                format!("\"{escaped}\"")
            }
        })
        .collect();
    Ok(Value::from(quoted.join(" ")))
}

/// The one-argument string functions: `transform` applied to a string or
/// to each string of an array or hash; numbers are returned as they are.
fn map_one(call: &mut Call<'_, '_>, transform: fn(&str) -> String) -> EvalResult {
    let v = call.arg::<&Value>(0)?;
    if matches!(v, Value::Integer(_) | Value::Float(_)) {
        return Ok(v.clone());
    }
    map_strings(call, v, &transform)
}

/// Ruby's `capitalize`: the first character upper case, the rest lower case.
fn capitalize(s: &str) -> String {
    let mut cs = s.chars();
    cs.next().map_or_else(String::new, |c| c.to_uppercase().chain(cs.flat_map(char::to_lowercase)).collect())
}

/// Ruby's `chomp`: one line ending removed.
fn chomp(s: &str) -> String {
    s.strip_suffix("\r\n").or_else(|| s.strip_suffix('\n')).or_else(|| s.strip_suffix('\r')).unwrap_or(s).to_string()
}

/// Ruby's `chop`: the last character removed, or a `\r\n` line ending.
fn chop(s: &str) -> String {
    if let Some(rest) = s.strip_suffix("\r\n") {
        return rest.to_string();
    }
    let mut cs = s.chars();
    cs.next_back();
    cs.as_str().to_string()
}

/// Applies `f` to a string, or to each string of an array or hash values.
fn map_strings(call: &Call<'_, '_>, v: &Value, f: &dyn Fn(&str) -> String) -> EvalResult {
    match v {
        Value::String(s) => Ok(Value::from(f(s))),
        Value::Array(items) => {
            Ok(Value::array(items.iter().map(|i| map_strings(call, i, f)).collect::<Result<Vec<_>, Flow>>()?))
        }
        Value::Hash(map) => {
            let mut out = confer_core::HashMap::new();
            for (k, val) in map.iter() {
                out.insert(map_strings(call, k, f)?, map_strings(call, val, f)?);
            }
            Ok(Value::hash(out))
        }
        other => Err(fail(
            call.span,
            format!(
                "'{}' parameter 'arg' expects a value of type String, Array or Hash, got {}",
                call.name,
                other.type_name()
            ),
        )),
    }
}

/// The regexp a pattern argument stands for: a string (taken as a regexp),
/// a regexp, or a `Regexp`/`Pattern` type.
fn pattern(call: &Call<'_, '_>, v: &Value) -> EvalResult<Vec<Arc<Regexp>>> {
    let compile = |s: &str| Regexp::new(s).map(Arc::new).map_err(|e| fail(call.span, e.to_string()));
    match v {
        Value::String(s) => Ok(vec![compile(s)?]),
        Value::Regexp(r) => Ok(vec![r.clone()]),
        Value::Type(t) => match t.resolved() {
            Type::Regexp(Some(r)) => Ok(vec![r.clone()]),
            Type::Pattern(ps) if !ps.0.is_empty() => Ok(ps.0.clone()),
            _ => Err(fail(call.span, format!("'{}' expects a regular expression pattern, got {t}", call.name))),
        },
        other => Err(fail(
            call.span,
            format!("'{}' expects a String or Regexp pattern, got {}", call.name, other.type_name()),
        )),
    }
}

/// `split(str, pattern)` with Ruby's rules: an empty pattern splits into
/// characters, and trailing empty fields are dropped.
fn split(call: &mut Call<'_, '_>) -> EvalResult {
    let (s, pat): (&str, &Value) = (call.arg(0)?, call.arg(1)?);
    let re = match pat {
        // The unparameterized `Regexp` type splits as the empty pattern.
        Value::Type(t) if matches!(t.resolved(), Type::Regexp(None)) => {
            Arc::new(Regexp::new("").map_err(|e| fail(call.span, e.to_string()))?)
        }
        _ => pattern(call, pat)?.remove(0),
    };
    let mut fields: Vec<Value> = if re.source().is_empty() {
        s.chars().map(|c| Value::from(c.to_string())).collect()
    } else {
        let mut out = Vec::new();
        let mut last = 0;
        for groups in re.matches(s, usize::MAX).map_err(|e| fail(call.span, e.to_string()))? {
            let Some(m) = groups[0].clone() else { continue };
            if m.is_empty() && (m.start == 0 || m.start == s.len()) {
                continue;
            }
            out.push(Value::from(&s[last..m.start]));
            out.extend(groups[1..].iter().flatten().map(|g| Value::from(&s[g.clone()])));
            last = m.end;
        }
        out.push(Value::from(&s[last..]));
        out
    };
    while fields.last().is_some_and(|f| f.as_str() == Some("")) {
        fields.pop();
    }
    Ok(Value::array(fields))
}

/// `match(str_or_array, pattern)`: the whole match and its groups, or `undef`.
fn match_fn(call: &mut Call<'_, '_>) -> EvalResult {
    let (subject, pat): (&Value, &Value) = (call.arg(0)?, call.arg(1)?);
    if matches!(pat, Value::Type(t) if matches!(t.resolved(), Type::Regexp(None))) {
        return Err(fail(call.span, "'match' expects a Regexp with a pattern, got the unparameterized Regexp type"));
    }
    let patterns = pattern(call, pat)?;
    let one = |s: &str| -> EvalResult {
        for re in &patterns {
            if let Some(caps) = re.try_captures(s)? {
                return Ok(Value::array(caps.into_iter().map(|c| c.map_or(Value::Undef, Value::from)).collect()));
            }
        }
        Ok(Value::Undef)
    };
    match subject {
        Value::String(s) => one(s),
        Value::Array(items) => Ok(Value::array(
            items
                .iter()
                .map(|i| match i {
                    Value::String(s) => one(s),
                    other => Err(fail(call.span, format!("'match' expects Strings, got {}", other.type_name()))),
                })
                .collect::<Result<_, Flow>>()?,
        )),
        other => {
            Err(fail(call.span, format!("'match' expects a String or an Array of Strings, got {}", other.type_name())))
        }
    }
}

/// `regsubst(target, pattern, replacement, flags)`: replaces the first match
/// (every match with flag `G`); `\0`..`\9` in the replacement are the groups.
fn regsubst(call: &mut Call<'_, '_>) -> EvalResult {
    let (target, pat, replacement): (&Value, &Value, &str) = (call.arg(0)?, call.arg(1)?, call.arg(2)?);
    let flags = call.arg::<Option<&str>>(3)?.unwrap_or("");
    let source = match pat {
        Value::String(s) => {
            let mut prefix = String::new();
            if flags.contains('I') {
                prefix.push_str("(?i)");
            }
            if flags.contains('M') {
                prefix.push_str("(?s)");
            }
            if flags.contains('E') {
                prefix.push_str("(?x)");
            }
            Arc::new(Regexp::new(&format!("{prefix}{s}")).map_err(|e| fail(call.span, e.to_string()))?)
        }
        other => pattern(call, other)?.remove(0),
    };
    let max = if flags.contains('G') { usize::MAX } else { 1 };
    let failed = std::cell::RefCell::new(None);
    let result = map_strings(call, target, &|s| {
        substitute(&source, s, replacement, max).unwrap_or_else(|e| {
            failed.borrow_mut().get_or_insert(e);
            String::new()
        })
    })?;
    match failed.into_inner() {
        Some(e) => Err(fail(call.span, e.to_string())),
        None => Ok(result),
    }
}

/// `s` with up to `max` matches of `re` replaced, or the error of a match
/// the backtracking limit left undecided.
fn substitute(re: &Regexp, s: &str, replacement: &str, max: usize) -> Result<String, confer_core::CoreError> {
    let mut out = String::new();
    let mut last = 0;
    for groups in re.matches(s, max)? {
        let Some(m) = groups[0].clone() else { continue };
        out.push_str(&s[last..m.start]);
        let mut chars = replacement.chars().peekable();
        while let Some(c) = chars.next() {
            match (c, chars.peek()) {
                ('\\', Some(d)) if d.is_ascii_digit() => {
                    let g = d.to_digit(10).unwrap_or(0) as usize;
                    chars.next();
                    if let Some(Some(group)) = groups.get(g) {
                        out.push_str(&s[group.clone()]);
                    }
                }
                ('\\', Some('\\')) => {
                    chars.next();
                    out.push('\\');
                }
                _ => out.push(c),
            }
        }
        last = m.end;
    }
    out.push_str(&s[last..]);
    Ok(out)
}
