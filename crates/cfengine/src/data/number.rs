//! CFEngine's number conversions (conversion.c): `IntFromString` with the
//! `k m g K M G %` suffixes and `inf`, `DoubleFromString`, and the way
//! numbers print.
//!
//! Spec: "Scalar variables" — suffixes, `%`, and `inf` = 999999999.

/// cf-agent's `CF_INFINITY`.
pub const INFINITY: i64 = 999_999_999;
/// cf-agent's `CF_NOINT`: the value that means "not an integer".
pub const NOINT: i64 = -678;

/// Where a scanned number starts (after leading white space) and where its
/// digits start (after an optional sign), as `sscanf` skips them.
fn number_start(s: &[u8]) -> (usize, usize) {
    let start = s.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let sign = usize::from(matches!(s.get(start), Some(b'+' | b'-')));
    (start, start + sign)
}

/// What `sscanf("%lld")` reads at the start of `s`: (value, bytes consumed).
pub(crate) fn scan_int(s: &[u8]) -> Option<(i64, usize)> {
    let (start, mut i) = number_start(s);
    let digits = s[i..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    i += digits;
    let text = std::str::from_utf8(&s[start..i]).ok()?;
    let v = text.parse::<i64>().unwrap_or(if text.starts_with('-') { i64::MIN } else { i64::MAX });
    Some((v, i))
}

/// What `sscanf("%lf")` reads at the start of `s` (strtod's syntax).
pub(crate) fn scan_real(s: &[u8]) -> Option<(f64, usize)> {
    let (start, i) = number_start(s);
    let rest = &s[i..];
    let lower: Vec<u8> = rest.iter().take(8).map(|b| b.to_ascii_lowercase()).collect();
    if lower.starts_with(b"infinity") || lower.starts_with(b"inf") || lower.starts_with(b"nan") {
        let n = if lower.starts_with(b"infinity") { 8 } else { 3 };
        let neg = start < s.len() && s[start] == b'-';
        let v = if lower.starts_with(b"nan") {
            f64::NAN
        } else if neg {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        return Some((v, i + n));
    }
    if let Some((v, used)) = scan_hex_real(rest) {
        let neg = start < s.len() && s[start] == b'-';
        return Some((if neg { -v } else { v }, i + used));
    }
    let int_digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let mut j = i + int_digits;
    let mut frac_digits = 0;
    if j < s.len() && s[j] == b'.' {
        frac_digits = s[j + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if int_digits > 0 || frac_digits > 0 {
            j += 1 + frac_digits;
        }
    }
    if int_digits == 0 && frac_digits == 0 {
        return None;
    }
    if j < s.len() && (s[j] == b'e' || s[j] == b'E') {
        let mut k = j + 1;
        if k < s.len() && (s[k] == b'+' || s[k] == b'-') {
            k += 1;
        }
        let exp_digits = s[k..].iter().take_while(|b| b.is_ascii_digit()).count();
        if exp_digits > 0 {
            j = k + exp_digits;
        }
    }
    let text = std::str::from_utf8(&s[start..j]).ok()?;
    let text = text.strip_suffix('.').unwrap_or(text);
    let v: f64 = text.parse().ok()?;
    Some((v, j))
}

/// A hexadecimal real after its sign (`0x1.8p3`, `0x10`), as strtod reads
/// it: `None` unless `0x` is followed by a hex digit (then `0` alone is the
/// number, which the decimal reading finds).
fn scan_hex_real(s: &[u8]) -> Option<(f64, usize)> {
    if s.len() < 3 || s[0] != b'0' || !matches!(s[1], b'x' | b'X') {
        return None;
    }
    let mut i = 2;
    // Up to 16 significant hex digits in a u64; later ones only move the
    // point (they are past a double's 53 bits).
    let (mut mantissa, mut exponent, mut digits, mut seen_point) = (0u64, 0i64, 0usize, false);
    while let Some(&c) = s.get(i) {
        let v = match c {
            b'.' if !seen_point => {
                seen_point = true;
                i += 1;
                continue;
            }
            c if c.is_ascii_hexdigit() => u64::from((c as char).to_digit(16).unwrap_or(0)),
            _ => break,
        };
        if mantissa >> 60 == 0 {
            mantissa = mantissa * 16 + v;
            if seen_point {
                exponent -= 4;
            }
        } else if !seen_point {
            exponent += 4;
        }
        digits += 1;
        i += 1;
    }
    if digits == 0 {
        return None;
    }
    if matches!(s.get(i), Some(b'p' | b'P')) {
        let mut k = i + 1;
        let neg = s.get(k) == Some(&b'-');
        if matches!(s.get(k), Some(b'+' | b'-')) {
            k += 1;
        }
        let n = s[k..].iter().take_while(|b| b.is_ascii_digit()).count();
        if n > 0 {
            let e: i64 = std::str::from_utf8(&s[k..k + n]).ok()?.parse().unwrap_or(i64::MAX / 2);
            exponent = exponent.saturating_add(if neg { -e } else { e });
            i = k + n;
        }
    }
    let e = exponent.clamp(-2200, 2200) as i32;
    // Two steps, so that neither power of two over- or underflows alone.
    Some(((mantissa as f64) * 2f64.powi(e / 2) * 2f64.powi(e - e / 2), i))
}

/// The quantifier and the first non-space character after it, as
/// `sscanf("%c %c")` reads them.
fn quantifier(s: &[u8], at: usize) -> (Option<u8>, Option<u8>) {
    let q = s.get(at).copied();
    let rem = s.get(at + 1..).and_then(|r| r.iter().find(|b| !b.is_ascii_whitespace()).copied());
    (q, rem)
}

/// `IntFromString`. `Err(Some(log))` when cf-agent logs an error,
/// `Err(None)` when it fails quietly (an unexpanded variable).
pub fn int_from_string(s: &str) -> Result<i64, Option<String>> {
    if s == "inf" {
        return Ok(INFINITY);
    }
    let b = s.as_bytes();
    let Some((mut v, used)) = scan_int(b) else {
        return Err(if s.contains('$') { None } else { Some(format!("Failed to parse integer number: {s}")) });
    };
    if v == NOINT {
        return Err(Some(format!("Failed to parse integer number: {s}")));
    }
    match quantifier(b, used) {
        (None, _) => {}
        (Some(q), Some(r)) => {
            return Err(if q == b'$' {
                None
            } else {
                Some(format!("Anomalous ending '{}{}' while parsing integer number: {s}", q as char, r as char))
            })
        }
        (Some(q), None) => {
            v = match q {
                b'k' => v.saturating_mul(1000),
                b'K' => v.saturating_mul(1024),
                b'm' => v.saturating_mul(1_000_000),
                b'M' => v.saturating_mul(1024 * 1024),
                b'g' => v.saturating_mul(1_000_000_000),
                b'G' => v.saturating_mul(1024 * 1024 * 1024),
                b'%' => {
                    if !(0..=100).contains(&v) {
                        return Err(Some(format!("Percentage out of range: {v}")));
                    }
                    -v
                }
                _ => v,
            }
        }
    }
    Ok(v)
}

/// `DoubleFromString`.
pub fn real_from_string(s: &str) -> Result<f64, Option<String>> {
    let b = s.as_bytes();
    let Some((mut d, used)) = scan_real(b) else {
        return Err(Some(format!("Failed to parse real number: {s}")));
    };
    match quantifier(b, used) {
        (None, _) => {}
        (Some(q), Some(r)) => {
            return Err(Some(format!("Anomalous ending '{}{}' while parsing real number: {s}", q as char, r as char)))
        }
        (Some(q), None) => {
            d = match q {
                b'k' => d * 1000.0,
                b'K' => d * 1024.0,
                b'm' => d * 1_000_000.0,
                b'M' => d * 1024.0 * 1024.0,
                b'g' => d * 1_000_000_000.0,
                b'G' => d * 1024.0 * 1024.0 * 1024.0,
                b'%' => {
                    if !(0.0..=100.0).contains(&d) {
                        return Err(Some(format!("Percentage out of range: {d:.2}")));
                    }
                    -d
                }
                _ => d,
            }
        }
    }
    Ok(d)
}

/// C's `printf("%f")` / `("%.Nf")` of a double, including `inf` and `nan`.
pub fn format_fixed(d: f64, decimals: usize) -> String {
    if d.is_nan() {
        return if d.is_sign_negative() { "-nan" } else { "nan" }.into();
    }
    if d.is_infinite() {
        return if d < 0.0 { "-inf" } else { "inf" }.into();
    }
    format!("{d:.decimals$}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ints() {
        assert_eq!(int_from_string("10k"), Ok(10_000));
        assert_eq!(int_from_string("2K"), Ok(2048));
        assert_eq!(int_from_string("inf"), Ok(INFINITY));
        assert_eq!(int_from_string("10%"), Ok(-10));
        assert_eq!(int_from_string(" 12 "), Ok(12));
        assert!(int_from_string("1.5M").is_err());
        assert!(int_from_string("abc").is_err());
        assert_eq!(int_from_string("$(x)"), Err(None));
    }

    #[test]
    fn reals() {
        assert_eq!(real_from_string("1.5"), Ok(1.5));
        assert_eq!(real_from_string("1e3"), Ok(1000.0));
        assert!(real_from_string("1.2.3").is_err());
        assert_eq!(format_fixed(1.5, 6), "1.500000");
        assert_eq!(real_from_string("0x10"), Ok(16.0));
        assert_eq!(scan_real(b"-0x1.8p1z"), Some((-3.0, 8)));
        assert_eq!(scan_real(b"0x.8"), Some((0.5, 4)));
        assert_eq!(scan_real(b"0xg"), Some((0.0, 1)));
    }
}
