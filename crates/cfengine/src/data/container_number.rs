//! Numbers in data containers as cf-agent 3.21 keeps them. libntech's parser
//! (`JsonParseAsNumber`) keeps a number's text and calls it real when it has
//! a dot, integer otherwise (so `1e3` is an integer); storing the container
//! in a variable copies it (`JsonPrimitiveCopy`), which converts an integer
//! with `StringToLongExitOnError` and keeps it in a C `int`. So
//! `2147483648` is stored as `-2147483648`, and `1e3` or
//! `99999999999999999999` make cf-agent exit with a conversion error. YAML
//! plain scalars go through the same parser (`JsonParseYamlScalarValue`).

use confer_core::Value;

use super::number::format_fixed;

/// A real as cf-agent stores it in a container: rounded to four decimals
/// (`JsonRealCreate` formats with `%.4f`).
pub fn real(f: f64) -> Value {
    let f = if f.is_finite() { f } else { 0.0 };
    Value::Float(format_fixed(f, 4).parse().unwrap_or(f))
}

/// Why a document could not become a container.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataError {
    /// The text is not a document: the function fails.
    Invalid(String),
    /// The document parsed, but cf-agent exits when it stores it (an
    /// integer its conversion refuses).
    Fatal(String),
}

impl std::fmt::Display for DataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DataError::Invalid(m) | DataError::Fatal(m) => f.write_str(m),
        }
    }
}

/// What libntech makes of a number's text: `None` when `JsonParseAsNumber`
/// refuses it, `Some(Err(..))` when it parses but the copy's conversion
/// fails (cf-agent's message), else the value a stored copy holds.
pub fn parse(text: &str) -> Option<Result<Value, String>> {
    let b = text.as_bytes();
    let (mut zero_started, mut seen_dot, mut seen_exponent) = (false, false, false);
    let mut prev = 0u8;
    for &c in b {
        match c {
            b'-' if prev != 0 && prev != b'e' && prev != b'E' => return None,
            b'+' if prev != b'e' && prev != b'E' => return None,
            b'-' | b'+' => {}
            b'0' => {
                if zero_started && !seen_dot && !seen_exponent {
                    return None;
                }
                zero_started |= prev == 0;
            }
            b'.' => {
                if !prev.is_ascii_digit() {
                    return None;
                }
                seen_dot = true;
            }
            b'e' | b'E' => {
                if seen_exponent || !prev.is_ascii_digit() {
                    return None;
                }
                seen_exponent = true;
            }
            c => {
                if (zero_started && !seen_dot && !seen_exponent) || !c.is_ascii_digit() {
                    return None;
                }
            }
        }
        prev = c;
    }
    if !prev.is_ascii_digit() {
        return None;
    }
    if seen_dot {
        // strtod: an overflow is infinite, which a container stores as 0.
        return Some(Ok(real(text.parse::<f64>().unwrap_or(0.0))));
    }
    Some(integer(text).map(|i| Value::Integer(i64::from(i as i32))))
}

/// `StringToLongExitOnError`: the whole text as a `long`, or cf-agent's
/// message (`Conversion error (34 - Overflow) on '…' (StringToLongExitOnError)`).
fn integer(text: &str) -> Result<i64, String> {
    let digits_end = text.bytes().enumerate().position(|(i, c)| !(c.is_ascii_digit() || (i == 0 && c == b'-')));
    let (number, rest) = text.split_at(digits_end.unwrap_or(text.len()));
    let code = match number.parse::<i64>() {
        Ok(i) if rest.is_empty() => return Ok(i),
        Ok(_) => "-83 - Not terminated",
        Err(_) => "34 - Overflow",
    };
    Err(format!("Conversion error ({code}) on '{text}' (StringToLongExitOnError)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_are_kept_in_a_c_int() {
        assert_eq!(parse("2147483648"), Some(Ok(Value::Integer(-2147483648))));
        assert_eq!(parse("4294967297"), Some(Ok(Value::Integer(1))));
        assert_eq!(parse("9223372036854775807"), Some(Ok(Value::Integer(-1))));
        assert_eq!(parse("-0"), Some(Ok(Value::Integer(0))));
    }

    #[test]
    fn integers_a_long_cannot_hold_are_fatal() {
        let e = parse("99999999999999999999").and_then(Result::err).unwrap_or_default();
        assert_eq!(e, "Conversion error (34 - Overflow) on '99999999999999999999' (StringToLongExitOnError)");
        let e = parse("1e3").and_then(Result::err).unwrap_or_default();
        assert_eq!(e, "Conversion error (-83 - Not terminated) on '1e3' (StringToLongExitOnError)");
    }

    #[test]
    fn reals_have_a_dot_and_overflow_to_zero() {
        assert_eq!(parse("1.5e3"), Some(Ok(Value::Float(1500.0))));
        assert_eq!(parse("1.0e400"), Some(Ok(Value::Float(0.0))));
    }

    #[test]
    fn what_the_parser_refuses() {
        for text in ["+5", ".5", "5.", "0777", "1-2", "1e", "0x10", "--1", "1_000", "-"] {
            assert_eq!(parse(text), None, "{text}");
        }
    }
}
