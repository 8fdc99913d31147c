//! Small Ruby functions of Debian's modules that their manifests and
//! templates call: `apache::bool2httpd` and `memcached::max_memory`. Each is
//! present only when its module is on the module path.

use confer_core::value::to_s;
use confer_core::Value;

use super::{Builtin, Call};
use crate::eval::flow::{fail, EvalResult};

/// apache's functions.
pub(crate) const APACHE: &[Builtin] = &[Builtin::new("apache::bool2httpd", &["Any arg"], bool2httpd)];

/// memcached's functions.
pub(crate) const MEMCACHED: &[Builtin] = &[Builtin::new("memcached::max_memory", &["Any arg"], max_memory)];

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
    confer_erb::RValue::to_s(&confer_erb::from_puppet(v))
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
    let memsize = match call.ev.lookup_quietly("facts", call.scope) {
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
