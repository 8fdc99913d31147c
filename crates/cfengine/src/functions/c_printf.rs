//! glibc's `printf` for one directive and one argument, as cf-agent's
//! `format()` calls `snprintf(piece, CF_BUFSIZE, directive, value)`: the
//! directive is the policy's own text, so its flags, width, precision and
//! length modifier all reach the C library. What glibc does with them is
//! what the policy sees: `%d` prints the low 32 bits of the `long` it is
//! given (`9223372036854775807` prints `-1`), `%#x` adds `0x`, a directive
//! glibc does not know is printed as it stands.

use crate::data::value::prefix_within;

/// The value cf-agent passes with the directive.
#[derive(Clone, Copy, Debug)]
pub enum Arg<'a> {
    /// A `long`, for `d`, `o` and `x`.
    Long(i64),
    /// A `double`, for `f`.
    Double(f64),
    /// A `char *`, for `s`.
    Str(&'a str),
}

/// Why glibc's answer cannot be given.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    /// glibc fails (`%ls` reads the text as wide characters): cf-agent's
    /// function fails without a message.
    Fails,
    /// A `*` width or precision reads a second argument cf-agent does not
    /// pass: glibc prints whatever is in that register.
    Undefined,
}

/// A directive's parts, as glibc's `printf_positional` reads them.
#[derive(Default)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    precision: Option<usize>,
    longs: usize,
    conv: u8,
}

/// The largest width or precision glibc accepts (`INT_MAX`); past it
/// `snprintf` fails and cf-agent's buffer stays empty.
const MAX_FIELD: usize = i32::MAX as usize;

/// Parses `%[N$][flags][width][.precision][length]conv`; `None` when the
/// directive is not one glibc knows (it then prints it as it stands).
fn parse(d: &[u8]) -> Result<Option<Spec>, Failure> {
    let mut s = Spec::default();
    let mut i = 1;
    let digits = |i: &mut usize| -> Option<usize> {
        let start = *i;
        let mut n: usize = 0;
        while *i < d.len() && d[*i].is_ascii_digit() {
            n = n.saturating_mul(10).saturating_add(usize::from(d[*i] - b'0'));
            *i += 1;
        }
        (*i > start).then_some(n)
    };
    let save = i;
    if digits(&mut i).is_some() && d.get(i) == Some(&b'$') {
        i += 1;
    } else {
        i = save;
    }
    while let Some(&c) = d.get(i) {
        match c {
            b'-' => s.left = true,
            b'+' => s.plus = true,
            b' ' => s.space = true,
            b'#' => s.alt = true,
            b'0' => s.zero = true,
            b'\'' | b'I' => {}
            _ => break,
        }
        i += 1;
    }
    if d.get(i) == Some(&b'*') {
        return Err(Failure::Undefined);
    }
    s.width = digits(&mut i).unwrap_or(0);
    if d.get(i) == Some(&b'.') {
        i += 1;
        if d.get(i) == Some(&b'*') {
            return Err(Failure::Undefined);
        }
        s.precision = Some(digits(&mut i).unwrap_or(0));
    }
    while let Some(&c) = d.get(i) {
        match c {
            b'l' => s.longs += 1,
            b'h' | b'L' | b'q' | b'j' | b'z' | b'Z' | b't' => s.longs = 2,
            _ => break,
        }
        i += 1;
    }
    if i + 1 != d.len() || !b"doxfs".contains(&d[i]) {
        return Ok(None);
    }
    s.conv = d[i];
    Ok(Some(s))
}

/// What `snprintf(buf, limit + 1, directive, arg)` writes: at most `limit`
/// bytes (fewer at a character boundary), built without going past them
/// whatever the width or precision. `Ok(None)` when glibc refuses the field
/// (wider than `INT_MAX`): nothing is written.
pub fn printf(directive: &str, arg: Arg, limit: usize) -> Result<Option<String>, Failure> {
    Ok(unbounded(directive, arg, limit)?.map(|mut t| {
        t.truncate(prefix_within(&t, limit).len());
        t
    }))
}

/// `printf` before the cut to `limit`, which it only passes by a field's
/// own text (fills and zeros stop at the limit).
fn unbounded(directive: &str, arg: Arg, limit: usize) -> Result<Option<String>, Failure> {
    let Some(s) = parse(directive.as_bytes())? else {
        return Ok(Some(directive.to_string()));
    };
    if s.width > MAX_FIELD || s.precision.is_some_and(|p| p > MAX_FIELD) {
        return Ok(None);
    }
    let text = match (s.conv, arg) {
        (b's', Arg::Str(t)) => {
            if s.longs > 0 {
                return Err(Failure::Fails);
            }
            let cut = s.precision.map_or(t, |p| prefix_within(t, p));
            return Ok(Some(pad(&s, "", cut, false, limit)));
        }
        (b'f', Arg::Double(x)) => return Ok(Some(fixed(&s, x, limit))),
        (b'd' | b'o' | b'x', Arg::Long(x)) => integer(&s, x, limit),
        _ => return Ok(Some(directive.to_string())),
    };
    Ok(Some(text))
}

/// `%d`, `%o`, `%x` of a `long`: an `int` (its low 32 bits) unless an `l`
/// says `long`.
fn integer(s: &Spec, x: i64, limit: usize) -> String {
    let wide = s.longs > 0;
    let (sign, mut digits) = match s.conv {
        b'd' => {
            let v = if wide { x } else { i64::from(x as i32) };
            (sign(s, v < 0), v.unsigned_abs().to_string())
        }
        _ => {
            let v = if wide { x as u64 } else { u64::from(x as u32) };
            ("", if s.conv == b'o' { format!("{v:o}") } else { format!("{v:x}") })
        }
    };
    let zero_value = digits == "0";
    if let Some(p) = s.precision {
        if p == 0 && zero_value {
            digits.clear();
        } else if digits.len() < p {
            digits = "0".repeat((p - digits.len()).min(limit)) + &digits;
        }
    }
    let prefix = match s.conv {
        b'o' if s.alt && !digits.starts_with('0') => {
            digits.insert(0, '0');
            ""
        }
        b'x' if s.alt && !zero_value => "0x",
        _ => "",
    };
    let zero_pad = s.zero && !s.left && s.precision.is_none();
    pad(s, &format!("{sign}{prefix}"), &digits, zero_pad, limit)
}

/// A signed conversion's sign: `-`, or what the `+` and space flags ask
/// for a positive number.
fn sign(s: &Spec, negative: bool) -> &'static str {
    if negative {
        "-"
    } else if s.plus {
        "+"
    } else if s.space {
        " "
    } else {
        ""
    }
}

/// The most fractional digits a `double` has: past them glibc prints zeros.
const DOUBLE_DIGITS: usize = 1100;

/// `%f` of a `double`: exact decimal digits, as glibc prints them.
fn fixed(s: &Spec, x: f64, limit: usize) -> String {
    let sign = sign(s, x.is_sign_negative());
    if !x.is_finite() {
        let body = if x.is_nan() { "nan" } else { "inf" };
        return pad(s, sign, body, false, limit);
    }
    let p = s.precision.unwrap_or(6);
    let exact = p.min(DOUBLE_DIGITS);
    let mut body = format!("{:.exact$}", x.abs());
    body.extend(std::iter::repeat_n('0', (p - exact).min(limit)));
    if p == 0 && s.alt {
        body.push('.');
    }
    pad(s, sign, &body, s.zero && !s.left, limit)
}

/// `prefix` and `body` in a field of the directive's width: spaces before
/// (after with `-`), or zeros between the prefix and the body.
fn pad(s: &Spec, prefix: &str, body: &str, zeros: bool, limit: usize) -> String {
    // glibc counts a field's width in bytes.
    let len = prefix.len() + body.len();
    let fill = s.width.saturating_sub(len).min(limit);
    let mut out = String::with_capacity(len + fill);
    if s.left {
        out.push_str(prefix);
        out.push_str(body);
        out.extend(std::iter::repeat_n(' ', fill));
    } else if zeros {
        out.push_str(prefix);
        out.extend(std::iter::repeat_n('0', fill));
        out.push_str(body);
    } else {
        out.extend(std::iter::repeat_n(' ', fill));
        out.push_str(prefix);
        out.push_str(body);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(d: &str, a: Arg) -> String {
        printf(d, a, 4095).unwrap().unwrap()
    }

    #[test]
    fn integers_are_ints_unless_long() {
        assert_eq!(p("%d", Arg::Long(i64::MAX)), "-1");
        assert_eq!(p("%d", Arg::Long(i64::MIN)), "0");
        assert_eq!(p("%ld", Arg::Long(i64::MAX)), "9223372036854775807");
        assert_eq!(p("%x", Arg::Long(-1)), "ffffffff");
        assert_eq!(p("%o", Arg::Long(-8)), "37777777770");
    }

    #[test]
    fn integer_flags() {
        assert_eq!(p("%#x", Arg::Long(255)), "0xff");
        assert_eq!(p("%#o", Arg::Long(8)), "010");
        assert_eq!(p("% d", Arg::Long(42)), " 42");
        assert_eq!(p("%.3d", Arg::Long(7)), "007");
        assert_eq!(p("%05d", Arg::Long(-42)), "-0042");
        assert_eq!(p("%-+5d", Arg::Long(3)), "+3   ");
        assert_eq!(p("%0-5d", Arg::Long(3)), "3    ");
        assert_eq!(p("%'d", Arg::Long(42000)), "42000");
        assert_eq!(p("%.0d", Arg::Long(0)), "");
        assert_eq!(p("%1$d", Arg::Long(4)), "4");
    }

    #[test]
    fn doubles() {
        assert_eq!(p("%f", Arg::Double(1.5)), "1.500000");
        assert_eq!(p("%#.0f", Arg::Double(2.0)), "2.");
        assert_eq!(p("%+.1f", Arg::Double(-0.04)), "-0.0");
        assert_eq!(p("%08.2f", Arg::Double(-1.5)), "-0001.50");
        assert_eq!(p("%05f", Arg::Double(f64::INFINITY)), "  inf");
    }

    #[test]
    fn strings() {
        assert_eq!(p("%5.2s", Arg::Str("abc")), "   ab");
        assert_eq!(p("%-4s", Arg::Str("a")), "a   ");
        assert_eq!(printf("%ls", Arg::Str("a"), 4095), Err(Failure::Fails));
    }

    #[test]
    fn long_fields_stop_at_the_limit() {
        let t = p("%.70000f", Arg::Double(1.0));
        assert_eq!(t.len(), 4095);
        assert!(t.starts_with("1.000"));
        assert_eq!(p("%.1100f", Arg::Double(5e-324)).trim_end_matches('0').len(), 1076);
        assert_eq!(printf("%2147483647d", Arg::Long(1), 10).unwrap().unwrap().len(), 10);
        assert_eq!(printf("%2147483648d", Arg::Long(1), 10), Ok(None));
    }

    #[test]
    fn unknown_directives_print_as_they_stand() {
        assert_eq!(p("%yd", Arg::Long(42)), "%yd");
        assert_eq!(p("%,d", Arg::Long(42)), "%,d");
        assert_eq!(printf("%*d", Arg::Long(7), 4095), Err(Failure::Undefined));
    }
}
