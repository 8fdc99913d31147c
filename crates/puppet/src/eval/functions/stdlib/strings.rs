//! stdlib's string and small conversion functions that Debian's modules do
//! not call but stdlib provides: `reverse`, `swapcase`, `squeeze`,
//! `regexpescape`, `dos2unix`/`unix2dos`, `num2bool`, `clamp`,
//! `get_module_path`, `stdlib::extname`.

use confer_core::value::to_s;
use confer_core::Value;

use crate::eval::flow::{fail, EvalResult, Flow};
use crate::eval::functions::{Builtin, Call};

/// The string functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::legacy("reverse", -1, reverse),
    Builtin::legacy("swapcase", -1, |call| each_string(call, swapcase)),
    Builtin::legacy("regexpescape", -1, |call| each_string(call, regexp_escape)),
    Builtin::legacy("dos2unix", 1, |call| line_endings(call, |s| s.replace("\r\n", "\n"))),
    Builtin::legacy("unix2dos", 1, |call| line_endings(call, |s| s.replace("\r\n", "\n").replace('\n', "\r\n"))),
    Builtin::legacy("num2bool", -1, num2bool),
    Builtin::legacy("get_module_path", -1, get_module_path),
    Builtin::new("stdlib::extname", &["String filename"], extname),
    Builtin::legacy("to_bytes", -1, to_bytes),
    Builtin::legacy("convert_base", 2, convert_base),
];

fn error(call: &Call<'_, '_>, message: impl Into<String>) -> Flow {
    fail(call.span, message.into())
}

/// Ruby's `Regexp.escape`.
fn regexp_escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            ' ' => out.push_str("\\ "),
            c if ".*?+^$|()[]{}\\/-#".contains(c) => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// Ruby's `swapcase`.
fn swapcase(s: &str) -> String {
    s.chars()
        .flat_map(|c| if c.is_uppercase() { c.to_lowercase().collect::<Vec<_>>() } else { c.to_uppercase().collect() })
        .collect()
}

/// The argument of `reverse`, `swapcase` and `regexpescape`, or stdlib's
/// complaint that there is none.
fn string_or_array<'v>(call: &'v Call<'_, '_>) -> EvalResult<&'v Value> {
    let name = call.name;
    call.args.first().ok_or_else(|| error(call, format!("{name}(): Wrong number of arguments given (0 for 1)")))
}

/// stdlib's complaint about an argument that is neither a string nor an array.
fn neither(call: &Call<'_, '_>) -> Flow {
    error(call, format!("{}(): Requires either array or string to work with", call.name))
}

/// `reverse`: a string's characters or an array's elements in reverse order.
fn reverse(call: &mut Call<'_, '_>) -> EvalResult {
    match string_or_array(call)? {
        Value::String(s) => Ok(Value::from(s.chars().rev().collect::<String>())),
        Value::Array(items) => Ok(Value::array(items.iter().rev().cloned().collect())),
        _ => Err(neither(call)),
    }
}

/// `swapcase` and `regexpescape`: `apply` on a string, or on each string of
/// an array.
fn each_string(call: &mut Call<'_, '_>, apply: fn(&str) -> String) -> EvalResult {
    match string_or_array(call)? {
        Value::String(s) => Ok(Value::from(apply(s))),
        Value::Array(items) => Ok(Value::array(
            items.iter().map(|i| if let Value::String(s) = i { Value::from(apply(s)) } else { i.clone() }).collect(),
        )),
        _ => Err(neither(call)),
    }
}

/// `dos2unix` and `unix2dos`: the string with its line endings `convert`ed.
fn line_endings(call: &mut Call<'_, '_>, convert: fn(&str) -> String) -> EvalResult {
    let name = call.name;
    let Some(Value::String(s)) = call.args.first() else {
        return Err(error(call, format!("{name}(): Requires string as argument")));
    };
    Ok(Value::from(convert(s)))
}

/// `num2bool(n)`: whether the number (or numeric string) is above zero.
fn num2bool(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() != 1 {
        return Err(error(call, format!("num2bool(): Wrong number of arguments given ({} for 1)", call.args.len())));
    }
    let n = match &call.args[0] {
        Value::Integer(i) => *i as f64,
        Value::Float(f) => *f,
        Value::String(s) => s.trim().parse::<f64>().map_err(|_| {
            error(call, format!("num2bool(): '{s}' does not look like a number: invalid value for Float(): {s:?}"))
        })?,
        Value::Boolean(_) | Value::Undef => 0.0,
        other => to_s(other).parse::<f64>().unwrap_or(0.0),
    };
    Ok(Value::Boolean(n.trunc() > 0.0))
}

/// `get_module_path(name)`: the module's directory.
fn get_module_path(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() != 1 {
        return Err(error(call, "get_module_path(): Wrong number of arguments, expects one"));
    }
    let name = to_s(&call.args[0]);
    match call.host.module_dir(&name) {
        Some(dir) => Ok(Value::from(dir.display().to_string())),
        None => Err(error(call, format!("Could not find module {name} in environment production"))),
    }
}

/// `stdlib::extname(path)`: Ruby's `File.extname`.
fn extname(call: &mut Call<'_, '_>) -> EvalResult {
    let path = to_s(&call.args[0]);
    let base = path.rsplit('/').next().unwrap_or("");
    let trimmed = base.trim_start_matches('.');
    Ok(Value::from(match trimmed.rfind('.') {
        Some(i) if i + 1 < trimmed.len() => trimmed[i..].to_string(),
        _ => String::new(),
    }))
}

/// `to_bytes('4 kB')`: a size with a binary prefix, in bytes.
/// Ruby's `String#to_f`: the longest leading float (sign, digits, a
/// fraction, an exponent), 0.0 when there is none (`'-1+1'` is -1.0).
fn ruby_to_f(s: &str) -> f64 {
    let b = s.as_bytes();
    let mut i = 0;
    if matches!(b.first(), Some(b'+' | b'-')) {
        i = 1;
    }
    let digits = |mut j: usize| {
        while b.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        j
    };
    let int_end = digits(i);
    if int_end == i {
        return 0.0;
    }
    let mut end = int_end;
    if b.get(end) == Some(&b'.') && b.get(end + 1).is_some_and(u8::is_ascii_digit) {
        end = digits(end + 1);
    }
    if matches!(b.get(end), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(b.get(end + 1), Some(b'+' | b'-')));
        let exp_end = digits(end + 1 + sign);
        if exp_end > end + 1 + sign {
            end = exp_end;
        }
    }
    s[..end].parse().unwrap_or(0.0)
}

fn to_bytes(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() != 1 {
        return Err(error(call, format!("to_bytes(): Wrong number of arguments given ({} for 1)", call.args.len())));
    }
    let text = match &call.args[0] {
        v @ (Value::Integer(_) | Value::Float(_)) => return Ok(v.clone()),
        Value::String(s) => s.to_string(),
        // The pattern match Ruby then makes takes only a String.
        other => {
            let what = match other {
                Value::Boolean(b) => b.to_string(),
                Value::Undef => "nil".to_string(),
                v => crate::eval::functions::ruby::class(v).to_string(),
            };
            return Err(error(call, format!("no implicit conversion of {what} into String")));
        }
    };
    let number: String = text.chars().take_while(|c| c.is_ascii_digit() || ".e+-".contains(*c)).collect();
    let rest = text[number.len()..].trim_start();
    let prefix = rest.chars().next().filter(|c| *c != 'b' && *c != 'B');
    let value = ruby_to_f(&number);
    let shift = match prefix {
        None => 0,
        Some('k') => 10,
        Some('M') => 20,
        Some('G') => 30,
        Some('T') => 40,
        Some('P') => 50,
        Some('E') => 60,
        Some(p) => return Err(error(call, format!("to_bytes(): Unknown prefix {p}"))),
    };
    let bytes = value * (1u64 << shift) as f64;
    if !bytes.is_finite() || bytes.abs() >= 9.2e18 {
        return Err(error(call, "to_bytes(): result is outside of the Integer range"));
    }
    Ok(Value::Integer(bytes as i64))
}

/// `convert_base(n, base)`: `n` written in `base` (2 to 36).
fn convert_base(call: &mut Call<'_, '_>) -> EvalResult {
    let digits_only = |v: &Value| v.as_str().is_some_and(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit()));
    for (i, which) in [(0, "First"), (1, "Second")] {
        if !matches!(call.args[i], Value::Integer(_) | Value::String(_)) {
            return Err(error(call, format!("convert_base(): {which} argument must be either a string or an integer")));
        }
        if matches!(call.args[i], Value::String(_)) && !digits_only(&call.args[i]) {
            return Err(error(
                call,
                "convert_base(): First argument must be an integer or a string corresponding to an integer in base 10",
            ));
        }
    }
    let as_int = |v: &Value| match v {
        Value::Integer(i) => *i,
        other => to_s(other).parse::<i64>().unwrap_or(0),
    };
    let (n, base) = (as_int(&call.args[0]), as_int(&call.args[1]));
    if !(2..=36).contains(&base) {
        return Err(error(call, "convert_base(): base must be at least 2 and must not be greater than 36"));
    }
    let mut digits = Vec::new();
    let mut m = n.unsigned_abs();
    loop {
        digits.push(std::char::from_digit((m % base as u64) as u32, base as u32).unwrap_or('0'));
        m /= base as u64;
        if m == 0 {
            break;
        }
    }
    if n < 0 {
        digits.push('-');
    }
    Ok(Value::from(digits.into_iter().rev().collect::<String>()))
}
