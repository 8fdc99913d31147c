//! Exact digits of a float for any precision and any magnitude, as Ruby's
//! `format` prints them: Rust's formatter panics on precisions above 65,535,
//! and `as i64` saturates where Ruby turns a float into a Bignum.

/// An `f64`'s exact decimal expansion has at most 1,074 fraction digits (the
/// smallest subnormal is 2^-1074) and fewer significant digits, so every digit
/// past this many is a zero and need not be computed.
const EXACT_DIGITS: usize = 1100;

/// `f` with `precision` fraction digits (`{:.N}` for any N).
pub(super) fn fixed(f: f64, precision: usize) -> String {
    let computed = precision.min(EXACT_DIGITS);
    let mut s = format!("{f:.computed$}");
    s.extend(std::iter::repeat_n('0', precision - computed));
    s
}

/// `f` in Rust's exponential form with `precision` mantissa digits after the
/// point (`{:.Ne}` for any N): `1.50e3`.
pub(super) fn exponential(f: f64, precision: usize) -> String {
    let computed = precision.min(EXACT_DIGITS);
    let s = format!("{f:.computed$e}");
    if computed == precision {
        return s;
    }
    let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let point = if computed == 0 { "." } else { "" };
    format!("{mantissa}{point}{}e{exp}", "0".repeat(precision - computed))
}

/// The digits of the integral float `f.abs().trunc()` in `radix` (2, 8, 10 or
/// 16), exactly: `1e20` in hex is `56bc75e2d63100000`.
pub(super) fn integer_digits(f: f64, radix: u32) -> String {
    let n = f.abs().trunc();
    if radix == 10 {
        return format!("{n:.0}");
    }
    let bits = binary_digits(n);
    let group = radix.trailing_zeros() as usize;
    // Left-pad so the bits split into whole digits of `group` bits each.
    let padded: Vec<u8> = std::iter::repeat_n(0, (group - bits.len() % group) % group).chain(bits).collect();
    let digits: String = padded
        .chunks(group)
        .map(|c| c.iter().fold(0u32, |acc, &b| acc * 2 + u32::from(b)))
        .map(|d| char::from_digit(d, radix).unwrap_or('0'))
        .collect();
    let trimmed = digits.trim_start_matches('0');
    if trimmed.is_empty() {
        "0".into()
    } else {
        trimmed.into()
    }
}

/// Two's complement digits of the negative integral float `-|f|` in `radix`
/// (2, 8 or 16), as Ruby prints a negative Bignum: `..f` followed by digits.
pub(super) fn twos_complement_digits(f: f64, radix: u32) -> String {
    let group = radix.trailing_zeros() as usize;
    let mut bits = binary_digits(f.abs().trunc());
    // One sign bit plus enough to fill whole digits, then negate: invert and add one.
    let width = (bits.len() + 1).div_ceil(group) * group + group;
    bits.splice(0..0, std::iter::repeat_n(0, width - bits.len()));
    bits.iter_mut().for_each(|b| *b ^= 1);
    for b in bits.iter_mut().rev() {
        *b ^= 1;
        if *b == 1 {
            break;
        }
    }
    let top = char::from_digit(radix - 1, radix).unwrap_or('f');
    let digits: String = bits
        .chunks(group)
        .map(|c| c.iter().fold(0u32, |acc, &b| acc * 2 + u32::from(b)))
        .map(|d| char::from_digit(d, radix).unwrap_or('0'))
        .collect();
    format!("..{top}{}", digits.trim_start_matches(top))
}

/// The binary digits of a non-negative integral float, most significant first.
fn binary_digits(n: f64) -> Vec<u8> {
    if n < 1.0 {
        return vec![0];
    }
    let bits = n.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64 - 1075;
    let mantissa = (bits & ((1u64 << 52) - 1)) | (1u64 << 52);
    let mut out: Vec<u8> = (0..53).rev().map(|i| ((mantissa >> i) & 1) as u8).collect();
    if exp >= 0 {
        out.extend(std::iter::repeat_n(0, exp as usize));
    } else {
        out.truncate((53 + exp).max(0) as usize);
    }
    let first_one = out.iter().position(|&b| b == 1).unwrap_or(out.len().saturating_sub(1));
    out.split_off(first_one)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_precisions_pad_with_zeros() {
        assert_eq!(fixed(1.0, 70000).len(), 70002);
        assert_eq!(exponential(1.0, 65536).len(), 65536 + 2 + 2);
        assert_eq!(exponential(1.5, 2), "1.50e0");
    }

    #[test]
    fn big_floats_keep_every_digit() {
        assert_eq!(integer_digits(1e20, 16), "56bc75e2d63100000");
        assert_eq!(integer_digits(1e20, 10), "100000000000000000000");
        assert_eq!(integer_digits(10.0, 2), "1010");
        assert_eq!(twos_complement_digits(10.0, 16), "..f6");
        assert_eq!(twos_complement_digits(5.0, 2), "..1011");
    }
}
