//! Small Ruby functions of Debian's modules that their manifests and
//! templates call: `apache::bool2httpd`, `memcached::max_memory`, ssh's `ipaddresses`, redis's
//! `getvar_emptystring` and mysql's `mysql_password`/`mysql::password`. Each is
//! present only when its module is on the module path.

use confer_core::value::to_s;
use confer_core::Value;
use sha1::Digest;

use super::{Builtin, Call};
use crate::eval::flow::{fail, EvalResult};

/// apache's functions.
pub(crate) const APACHE: &[Builtin] = &[Builtin::new("apache::bool2httpd", &["Any arg"], bool2httpd)];

/// memcached's functions.
pub(crate) const MEMCACHED: &[Builtin] = &[Builtin::new("memcached::max_memory", &["Any arg"], max_memory)];

/// redis's functions.
pub(crate) const REDIS: &[Builtin] = &[Builtin::legacy("getvar_emptystring", -1, getvar_emptystring)];

/// mysql's functions: its Puppet 3 and Puppet 4 password hashes.
pub(crate) const MYSQL: &[Builtin] = &[
    Builtin::legacy("mysql_password", -1, mysql_password),
    Builtin::new("mysql::password", &["String password"], mysql_password),
];

/// redis's `getvar_emptystring(name)`: the variable, or `''` when it is
/// undefined.
fn getvar_emptystring(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() != 1 {
        return Err(fail(
            call.span,
            format!("getvar_emptystring(): wrong number of arguments ({}; must be 1)", call.args.len()),
        ));
    }
    let name = to_s(&call.args[0]);
    Ok(match call.host.variable(name.trim_start_matches('$'), call.scope) {
        None | Some(Value::Undef) => Value::from(""),
        Some(v) => v,
    })
}

/// mysql's `mysql_password(text)` / `mysql::password(text)`: MySQL's
/// `PASSWORD()` hash (`*` and the upper-case hex SHA-1 of the SHA-1), a
/// text that already holds such a hash as it is, and `''` for `''`.
fn mysql_password(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() != 1 {
        return Err(fail(
            call.span,
            format!("mysql_password(): Wrong number of arguments given ({} for 1)", call.args.len()),
        ));
    }
    let text = to_s(&call.args[0]);
    if text.is_empty() {
        return Ok(Value::from(""));
    }
    // `%r{\*[A-F0-9]{40}$}`: the text ends with such a hash.
    let tail = text.len().checked_sub(41).and_then(|at| text.get(at..));
    let hashed = tail.is_some_and(|t| {
        t.starts_with('*') && t[1..].bytes().all(|b| b.is_ascii_digit() || (b'A'..=b'F').contains(&b))
    });
    if hashed {
        return Ok(Value::from(text));
    }
    let inner = sha1::Sha1::digest(text.as_bytes());
    let outer = sha1::Sha1::digest(inner);
    Ok(Value::from(format!("*{}", outer.iter().map(|b| format!("{b:02X}")).collect::<String>())))
}

/// ssh's functions.
pub(crate) const SSH: &[Builtin] = &[Builtin::legacy("ipaddresses", -1, ipaddresses)];

/// ssh's `ipaddresses()`: the IPv4 and IPv6 addresses of every interface
/// whose name does not contain `lo`, from the legacy per-interface facts;
/// `false` when the node has no `interfaces` fact.
fn ipaddresses(call: &mut Call<'_, '_>) -> EvalResult {
    let interfaces = match call.host.variable("interfaces", call.scope) {
        None | Some(Value::Undef) => return Ok(Value::Boolean(false)),
        Some(v) => confer_core::value::to_s(&v),
    };
    let mut result = Vec::new();
    for iface in interfaces.split(',').filter(|i| !i.contains("lo")) {
        for fact in [format!("ipaddress_{iface}"), format!("ipaddress6_{iface}")] {
            match call.host.variable(&fact, call.scope) {
                None | Some(Value::Undef) | Some(Value::Boolean(false)) => {}
                Some(v) => result.push(v),
            }
        }
    }
    Ok(Value::array(result))
}

/// `apache::bool2httpd(v)`: `Off` for false, undef or a string containing
/// "false" (any case), `On` for true or one containing "true", else the
/// value's string form.
fn bool2httpd(call: &mut Call<'_, '_>) -> EvalResult {
    let arg = &call.args[0];
    let contains = |word: &str| arg.as_str().is_some_and(|s| s.to_lowercase().contains(word));
    Ok(Value::from(match arg {
        Value::Undef | Value::Boolean(false) => "Off".to_string(),
        _ if contains("false") => "Off".to_string(),
        Value::Boolean(true) => "On".to_string(),
        _ if contains("true") => "On".to_string(),
        other => ruby_to_s(other),
    }))
}

/// Ruby's `to_s` of a Puppet value handed to a module's Ruby function:
/// arrays and hashes print as Ruby's `inspect`, anything else as Puppet
/// prints it.
fn ruby_to_s(v: &Value) -> String {
    confer_ruby::RValue::to_s(&confer_ruby::from_puppet(v))
}

/// `memcached::max_memory(arg)`: megabytes of memory for memcached: `arg`
/// itself, or a percentage (default 95%) of the `memorysize` fact.
fn max_memory(call: &mut Call<'_, '_>) -> EvalResult {
    let arg = call.args[0].clone();
    let given = !matches!(arg, Value::Undef | Value::Boolean(false));
    if given && !to_s(&arg).ends_with('%') {
        let text = to_s(&arg);
        let digits: String = text.trim_start().chars().take_while(|c| c.is_ascii_digit() || *c == '-').collect();
        return Ok(Value::Integer(digits.parse().unwrap_or(0)));
    }
    let percent = if given { to_s(&arg) } else { "95%".to_string() };
    // Without the legacy `memorysize` fact, Ruby's regexp match fails.
    let memsize = match call.host.variable("facts", call.scope) {
        Some(Value::Hash(h)) => h.get(&Value::from("memorysize")).filter(|v| !v.is_undef()).map(to_s),
        _ => None,
    };
    let Some(memsize) = memsize else {
        return Err(fail(call.span, "no implicit conversion of nil into String"));
    };
    let number: String = memsize.chars().take_while(|c| c.is_ascii_digit() || ".e+-".contains(*c)).collect();
    let rest = memsize[number.len()..].trim_start();
    let shift = match rest.chars().next().filter(|c| *c != 'b' && *c != 'B') {
        None => 0,
        Some('k') => 10,
        Some('M') => 20,
        Some('G') => 30,
        Some('T') => 40,
        Some('E') => 50,
        Some(p) => return Err(fail(call.span, format!("memcached_max_memory(): Unknown prefix {p}"))),
    };
    let bytes = (number.parse::<f64>().unwrap_or(0.0) * (1u64 << shift) as f64) as i64;
    let fraction: f64 =
        percent.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect::<String>().parse().unwrap_or(0.0);
    Ok(Value::Integer(((bytes / (1 << 20)) as f64 * (fraction / 100.0)).floor() as i64))
}
