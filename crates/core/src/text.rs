//! Text from input files shown in messages: control characters are escaped so
//! that a raw ESC (or any terminal control sequence) in a document, key or
//! file name never reaches the user's terminal.

use std::borrow::Cow;

/// `s` with every control character other than a tab written as an escape
/// (`\u{1b}`, `\n`).
pub fn escape_controls(s: &str) -> Cow<'_, str> {
    if !s.chars().any(|c| c.is_control() && c != '\t') {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if c.is_control() && c != '\t' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(super::escape_controls("a\u{1b}[31mb\n"), "a\\u{1b}[31mb\\n");
        assert_eq!(super::escape_controls("plain\ttext"), "plain\ttext");
    }
}
