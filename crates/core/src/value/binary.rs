//! Binary values: a byte sequence, written as base64. Spec: "Binary".

use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig, STANDARD, URL_SAFE};
use base64::engine::DecodePaddingMode;
use base64::{alphabet, Engine};

/// Ruby's lenient decoder behind `%b`: padding optional, stray low bits in the
/// last character ignored (`'YWJ'` is `ab`).
const LENIENT: GeneralPurpose = GeneralPurpose::new(
    &alphabet::STANDARD,
    GeneralPurposeConfig::new()
        .with_decode_allow_trailing_bits(true)
        .with_decode_padding_mode(DecodePaddingMode::Indifferent),
);

use crate::error::CoreError;

/// Decodes `text` in the format Puppet names with `%B` (strict base64, the
/// default), `%b` (base64, padding added when missing, line breaks allowed),
/// `%u` (URL-safe base64), `%s` (the UTF-8 text itself) or `%r` (the raw bytes).
pub fn decode(text: &str, format: &str) -> Result<Vec<u8>, CoreError> {
    let bad = |e: base64::DecodeError| CoreError::Operand(format!("invalid base64 ({e})"));
    match format {
        "%B" => STANDARD.decode(text).map_err(bad),
        "%b" => {
            let clean: String = text.chars().filter(|c| !c.is_whitespace()).collect();
            LENIENT.decode(clean).map_err(bad)
        }
        "%u" => URL_SAFE.decode(text).map_err(bad),
        "%s" | "%r" => Ok(text.as_bytes().to_vec()),
        other => Err(CoreError::Operand(format!("Unsupported Binary format '{other}': use %B, %b, %u, %s or %r"))),
    }
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
}
