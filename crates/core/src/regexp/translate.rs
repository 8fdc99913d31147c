//! Ruby's regexp syntax rewritten into the syntax the `regex` and fancy-regex
//! crates share.

/// Rewrites the Ruby-only pieces of syntax that fancy-regex spells differently:
/// `\Z` (before a final newline), `\h` (hex digit), `\0` (NUL), `\<` and `\>`
/// (plain characters) and `(?m)` (Ruby's "dot matches newline", which is `s`
/// elsewhere). In a pattern with named groups, Ruby's plain groups do not
/// capture (Onigmo's rule), so they become `(?:...)`.
pub(super) fn translate_ruby(source: &str) -> String {
    let named = has_named_group(source);
    let mut out = String::with_capacity(source.len() + 8);
    let mut chars = source.chars().peekable();
    let mut in_class = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('Z') if !in_class => out.push_str(r"(?=\n?\z)"),
                Some('h') => out.push_str(if in_class { "0-9a-fA-F" } else { "[0-9a-fA-F]" }),
                // Ruby's `\0` is the NUL character (an octal escape).
                Some('0') if !chars.peek().is_some_and(|c| c.is_ascii_digit()) => out.push_str("\\x00"),
                Some('H') if !in_class => out.push_str("[^0-9a-fA-F]"),
                // Ruby's `\<` and `\>` are the characters; fancy-regex reads word boundaries.
                Some(c @ ('<' | '>')) => out.push(c),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            },
            '[' if !in_class => {
                in_class = true;
                out.push(c);
                if chars.peek() == Some(&'^') {
                    out.push(chars.next().unwrap_or('^'));
                }
                if chars.peek() == Some(&']') {
                    out.push(chars.next().unwrap_or(']'));
                }
            }
            ']' if in_class => {
                in_class = false;
                out.push(c);
            }
            '(' if !in_class && chars.peek() == Some(&'?') => {
                out.push('(');
                out.push('?');
                chars.next();
                translate_group_flags(&mut chars, &mut out);
            }
            '(' if !in_class && named => out.push_str("(?:"),
            _ => out.push(c),
        }
    }
    out
}

/// Whether the pattern names a group: `(?<name>`, `(?'name'` or `(?P<name>`
/// outside a character class (`(?<=` and `(?<!` are look-behinds).
fn has_named_group(source: &str) -> bool {
    let bytes = source.as_bytes();
    let mut in_class = false;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1,
            b'[' if !in_class => in_class = true,
            b']' if in_class => in_class = false,
            b'(' if !in_class && bytes.get(i + 1) == Some(&b'?') => {
                let named = match (bytes.get(i + 2), bytes.get(i + 3)) {
                    (Some(b'<'), Some(c)) => *c != b'=' && *c != b'!',
                    (Some(b'\''), _) => true,
                    (Some(b'P'), Some(b'<')) => true,
                    _ => false,
                };
                if named {
                    return true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    false
}

/// Inside `(?flags-flags:` or `(?flags)`, Ruby's `m` means what `s` means to
/// fancy-regex; other group kinds pass through untouched.
fn translate_group_flags(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, out: &mut String) {
    let mut flags = String::new();
    while let Some(&c) = chars.peek() {
        if c.is_ascii_alphabetic() || c == '-' {
            flags.push(c);
            chars.next();
        } else {
            break;
        }
    }
    let is_flag_group = !flags.is_empty()
        && flags.chars().all(|c| matches!(c, 'i' | 'm' | 'x' | '-'))
        && matches!(chars.peek(), Some(':') | Some(')'));
    if is_flag_group {
        out.extend(flags.chars().map(|c| if c == 'm' { 's' } else { c }));
    } else {
        out.push_str(&flags);
    }
}
