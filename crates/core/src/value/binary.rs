//! Binary values: a byte sequence, written as base64. Spec: "Binary".

use base64::engine::general_purpose::{STANDARD, URL_SAFE};
use base64::Engine;

use crate::error::CoreError;

/// Decodes `text` in the format Puppet names with `%B` (strict base64, the
/// default), `%b` (base64, padding added when missing, line breaks allowed),
/// `%u` (URL-safe base64), `%s` (the UTF-8 text itself) or `%r` (the raw bytes).
pub fn decode(text: &str, format: &str) -> Result<Vec<u8>, CoreError> {
    let bad = |_: base64::DecodeError| CoreError::Operand("invalid base64".into());
    match format {
        "%B" => STANDARD.decode(text).map_err(bad),
        "%b" => Ok(lenient(text)),
        "%u" => {
            // Ruby's `urlsafe_decode64`: padding added when missing, then the
            // standard alphabet with `-_` read as `+/` (so `+/` pass too).
            let mut standard: String = text
                .chars()
                .map(|c| match c {
                    '-' => '+',
                    '_' => '/',
                    c => c,
                })
                .collect();
            if !text.ends_with('=') {
                while !standard.len().is_multiple_of(4) {
                    standard.push('=');
                }
            }
            STANDARD.decode(standard).map_err(bad)
        }
        "%s" | "%r" => Ok(text.as_bytes().to_vec()),
        other => Err(CoreError::Operand(format!("Unsupported Binary format '{other}': use %B, %b, %u, %s or %r"))),
    }
}

/// The value of a base64 character, or `None` outside the alphabet.
fn sextet(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// Ruby's `Base64.decode64` (`unpack1('m')`), behind `%b`: characters
/// outside the alphabet are skipped, `=` ends the input once a byte has
/// begun, and bits left over at the end are dropped (`'YWJ'` is `ab`,
/// `'a*b='` is `i`). It never fails.
fn lenient(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut group: Vec<u8> = Vec::with_capacity(4);
    for &c in bytes {
        if c == b'=' && group.len() >= 2 {
            break;
        }
        let Some(v) = sextet(c) else { continue };
        group.push(v);
        if group.len() == 4 {
            out.push(group[0] << 2 | group[1] >> 4);
            out.push(group[1] << 4 | group[2] >> 2);
            out.push(group[2] << 6 | group[3]);
            group.clear();
        }
    }
    if group.len() >= 2 {
        out.push(group[0] << 2 | group[1] >> 4);
    }
    if group.len() == 3 {
        out.push(group[1] << 4 | group[2] >> 2);
    }
    out
}

/// Strict base64 (`%B`), how a Binary prints by default.
pub fn strict(bytes: &[u8]) -> String {
    STANDARD.encode(bytes)
}

/// Base64 with a line break every 60 characters and at the end (`%b`), as
/// Ruby's `Base64.encode64` writes it.
pub fn lines(bytes: &[u8]) -> String {
    let encoded = STANDARD.encode(bytes);
    let mut out = String::new();
    for chunk in encoded.as_bytes().chunks(60) {
        out.push_str(std::str::from_utf8(chunk).unwrap_or_default());
        out.push('\n');
    }
    out
}

/// URL-safe base64 (`%u`).
pub fn url_safe(bytes: &[u8]) -> String {
    URL_SAFE.encode(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_round_trip() {
        assert_eq!(decode("YWJj", "%B").unwrap(), b"abc");
        assert_eq!(decode("YWJ", "%b").unwrap(), b"ab");
        assert_eq!(strict(b"binary"), "YmluYXJ5");
        assert_eq!(lines(b"binary"), "YmluYXJ5\n");
        assert_eq!(url_safe(&decode("++//", "%B").unwrap()), "--__");
        assert!(decode("!!", "%B").is_err());
    }

    #[test]
    fn lenient_and_url_safe_decoding_follow_ruby() {
        assert_eq!(decode("a*b=", "%b").unwrap(), b"i");
        assert_eq!(decode("-_8=", "%b").unwrap(), b"");
        assert_eq!(decode("YW\nJj", "%b").unwrap(), b"abc");
        assert_eq!(decode("-_8", "%u").unwrap(), decode("+/8=", "%B").unwrap());
        assert_eq!(decode("+/8=", "%u").unwrap(), decode("+/8=", "%B").unwrap());
        assert!(decode("YWI", "%B").is_err());
    }
}
