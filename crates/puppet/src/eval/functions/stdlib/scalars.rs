//! stdlib's functions on single values and facts: `str2bool`, `bool2str`,
//! `dirname`, `fact`, `os_version_gte`, `stdlib::ip_in_range`, … in the
//! wording of stdlib's Ruby code.

use std::net::IpAddr;

use confer_core::value::to_s;
use confer_core::Value;

use crate::eval::flow::{fail, EvalResult};
use crate::eval::functions::versions;
use crate::eval::functions::{Builtin, Call};
use crate::log::Level;
use crate::strict::Strictness;

/// The scalar and fact functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::legacy("str2bool", -1, str2bool),
    Builtin::legacy("bool2str", -1, bool2str),
    Builtin::legacy("dirname", -1, dirname),
    Builtin::legacy("basename", -1, basename),
    Builtin::legacy("uriescape", -1, uriescape),
    Builtin::new("fact", &["String fact_name"], fact),
    Builtin::new("os_version_gte", &["String[1] os, String[1] version"], os_version_gte),
    Builtin::new("stdlib::ip_in_range", &["String ipaddress, Variant[String, Array] range"], ip_in_range),
    Builtin::new(
        "stdlib::start_with",
        &["String test_string, Variant[String[1], Array[String[1], 1]] prefixes"],
        |call| affixed(call, |s, prefix| s.starts_with(prefix)),
    ),
    Builtin::new(
        "stdlib::end_with",
        &["String test_string, Variant[String[1], Array[String[1], 1]] suffixes"],
        |call| affixed(call, |s, suffix| s.ends_with(suffix)),
    ),
    Builtin::new("deprecation", &["String key, String message"], deprecation),
    Builtin::legacy("shell_join", -1, shell_join),
    Builtin::new("shell_escape", &["Any string"], |call| Ok(Value::from(shellescape(&to_s(&call.args[0]))))),
    Builtin::legacy("assert_private", -1, assert_private),
];

/// Ruby's `Shellwords.shellescape`.
fn shellescape(s: &str) -> String {
    if s.is_empty() {
        return "''".to_string();
    }
    let mut out = String::new();
    for c in s.chars() {
        if c == '\n' {
            out.push_str("'\n'");
        } else {
            if !(c.is_ascii_alphanumeric() || "_-.,:+/@".contains(c)) {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out
}

/// `shell_join(array)`: the words escaped for a shell and joined by spaces.
fn shell_join(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() != 1 {
        return Err(error(call, format!("shell_join(): Wrong number of arguments given ({} for 1)", call.args.len())));
    }
    let Value::Array(items) = &call.args[0] else {
        return Err(error(call, format!("First argument is not an Array: {}", super::ruby::inspect(&call.args[0]))));
    };
    Ok(Value::from(items.iter().map(|i| shellescape(&to_s(i))).collect::<Vec<_>>().join(" ")))
}

/// `assert_private(message?)`: fails unless called from the module that
/// holds the class or define it is in.
fn assert_private(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() > 1 {
        return Err(error(
            call,
            format!("assert_private(): Wrong number of arguments given ({}}}) for 0 or 1)", call.args.len()),
        ));
    }
    // An unset variable is Ruby's nil, unequal to top scope's empty name.
    let var = |name: &str| call.host.variable(name, call.scope).map(|v| to_s(&v));
    if var("module_name") == var("caller_module_name") {
        return Ok(Value::Undef);
    }
    let message = match call.args.first() {
        Some(Value::String(m)) => m.to_string(),
        // stdlib names the class or defined type the call is in.
        _ => {
            let (kind, name) = private_owner(call.scope);
            format!("{kind} {name} is private")
        }
    };
    Err(error(call, message))
}

/// What `assert_private` names: the class (`Class`, its name; top scope is
/// the class with the empty name) or defined type (`Definition`) whose body
/// the scope runs.
fn private_owner(scope: &crate::eval::scope::Scope) -> (&'static str, String) {
    use crate::eval::scope::ScopeKind;
    match &scope.kind {
        ScopeKind::Class(name) => ("Class", name.clone()),
        ScopeKind::Resource(ty, _) => ("Definition", ty.to_lowercase()),
        ScopeKind::Local => scope.parent.as_deref().map_or(("Class", String::new()), private_owner),
        ScopeKind::Top | ScopeKind::Node(_) => ("Class", String::new()),
    }
}

fn error(call: &Call<'_, '_>, message: impl Into<String>) -> crate::eval::flow::Flow {
    fail(call.span, message.into())
}

/// `str2bool(s)`: `'yes'`, `'1'`, `'true'`… are true; a boolean stays as it is.
fn str2bool(call: &mut Call<'_, '_>) -> EvalResult {
    let Some(arg) = call.args.first() else {
        return Err(error(call, "str2bool(): Wrong number of arguments given (0 for 1)"));
    };
    match arg {
        Value::Boolean(b) => Ok(Value::Boolean(*b)),
        Value::String(s) => match s.to_lowercase().as_str() {
            "" => Ok(Value::Boolean(false)),
            "1" | "t" | "y" | "true" | "yes" => Ok(Value::Boolean(true)),
            "0" | "f" | "n" | "false" | "no" => Ok(Value::Boolean(false)),
            _ if matches!(&**s, "undef" | "undefined") => Ok(Value::Boolean(false)),
            _ => Err(error(call, "str2bool(): Unknown type of boolean given")),
        },
        _ => Err(error(call, "str2bool(): Requires string to work with")),
    }
}

/// `bool2str(b, true_s = 'true', false_s = 'false')`.
fn bool2str(call: &mut Call<'_, '_>) -> EvalResult {
    if !matches!(call.args.len(), 1 | 3) {
        return Err(error(call, format!("bool2str(): Wrong number of arguments given ({} for 3)", call.args.len())));
    }
    let Value::Boolean(b) = call.args[0] else {
        return Err(error(call, "bool2str(): Requires a boolean to work with"));
    };
    let (t, f) = match &call.args[1..] {
        [Value::String(t), Value::String(f)] => (t.to_string(), f.to_string()),
        [] => ("true".to_string(), "false".to_string()),
        _ => return Err(error(call, "bool2str(): Requires strings to convert to")),
    };
    Ok(Value::from(if b { t } else { f }))
}

/// `dirname(path)`: Ruby's `File.dirname`.
fn dirname(call: &mut Call<'_, '_>) -> EvalResult {
    match call.args.as_slice() {
        [] => Err(error(call, "dirname(): No arguments given")),
        [Value::String(s)] if s.is_empty() => Err(error(call, "dirname(): Requires a non-empty string as argument")),
        [Value::String(s)] => Ok(Value::from(ruby_dirname(s))),
        [_] => Err(error(call, "dirname(): Requires string as argument")),
        args => Err(error(call, format!("dirname(): Too many arguments given ({})", args.len()))),
    }
}

fn ruby_dirname(path: &str) -> String {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.starts_with('/') { "/".to_string() } else { ".".to_string() };
    }
    match trimmed.rfind('/') {
        None => ".".to_string(),
        Some(i) => {
            let dir = trimmed[..i].trim_end_matches('/');
            if dir.is_empty() {
                "/".to_string()
            } else {
                dir.to_string()
            }
        }
    }
}

/// `basename(path, suffix?)`: Ruby's `File.basename`.
fn basename(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.is_empty() {
        return Err(error(call, "basename(): No arguments given"));
    }
    if call.args.len() > 2 {
        return Err(error(call, format!("basename(): Too many arguments given ({})", call.args.len())));
    }
    let Value::String(path) = &call.args[0] else {
        return Err(error(call, "basename(): Requires string as first argument"));
    };
    let trimmed = path.trim_end_matches('/');
    let mut base = if trimmed.is_empty() && path.starts_with('/') {
        "/".to_string()
    } else {
        trimmed.rsplit('/').next().unwrap_or("").to_string()
    };
    if let Some(suffix) = call.args.get(1) {
        let Value::String(suffix) = suffix else {
            return Err(error(call, "basename(): Requires string as second argument"));
        };
        if let Some(stripped) = base.strip_suffix(&**suffix) {
            if !stripped.is_empty() {
                base = stripped.to_string();
            }
        }
    }
    Ok(Value::from(base))
}

/// `uriescape(s)`: percent-escapes what Ruby's `URI::DEFAULT_PARSER.escape`
/// does not leave as it is.
fn uriescape(call: &mut Call<'_, '_>) -> EvalResult {
    fn escape(s: &str) -> String {
        let keep = |b: u8| b.is_ascii_alphanumeric() || b"-_.!~*'();/?:@&=+$,[]".contains(&b);
        s.bytes().map(|b| if keep(b) { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
    }
    match call.args.first() {
        Some(Value::String(s)) => Ok(Value::from(escape(s))),
        // Elements that are not Strings stay as they are.
        Some(Value::Array(a)) => Ok(Value::array(
            a.iter()
                .map(|v| match v {
                    Value::String(s) => Value::from(escape(s)),
                    other => other.clone(),
                })
                .collect(),
        )),
        Some(_) => Err(error(call, "uriescape(): Requires either array or string to work with")),
        None => Err(error(call, "uriescape(): Wrong number of arguments given (0 for 1)")),
    }
}

/// The `$facts` hash of the node.
fn facts(call: &Call<'_, '_>) -> Value {
    call.host.variable("facts", call.scope).unwrap_or(Value::Undef)
}

/// `fact('a.b."c.d".0')`: a fact by dotted path, undef when absent.
fn fact(call: &mut Call<'_, '_>) -> EvalResult {
    let name = to_s(&call.args[0]);
    let mut path = Vec::new();
    let mut rest = name.as_str();
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('"') {
            let end = after.find('"').unwrap_or(after.len());
            path.push(after[..end].to_string());
            rest = after.get(end + 1..).unwrap_or("");
        } else {
            let end = rest.find(['.', '"']).unwrap_or(rest.len());
            if end > 0 {
                path.push(rest[..end].to_string());
            }
            rest = &rest[end..];
        }
        rest = rest.strip_prefix('.').unwrap_or(rest);
    }
    let mut current = facts(call);
    let mut walked: Vec<String> = Vec::new();
    for key in path {
        current = match &current {
            Value::Undef => return Ok(Value::Undef),
            Value::Hash(h) => h.get(&Value::from(key.as_str())).cloned().unwrap_or(Value::Undef),
            Value::Array(a) => match key.parse::<i64>() {
                Ok(i) => {
                    let i = if i < 0 { i + a.len() as i64 } else { i };
                    usize::try_from(i).ok().and_then(|i| a.get(i).cloned()).unwrap_or(Value::Undef)
                }
                Err(_) => {
                    let message = format!(
                        "fact request for {name} returning nil: '{}' is an array; cannot index to '{key}'",
                        walked.join(".")
                    );
                    call.host.log(Level::Warning, call.scope, message);
                    Value::Undef
                }
            },
            _ => {
                let message = format!(
                    "fact request for {name} returning nil: '{}' is not a collection; cannot walk to '{key}'",
                    walked.join(".")
                );
                call.host.log(Level::Warning, call.scope, message);
                Value::Undef
            }
        };
        walked.push(key);
    }
    Ok(current)
}

/// `os_version_gte(os, version)`: the node runs `os` at `version` or later.
fn os_version_gte(call: &mut Call<'_, '_>) -> EvalResult {
    let facts = facts(call);
    let get = |k: &str| match &facts {
        Value::Hash(h) => h.get(&Value::from(k)).map(to_s),
        _ => None,
    };
    let os = to_s(&call.args[0]);
    let version = to_s(&call.args[1]);
    let ok = get("operatingsystem").as_deref() == Some(os.as_str())
        && get("operatingsystemmajrelease")
            .is_some_and(|v| versions::compare(&v, &version, false) != std::cmp::Ordering::Less);
    Ok(Value::Boolean(ok))
}

/// `stdlib::ip_in_range(ip, ranges)`: whether the address is in one of the
/// CIDR ranges.
fn ip_in_range(call: &mut Call<'_, '_>) -> EvalResult {
    let ip: Option<IpAddr> = to_s(&call.args[0]).parse().ok();
    let ranges: Vec<String> = match &call.args[1] {
        Value::Array(a) => a.iter().map(to_s).collect(),
        other => vec![to_s(other)],
    };
    let Some(ip) = ip else {
        return Ok(Value::Boolean(false));
    };
    let inside = |range: &str| -> bool {
        let (net, bits) = range.split_once('/').unwrap_or((range, ""));
        let Ok(net) = net.parse::<IpAddr>() else { return false };
        match (ip, net) {
            (IpAddr::V4(a), IpAddr::V4(n)) => {
                let bits = bits.parse::<u32>().unwrap_or(32).min(32);
                let mask = if bits == 0 { 0 } else { u32::MAX << (32 - bits) };
                u32::from(a) & mask == u32::from(n) & mask
            }
            (IpAddr::V6(a), IpAddr::V6(n)) => {
                let bits = bits.parse::<u32>().unwrap_or(128).min(128);
                let mask = if bits == 0 { 0 } else { u128::MAX << (128 - bits) };
                u128::from(a) & mask == u128::from(n) & mask
            }
            _ => false,
        }
    };
    Ok(Value::Boolean(ranges.iter().any(|r| inside(r))))
}

/// `stdlib::start_with` and `stdlib::end_with`: whether `has` finds one of
/// the affixes in the string.
fn affixed(call: &mut Call<'_, '_>, has: fn(&str, &str) -> bool) -> EvalResult {
    let s = to_s(&call.args[0]);
    let affixes: Vec<String> = match &call.args[1] {
        Value::Array(a) => a.iter().map(to_s).collect(),
        other => vec![to_s(other)],
    };
    Ok(Value::Boolean(affixes.iter().any(|a| has(&s, a))))
}

/// `deprecation(key, message)`: a deprecation warning, once per key.
fn deprecation(call: &mut Call<'_, '_>) -> EvalResult {
    let (key, message) = (to_s(&call.args[0]), to_s(&call.args[1]));
    stdlib_deprecation(call, &key, &message)?;
    Ok(Value::Undef)
}

/// stdlib's `deprecation` function as Puppet runs it: the message, then
/// what stdlib takes for file and line (the two innermost frames of
/// Puppet's stack, each `["file", line]`, the second empty when there is
/// none) and the Ruby location of its own call; once per key. `strict =
/// off` says nothing, `strict = error` raises it.
pub(crate) fn stdlib_deprecation(call: &mut Call<'_, '_>, key: &str, message: &str) -> EvalResult<()> {
    let frame = |depth: usize| call.host.puppet_frame(depth).map(|(file, line)| format!("[\"{file}\", {line}]"));
    let file = frame(0).unwrap_or_else(|| "[\"unknown\", 0]".into());
    let line = frame(1).unwrap_or_default();
    let message = format!("{message} at {file}:{line}");
    match call.host.strictness() {
        Strictness::Off => Ok(()),
        Strictness::Error => Err(fail(call.span, format!("deprecation. {key}. {message}"))),
        Strictness::Warning => {
            let stdlib = call.host.module_dir("stdlib").map(|d| d.display().to_string()).unwrap_or_default();
            let text =
                format!("{message}\n   (location: {stdlib}/lib/puppet/functions/deprecation.rb:36:in `deprecation')");
            call.host.warn_once_keyed(format!("stdlib-deprecation:{key}"), text);
            Ok(())
        }
    }
}
