//! Number literals: decimal, `0x` hexadecimal and `0` octal integers, and
//! floats with a fraction and/or an exponent, read as Puppet's lexer reads
//! them so that malformed ones fail with its words at its position.
//!
//! Puppet matches `\b(?:0[xX][0-9A-Fa-f]+|0?\d+(?:\.\d+)?(?:[eE]-?\d+)?)\b`.
//! The closing `\b` makes `1.5.` a number, a dot and whatever follows, while
//! `1e5x` is no number at all: the whole word is then reported as a bad hex,
//! octal or decimal number, or as an illegal one.

use super::{LexError, Lexer, Tok};
use crate::span::Span;

/// Whether `b` is a word character as Ruby's `\w` reads it.
fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// How many bytes of `bytes[from..]` are ASCII digits.
fn digits(bytes: &[u8], from: usize) -> usize {
    bytes.get(from..).map_or(0, |rest| rest.iter().take_while(|b| b.is_ascii_digit()).count())
}

/// The length of Puppet's number pattern matched at the start of `bytes`,
/// if it matches.
fn matched(bytes: &[u8]) -> Option<usize> {
    let at_boundary = |len: usize| !bytes.get(len).copied().is_some_and(is_word);
    if matches!(bytes, [b'0', b'x' | b'X', ..]) {
        let hex = bytes[2..].iter().take_while(|b| b.is_ascii_hexdigit()).count();
        if hex > 0 && at_boundary(2 + hex) {
            return Some(2 + hex);
        }
    }
    let int = digits(bytes, 0);
    let mut len = int;
    let fraction = bytes.get(len) == Some(&b'.') && digits(bytes, len + 1) > 0;
    if fraction {
        len += 1 + digits(bytes, len + 1);
    }
    if matches!(bytes.get(len), Some(b'e' | b'E')) {
        let sign = usize::from(bytes.get(len + 1) == Some(&b'-'));
        let exp = digits(bytes, len + 1 + sign);
        if exp > 0 {
            len += 1 + sign + exp;
        }
    }
    if at_boundary(len) {
        Some(len)
    } else if fraction {
        // Without its fraction the number ends before a `.`, a boundary.
        Some(int)
    } else {
        None
    }
}

/// Puppet's `assert_numeric`: the error for `text` when it is not a
/// well-formed number of the kind its first characters announce.
fn malformed(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let all = |from: usize, ok: fn(&u8) -> bool| b.len() > from && b[from..].iter().all(ok);
    if matches!(b, [b'0', b'x' | b'X', ..]) {
        (!all(2, u8::is_ascii_hexdigit)).then(|| format!("Not a valid hex number {text}"))
    } else if matches!(b, [b'0', c, ..] if *c != b'.') {
        (!all(1, |c| (b'0'..=b'7').contains(c))).then(|| format!("Not a valid octal number {text}"))
    } else if b.len() > digits(b, 0) && digits(b, 0) > 0 && matches!(b[digits(b, 0)], b'e' | b'E' | b'.') {
        (matched(b) != Some(b.len())).then(|| format!("Not a valid decimal number {text}"))
    } else {
        (!all(0, u8::is_ascii_digit)).then(|| format!("Illegal number '{text}'"))
    }
}

impl Lexer<'_> {
    pub(super) fn number(&mut self) -> Result<Tok, LexError> {
        let start = self.pos;
        let bytes = self.rest().as_bytes();
        let Some(len) = matched(bytes) else {
            return Err(self.bad_number(start));
        };
        let text = &self.rest()[..len];
        let span = Span::new(start, start + len);
        if let Some(message) = malformed(text) {
            return Err(LexError { message, span });
        }
        self.pos += len;
        let is_hex = matches!(text.as_bytes(), [b'0', b'x' | b'X', ..]);
        if !is_hex && text.contains(['.', 'e', 'E']) {
            return text
                .parse::<f64>()
                .ok()
                .filter(|f| f.is_finite())
                .map(Tok::Float)
                .ok_or_else(|| LexError { message: format!("Illegal number '{text}'"), span });
        }
        let (radix, body) = if is_hex {
            (16, &text[2..])
        } else if text.len() > 1 && text.starts_with('0') {
            (8, &text[1..])
        } else {
            (10, text)
        };
        i64::from_str_radix(body, radix).map(Tok::Integer).map_err(|_| {
            let shown = u128::from_str_radix(body, radix).map_or_else(|_| text.to_string(), |n| format!("{n:x}"));
            LexError {
                message: format!(
                    "A Literal Integer resulted in a value outside of Puppet Integer max range, got '+0x{shown}'"
                ),
                span,
            }
        })
    }

    /// The error for a word starting at `start` with a digit that is no
    /// number: the word, and when it follows `<digits>.` those digits too
    /// (`1.2x` is one bad decimal number), as Puppet reports it.
    fn bad_number(&mut self, start: usize) -> LexError {
        let src = self.src.as_bytes();
        let end = start + src[start..].iter().take_while(|b| is_word(**b)).count();
        let mut from = start;
        if start > 1 && src[start - 1] == b'.' {
            let mut i = start - 2;
            while src[i].is_ascii_digit() {
                from = i;
                if i == 0 {
                    break;
                }
                i -= 1;
            }
        }
        let text = &self.src[from..end];
        self.pos = end;
        let message = malformed(text).unwrap_or_else(|| format!("Illegal number '{text}'"));
        LexError { message, span: Span::new(from, end) }
    }
}

#[cfg(test)]
mod tests {
    use super::{malformed, matched};

    #[test]
    fn the_pattern_ends_at_a_word_boundary() {
        assert_eq!(matched(b"1.5.)"), Some(3));
        assert_eq!(matched(b"1.)"), Some(1));
        assert_eq!(matched(b"1.5e)"), Some(1));
        assert_eq!(matched(b"0x1f)"), Some(4));
        assert_eq!(matched(b"1e-5 "), Some(4));
        assert_eq!(matched(b"1e+5"), None);
        assert_eq!(matched(b"0x1G"), None);
        assert_eq!(matched(b"1a"), None);
    }

    #[test]
    fn malformed_numbers_are_named_by_their_kind() {
        assert_eq!(malformed("0x1G").as_deref(), Some("Not a valid hex number 0x1G"));
        assert_eq!(malformed("09").as_deref(), Some("Not a valid octal number 09"));
        assert_eq!(malformed("08.5").as_deref(), Some("Not a valid octal number 08.5"));
        assert_eq!(malformed("1e5x").as_deref(), Some("Not a valid decimal number 1e5x"));
        assert_eq!(malformed("1_000").as_deref(), Some("Illegal number '1_000'"));
        assert_eq!(malformed("0.5"), None);
        assert_eq!(malformed("0777"), None);
    }
}
