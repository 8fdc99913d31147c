//! stdlib's `validate_legacy`, the `validate_*` functions it wraps and the
//! `is_*` tests: checks that fail compilation with stdlib's messages.

use std::net::IpAddr;

use confer_core::types::instance_of;
use confer_core::value::to_s;
use confer_core::Value;

use super::ruby::{class, inspect};
use crate::eval::flow::{fail, EvalResult, Flow};
use crate::eval::functions::{Builtin, Call, Deprecation, Run};
use crate::log::Level;

/// The deprecation stdlib's Puppet 4 wrapper of a `validate_*` function
/// prints when Puppet code calls it (not when `validate_legacy` does): use
/// `validate_legacy` with the type `$with`.
macro_rules! use_validate_legacy {
    ($key:literal, $with:literal) => {
        Deprecation::Stdlib {
            key: $key,
            message: concat!(
                "This method is deprecated, please use the stdlib validate_legacy function,\n                    with ",
                $with,
                ". There is further documentation for validate_legacy function in the README."
            ),
        }
    };
}
pub(super) use use_validate_legacy;

/// The deprecation stdlib's Puppet 4 wrapper of an `is_*` function prints:
/// use a match with `Stdlib::Compat::$with`. The key is stdlib's
/// (`is_ipv6_address` shares `is_ipv4_address`'s there).
macro_rules! use_match {
    ($key:literal, $with:literal) => {
        Deprecation::Stdlib {
            key: $key,
            message: concat!(
                "This method is deprecated, please use match expressions with Stdlib::Compat::",
                $with,
                " instead. They are described at https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions."
            ),
        }
    };
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
    Builtin::new("is_a", &["Any value, Type type"], |call| {
        Ok(Value::Boolean(instance_of(call.arg(1)?, call.arg(0)?)?))
    }),
    Builtin::new("type_of", &["Any value"], |call| {
        crate::eval::limits::detailed_type(&call.args[0])
            .map(Value::from_type)
            .map_err(|e| crate::eval::limits::exceeded(call.span, e))
    }),
    Builtin::legacy("validate_string", -1, |call| check_each(call, Each::String))
        .deprecated(use_validate_legacy!("validate_string", "Stdlib::Compat::String")),
    Builtin::legacy("validate_array", -1, |call| check_each(call, Each::Array))
        .deprecated(use_validate_legacy!("validate_array", "Stdlib::Compat::Array")),
    Builtin::legacy("validate_hash", -1, |call| check_each(call, Each::Hash))
        .deprecated(use_validate_legacy!("validate_hash", "Stdlib::Compat::Hash")),
    Builtin::legacy("validate_bool", -1, |call| check_each(call, Each::Bool))
        .deprecated(use_validate_legacy!("validate_bool", "Stdlib::Compat::Bool")),
    Builtin::legacy("validate_absolute_path", -1, |call| check_each(call, Each::AbsolutePath))
        .deprecated(use_validate_legacy!("validate_absolute_path", "Stdlib::Compat::Absolute_Path")),
    Builtin::legacy("validate_re", -1, check_re).deprecated(use_validate_legacy!("validate_re", "Pattern[]")),
    Builtin::legacy("validate_slength", -1, validate_slength)
        .deprecated(use_validate_legacy!("validate_slength", "String[]")),
    Builtin::legacy("validate_ip_address", -1, |call| validate_ip(call, "IP", |_| true))
        .deprecated(use_validate_legacy!("validate_ip_address", "Stdlib::Compat::Ip_Address")),
    Builtin::legacy("validate_ipv4_address", -1, |call| validate_ip(call, "IPv4", IpAddr::is_ipv4))
        .deprecated(use_validate_legacy!("validate_ipv4_address", "Stdlib::Compat::Ipv4_Address")),
    Builtin::legacy("validate_ipv6_address", -1, |call| validate_ip(call, "IPv6", IpAddr::is_ipv6))
        .deprecated(use_validate_legacy!("validate_ipv6_address", "Stdlib::Compat::Ipv6_address")),
    Builtin::legacy("is_mac_address", -1, |call| is_pattern(call, MAC_ADDRESS)),
    Builtin::legacy("is_email_address", -1, |call| is_pattern(call, EMAIL_ADDRESS)),
    Builtin::legacy("is_array", -1, |call| is(call, Is::Array)).deprecated(use_match!("is_array", "Array")),
    Builtin::legacy("is_hash", -1, |call| is(call, Is::Hash)),
    Builtin::legacy("is_string", -1, |call| is(call, Is::String)).deprecated(use_match!("is_string", "String")),
    Builtin::legacy("is_bool", -1, |call| is(call, Is::Bool)).deprecated(use_match!("is_bool", "Bool")),
    Builtin::legacy("is_integer", -1, |call| is(call, Is::Integer)),
    Builtin::legacy("is_numeric", -1, |call| is(call, Is::Numeric)).deprecated(use_match!("is_numeric", "Numeric")),
    Builtin::legacy("is_float", -1, |call| is(call, Is::Float)).deprecated(use_match!("is_float", "Float")),
    Builtin::legacy("is_ip_address", -1, |call| is(call, Is::IpAddress))
        .deprecated(use_match!("is_ip_address", "Ip_address")),
    Builtin::legacy("is_ipv4_address", -1, |call| is(call, Is::Ipv4Address))
        .deprecated(use_match!("is_ipv4_address", "Ipv4")),
    Builtin::legacy("is_ipv6_address", -1, |call| is(call, Is::Ipv6Address))
        .deprecated(use_match!("is_ipv4_address", "Ipv6")),
    Builtin::legacy("is_absolute_path", -1, |call| is(call, Is::AbsolutePath))
        .deprecated(use_match!("is_absolute_path", "Absolute_Path")),
    Builtin::legacy("is_domain_name", -1, |call| is(call, Is::DomainName)),
    Builtin::legacy("validate_domain_name", -1, |call| {
        validate_with_is(call, |c| is(c, Is::DomainName), "is_domain_name", "a syntactically correct domain name")
    }),
    Builtin::legacy("validate_email_address", -1, |call| {
        validate_with_is(call, |c| is_pattern(c, EMAIL_ADDRESS), "is_email_address", "a valid email address")
    }),
];

/// Whether a line is an integer as stdlib's `is_integer` pattern reads it:
/// an optional `-`, then `0` or digits without a leading zero.
fn integer_line(line: &str) -> bool {
    let digits = line.strip_prefix('-').unwrap_or(line);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && (digits == "0" || !digits.starts_with('0'))
}

/// What one of stdlib's `is_*` functions tests.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Is {
    Array,
    Hash,
    String,
    Bool,
    Integer,
    Numeric,
    Float,
    IpAddress,
    Ipv4Address,
    Ipv6Address,
    AbsolutePath,
    DomainName,
}

/// How stdlib's `is_*` function `name`, testing `test`, refuses `n`
/// arguments, each in its Ruby's own words: some check for exactly one,
/// some only for none, some write the count in parentheses.
fn is_arity_message(name: &str, test: Is, n: usize) -> Option<String> {
    match test {
        // `if arguments.empty?`
        Is::Array | Is::String => (n == 0).then(|| format!("{name}(): Wrong number of arguments given (0 for 1)")),
        // `if arguments.size != 1`, in parentheses; `is_absolute_path`'s
        // newfunction `arity: 1` words it the same
        Is::Bool | Is::Hash | Is::AbsolutePath => {
            (n != 1).then(|| format!("{name}(): Wrong number of arguments given ({n} for 1)"))
        }
        // `if arguments.size != 1`, without them
        Is::Numeric | Is::Float | Is::Integer | Is::IpAddress | Is::Ipv4Address | Is::Ipv6Address | Is::DomainName => {
            (n != 1).then(|| format!("{name}(): Wrong number of arguments given {n} for 1"))
        }
    }
}

/// `validate_domain_name(s...)` and `validate_email_address(s...)`: each
/// argument must be a string that `test`, the function `test_name` (say
/// `is_domain_name`), accepts; otherwise it is not `what`.
fn validate_with_is(call: &mut Call<'_, '_>, test: Run, test_name: &'static str, what: &str) -> EvalResult {
    let name = call.name;
    if call.args.is_empty() {
        return Err(fail(call.span, format!("{name}(): wrong number of arguments (0; must be > 0)")));
    }
    for arg in call.args.clone() {
        if !matches!(arg, Value::String(_)) {
            return Err(fail(call.span, format!("{} is not a string.", inspect(&arg))));
        }
        let mut inner = Call {
            host: &mut *call.host,
            name: test_name,
            args: vec![arg.clone()],
            lambda: None,
            span: call.span,
            scope: call.scope,
        };
        if !test(&mut inner)?.is_truthy() {
            return Err(fail(call.span, format!("{} is not {what}", inspect(&arg))));
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

/// What `validate_string` and its siblings require of each argument.
#[derive(Clone, Copy)]
enum Each {
    String,
    Array,
    Hash,
    Bool,
    AbsolutePath,
}

/// `validate_string(v...)` and its siblings: each argument must be of the
/// kind, or compilation fails.
fn check_each(call: &mut Call<'_, '_>, each: Each) -> EvalResult {
    let name = call.name;
    if call.args.is_empty() {
        return Err(fail(call.span, format!("{name}(): wrong number of arguments (0; must be > 0)")));
    }
    for arg in &call.args {
        let problem = match each {
            Each::String if !matches!(arg, Value::String(_) | Value::Undef) => {
                Some(format!("{} is not a string.  It looks to be a {}", inspect(arg), class(arg)))
            }
            Each::Array if !matches!(arg, Value::Array(_)) => {
                Some(format!("{} is not an Array.  It looks to be a {}", inspect(arg), class(arg)))
            }
            Each::Hash if !matches!(arg, Value::Hash(_)) => {
                Some(format!("{} is not a Hash.  It looks to be a {}", inspect(arg), class(arg)))
            }
            Each::Bool if !matches!(arg, Value::Boolean(_)) => {
                Some(format!("{} is not a boolean.  It looks to be a {}", inspect(arg), class(arg)))
            }
            Each::AbsolutePath => {
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
fn is(call: &mut Call<'_, '_>, test: Is) -> EvalResult {
    let name = call.name;
    if let Some(message) = is_arity_message(name, test, call.args.len()) {
        return Err(fail(call.span, message));
    }
    let Some(v) = call.args.first() else {
        return Err(fail(call.span, format!("{name}(): Wrong number of arguments given (0 for 1)")));
    };
    let text = to_s(v);
    let numeric = |s: &str| s.parse::<f64>().is_ok() && !s.trim().is_empty() && !s.contains(char::is_whitespace);
    Ok(Value::Boolean(match test {
        Is::Array => matches!(v, Value::Array(_)),
        Is::Hash => matches!(v, Value::Hash(_)),
        Is::String => matches!(v, Value::String(_)) && !numeric(&text) || v.is_undef(),
        Is::Bool => matches!(v, Value::Boolean(_)),
        // `value.match(%r{^-?(?:(?:[1-9]\d*)|0)$})`: Ruby's `^` and `$` match
        // at any line, so one line of digits is enough.
        Is::Integer => {
            matches!(v, Value::Integer(_)) || matches!(v, Value::String(_)) && text.split('\n').any(integer_line)
        }
        Is::Float => {
            matches!(v, Value::Float(_)) || matches!(v, Value::String(_)) && text.contains('.') && numeric(&text)
        }
        Is::Numeric => {
            matches!(v, Value::Integer(_) | Value::Float(_)) || matches!(v, Value::String(_)) && numeric(&text)
        }
        Is::IpAddress => text.parse::<IpAddr>().is_ok(),
        Is::Ipv4Address => matches!(text.parse::<IpAddr>(), Ok(IpAddr::V4(_))),
        Is::Ipv6Address => matches!(text.parse::<IpAddr>(), Ok(IpAddr::V6(_))),
        Is::AbsolutePath => absolute(&text),
        Is::DomainName => {
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
        other => call.host.parse_type(&to_s(other), call.span)?,
    };
    let function = to_s(&call.args[1]);
    let value = call.args[2].clone();
    let mut previous_args = vec![value.clone()];
    previous_args.extend(call.args[3..].iter().cloned());
    // The old function is called as Ruby calls it, without the deprecation
    // its Puppet 4 wrapper prints.
    let check: Option<Run> = match function.as_str() {
        "validate_re" => Some(check_re),
        "validate_string" => Some(|call| check_each(call, Each::String)),
        "validate_array" => Some(|call| check_each(call, Each::Array)),
        "validate_hash" => Some(|call| check_each(call, Each::Hash)),
        "validate_bool" => Some(|call| check_each(call, Each::Bool)),
        "validate_absolute_path" => Some(|call| check_each(call, Each::AbsolutePath)),
        _ => None,
    };
    let result = match (check, FUNCTIONS.iter().find(|b| b.name == function)) {
        (Some(check), Some(builtin)) => {
            let mut inner = Call {
                host: &mut *call.host,
                name: builtin.name,
                args: previous_args,
                lambda: None,
                span: call.span,
                scope: call.scope,
            };
            check(&mut inner)
        }
        _ => call.host.call_function(&function, previous_args, None, call.span, call.scope),
    };
    let previous_ok = match result {
        Ok(_) => true,
        Err(Flow::Error(_)) => false,
        Err(other) => return Err(other),
    };
    if instance_of(&t, &value)? {
        if !previous_ok {
            call.host.log(
                Level::Notice,
                call.scope,
                format!("Accepting previously invalid value for target type '{t}'"),
            );
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
/// each argument must be an address `ok` accepts, one of `family` (as the
/// message names it).
fn validate_ip(call: &mut Call<'_, '_>, family: &str, ok: fn(&IpAddr) -> bool) -> EvalResult {
    let name = call.name;
    if call.args.is_empty() {
        return Err(fail(call.span, format!("{name}(): wrong number of arguments (0; must be > 0)")));
    }
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

/// stdlib's `is_mac_address` patterns.
const MAC_ADDRESS: &[&str] = &["(?i)^[a-f0-9]{1,2}(:[a-f0-9]{1,2}){5}$", "(?i)^[a-f0-9]{1,2}(:[a-f0-9]{1,2}){19}$"];

/// stdlib's `is_email_address` pattern.
const EMAIL_ADDRESS: &[&str] = &[r"\A([\w+\-].?)+@[a-z\d\-]+(\.[a-z]+)*\.[a-z]+\z"];

/// `is_mac_address` and `is_email_address`: whether the argument matches
/// one of stdlib's regular expressions `patterns`.
fn is_pattern(call: &mut Call<'_, '_>, patterns: &[&str]) -> EvalResult {
    let name = call.name;
    if call.args.len() != 1 {
        return Err(fail(call.span, format!("{name}(): Wrong number of arguments given {} for 1", call.args.len())));
    }
    let text = to_s(&call.args[0]);
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
