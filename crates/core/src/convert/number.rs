//! `Integer.new`, `Float.new` and `Numeric.new`.

use super::{invalid, ConvertError};
use crate::Value;

/// The radix a string announces with its prefix, and the digits after it.
fn split_prefix(s: &str) -> (Option<u32>, &str) {
    let lower = s.get(..2).map(str::to_ascii_lowercase);
    match lower.as_deref() {
        Some("0x") => (Some(16), &s[2..]),
        Some("0b") => (Some(2), &s[2..]),
        _ if s.len() > 1 && s.starts_with('0') => (Some(8), &s[1..]),
        _ => (None, s),
    }
}

/// Parses an integer string: optional sign, then digits whose radix comes
/// from `radix` or, when that is `None`, from the prefix (`0x`, `0b`, `0`).
pub fn parse_integer(text: &str, radix: Option<u32>) -> Result<i64, ConvertError> {
    let cannot = || invalid(format!("The string '{text}' cannot be converted to Integer"));
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (prefixed, digits) = split_prefix(body);
    let radix = match (radix, prefixed) {
        (None, p) => p.unwrap_or(10),
        (Some(r), Some(p)) if r == p => r,
        (Some(8), Some(_)) | (Some(10), Some(8)) => {
            return parse_integer_plain(body, radix.unwrap_or(10), negative).ok_or_else(cannot)
        }
        (Some(_), Some(_)) => return Err(cannot()),
        (Some(r), None) => r,
    };
    parse_integer_plain(digits, radix, negative).ok_or_else(cannot)
}

fn parse_integer_plain(digits: &str, radix: u32, negative: bool) -> Option<i64> {
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let magnitude = i128::from_str_radix(digits, radix).ok()?;
    i64::try_from(if negative { -magnitude } else { magnitude }).ok()
}

/// A radix argument: 2, 8, 10, 16 or `default`.
fn radix_arg(v: Option<&Value>) -> Result<Option<u32>, ConvertError> {
    match v {
        None | Some(Value::Default) => Ok(None),
        Some(Value::Integer(r @ (2 | 8 | 10 | 16))) => Ok(Some(*r as u32)),
        Some(other) => {
            Err(invalid(format!("Illegal radix: {}, expected 2, 8, 10, 16, or default", crate::value::to_s(other))))
        }
    }
}

/// `Integer.new(value, radix = default)` and the `{from => …, radix => …}` form.
pub fn integer(args: &[Value]) -> Result<Value, ConvertError> {
    let (from, radix) = match args {
        [Value::Hash(h)] => {
            (h.get(&Value::from("from")).cloned().unwrap_or(Value::Undef), h.get(&Value::from("radix")).cloned())
        }
        [v] => (v.clone(), None),
        [v, r] => (v.clone(), Some(r.clone())),
        _ => return Err(invalid(format!("'new' for Integer expects 1 or 2 arguments, got {}", args.len()))),
    };
    let radix = radix_arg(radix.as_ref())?;
    Ok(Value::Integer(match &from {
        Value::Integer(i) => *i,
        Value::Float(f) if f.is_finite() && f.abs() < 9.2e18 => f.trunc() as i64,
        Value::Boolean(b) => i64::from(*b),
        Value::String(s) => parse_integer(s, radix)?,
        // A Timestamp converts to its whole seconds since the epoch (rounded down).
        Value::Timestamp(t) => i64::try_from(t.div_euclid(crate::value::timestamp::NANOS_PER_SEC))
            .map_err(|_| invalid("The Timestamp is out of range for an Integer"))?,
        other => return Err(invalid(format!("Value of type {} cannot be converted to Integer", other.type_name()))),
    }))
}

/// Parses a float string; hexadecimal and binary integer forms are accepted
/// too (but not octal, since a float may start with 0).
pub fn parse_float(text: &str) -> Result<f64, ConvertError> {
    let cannot = || invalid(format!("The string '{text}' cannot be converted to Float"));
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let lower = body.get(..2).map(str::to_ascii_lowercase);
    let magnitude = match lower.as_deref() {
        Some("0x") => parse_integer_plain(&body[2..], 16, false).map(|i| i as f64),
        Some("0b") => parse_integer_plain(&body[2..], 2, false).map(|i| i as f64),
        _ => {
            let ok = body.chars().next().is_some_and(|c| c.is_ascii_digit())
                && body.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '-' | '+'));
            if ok {
                body.parse::<f64>().ok()
            } else {
                None
            }
        }
    }
    .ok_or_else(cannot)?;
    Ok(if negative { -magnitude } else { magnitude })
}

/// `Float.new(value)`.
pub fn float(args: &[Value]) -> Result<Value, ConvertError> {
    let v = match args {
        [Value::Hash(h)] => h.get(&Value::from("from")).cloned().unwrap_or(Value::Undef),
        [v] => v.clone(),
        _ => return Err(invalid(format!("'new' for Float expects 1 argument, got {}", args.len()))),
    };
    Ok(Value::Float(match &v {
        Value::Float(f) => *f,
        Value::Integer(i) => *i as f64,
        Value::Boolean(b) => f64::from(u8::from(*b)),
        Value::String(s) => parse_float(s)?,
        Value::Timestamp(t) => *t as f64 / 1e9,
        other => return Err(invalid(format!("Value of type {} cannot be converted to Float", other.type_name()))),
    }))
}

/// `Numeric.new(value)`: a Float when the string has a fraction or an
/// exponent, an Integer otherwise.
pub fn numeric(args: &[Value]) -> Result<Value, ConvertError> {
    let v = match args {
        [Value::Hash(h)] => h.get(&Value::from("from")).cloned().unwrap_or(Value::Undef),
        [v] => v.clone(),
        _ => return Err(invalid(format!("'new' for Numeric expects 1 argument, got {}", args.len()))),
    };
    match &v {
        Value::Integer(_) | Value::Float(_) => Ok(v),
        Value::Boolean(b) => Ok(Value::Integer(i64::from(*b))),
        // Puppet gives a Timestamp's seconds as a Float, whole or not.
        Value::Timestamp(t) => Ok(Value::Float(*t as f64 / 1e9)),
        Value::String(s) => {
            let is_hex = s.trim_start_matches(['-', '+']).to_ascii_lowercase().starts_with("0x");
            if !is_hex && s.contains(['.', 'e', 'E']) {
                parse_float(s).map(Value::Float)
            } else {
                parse_integer(s, None)
                    .map(Value::Integer)
                    .map_err(|_| invalid(format!("The string '{s}' cannot be converted to Numeric")))
            }
        }
        other => Err(invalid(format!("Value of type {} cannot be converted to Numeric", other.type_name()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_follow_the_radix_rules() {
        assert_eq!(parse_integer("0xFF", None), Ok(255));
        assert_eq!(parse_integer("0xFF", Some(16)), Ok(255));
        assert_eq!(parse_integer("010", None), Ok(8));
        assert_eq!(parse_integer("010", Some(10)), Ok(10));
        assert_eq!(parse_integer("-0b101", None), Ok(-5));
        assert!(parse_integer("0x10", Some(10)).is_err());
        assert!(parse_integer("12a", None).is_err());
    }

    #[test]
    fn numeric_picks_integer_or_float() {
        assert_eq!(numeric(&["2.5".into()]), Ok(Value::Float(2.5)));
        assert_eq!(numeric(&["0xFF".into()]), Ok(Value::Integer(255)));
        assert_eq!(numeric(&[Value::Boolean(true)]), Ok(Value::Integer(1)));
        assert_eq!(float(&["0x10".into()]), Ok(Value::Float(16.0)));
    }
}
