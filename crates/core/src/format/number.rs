//! Integers and floats, with the conversions of Ruby's `Kernel#format` that
//! Puppet's formats use: `d x X o b B c e E f g G a A`, two's complement
//! (`..f6`) for negative numbers in x/o/b without `+`.

use std::borrow::Cow;

use super::exact;
use super::spec::{FormatError, Spec};
use crate::ruby_compat::float_to_s;

/// Pads a formatted number: zeros go after the sign and any prefix. The
/// text is assembled in one string (`String(n, '%05d')` runs per element).
fn pad_number(spec: &Spec, sign: &str, prefix: &str, digits: &str) -> String {
    let body_len = sign.len() + prefix.len() + digits.chars().count();
    match spec.width {
        Some(w) if w > body_len && spec.zero && !spec.left => {
            let mut out = String::with_capacity(w + digits.len() - digits.chars().count());
            out.push_str(sign);
            out.push_str(prefix);
            out.extend(std::iter::repeat_n('0', w - body_len));
            out.push_str(digits);
            out
        }
        _ if sign.is_empty() && prefix.is_empty() => spec.pad(digits.to_string()),
        _ => spec.pad(format!("{sign}{prefix}{digits}")),
    }
}

fn sign_of(negative: bool, spec: &Spec) -> &'static str {
    if negative {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    }
}

/// Two's complement digits of a negative number in `radix`, as Ruby prints
/// them: `..f6` for -10 in hex.
fn twos_complement(n: i64, radix: u32) -> String {
    let top = char::from_digit(radix - 1, radix).unwrap_or('f');
    // 2^120 is a whole number of binary, octal and hex digits.
    let digits = to_radix((n as i128 + (1i128 << 120)) as u128, radix);
    let trimmed = digits.trim_start_matches(top);
    format!("..{top}{trimmed}")
}

/// The digits of `n` in `radix` (2 to 36), lower case.
fn to_radix(n: u128, radix: u32) -> String {
    radix_digits(n, radix, &mut [0; 128]).to_string()
}

/// [`to_radix`] written at the end of `buf` (128 binary digits at most),
/// without allocating. Numbers that fit in 64 bits, all but two's
/// complements, are divided as such: a 128-bit division per digit cost more
/// than the rest of `String(n, '%d')`.
fn radix_digits(n: u128, radix: u32, buf: &mut [u8; 128]) -> &str {
    let mut at = buf.len();
    let mut push = |d: u32| {
        at -= 1;
        buf[at] = char::from_digit(d, radix).map_or(b'0', |c| c as u8);
    };
    match u64::try_from(n) {
        Ok(mut small) => loop {
            push((small % u64::from(radix)) as u32);
            small /= u64::from(radix);
            if small == 0 {
                break;
            }
        },
        Err(_) => {
            let mut big = n;
            loop {
                push((big % u128::from(radix)) as u32);
                big /= u128::from(radix);
                if big == 0 {
                    break;
                }
            }
        }
    }
    // The digits are ASCII.
    std::str::from_utf8(&buf[at..]).unwrap_or_default()
}

/// Formats an integer with an integer conversion (`d x X o b B`); floats
/// conversions go through `format_float`.
pub fn format_integer(spec: &Spec, n: i64) -> Result<String, FormatError> {
    let (radix, prefix) = match spec.letter {
        'd' | 'i' | 'u' => (10, ""),
        'x' => (16, "0x"),
        'X' => (16, "0X"),
        'o' => (8, "0"),
        'b' => (2, "0b"),
        'B' => (2, "0B"),
        'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => return format_float(spec, n as f64),
        'c' => {
            let c = u32::try_from(n).ok().and_then(char::from_u32).ok_or(FormatError::InvalidCharacter)?;
            return Ok(spec.pad(c.to_string()));
        }
        other => {
            return Err(FormatError::Unsupported {
                letter: other,
                type_name: "Integer".into(),
                allowed: "dxXobBeEfgGaAspc",
            })
        }
    };
    let negative = n < 0;
    // Ruby writes zero without a prefix, even with `#`.
    let prefix = if spec.alt && n != 0 { prefix } else { "" };
    if negative && radix != 10 && !spec.plus && !spec.space {
        let mut digits = twos_complement(n, radix);
        if spec.letter == 'X' {
            digits = digits.to_uppercase();
        }
        // Ruby zero-pads a two's complement with its top digit, after the
        // `..`, and writes no `0` prefix for octal.
        let prefix = if radix == 8 { "" } else { prefix };
        if let (true, Some(width)) = (spec.zero && !spec.left, spec.width) {
            let len = prefix.len() + digits.chars().count();
            if width > len {
                let top = digits.chars().nth(2).unwrap_or('f');
                digits.insert_str(2, &top.to_string().repeat(width - len));
            }
            return Ok(format!("{prefix}{digits}"));
        }
        return Ok(pad_number(spec, "", prefix, &digits));
    }
    let mut buf = [0; 128];
    let mut digits = Cow::Borrowed(radix_digits(n.unsigned_abs() as u128, radix, &mut buf));
    if spec.letter == 'X' {
        digits = Cow::Owned(digits.to_uppercase());
    }
    if let Some(p) = spec.precision {
        if digits.len() < p {
            digits = Cow::Owned(format!("{}{digits}", "0".repeat(p - digits.len())));
        }
    }
    Ok(pad_number(spec, sign_of(negative, spec), prefix, &digits))
}

/// An integer conversion of a float: Ruby truncates it to an Integer of any
/// size (`%d` of 1.5e300 prints all 301 digits), and fails on infinities and NaN.
fn format_integral_float(spec: &Spec, f: f64) -> Result<String, FormatError> {
    if f.is_nan() {
        return Err(FormatError::FloatDomain("NaN".into()));
    }
    if f.is_infinite() {
        return Err(FormatError::FloatDomain(if f < 0.0 { "-Infinity" } else { "Infinity" }.into()));
    }
    // Below 2^63 in magnitude the truncation is exact in an i64.
    if f.abs() < 2f64.powi(63) {
        return format_integer(spec, f.trunc() as i64);
    }
    let (radix, prefix) = match spec.letter {
        'x' => (16, "0x"),
        'X' => (16, "0X"),
        'o' => (8, "0"),
        'b' => (2, "0b"),
        'B' => (2, "0B"),
        _ => (10, ""),
    };
    let negative = f < 0.0;
    let prefix = if spec.alt { prefix } else { "" };
    let twos = negative && radix != 10 && !spec.plus && !spec.space;
    let mut digits = if twos { exact::twos_complement_digits(f, radix) } else { exact::integer_digits(f, radix) };
    if spec.letter == 'X' {
        digits = digits.to_uppercase();
    }
    if twos {
        return Ok(pad_number(spec, "", if radix == 8 { "" } else { prefix }, &digits));
    }
    if let Some(p) = spec.precision {
        digits = super::pad::left(&digits, p, '0');
    }
    Ok(pad_number(spec, sign_of(negative, spec), prefix, &digits))
}

/// Ruby's `%e`: mantissa with `precision` decimals and a signed exponent of at
/// least two digits.
fn exponential(f: f64, precision: usize, upper: bool) -> String {
    let s = exact::exponential(f, precision);
    let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let e = if upper { 'E' } else { 'e' };
    format!("{mantissa}{e}{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs())
}

/// Ruby's `%g`: `%e` when the exponent is below -4 or at least the precision,
/// `%f` otherwise; trailing zeros dropped unless `#`.
fn general(f: f64, precision: usize, upper: bool, alt: bool) -> String {
    let p = precision.max(1);
    if f == 0.0 {
        return if alt { exact::fixed(0.0, p - 1) } else { "0".into() };
    }
    let exp = format!("{:e}", f).split_once('e').and_then(|(_, e)| e.parse::<i32>().ok()).unwrap_or(0);
    let rounded_exp = {
        let s = exact::exponential(f, p - 1);
        s.split_once('e').and_then(|(_, e)| e.parse::<i32>().ok()).unwrap_or(exp)
    };
    let strip = |s: String| -> String {
        if alt || !s.contains('.') {
            return s;
        }
        let (body, tail) = match s.find(['e', 'E']) {
            Some(i) => (s[..i].to_string(), s[i..].to_string()),
            None => (s.clone(), String::new()),
        };
        let body = body.trim_end_matches('0').trim_end_matches('.').to_string();
        body + &tail
    };
    if rounded_exp < -4 || rounded_exp >= p as i32 {
        strip(exponential(f, p - 1, upper))
    } else {
        let decimals = (p as i32 - 1 - rounded_exp).max(0) as usize;
        strip(exact::fixed(f, decimals))
    }
}

/// Ruby's `%.Nf`: where the shortest decimal that reads back as `f` has
/// more digits than asked for, that decimal rounded half to even (`%.2f` of
/// 2.675 is 2.68, of 2.665 2.66); otherwise the exact binary value's digits
/// (`%.5f` of 5712043914117.922 is …92188).
fn fixed(f: f64, precision: usize) -> String {
    let shortest = format!("{f}");
    let (int, frac) = shortest.split_once('.').unwrap_or((&shortest, ""));
    if frac.len() <= precision {
        return exact::fixed(f, precision);
    }
    let mut digits: Vec<u8> = int.bytes().chain(frac.bytes().take(precision)).map(|b| b - b'0').collect();
    let next = frac.as_bytes()[precision] - b'0';
    let beyond = frac.as_bytes()[precision + 1..].iter().any(|&b| b != b'0');
    let last_odd = digits.last().is_some_and(|d| d % 2 == 1);
    if next > 5 || (next == 5 && (beyond || last_odd)) {
        let mut i = digits.len();
        loop {
            if i == 0 {
                digits.insert(0, 1);
                break;
            }
            i -= 1;
            if digits[i] == 9 {
                digits[i] = 0;
            } else {
                digits[i] += 1;
                break;
            }
        }
    }
    let text: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
    let split = text.len() - precision;
    if precision == 0 {
        text
    } else {
        format!("{}.{}", &text[..split], &text[split..])
    }
}

/// Ruby's `%a`: hexadecimal mantissa and binary exponent.
/// Ruby's `%a`: the shortest hex fraction, or with a precision exactly that
/// many hex digits (rounded half to even, a carry going into the leading 1).
fn hexadecimal(f: f64, upper: bool, precision: Option<usize>) -> String {
    if f == 0.0 {
        let zeros = precision.filter(|&p| p > 0).map_or(String::new(), |p| format!(".{}", "0".repeat(p)));
        return if upper { format!("0X0{zeros}P+0") } else { format!("0x0{zeros}p+0") };
    }
    let bits = f.abs().to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let mantissa = bits & ((1u64 << 52) - 1);
    let (lead, hex) = match precision {
        Some(p) if p < 13 => {
            let drop = 4 * (13 - p as u32);
            let kept = mantissa >> drop;
            let rest = mantissa & ((1u64 << drop) - 1);
            let half = 1u64 << (drop - 1);
            let up = rest > half || (rest == half && kept & 1 == 1);
            let kept = kept + u64::from(up);
            let lead = 1 + (kept >> (4 * p));
            let kept = kept & ((1u64 << (4 * p)) - 1);
            (lead, if p == 0 { String::new() } else { format!("{kept:0width$x}", width = p) })
        }
        Some(p) => (1, format!("{mantissa:013x}{}", "0".repeat(p - 13))),
        None => (1, format!("{mantissa:013x}").trim_end_matches('0').to_string()),
    };
    let frac = if hex.is_empty() { String::new() } else { format!(".{hex}") };
    let s = format!("0x{lead}{frac}p{}{}", if exp < 0 { '-' } else { '+' }, exp.abs());
    if upper {
        s.to_uppercase()
    } else {
        s
    }
}

/// Formats a float with a float conversion (`e E f g G a A`); integer
/// conversions truncate it first, `s`/`p` use Ruby's shortest form.
pub fn format_float(spec: &Spec, f: f64) -> Result<String, FormatError> {
    // Ruby keeps the sign of -0.0.
    let negative = f.is_sign_negative();
    let a = f.abs();
    // With `#` and no fraction digits Ruby still prints the decimal point.
    let point = spec.alt && spec.precision == Some(0);
    let digits = match spec.letter {
        'f' if point => format!("{a:.0}."),
        'f' => fixed(a, spec.precision.unwrap_or(6)),
        'e' | 'E' if point => {
            let mut text = exponential(a, 0, spec.letter == 'E');
            let at = text.find(['e', 'E']).unwrap_or(text.len());
            text.insert(at, '.');
            text
        }
        'e' | 'E' => exponential(a, spec.precision.unwrap_or(6), spec.letter == 'E'),
        'g' | 'G' => general(a, spec.precision.unwrap_or(6), spec.letter == 'G', spec.alt),
        'a' | 'A' => hexadecimal(a, spec.letter == 'A', spec.precision),
        'd' | 'x' | 'X' | 'o' | 'b' | 'B' => return format_integral_float(spec, f),
        's' | 'p' => {
            let text = float_to_s(f);
            let text = if spec.alt && spec.letter == 's' { format!("\"{text}\"") } else { text };
            return Ok(spec.pad(spec.truncate(text)));
        }
        other => {
            return Err(FormatError::Unsupported {
                letter: other,
                type_name: "Float".into(),
                allowed: "dxXobBeEfgGaAsp",
            })
        }
    };
    Ok(pad_number(spec, sign_of(negative, spec), "", &digits))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i(fmt: &str, n: i64) -> String {
        format_integer(&Spec::parse(fmt).unwrap(), n).unwrap()
    }

    fn f(fmt: &str, x: f64) -> String {
        format_float(&Spec::parse(fmt).unwrap(), x).unwrap()
    }

    #[test]
    fn integers_as_puppet_prints_them() {
        assert_eq!(i("%5d", 10), "   10");
        assert_eq!(i("%-5d", 10), "10   ");
        assert_eq!(i("%x", -10), "..f6");
        assert_eq!(i("%+x", -10), "-a");
        assert_eq!(i("%#o", 10), "012");
        assert_eq!(i("%b", -5), "..1011");
        assert_eq!(i("%c", 65), "A");
        assert_eq!(i("%4.3x", 18), " 012");
        assert_eq!(i("%7.6b", 18), " 010010");
        assert_eq!(i("%#B", 18), "0B10010");
        assert_eq!(i("%05d", 42), "00042");
        assert_eq!(i("%05d", -42), "-0042");
        assert_eq!(i("%+05d", 42), "+0042");
        assert_eq!(i("%#08x", 255), "0x0000ff");
        assert_eq!(i("%05d", 123456), "123456");
        assert_eq!(i("%d", 0), "0");
        assert_eq!(i("%d", i64::MIN), "-9223372036854775808");
        assert_eq!(i("%x", i64::MIN), "..f8000000000000000");
    }

    #[test]
    fn radix_digits_past_64_bits() {
        assert_eq!(to_radix(0, 10), "0");
        assert_eq!(to_radix(u128::from(u64::MAX), 16), "ffffffffffffffff");
        assert_eq!(to_radix(u128::from(u64::MAX) + 1, 16), "10000000000000000");
        assert_eq!(to_radix(u128::MAX, 2).len(), 128);
        assert_eq!(to_radix(35, 36), "z");
    }

    #[test]
    fn floats_as_puppet_prints_them() {
        assert_eq!(f("%e", 18.0), "1.800000e+01");
        assert_eq!(f("%10.2e", 18.0), "  1.80e+01");
        assert_eq!(f("%+E", 18.0), "+1.800000E+01");
        assert_eq!(f("% f", 18.0), " 18.000000");
        assert_eq!(f("%010.2f", 18.0), "0000018.00");
        assert_eq!(f("%g", 18.0), "18");
        assert_eq!(f("%010g", 18.0), "0000000018");
        assert_eq!(f("%g", 100000000.0), "1e+08");
        assert_eq!(f("%g", 0.1), "0.1");
        assert_eq!(f("%a", 1.5), "0x1.8p+0");
        assert_eq!(f("%X", 18.0), "12");
        assert_eq!(f("%10.3f", 1234.5678), "  1234.568");
    }
}
