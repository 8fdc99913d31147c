//! Ruby's `String#inspect`, the one copy confer has: Puppet shows strings
//! this way in its error messages (`Invalid value "a\u0001"`), in `%p` and
//! in Ruby's `to_s` of an Array or Hash (Hiera's interpolation, ERB
//! templates, `lookup --explain`), so each place a Ruby string is shown
//! calls here.
//!
//! A UTF-8 string and a binary (ASCII-8BIT) one are inspected differently:
//! a character Ruby cannot print is `\uXXXX` in the first and every
//! non-ASCII byte is `\xNN` in the second. The goldens beside this module
//! (`tests/ruby_compat/*_inspect.tsv`) hold what Ruby prints.

use std::sync::LazyLock;

/// Ruby's `String#inspect` of a UTF-8 string: in double quotes, with
/// Ruby's escapes (`\n`, `\e`, `\#{`) and `\uXXXX` (`\u{XXXXX}` past the
/// Basic Multilingual Plane) for a character Ruby does not print as it is.
pub fn inspect_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let interpolation = c == '#' && matches!(chars.peek(), Some('{' | '$' | '@'));
        if !push_named(&mut out, c, interpolation) {
            match c as u32 {
                _ if printable(c) => out.push(c),
                n @ 0x10000.. => out.push_str(&format!("\\u{{{n:X}}}")),
                n => out.push_str(&format!("\\u{n:04X}")),
            }
        }
    }
    out.push('"');
    out
}

/// Ruby's `String#inspect` of a binary (ASCII-8BIT) string, such as a
/// digest or a decoding: printable ASCII as it is, every other byte as
/// `\xNN`.
pub fn inspect_binary(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + 2);
    out.push('"');
    for (i, &b) in bytes.iter().enumerate() {
        let interpolation = b == b'#' && matches!(bytes.get(i + 1), Some(b'{' | b'$' | b'@'));
        let c = char::from(b);
        if !(b.is_ascii() && (push_named(&mut out, c, interpolation) || push_graphic(&mut out, c))) {
            out.push_str(&format!("\\x{b:02X}"));
        }
    }
    out.push('"');
    out
}

/// Writes the escape both encodings give `c` by name (`\"`, `\n`, `\e`, the
/// `\#` that keeps `#{`, `#$` and `#@` from reading as interpolation);
/// false when it has none.
fn push_named(out: &mut String, c: char, interpolation: bool) -> bool {
    let escape = match c {
        '#' if interpolation => "\\#",
        '"' => "\\\"",
        '\\' => "\\\\",
        '\n' => "\\n",
        '\t' => "\\t",
        '\r' => "\\r",
        '\x0c' => "\\f",
        '\x0b' => "\\v",
        '\x08' => "\\b",
        '\x07' => "\\a",
        '\x1b' => "\\e",
        _ => return false,
    };
    out.push_str(escape);
    true
}

/// Writes a printable ASCII character as it is; false for any other.
fn push_graphic(out: &mut String, c: char) -> bool {
    let graphic = matches!(c, ' '..='~');
    if graphic {
        out.push(c);
    }
    graphic
}

/// Whether Ruby writes `c` as it is in a UTF-8 string: Onigmo's `print`
/// class, which leaves out control characters (but NEL, which it counts as
/// a space), the line and paragraph separators, and code points Unicode
/// has not assigned (noncharacters among them). Ruby 3.1 reads Unicode 13;
/// the table here is the regex crate's newer one, so a character assigned
/// since is printed where Ruby escapes it (docs/deviations.md).
fn printable(c: char) -> bool {
    let n = c as u32;
    !((c.is_control() && n != 0x85) || n == 0x2028 || n == 0x2029 || unassigned(c))
}

/// Whether Unicode (as the regex crate's tables know it) assigns no
/// character to `c`.
fn unassigned(c: char) -> bool {
    static RANGES: LazyLock<Vec<(char, char)>> = LazyLock::new(|| {
        use regex_syntax::hir::{Class, HirKind};
        // A constant class the parser always accepts (checked by the tests).
        let hir = regex_syntax::parse(r"\p{Cn}").expect("the unassigned class parses");
        match hir.kind() {
            HirKind::Class(Class::Unicode(class)) => class.ranges().iter().map(|r| (r.start(), r.end())).collect(),
            _ => Vec::new(),
        }
    });
    RANGES
        .binary_search_by(|&(start, end)| {
            if end < c {
                std::cmp::Ordering::Less
            } else if start > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_printing_follow_ruby() {
        assert_eq!(inspect_str("a\"b\\#{x}\u{1}\u{1b}"), r#""a\"b\\\#{x}\u0001\e""#);
        assert_eq!(inspect_str("é\u{85}\u{2028}\u{378}\u{10FFFF}"), "\"é\u{85}\\u2028\\u0378\\u{10FFFF}\"");
        assert_eq!(inspect_binary(b"\xc3\xa9#@\x00\n"), r#""\xC3\xA9\#@\x00\n""#);
    }

    #[test]
    fn the_unassigned_table_is_read() {
        assert!(unassigned('\u{378}') && unassigned('\u{FFFF}'));
        assert!(!unassigned('a') && !unassigned('\u{E000}'));
    }
}
