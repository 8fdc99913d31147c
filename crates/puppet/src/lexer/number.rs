//! Number literals: decimal, `0x` hexadecimal and `0` octal integers, and
//! floats with a fraction and/or an exponent.

use super::{LexError, Lexer, Tok};

impl Lexer<'_> {
    pub(super) fn number(&mut self) -> Result<Tok, LexError> {
        let start = self.pos;
        let rest = self.rest();
        let bytes = rest.as_bytes();
        let digits = |from: usize, ok: fn(u8) -> bool| bytes[from..].iter().take_while(|b| ok(**b)).count();
        let is_hex = rest.starts_with("0x") || rest.starts_with("0X");
        let mut len = if is_hex { 2 + digits(2, |b| b.is_ascii_hexdigit()) } else { digits(0, |b| b.is_ascii_digit()) };
        let mut is_float = false;
        if !is_hex {
            if bytes.get(len) == Some(&b'.') && bytes.get(len + 1).is_some_and(u8::is_ascii_digit) {
                is_float = true;
                len += 1 + digits(len + 1, |b| b.is_ascii_digit());
            }
            if matches!(bytes.get(len), Some(b'e' | b'E')) {
                let sign = usize::from(matches!(bytes.get(len + 1), Some(b'-' | b'+')));
                let exp = digits(len + 1 + sign, |b| b.is_ascii_digit());
                if exp > 0 {
                    is_float = true;
                    len += 1 + sign + exp;
                }
            }
        }
        // A number runs into a letter or digit only when it is malformed
        // (`1a`, `0x`, `1e`, `1.`): Puppet rejects the whole word.
        let tail = bytes[len..].iter().take_while(|b| b.is_ascii_alphanumeric() || **b == b'_').count();
        let trailing_dot =
            !is_hex && bytes.get(len) == Some(&b'.') && !bytes.get(len + 1).is_some_and(|b| b.is_ascii_alphabetic());
        let text = &rest[..len + tail];
        self.pos += len + tail;
        if tail > 0 || (is_hex && len == 2) || trailing_dot {
            return Err(LexError {
                message: format!(
                    "Illegal number '{}'",
                    if trailing_dot { format!("{text}.") } else { text.to_string() }
                ),
                span: crate::span::Span::new(start, self.pos),
            });
        }
        let bad = |what: &str| LexError {
            message: format!("Illegal {what} '{text}'"),
            span: crate::span::Span::new(start, start + text.len()),
        };
        if is_float {
            return text.parse::<f64>().ok().filter(|f| f.is_finite()).map(Tok::Float).ok_or_else(|| bad("number"));
        }
        let (radix, body) = if is_hex {
            (16, &text[2..])
        } else if text.len() > 1 && text.starts_with('0') {
            if !text.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
                return Err(bad("octal number"));
            }
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
                span: crate::span::Span::new(start, start + text.len()),
            }
        })
    }
}
