//! POSIX regular expressions (grep's and sed's basic and extended forms,
//! with GNU's `\+`, `\?`, `\|`, `\<`, `\>`) written in the Ruby syntax
//! confer's regex engine reads. The two differ mostly in what is special:
//! in a basic expression `(`, `{`, `|`, `+`, `?` are plain characters and
//! their backslashed forms are operators; inside brackets a backslash is an
//! ordinary character in POSIX and an escape in Ruby.

use confer_core::Regexp;

/// `pattern` compiled as grep and sed read it: basic, or `extended`
/// (`-E`); `icase` for `-i` / the `I` flag.
pub(super) fn compile(pattern: &str, extended: bool, icase: bool) -> Result<Regexp, String> {
    let body = translate(pattern, extended);
    let source = if icase { format!("(?i:{body})") } else { body };
    Regexp::new(&source).map_err(|e| e.to_string())
}

/// A fixed string (`grep -F`) as a pattern matching exactly it.
pub(super) fn literal(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if !c.is_alphanumeric() && c != '_' && c != ' ' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The Ruby source for a POSIX pattern.
fn translate(pattern: &str, extended: bool) -> String {
    let chars: Vec<char> = pattern.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    // Where a `*` is literal and `^` an anchor: at the start of the pattern
    // or of a group or an alternative.
    let mut at_start = true;
    while i < chars.len() {
        let c = chars[i];
        let was_start = at_start;
        at_start = false;
        match c {
            '\\' => {
                let Some(&next) = chars.get(i + 1) else {
                    out.push_str("\\\\");
                    break;
                };
                i += 1;
                match next {
                    '(' | ')' | '{' | '}' | '|' | '+' | '?' if !extended => {
                        out.push(next);
                        at_start = matches!(next, '(' | '|');
                    }
                    '<' | '>' => out.push_str("\\b"),
                    'w' | 'W' | 's' | 'S' | 'b' | 'B' | 'n' | 't' => {
                        out.push('\\');
                        out.push(next);
                    }
                    '1'..='9' => {
                        out.push('\\');
                        out.push(next);
                    }
                    other => push_literal(&mut out, other),
                }
            }
            '(' | ')' | '|' | '+' | '?' | '{' | '}' if !extended => push_literal(&mut out, c),
            '(' | '|' => {
                out.push(c);
                at_start = true;
            }
            '*' if was_start => out.push_str("\\*"),
            '^' if was_start || extended => out.push('^'),
            '^' => out.push_str("\\^"),
            '$' if extended || i + 1 == chars.len() || ends_group(&chars, i + 1) => out.push('$'),
            '$' => out.push_str("\\$"),
            '[' => i = bracket(&chars, i, &mut out),
            '#' | ' ' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
        i += 1;
    }
    out
}

/// Whether a basic pattern's group or alternative ends at `i` (`$` before
/// `\)` or `\|` is an anchor).
fn ends_group(chars: &[char], i: usize) -> bool {
    chars.get(i) == Some(&'\\') && matches!(chars.get(i + 1), Some(')' | '|'))
}

/// Writes a character that is not special in POSIX so that it is not in
/// Ruby either.
fn push_literal(out: &mut String, c: char) {
    if c.is_alphanumeric() || c == '_' {
        out.push(c);
    } else {
        out.push('\\');
        out.push(c);
    }
}

/// Copies the bracket expression starting at `start` (`[`), escaping what
/// Ruby would read differently; returns the index of its closing `]` (or
/// of the `[` itself, taken literally, when it never closes).
fn bracket(chars: &[char], start: usize, out: &mut String) -> usize {
    let mut i = start + 1;
    let mut body = String::from("[");
    if chars.get(i) == Some(&'^') {
        body.push('^');
        i += 1;
    }
    if chars.get(i) == Some(&']') {
        body.push_str("\\]");
        i += 1;
    }
    while i < chars.len() {
        let c = chars[i];
        match c {
            ']' => {
                body.push(']');
                out.push_str(&body);
                return i;
            }
            '[' if matches!(chars.get(i + 1), Some(':' | '.' | '=')) => {
                let kind = chars[i + 1];
                let close = (i + 2..chars.len().saturating_sub(1)).find(|&j| chars[j] == kind && chars[j + 1] == ']');
                let Some(close) = close else {
                    body.push_str("\\[");
                    i += 1;
                    continue;
                };
                let inner: String = chars[i + 2..close].iter().collect();
                match kind {
                    ':' => body.push_str(&format!("[:{inner}:]")),
                    _ => inner.chars().for_each(|c| push_in_bracket(&mut body, c)),
                }
                i = close + 2;
                continue;
            }
            c => push_in_bracket(&mut body, c),
        }
        i += 1;
    }
    out.push_str("\\[");
    start
}

/// A character inside brackets, escaped where Ruby gives it a meaning
/// POSIX does not (`\`, a nested `[`, `&&`).
fn push_in_bracket(body: &mut String, c: char) {
    if matches!(c, '\\' | '[' | '&') {
        body.push('\\');
    }
    body.push(c);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(pattern: &str, extended: bool, text: &str) -> bool {
        compile(pattern, extended, false).unwrap().is_match(text)
    }

    #[test]
    fn basic_patterns_keep_parentheses_and_braces_literal() {
        assert!(matches("a(b)", false, "xa(b)"));
        assert!(!matches("a(b)", false, "ab"));
        assert!(matches("\\(ab\\)\\1", false, "abab"));
        assert!(matches("a\\{2\\}", false, "aa"));
        assert!(matches("a+", false, "a+"));
        assert!(matches("x\\|y", false, "y"));
        assert!(matches("*a", false, "*a"));
    }

    #[test]
    fn extended_patterns_use_operators() {
        assert!(matches("a(b|c)+", true, "abcb"));
        assert!(matches("^select_line_matching", true, "select_line_matching x"));
    }

    #[test]
    fn brackets_read_backslashes_and_classes_as_posix_does() {
        assert!(matches("[\\]", false, "\\"));
        assert!(matches("[[:digit:]]x", false, "5x"));
        assert!(matches("[]a]", false, "]"));
        assert!(matches("a^b$c", false, "a^b$c"));
    }

    #[test]
    fn fixed_strings_match_themselves() {
        let re = Regexp::new(&literal("a.b*[c] #")).unwrap();
        assert!(re.is_match("xa.b*[c] #"));
        assert!(!re.is_match("axbb[c] #"));
    }
}
