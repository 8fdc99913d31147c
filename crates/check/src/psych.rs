//! Plain YAML scalars read as Psych reads them (YAML 1.1, Ruby's
//! `Psych::ScalarScanner#tokenize`), since Hiera loads data with Psych: `yes`
//! and `off` are booleans, `1_000` is 1000, `0b101` is 5, `1:30` is 5400 (Psych weighs the parts as hours and minutes).
//!
//! Not followed: timestamps and dates (Psych makes Time and Date objects,
//! which Hiera's safe loading refuses; here they stay strings), `.inf` and
//! `.nan` (Puppet values hold finite floats; they stay strings), and symbols
//! (`:a`, kept as written).

use std::sync::OnceLock;

use confer_core::Value;
use regex::Regex;

/// Why a scalar has no Puppet value.
pub(crate) enum ScalarError {
    /// An integer outside Puppet's 64 bits.
    OutOfRange,
}

fn re(cell: &'static OnceLock<Regex>, pattern: &str) -> &'static Regex {
    // The patterns are constants checked by the tests below.
    cell.get_or_init(|| Regex::new(pattern).expect("valid constant pattern"))
}

/// The value of the plain (unquoted, untagged) scalar `s`.
pub(crate) fn plain(s: &str) -> Result<Value, ScalarError> {
    static WORDY: OnceLock<Regex> = OnceLock::new();
    static SEXAGESIMAL_INT: OnceLock<Regex> = OnceLock::new();
    static SEXAGESIMAL_FLOAT: OnceLock<Regex> = OnceLock::new();
    static FLOAT: OnceLock<Regex> = OnceLock::new();
    static INTEGER: OnceLock<Regex> = OnceLock::new();
    if s.is_empty() {
        return Ok(Value::Undef);
    }
    if re(&WORDY, r"^[^\d.:-]?[[:alpha:]_\s!@#$%\^&*(){}<>|/\\~;=]+").is_match(s) || s.contains('\n') {
        let lower = s.to_ascii_lowercase();
        return Ok(match lower.as_str() {
            _ if s.chars().count() > 5 => Value::from(s),
            "~" | "null" => Value::Undef,
            "yes" | "true" | "on" => Value::Boolean(true),
            "no" | "false" | "off" => Value::Boolean(false),
            _ => Value::from(s),
        });
    }
    if re(&SEXAGESIMAL_INT, r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}$").is_match(s) {
        return sexagesimal(s).map(Value::Integer).ok_or(ScalarError::OutOfRange);
    }
    if re(&SEXAGESIMAL_FLOAT, r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}\.[0-9_]*$").is_match(s) {
        return Ok(Value::Float(sexagesimal_float(s)));
    }
    if re(&FLOAT, r"^[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?$").is_match(s) {
        if s.trim_start_matches(['-', '+']) == "." {
            return Ok(Value::from(s));
        }
        let cleaned: String = s.chars().filter(|c| !matches!(c, ',' | '_')).collect();
        let cleaned = cleaned.replace(".e", "e").replace(".E", "E");
        let cleaned = cleaned.strip_suffix('.').unwrap_or(&cleaned);
        return Ok(cleaned.parse::<f64>().map_or_else(|_| Value::from(s), Value::Float));
    }
    let integer =
        r"^(?:[-+]?0b[0-1_,]+|[-+]?0[0-7_,]+|[-+]?(?:0|[1-9](?:[0-9]|,[0-9]|_[0-9])*)|[-+]?0x[0-9a-fA-F_,]+)$";
    if re(&INTEGER, integer).is_match(s) {
        return integer_value(s);
    }
    Ok(Value::from(s))
}

/// Ruby's `Integer()` of the digits with `,` and `_` removed: a sign, then
/// `0b`, `0x` or a leading `0` (octal) choose the radix.
fn integer_value(s: &str) -> Result<Value, ScalarError> {
    let digits: String = s.chars().filter(|c| !matches!(c, ',' | '_')).collect();
    let (negative, body) = match digits.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, digits.strip_prefix('+').unwrap_or(&digits)),
    };
    let (radix, body) = if let Some(b) = body.strip_prefix("0b") {
        (2, b)
    } else if let Some(h) = body.strip_prefix("0x") {
        (16, h)
    } else if body.len() > 1 && body.starts_with('0') {
        (8, &body[1..])
    } else {
        (10, body)
    };
    let magnitude = i128::from_str_radix(body, radix).map_err(|_| ScalarError::OutOfRange)?;
    let n = if negative { -magnitude } else { magnitude };
    i64::try_from(n).map(Value::Integer).map_err(|_| ScalarError::OutOfRange)
}

/// Psych's base-60 integers: the parts weigh 3600, 60 and 1 from the left,
/// so `1:30` is 5400 and `1:00:00` is 3600, and a sign belongs to the first
/// part only (`-1:30` is -1800), as Psych reads them.
fn sexagesimal(s: &str) -> Option<i64> {
    let negative = s.starts_with('-');
    let mut total: i64 = 0;
    for (i, part) in s.trim_start_matches(['-', '+']).split(':').enumerate() {
        let mut n: i64 = part.replace('_', "").parse().ok()?;
        if i == 0 && negative {
            n = -n;
        }
        total = total.checked_add(n.checked_mul(60i64.checked_pow(2u32.checked_sub(i as u32)?)?)?)?;
    }
    Some(total)
}

/// Psych's base-60 floats, weighed as [`sexagesimal`] weighs integers
/// (`1:30.5` is 5430.0, `-1:30.5` is -1770.0).
fn sexagesimal_float(s: &str) -> f64 {
    let negative = s.starts_with('-');
    s.trim_start_matches(['-', '+'])
        .split(':')
        .enumerate()
        .map(|(i, part)| {
            let n: f64 = part.replace('_', "").parse().unwrap_or(0.0);
            let n = if i == 0 && negative { -n } else { n };
            n * 60f64.powi(2 - i as i32)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Value {
        plain(s).ok().expect("a value")
    }

    #[test]
    fn yaml_1_1_scalars_read_as_psych_reads_them() {
        assert_eq!(v("yes"), Value::Boolean(true));
        assert_eq!(v("Off"), Value::Boolean(false));
        assert_eq!(v("y"), Value::from("y"));
        assert_eq!(v("1_000"), Value::Integer(1000));
        assert_eq!(v("0b101"), Value::Integer(5));
        assert_eq!(v("010"), Value::Integer(8));
        assert_eq!(v("0x1F"), Value::Integer(31));
        assert_eq!(v("1:30"), Value::Integer(5400));
        assert_eq!(v("-1:30"), Value::Integer(-1800));
        assert_eq!(v("1:30:15"), Value::Integer(5415));
        assert_eq!(v("1.5"), Value::Float(1.5));
        assert_eq!(v("1."), Value::Float(1.0));
        assert_eq!(v("~"), Value::Undef);
        assert_eq!(v(""), Value::Undef);
        assert_eq!(v("hello"), Value::from("hello"));
        assert_eq!(v("2001-12-14"), Value::from("2001-12-14"));
        assert!(plain("99999999999999999999").is_err());
    }
}
