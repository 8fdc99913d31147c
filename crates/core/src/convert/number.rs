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
        // `0b…` is all hex digits to radix 16, as to Ruby's `Integer()`.
        (Some(8), Some(_)) | (Some(10), Some(8)) | (Some(16), Some(2)) => {
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

/// The three numeric constructors: their `new` function's name (which
/// Puppet puts before an argument mismatch) and the type they create.
#[derive(Clone, Copy)]
enum Kind {
    Integer,
    Float,
    Numeric,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Integer => "Integer",
            Kind::Float => "Float",
            Kind::Numeric => "Numeric",
        }
    }

    /// Puppet's "argument mismatch" error for a value outside the accepted
    /// shapes, prefixed with the name of the `new` function that refused it.
    fn cannot(self, from: &Value) -> ConvertError {
        let function = match self {
            Kind::Integer => "new",
            Kind::Float => "new_float",
            Kind::Numeric => "new_numeric",
        };
        let what = match from {
            Value::String(s) => format!("The string '{s}'"),
            other => format!("Value of type {}", crate::types::infer::infer_generalized(other)),
        };
        invalid(format!("'{function}' {what} cannot be converted to {}", self.name()))
    }
}

/// The arguments of a numeric `new`, given positionally
/// (`Integer.new(from, radix, abs)`, `Float.new(from, abs)`) or as a hash
/// (`{from => …, radix => …, abs => …}`).
struct NumberArgs {
    from: Value,
    radix: Option<Value>,
    abs: bool,
}

fn number_args(kind: Kind, args: &[Value]) -> Result<NumberArgs, ConvertError> {
    let takes_radix = matches!(kind, Kind::Integer);
    let boolean = |v: &Value| match v {
        Value::Boolean(b) => Ok(*b),
        other => Err(kind.cannot(other)),
    };
    match args {
        [Value::Hash(h)] => {
            let from = h.get(&Value::from("from")).cloned().ok_or_else(|| {
                invalid(format!("{}.new has wrong type, expects a value for key 'from'", kind.name()))
            })?;
            let radix = if takes_radix { h.get(&Value::from("radix")).cloned() } else { None };
            let abs = h.get(&Value::from("abs")).map(boolean).transpose()?.unwrap_or(false);
            Ok(NumberArgs { from, radix, abs })
        }
        [from] => Ok(NumberArgs { from: from.clone(), radix: None, abs: false }),
        [from, radix] if takes_radix => Ok(NumberArgs { from: from.clone(), radix: Some(radix.clone()), abs: false }),
        [from, abs] => Ok(NumberArgs { from: from.clone(), radix: None, abs: boolean(abs)? }),
        [from, radix, abs] if takes_radix => {
            Ok(NumberArgs { from: from.clone(), radix: Some(radix.clone()), abs: boolean(abs)? })
        }
        _ => Err(invalid(format!(
            "'new' for {} expects {} arguments, got {}",
            kind.name(),
            if takes_radix { "1 to 3" } else { "1 or 2" },
            args.len()
        ))),
    }
}

/// Whether `s` has the shape of Puppet's float pattern: a sign, white
/// space, then a decimal float or an integer in hex, octal or binary.
fn float_shaped(s: &str) -> bool {
    let rest = s.strip_prefix(['+', '-']).map_or(s, str::trim_start);
    let lower = rest.get(..2).map(str::to_ascii_lowercase);
    let digits = |t: &str, ok: fn(char) -> bool| !t.is_empty() && t.chars().all(ok);
    match lower.as_deref() {
        Some("0x") => digits(&rest[2..], |c| c.is_ascii_hexdigit()),
        Some("0b") => digits(&rest[2..], |c| matches!(c, '0' | '1')),
        _ if rest.len() > 1 && rest.starts_with('0') && digits(&rest[1..], |c| matches!(c, '0'..='7')) => true,
        _ => {
            let (mantissa, exponent) = match rest.find(['e', 'E']) {
                Some(at) => (&rest[..at], Some(&rest[at + 1..])),
                None => (rest, None),
            };
            let (int, fraction) = match mantissa.split_once('.') {
                Some((i, f)) => (i, Some(f)),
                None => (mantissa, None),
            };
            let int_ok = int == "0" || (digits(int, |c| c.is_ascii_digit()) && !int.starts_with('0'));
            let fraction_ok = fraction.is_none_or(|f| digits(f, |c| c.is_ascii_digit()));
            let exponent_ok = exponent.is_none_or(|e| digits(e.strip_prefix('-').unwrap_or(e), |c| c.is_ascii_digit()));
            int_ok && fraction_ok && exponent_ok
        }
    }
}

/// `Integer.new(from, radix = default, abs = false)` and its hash form.
pub fn integer(args: &[Value]) -> Result<Value, ConvertError> {
    let NumberArgs { from, radix, abs } = number_args(Kind::Integer, args)?;
    let radix = radix_arg(radix.as_ref())?;
    let n = match &from {
        Value::Integer(i) => *i,
        Value::Float(f) if f.is_finite() && f.abs() < 9.2e18 => f.trunc() as i64,
        Value::Boolean(b) => i64::from(*b),
        Value::Timespan(t) => t.nanos.div_euclid(1_000_000_000) as i64,
        Value::String(s) => {
            let text = lenient_integer(s).ok_or_else(|| Kind::Integer.cannot(&from))?;
            // Ruby's own message for digits the radix cannot read.
            parse_integer(&text, radix).map_err(|_| invalid(format!("invalid value for Integer(): \"{s}\"")))?
        }
        // A Timestamp converts to its whole seconds since the epoch (rounded down).
        Value::Timestamp(t) => i64::try_from(t.div_euclid(crate::value::timestamp::NANOS_PER_SEC))
            .map_err(|_| invalid("The Timestamp is out of range for an Integer"))?,
        other => return Err(Kind::Integer.cannot(other)),
    };
    Ok(Value::Integer(if abs { n.checked_abs().ok_or_else(|| Kind::Integer.cannot(&from))? } else { n }))
}

/// `Integer.new` only takes strings of Puppet's lenient integer shape: a
/// sign, white space, then decimal digits (any radix is applied to them
/// later), `0x` hex or `0b` binary digits — so `Integer('ff', 16)` fails.
/// Returns the text without the white space after the sign.
fn lenient_integer(text: &str) -> Option<String> {
    let (sign, rest) = match text.strip_prefix(['+', '-']) {
        Some(rest) => (&text[..1], rest.trim_start()),
        None => ("", text.trim_start()),
    };
    let lower = rest.get(..2).map(str::to_ascii_lowercase);
    let shaped = match lower.as_deref() {
        Some("0x") => rest.len() > 2 && rest[2..].chars().all(|c| c.is_ascii_hexdigit()),
        Some("0b") => rest.len() > 2 && rest[2..].chars().all(|c| matches!(c, '0' | '1')),
        _ => !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit()),
    };
    shaped.then(|| format!("{sign}{rest}"))
}

/// Parses a float string; hexadecimal and binary integer forms are accepted
/// too (but not octal, since a float may start with 0).
pub fn parse_float(text: &str) -> Result<f64, ConvertError> {
    let cannot = || invalid(format!("The string '{text}' cannot be converted to Float"));
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, text.strip_prefix('+').map_or(text, str::trim_start)),
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

fn absolute(v: Value, abs: bool) -> Value {
    match v {
        Value::Float(f) if abs => Value::Float(f.abs()),
        Value::Integer(i) if abs => Value::Integer(i.saturating_abs()),
        other => other,
    }
}

/// `Float.new(from, abs = false)` and its hash form.
pub fn float(args: &[Value]) -> Result<Value, ConvertError> {
    let NumberArgs { from, abs, .. } = number_args(Kind::Float, args)?;
    let f = match &from {
        Value::Float(f) => *f,
        Value::Integer(i) => *i as f64,
        Value::Boolean(b) => f64::from(u8::from(*b)),
        Value::Timespan(t) => t.nanos as f64 / 1e9,
        Value::String(s) if float_shaped(s) => parse_float(s)?,
        Value::Timestamp(t) => *t as f64 / 1e9,
        other => return Err(Kind::Float.cannot(other)),
    };
    Ok(absolute(Value::Float(f), abs))
}

/// `Numeric.new(from, abs = false)`: a Float when the string has a fraction
/// or an exponent, an Integer otherwise.
pub fn numeric(args: &[Value]) -> Result<Value, ConvertError> {
    let NumberArgs { from, abs, .. } = number_args(Kind::Numeric, args)?;
    let n = match &from {
        Value::Integer(_) | Value::Float(_) => from.clone(),
        Value::Boolean(b) => Value::Integer(i64::from(*b)),
        Value::Timespan(t) => Value::Float(t.nanos as f64 / 1e9),
        // Puppet gives a Timestamp's seconds as a Float, whole or not.
        Value::Timestamp(t) => Value::Float(*t as f64 / 1e9),
        Value::String(s) if float_shaped(s) => {
            let is_hex = s.trim_start_matches(['-', '+']).to_ascii_lowercase().starts_with("0x");
            if !is_hex && s.contains(['.', 'e', 'E']) {
                Value::Float(parse_float(s)?)
            } else {
                Value::Integer(parse_integer(s, None).map_err(|_| Kind::Numeric.cannot(&from))?)
            }
        }
        other => return Err(Kind::Numeric.cannot(other)),
    };
    Ok(absolute(n, abs))
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
