//! Ruby's `Float#to_s`, which is how Puppet prints a float wherever a value is
//! turned into text without an explicit format: interpolation, `notice`,
//! error messages, Hiera's `--render-as`, JSON and YAML written the Ruby way.
//! This is the one copy; `tests/ruby_compat/float_to_s.tsv` holds Ruby's
//! output.

/// Formats `f` the way Ruby does: the shortest digits that read back to the same
/// float, in plain notation when the decimal exponent is in `-4..=14`, otherwise as
/// `d.ddde+XX`; a whole number keeps a `.0`.
pub fn float_to_s(f: f64) -> String {
    if f.is_nan() {
        return "NaN".to_string();
    }
    if f.is_infinite() {
        return if f > 0.0 { "Infinity" } else { "-Infinity" }.to_string();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0" } else { "0.0" }.to_string();
    }
    // `{:e}` yields the shortest round-trip digits as `d.ddde<exp>`.
    let sci = format!("{:e}", f.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let sign = if f < 0.0 { "-" } else { "" };
    if (-4..=14).contains(&exp) {
        let point = exp + 1;
        let body = if point <= 0 {
            format!("0.{}{}", "0".repeat((-point) as usize), digits)
        } else if point as usize >= digits.len() {
            format!("{}{}.0", digits, "0".repeat(point as usize - digits.len()))
        } else {
            let (int, frac) = digits.split_at(point as usize);
            format!("{int}.{frac}")
        };
        format!("{sign}{body}")
    } else {
        let (first, rest) = digits.split_at(1);
        let rest = if rest.is_empty() { "0" } else { rest };
        let exp_sign = if exp < 0 { '-' } else { '+' };
        format!("{sign}{first}.{rest}e{exp_sign}{:02}", exp.abs())
    }
}

#[cfg(test)]
mod tests {
    use super::float_to_s as s;

    #[test]
    fn plain_range_matches_ruby() {
        assert_eq!(s(100.0), "100.0");
        assert_eq!(s(1e14), "100000000000000.0");
        assert_eq!(s(123456789012345.0), "123456789012345.0");
        assert_eq!(s(0.0001), "0.0001");
        assert_eq!(s(0.00012), "0.00012");
        assert_eq!(s(-0.0), "-0.0");
        assert_eq!(s(1.0 / 3.0), "0.3333333333333333");
        assert_eq!(s(0.1 + 0.2), "0.30000000000000004");
    }

    #[test]
    fn exponent_range_matches_ruby() {
        assert_eq!(s(1e15), "1.0e+15");
        assert_eq!(s(1234567890123456.0), "1.234567890123456e+15");
        assert_eq!(s(1e-5), "1.0e-05");
        assert_eq!(s(5e-324), "5.0e-324");
        assert_eq!(s(1.5e300), "1.5e+300");
        assert_eq!(s(-2.5e20), "-2.5e+20");
    }
}
