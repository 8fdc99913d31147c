//! Spans of names the syntax tree holds only inside a larger span: a
//! class's name after `class`, a parameter's `$name`, an attribute's name
//! at the start of its operation, a method's name after the dot, a quoted
//! name without its quotes. Found by reading the text from the enclosing
//! span, which is what the parser read.

use std::ops::Range;

use confer_puppet::ast::{Expr, ExprKind, Parameter};

/// Whether `c` may be part of a Puppet name (`apache::vhost`, `$x`).
pub fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == ':'
}

/// The first name after the keyword that starts `text[from..]`
/// (`class apache::mod (`, `type Nginx::Path =`), skipping blanks and
/// comments.
pub fn after_keyword(text: &str, from: usize) -> Option<Range<usize>> {
    let rest = text.get(from..)?;
    let keyword = rest.find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(rest.len());
    name_from(text, skip_blank(text, from + keyword))
}

/// The name after `inherits` in a class's header, if it has one.
pub fn inherited(text: &str, class: Range<usize>) -> Option<Range<usize>> {
    let header = text.get(class.clone())?;
    let header = &header[..header.find('{').unwrap_or(header.len())];
    let at = header.rfind("inherits")?;
    name_from(text, skip_blank(text, class.start + at + "inherits".len()))
}

/// The `$name` of a parameter, `$` included.
pub fn parameter(text: &str, p: &Parameter) -> Range<usize> {
    let span = p.span.start as usize..p.span.end as usize;
    let within = text.get(span.clone()).unwrap_or("");
    let wanted = format!("${}", p.name);
    match within.rfind(&wanted) {
        Some(at) => span.start + at..span.start + at + wanted.len(),
        None => span,
    }
}

/// The name of an attribute operation that starts at `start`.
pub fn attribute(start: usize, name: &str) -> Range<usize> {
    start..start + name.len()
}

/// The name of a method call: the first name after the dot that follows
/// the receiver.
pub fn method(text: &str, receiver_end: usize) -> Option<Range<usize>> {
    let dot = skip_blank(text, receiver_end);
    if text.as_bytes().get(dot) != Some(&b'.') {
        return None;
    }
    name_from(text, skip_blank(text, dot + 1))
}

/// What a string or bare word names, and where, without quotes:
/// `'apache'`, `apache`, `"apache"` (not interpolated).
pub fn literal_name(text: &str, e: &Expr) -> Option<(String, Range<usize>)> {
    let span = e.span.start as usize..e.span.end as usize;
    match &e.kind {
        ExprKind::BareWord(name) => Some((name.clone(), span)),
        ExprKind::String(name) => {
            let quoted = matches!(text.as_bytes().get(span.start), Some(b'\'' | b'"'));
            let inner = if quoted && span.len() >= 2 { span.start + 1..span.end - 1 } else { span };
            Some((name.clone(), inner))
        }
        _ => None,
    }
}

fn skip_blank(text: &str, mut at: usize) -> usize {
    let bytes = text.as_bytes();
    loop {
        match bytes.get(at) {
            Some(b) if b.is_ascii_whitespace() => at += 1,
            Some(b'#') => at += text[at..].find('\n').unwrap_or(text.len() - at),
            Some(b'/') if bytes.get(at + 1) == Some(&b'*') => {
                at += text[at..].find("*/").map_or(text.len() - at, |end| end + 2);
            }
            _ => return at,
        }
    }
}

fn name_from(text: &str, start: usize) -> Option<Range<usize>> {
    let rest = text.get(start..)?;
    let len = rest.find(|c: char| !is_name_char(c)).unwrap_or(rest.len());
    (len > 0).then_some(start..start + len)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_after_keywords_skip_comments() {
        let text = "class  # the module\n  apache::mod(";
        let at = after_keyword(text, 0).expect("a name");
        assert_eq!(&text[at], "apache::mod");
        let text = "class a inherits a::params { include b }";
        assert_eq!(&text[inherited(text, 0..text.len()).expect("a parent")], "a::params");
        assert_eq!(inherited("class a { inherits }", 0..20), None);
    }

    #[test]
    fn method_names_follow_the_dot() {
        let text = "$x . each |$y| {}";
        assert_eq!(method(text, 2).map(|r| &text[r]), Some("each"));
    }
}
