//! stdlib's `validate_legacy`, the `validate_*` functions it wraps and the
//! `is_*` tests: checks that fail compilation with stdlib's messages.

use std::net::IpAddr;

use confer_core::types::instance_of;
use confer_core::value::to_s;
use confer_core::Value;

use super::ruby::{class, inspect};
use crate::eval::calls::CallStyle;
use crate::eval::flow::{fail, EvalResult, Flow};
use crate::eval::functions::{Builtin, Call};
use crate::log::Level;

/// The deprecation stdlib's Puppet 4 wrappers of these functions print
/// when Puppet code calls them (not when `validate_legacy` does): the key
/// and the message, as stdlib declares them (`is_ipv6_address` shares its
/// key with `is_ipv4_address` there).
pub(super) fn deprecated(name: &str) -> Option<(&'static str, String)> {
    let legacy = |with: &str| {
        format!("This method is deprecated, please use the stdlib validate_legacy function,\n                    with {with}. There is further documentation for validate_legacy function in the README.")
    };
    let matching = |with: &str| {
        format!("This method is deprecated, please use match expressions with Stdlib::Compat::{with} instead. They are described at https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions.")
    };
    Some(match name {
        "is_absolute_path" => ("is_absolute_path", matching("Absolute_Path")),
        "is_array" => ("is_array", matching("Array")),
        "is_bool" => ("is_bool", matching("Bool")),
        "is_float" => ("is_float", matching("Float")),
        "is_ip_address" => ("is_ip_address", matching("Ip_address")),
        "is_ipv4_address" => ("is_ipv4_address", matching("Ipv4")),
        "is_ipv6_address" => ("is_ipv4_address", matching("Ipv6")),
        "is_numeric" => ("is_numeric", matching("Numeric")),
        "is_string" => ("is_string", matching("String")),
        "validate_absolute_path" => ("validate_absolute_path", legacy("Stdlib::Compat::Absolute_Path")),
        "validate_array" => ("validate_array", legacy("Stdlib::Compat::Array")),
        "validate_bool" => ("validate_bool", legacy("Stdlib::Compat::Bool")),
        "validate_hash" => ("validate_hash", legacy("Stdlib::Compat::Hash")),
        "validate_re" => ("validate_re", legacy("Pattern[]")),
        "validate_string" => ("validate_string", legacy("Stdlib::Compat::String")),
        "validate_slength" => ("validate_slength", legacy("String[]")),
        "validate_ip_address" => ("validate_ip_address", legacy("Stdlib::Compat::Ip_Address")),
        "validate_ipv4_address" => ("validate_ipv4_address", legacy("Stdlib::Compat::Ipv4_Address")),
        "validate_ipv6_address" => ("validate_ipv6_address", legacy("Stdlib::Compat::Ipv6_address")),
        "validate_integer" => ("validate_integer", legacy("Stdlib::Compat::Integer")),
        "validate_numeric" => ("validate_numeric", legacy("Stdlib::Compat::Numeric")),
        _ => return None,
    })
}

/// Prints the deprecation of a wrapped function called from Puppet code.
pub(super) fn warn_deprecated(call: &mut Call<'_, '_>) -> EvalResult<()> {
    match deprecated(call.name) {
        Some((key, message)) => super::scalars::stdlib_deprecation(call, key, &message),
        None => Ok(()),
    }
}

/// The validation functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::new(
        "validate_legacy",
        &[
            "Type target_type, String function_name, Any value, Any args*",
            "String type_string, String function_name, Any value, Any args*",
        ],
        validate_legacy,
    ),
    Builtin::new("is_a", &["Any value, Type type"], |call| match &call.args[1] {
        Value::Type(t) => Ok(Value::Boolean(instance_of(t, &call.args[0])?)),
        _ => Err(call.unexpected_args()),
    }),
    Builtin::new("type_of", &["Any value"], |call| {
        crate::eval::limits::detailed_type(&call.args[0])
            .map(Value::from_type)
            .map_err(|e| crate::eval::limits::exceeded(call.span, e))
    }),
    Builtin::legacy("validate_string", -1, validate_each),
    Builtin::legacy("validate_array", -1, validate_each),
    Builtin::legacy("validate_hash", -1, validate_each),
    Builtin::legacy("validate_bool", -1, validate_each),
    Builtin::legacy("validate_absolute_path", -1, validate_each),
    Builtin::legacy("validate_re", -1, validate_re),
    Builtin::legacy("validate_slength", -1, validate_slength),
    Builtin::legacy("validate_ip_address", -1, validate_ip),
    Builtin::legacy("validate_ipv4_address", -1, validate_ip),
    Builtin::legacy("validate_ipv6_address", -1, validate_ip),
    Builtin::legacy("is_mac_address", -1, is_pattern),
    Builtin::legacy("is_email_address", -1, is_pattern),
    Builtin::legacy("is_array", -1, is),
    Builtin::legacy("is_hash", -1, is),
    Builtin::legacy("is_string", -1, is),
    Builtin::legacy("is_bool", -1, is),
    Builtin::legacy("is_integer", -1, is),
    Builtin::legacy("is_numeric", -1, is),
    Builtin::legacy("is_float", -1, is),
    Builtin::legacy("is_ip_address", -1, is),
    Builtin::legacy("is_ipv4_address", -1, is),
    Builtin::legacy("is_ipv6_address", -1, is),
    Builtin::legacy("is_absolute_path", -1, is),
    Builtin::legacy("is_domain_name", -1, is),
    Builtin::legacy("validate_domain_name", -1, validate_with_is),
    Builtin::legacy("validate_email_address", -1, validate_with_is),
];

/// Whether a line is an integer as stdlib's `is_integer` pattern reads it:
/// an optional `-`, then `0` or digits without a leading zero.
fn integer_line(line: &str) -> bool {
    let digits = line.strip_prefix('-').unwrap_or(line);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && (digits == "0" || !digits.starts_with('0'))
}

/// How stdlib's `is_*` function `name` refuses `n` arguments, each in its
/// Ruby's own words: some check for exactly one, some only for none, some
/// write the count in parentheses.
fn is_arity_message(name: &str, n: usize) -> Option<String> {
    match name {
        // `if arguments.empty?`
        "is_array" | "is_string" => (n == 0).then(|| format!("{name}(): Wrong number of arguments given (0 for 1)")),
        // `if arguments.size != 1`, in parentheses
        "is_bool" | "is_hash" => (n != 1).then(|| format!("{name}(): Wrong number of arguments given ({n} for 1)")),
        // newfunction's `arity: 1`
        "is_absolute_path" => (n != 1).then(|| format!("{name}(): Wrong number of arguments given ({n} for 1)")),
        // `if arguments.size != 1`, without them
        "is_numeric" | "is_float" | "is_integer" | "is_ip_address" | "is_ipv4_address" | "is_ipv6_address"
        | "is_domain_name" | "is_email_address" | "is_mac_address" => {
            (n != 1).then(|| format!("{name}(): Wrong number of arguments given {n} for 1"))
        }
        _ => None,
    }
}

/// `validate_domain_name(s...)` and `validate_email_address(s...)`: each
/// argument must be a string that `is_domain_name` / `is_email_address`
/// accepts.
fn validate_with_is(call: &mut Call<'_, '_>) -> EvalResult {
    let name = call.name;
    let (test, what): (fn(&mut Call<'_, '_>) -> EvalResult, _) = match name {
        "validate_domain_name" => (is, ("is_domain_name", "a syntactically correct domain name")),
        _ => (is_pattern, ("is_email_address", "a valid email address")),
    };
    if call.args.is_empty() {
        return Err(fail(call.span, format!("{name}(): wrong number of arguments (0; must be > 0)")));
    }
    for arg in call.args.clone() {
        if !matches!(arg, Value::String(_)) {
            return Err(fail(call.span, format!("{} is not a string.", inspect(&arg))));
        }
        let mut inner = Call {
            ev: &mut *call.ev,
            name: what.0,
            args: vec![arg.clone()],
            lambda: None,
            span: call.span,
            scope: call.scope,
            signature: 0,
        };
        if !test(&mut inner)?.is_truthy() {
            return Err(fail(call.span, format!("{} is not {}", inspect(&arg), what.1)));
        }
    }
    Ok(Value::Undef)
}

/// Whether `path` is absolute, for Unix or Windows, as stdlib tests it.
fn absolute(path: &str) -> bool {
    let b = path.as_bytes();
    path.starts_with('/')
        || path.starts_with("\\\\")
        || (b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && (b[2] == b'/' || b[2] == b'\\'))
}

/// `validate_string(v...)` and its siblings: each argument must be of the
/// kind, or compilation fails.
fn validate_each(call: &mut Call<'_, '_>) -> EvalResult {
    warn_deprecated(call)?;
    check_each(call)
}

fn check_each(call: &mut Call<'_, '_>) -> EvalResult {
    let name = call.name;
    if call.args.is_empty() {
        return Err(fail(call.span, format!("{name}(): wrong number of arguments (0; must be > 0)")));
    }
    for arg in &call.args {
        let problem = match name {
            "validate_string" if !matches!(arg, Value::String(_) | Value::Undef) => {
                Some(format!("{} is not a string.  It looks to be a {}", inspect(arg), class(arg)))
            }
            "validate_array" if !matches!(arg, Value::Array(_)) => {
                Some(format!("{} is not an Array.  It looks to be a {}", inspect(arg), class(arg)))
            }
            "validate_hash" if !matches!(arg, Value::Hash(_)) => {
                Some(format!("{} is not a Hash.  It looks to be a {}", inspect(arg), class(arg)))
            }
            "validate_bool" if !matches!(arg, Value::Boolean(_)) => {
                Some(format!("{} is not a boolean.  It looks to be a {}", inspect(arg), class(arg)))
            }
            "validate_absolute_path" => {
                let paths: Vec<&Value> = match arg {
                    Value::Array(items) => items.iter().collect(),
                    other => vec![other],
                };
                paths
                    .into_iter()
                    .find(|p| !p.as_str().is_some_and(absolute))
                    .map(|p| format!("{} is not an absolute path.", inspect(p)))
            }
            _ => None,
        };
        if let Some(message) = problem {
            return Err(fail(call.span, message));
        }
    }
    Ok(Value::Undef)
}

/// `validate_re(s, regexps, message?)`.
fn validate_re(call: &mut Call<'_, '_>) -> EvalResult {
    warn_deprecated(call)?;
    check_re(call)
}

fn check_re(call: &mut Call<'_, '_>) -> EvalResult {
    if !(2..=3).contains(&call.args.len()) {
        return Err(fail(
            call.span,
            format!("validate_re(): wrong number of arguments ({}; must be 2 or 3)", call.args.len()),
        ));
    }
    let Value::String(s) = &call.args[0] else {
        return Err(fail(
            call.span,
            format!("validate_re(): input needs to be a String, not a {}", class(&call.args[0])),
        ));
    };
    let patterns: Vec<String> = match &call.args[1] {
        Value::Array(items) => items.iter().map(to_s).collect(),
        other => vec![to_s(other)],
    };
    for p in &patterns {
        let re = confer_core::Regexp::new(p).map_err(|e| fail(call.span, e.to_string()))?;
        if re.try_captures(s)?.is_some() {
            return Ok(Value::Undef);
        }
    }
    let message = match call.args.get(2) {
        Some(m) => to_s(m),
        None => format!("validate_re(): {} does not match {}", inspect(&call.args[0]), inspect(&call.args[1])),
    };
    Err(fail(call.span, message))
}

/// The `is_*` tests.
fn is(call: &mut Call<'_, '_>) -> EvalResult {
    warn_deprecated(call)?;
    let name = call.name;
    if let Some(message) = is_arity_message(name, call.args.len()) {
        return Err(fail(call.span, message));
    }
    let Some(v) = call.args.first() else {
        return Err(fail(call.span, format!("{name}(): Wrong number of arguments given (0 for 1)")));
    };
    let text = to_s(v);
    let numeric = |s: &str| s.parse::<f64>().is_ok() && !s.trim().is_empty() && !s.contains(char::is_whitespace);
    Ok(Value::Boolean(match name {
        "is_array" => matches!(v, Value::Array(_)),
        "is_hash" => matches!(v, Value::Hash(_)),
        "is_string" => matches!(v, Value::String(_)) && !numeric(&text) || v.is_undef(),
        "is_bool" => matches!(v, Value::Boolean(_)),
        // `value.match(%r{^-?(?:(?:[1-9]\d*)|0)$})`: Ruby's `^` and `$` match
        // at any line, so one line of digits is enough.
        "is_integer" => {
            matches!(v, Value::Integer(_)) || matches!(v, Value::String(_)) && text.split('\n').any(integer_line)
        }
        "is_float" => {
            matches!(v, Value::Float(_)) || matches!(v, Value::String(_)) && text.contains('.') && numeric(&text)
        }
        "is_numeric" => {
            matches!(v, Value::Integer(_) | Value::Float(_)) || matches!(v, Value::String(_)) && numeric(&text)
        }
        "is_ip_address" => text.parse::<IpAddr>().is_ok(),
        "is_ipv4_address" => matches!(text.parse::<IpAddr>(), Ok(IpAddr::V4(_))),
        "is_ipv6_address" => matches!(text.parse::<IpAddr>(), Ok(IpAddr::V6(_))),
        "is_absolute_path" => absolute(&text),
        _ => {
            let host = text.strip_suffix('.').unwrap_or(&text);
            !host.is_empty()
                && host.len() <= 255
                && host.split('.').all(|l| {
                    !l.is_empty()
                        && l.len() <= 63
                        && !l.starts_with('-')
                        && !l.ends_with('-')
                        && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                })
        }
    }))
}

/// `validate_legacy(Type, 'validate_fn', value, args...)`: the value must
/// be of the type. When the old validation function disagrees, Puppet says
/// so: a notice when only the old one rejects the value, a deprecation
/// warning when only the type does.
fn validate_legacy(call: &mut Call<'_, '_>) -> EvalResult {
    let t = match &call.args[0] {
        Value::Type(t) => confer_core::Type::clone(t),
        other => crate::eval::functions::signature::parse_type(call.ev, &to_s(other), call.span)?,
    };
    let function = to_s(&call.args[1]);
    let value = call.args[2].clone();
    let mut previous_args = vec![value.clone()];
    previous_args.extend(call.args[3..].iter().cloned());
    // The old function is called as Ruby calls it, without the deprecation
    // its Puppet 4 wrapper prints.
    let check: Option<fn(&mut Call<'_, '_>) -> EvalResult> = match function.as_str() {
        "validate_re" => Some(check_re),
        "validate_string" | "validate_array" | "validate_hash" | "validate_bool" | "validate_absolute_path" => {
            Some(check_each)
        }
        _ => None,
    };
    let result = match (check, FUNCTIONS.iter().find(|b| b.name == function)) {
        (Some(check), Some(builtin)) => {
            let mut inner = Call {
                ev: &mut *call.ev,
                name: builtin.name,
                args: previous_args,
                lambda: None,
                span: call.span,
                scope: call.scope,
                signature: 0,
            };
            check(&mut inner)
        }
        _ => call.ev.call_function(&function, previous_args, None, call.span, call.scope, CallStyle::ByName),
    };
    let previous_ok = match result {
        Ok(_) => true,
        Err(Flow::Error(_)) => false,
        Err(other) => return Err(other),
    };
    if instance_of(&t, &value)? {
        if !previous_ok {
            call.ev.log(Level::Notice, call.scope, format!("Accepting previously invalid value for target type '{t}'"));
        }
        return Ok(Value::Undef);
    }
    let message = format!("validate_legacy({function}) {}", confer_core::mismatch::describe(&t, &value));
    if previous_ok {
        super::scalars::stdlib_deprecation(call, "validate_legacy", &message)?;
        Ok(Value::Undef)
    } else {
        Err(fail(call.span, message))
    }
}

/// `validate_ip_address`, `validate_ipv4_address`, `validate_ipv6_address`:
/// each argument must be an address (of that family).
fn validate_ip(call: &mut Call<'_, '_>) -> EvalResult {
    warn_deprecated(call)?;
    let name = call.name;
    if call.args.is_empty() {
        return Err(fail(call.span, format!("{name}(): wrong number of arguments (0; must be > 0)")));
    }
    let (family, ok): (&str, fn(&IpAddr) -> bool) = match name {
        "validate_ipv4_address" => ("IPv4", IpAddr::is_ipv4),
        "validate_ipv6_address" => ("IPv6", IpAddr::is_ipv6),
        _ => ("IP", |_| true),
    };
    for arg in &call.args {
        let Value::String(s) = arg else {
            return Err(fail(call.span, format!("{} is not a string.", inspect(arg))));
        };
        let addr = s.split('/').next().unwrap_or(s).parse::<IpAddr>();
        if !addr.is_ok_and(|a| ok(&a)) {
            return Err(fail(call.span, format!("{} is not a valid {family} address.", inspect(arg))));
        }
    }
    Ok(Value::Undef)
}

/// `is_mac_address` and `is_email_address`: stdlib's regular expressions.
fn is_pattern(call: &mut Call<'_, '_>) -> EvalResult {
    let name = call.name;
    if call.args.len() != 1 {
        return Err(fail(call.span, format!("{name}(): Wrong number of arguments given {} for 1", call.args.len())));
    }
    let text = to_s(&call.args[0]);
    let patterns: &[&str] = if name == "is_mac_address" {
        &["(?i)^[a-f0-9]{1,2}(:[a-f0-9]{1,2}){5}$", "(?i)^[a-f0-9]{1,2}(:[a-f0-9]{1,2}){19}$"]
    } else {
        &[r"\A([\w+\-].?)+@[a-z\d\-]+(\.[a-z]+)*\.[a-z]+\z"]
    };
    for p in patterns {
        let re = confer_core::Regexp::new(p).map_err(|e| fail(call.span, e.to_string()))?;
        if re.try_captures(&text)?.is_some() {
            return Ok(Value::Boolean(true));
        }
    }
    Ok(Value::Boolean(false))
}

/// `validate_slength(string_or_strings, max, min = 0)`.
fn validate_slength(call: &mut Call<'_, '_>) -> EvalResult {
    warn_deprecated(call)?;
    let n = call.args.len();
    if !(2..=3).contains(&n) {
        return Err(fail(call.span, format!("validate_slength(): Wrong number of arguments ({n}; must be 2 or 3)")));
    }
    let int = |v: &Value| match v {
        Value::Integer(i) => Some(*i),
        Value::String(s) => s.trim().parse::<i64>().ok(),
        _ => None,
    };
    let max = int(&call.args[1]).filter(|m| *m > 0).ok_or_else(|| {
        let v = &call.args[1];
        fail(
            call.span,
            format!(
                "validate_slength(): Expected second argument to be a positive Numeric, got {}:{}",
                to_s(v),
                class(v)
            ),
        )
    })?;
    let min = match call.args.get(2) {
        None | Some(Value::Undef) => 0,
        Some(v) => int(v).filter(|m| *m >= 0).ok_or_else(|| {
            fail(
                call.span,
                format!(
                    "validate_slength(): Expected third argument to be unset or a positive Numeric, got {}:{}",
                    to_s(v),
                    class(v)
                ),
            )
        })?,
    };
    if max < min {
        return Err(fail(
            call.span,
            "validate_slength(): Expected second argument to be equal to or larger than third argument",
        ));
    }
    let check = |s: &str| -> EvalResult<()> {
        let len = s.chars().count() as i64;
        if len > max || len < min {
            return Err(fail(
                call.span,
                format!(
                    "validate_slength(): Expected length of {} to be between {min} and {max}, was {len}",
                    inspect(&Value::from(s))
                ),
            ));
        }
        Ok(())
    };
    match &call.args[0] {
        Value::String(s) => check(s)?,
        Value::Array(items) => {
            for (pos, item) in items.iter().enumerate() {
                let Value::String(s) = item else {
                    return Err(fail(
                        call.span,
                        format!(
                            "validate_slength(): Expected element at array position {pos} to be a String, got {}",
                            class(item)
                        ),
                    ));
                };
                check(s)?;
            }
        }
        other => {
            return Err(fail(
                call.span,
                format!("validate_slength(): Expected first argument to be a String or Array, got {}", class(other)),
            ))
        }
    }
    Ok(Value::Undef)
}
