//! What a plain (unquoted, untagged) YAML scalar is to Psych, the YAML 1.1
//! library of Puppet's Ruby: `Psych::ScalarScanner#tokenize` (Psych 4, as
//! Debian 12's Ruby 3.1 has it), step for step. `yes` and `Off` are
//! booleans, `017` is octal, `1_000` is 1000, `1:30` is 5400 (the parts
//! weigh hours, minutes, seconds from the left), `1e3` is a string (an
//! exponent needs its sign and a float its point), `2001-12-14` a Date.
//!
//! The one copy: Hiera's reader, `confer check`'s, the facts reader, and
//! the YAML writers (which quote a string that would read back as
//! something else) ask here, and each decides what a Date, a Symbol or an
//! Integer past 64 bits becomes for it. `tests/ruby_compat/psych_scalar.tsv`
//! holds what Psych answers.

use std::sync::LazyLock;

pub use super::plain_scalar::PlainScalar;
use regex::Regex;

/// Psych's reading of the plain scalar `text`.
pub fn tokenize(text: &str) -> PlainScalar<'_> {
    if text.is_empty() {
        return PlainScalar::Null;
    }
    if WORDY.is_match(text) || text.contains('\n') {
        return wordy(text);
    }
    // From here on the text is one line, so Ruby's `^` and `$` anchor it.
    if TIME.is_match(text) {
        return super::psych_time::time(text);
    }
    if let Some(c) = DATE.captures(text) {
        let part = |i: usize| c[i].parse::<i64>().unwrap_or(0);
        return if super::psych_time::is_calendar_date(part(1), part(2), part(3)) {
            PlainScalar::Date
        } else {
            PlainScalar::String
        };
    }
    match text.to_ascii_lowercase().as_str() {
        ".inf" | "+.inf" => return PlainScalar::Float(f64::INFINITY),
        "-.inf" => return PlainScalar::Float(f64::NEG_INFINITY),
        ".nan" => return PlainScalar::Float(f64::NAN),
        _ => {}
    }
    if let Some(rest) = text.strip_prefix(':').filter(|r| !r.is_empty()) {
        return PlainScalar::Symbol(symbol_name(rest));
    }
    if SEXAGESIMAL_INT.is_match(text) {
        return sexagesimal_int(text);
    }
    if SEXAGESIMAL_FLOAT.is_match(text) {
        return PlainScalar::Float(sexagesimal_float(text));
    }
    if FLOAT.is_match(text) {
        return if matches!(text, "." | "+." | "-.") { PlainScalar::String } else { float(text) };
    }
    if INTEGER.is_match(text) {
        return integer(text);
    }
    PlainScalar::String
}

/// Whether Psych reads `text`, written plain, back as the same string:
/// the YAML writers quote it otherwise.
pub fn reads_back_as_string(text: &str) -> bool {
    tokenize(text) == PlainScalar::String
}

fn pattern(source: &str) -> Regex {
    // The patterns are constants, each used by the goldens' rows.
    Regex::new(source).expect("a valid constant pattern")
}

/// Psych's test for text that is a string unless it is one of the words:
/// `[[:alpha:]]` is Unicode's, `\s` and `\d` ASCII's, and `^` any line's.
static WORDY: LazyLock<Regex> =
    LazyLock::new(|| pattern(r"(?m)^[^0-9.:-]?[\p{Alphabetic}_ \t\n\x0B\x0C\r!@#$%\^&*(){}<>|/\\~;=]+"));
static NOT_A_WORD: LazyLock<Regex> = LazyLock::new(|| pattern(r"(?mi)^[^ytonf~]"));
static NULL: LazyLock<Regex> = LazyLock::new(|| pattern(r"(?mi)^null$"));
static TRUE: LazyLock<Regex> = LazyLock::new(|| pattern(r"(?mi)^(yes|true|on)$"));
static FALSE: LazyLock<Regex> = LazyLock::new(|| pattern(r"(?mi)^(no|false|off)$"));
static TIME: LazyLock<Regex> = LazyLock::new(|| {
    pattern(
        r"\A-?[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t\x0B\x0C\r]+)[0-9]{1,2}:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t\x0B\x0C\r]*(?:Z|[-+][0-9]{1,2}:?(?:[0-9][0-9])?))?\z",
    )
});
static DATE: LazyLock<Regex> =
    LazyLock::new(|| pattern(r"\A([0-9]{4})-(1[012]|0[0-9]|[0-9])-([12][0-9]|3[01]|0[0-9]|[0-9])\z"));
static SEXAGESIMAL_INT: LazyLock<Regex> = LazyLock::new(|| pattern(r"\A[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}\z"));
static SEXAGESIMAL_FLOAT: LazyLock<Regex> =
    LazyLock::new(|| pattern(r"\A[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}\.[0-9_]*\z"));
static FLOAT: LazyLock<Regex> = LazyLock::new(|| pattern(r"\A[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?\z"));
static INTEGER: LazyLock<Regex> = LazyLock::new(|| {
    pattern(r"\A(?:[-+]?0b[0-1_,]+|[-+]?0[0-7_,]+|[-+]?(?:0|[1-9](?:[0-9]|,[0-9]|_[0-9])*)|[-+]?0x[0-9a-fA-F_,]+)\z")
});

/// Text that looks like words: a string when longer than five characters,
/// else one of the null and boolean words if a line of it is one (Psych's
/// patterns match any line of a multi-line scalar).
fn wordy(text: &str) -> PlainScalar<'_> {
    if text.chars().count() > 5 || NOT_A_WORD.is_match(text) {
        PlainScalar::String
    } else if text == "~" || NULL.is_match(text) {
        PlainScalar::Null
    } else if TRUE.is_match(text) {
        PlainScalar::Boolean(true)
    } else if FALSE.is_match(text) {
        PlainScalar::Boolean(false)
    } else {
        PlainScalar::String
    }
}

/// The name after the `:`: Psych drops quotes around it (`:"a b"`, up to
/// the last matching quote) and then one leading `:`.
fn symbol_name(rest: &str) -> &str {
    for quote in ['"', '\''] {
        if let Some(inner) = rest.strip_prefix(quote) {
            if let Some(end) = inner.rfind(quote) {
                let name = &inner[..end];
                return name.strip_prefix(':').unwrap_or(name);
            }
        }
    }
    rest
}

/// The weight of part `i`, as Psych gives it: `60 ** (i - 2).abs`, so the
/// first part counts as hours whether there are two parts or three.
fn weight(i: usize) -> u32 {
    60u32.pow((i as i32 - 2).unsigned_abs())
}

/// Base 60 integers: each part read by Ruby's `String#to_i`.
fn sexagesimal_int(text: &str) -> PlainScalar<'static> {
    let mut total: i128 = 0;
    for (i, part) in text.split(':').enumerate() {
        let Some(n) = ruby_to_i(part).checked_mul(i128::from(weight(i))) else { return PlainScalar::BigInteger };
        let Some(sum) = total.checked_add(n) else { return PlainScalar::BigInteger };
        total = sum;
    }
    i64::try_from(total).map_or(PlainScalar::BigInteger, PlainScalar::Integer)
}

/// Base 60 floats: each part read by Ruby's `String#to_f`, added in order.
fn sexagesimal_float(text: &str) -> f64 {
    text.split(':').enumerate().fold(0.0, |total, (i, part)| total + ruby_to_f(part) * f64::from(weight(i)))
}

/// Ruby's `String#to_i` of a part Psych's pattern admitted: a sign, then
/// digits with single underscores between them, up to the first other
/// character. Saturates far past 64 bits, which is all the caller asks.
fn ruby_to_i(part: &str) -> i128 {
    let (negative, digits) = sign(part);
    let mut n: i128 = 0;
    for d in leading_digits(digits).bytes().filter(u8::is_ascii_digit) {
        n = n.saturating_mul(10).saturating_add(i128::from(d - b'0'));
    }
    if negative {
        -n
    } else {
        n
    }
}

/// Ruby's `String#to_f` of a part Psych's pattern admitted: digits, then a
/// point and digits, underscores allowed between digits.
fn ruby_to_f(part: &str) -> f64 {
    let (negative, rest) = sign(part);
    let int = leading_digits(rest);
    let mut text: String = int.chars().filter(char::is_ascii_digit).collect();
    if let Some(frac) = rest[int.len()..].strip_prefix('.') {
        text.push('.');
        text.extend(leading_digits(frac).chars().filter(char::is_ascii_digit));
    }
    let n = text.parse::<f64>().unwrap_or(0.0);
    if negative {
        -n
    } else {
        n
    }
}

fn sign(text: &str) -> (bool, &str) {
    match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    }
}

/// The digits at the start of `text`, with the single underscores between
/// them that Ruby's number parsing skips.
fn leading_digits(text: &str) -> &str {
    let bytes = text.as_bytes();
    let mut end = 0;
    while end < bytes.len() {
        match bytes[end] {
            b'0'..=b'9' => end += 1,
            b'_' if end > 0
                && bytes[end - 1].is_ascii_digit()
                && bytes.get(end + 1).is_some_and(u8::is_ascii_digit) =>
            {
                end += 1
            }
            _ => break,
        }
    }
    &text[..end]
}

/// Psych's float: `,` and `_` dropped, and a point before the exponent or
/// at the end, then Ruby's strict `Float()`.
fn float(text: &str) -> PlainScalar<'static> {
    let mut clean: String = text.chars().filter(|c| !matches!(c, ',' | '_')).collect();
    if let Some(point) = clean.find('.') {
        if clean[point + 1..].is_empty() || clean[point + 1..].starts_with(['e', 'E']) {
            clean.remove(point);
        }
    }
    let (_, unsigned) = sign(&clean);
    let has_digits = unsigned.split(['e', 'E']).next().is_some_and(|m| m.bytes().any(|b| b.is_ascii_digit()));
    match clean.parse::<f64>() {
        Ok(f) if has_digits => PlainScalar::Float(f),
        _ => PlainScalar::Unconvertible(format!("invalid value for Float(): {}", super::inspect_str(&clean))),
    }
}

/// Psych's integer: `,` and `_` dropped, then Ruby's `Integer()`, whose
/// prefix (`0b`, `0x`, a leading `0`) chooses the radix.
fn integer(text: &str) -> PlainScalar<'static> {
    let clean: String = text.chars().filter(|c| !matches!(c, ',' | '_')).collect();
    let (negative, body) = sign(&clean);
    let (radix, digits) = if let Some(b) = body.strip_prefix("0b") {
        (2, b)
    } else if let Some(h) = body.strip_prefix("0x") {
        (16, h)
    } else if body.len() > 1 {
        (if body.starts_with('0') { 8 } else { 10 }, body.strip_prefix('0').unwrap_or(body))
    } else {
        (10, body)
    };
    if digits.is_empty() {
        return PlainScalar::Unconvertible(format!("invalid value for Integer(): {}", super::inspect_str(&clean)));
    }
    let magnitude = digits.chars().try_fold(0i128, |n, c| {
        let d = i128::from(c.to_digit(radix).unwrap_or(0));
        n.checked_mul(i128::from(radix)).and_then(|n| n.checked_add(d))
    });
    let value = magnitude.map(|m| if negative { -m } else { m }).and_then(|n| i64::try_from(n).ok());
    value.map_or(PlainScalar::BigInteger, PlainScalar::Integer)
}

#[cfg(test)]
mod tests {
    use super::PlainScalar::*;
    use super::*;

    #[test]
    fn yaml_1_1_words_and_numbers() {
        assert_eq!(tokenize("Off"), Boolean(false));
        assert_eq!(tokenize("y"), String);
        assert_eq!(tokenize("nULL"), Null);
        assert_eq!(tokenize("017"), Integer(15));
        assert_eq!(tokenize("1:30"), Integer(5400));
        assert_eq!(tokenize("-1:30.5"), Float(-1770.0));
        assert_eq!(tokenize("1e3"), String);
        assert_eq!(tokenize("1.e+5"), Float(100000.0));
        assert_eq!(tokenize(":\"a b\""), Symbol("a b"));
        assert_eq!(tokenize("99999999999999999999"), BigInteger);
        assert_eq!(tokenize("0b_"), Unconvertible("invalid value for Integer(): \"0b\"".into()));
    }

    #[test]
    fn ruby_number_prefixes() {
        assert_eq!(ruby_to_i("1__0"), 1);
        assert_eq!(ruby_to_i("-1_0"), -10);
        assert_eq!(ruby_to_f("30.5_0"), 30.5);
        assert_eq!(ruby_to_f("30."), 30.0);
    }
}
