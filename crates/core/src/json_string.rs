//! A JSON string literal as Ruby's JSON generator (Puppet's catalogs and
//! `--render-as json`) and cf-agent both write it: `"` and `\` escaped,
//! control characters as `\n`, `\t`… or `\u00XX`, and everything else —
//! `/` and non-ASCII included — as it is.

/// Appends `s` to `out` as a JSON string literal.
pub fn push_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                use std::fmt::Write;
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::push_json_string;

    #[test]
    fn keeps_slashes_and_escapes_controls() {
        let mut out = String::new();
        push_json_string(&mut out, "/tmp/x \"q\"\n\u{1}é");
        assert_eq!(out, "\"/tmp/x \\\"q\\\"\\n\\u0001é\"");
    }
}
