//! Splitting an ERB template into text and tags, as Ruby's `ERB` does with
//! Puppet's trim mode `-` (`ERB::Compiler::TrimScanner#explicit_trim_line`):
//! `<%-` at the start of a line also drops the indentation before it, `-%>`
//! followed by a line break drops that line break, `<%%` renders `<%`, and
//! inside a tag `%%>` stands for `%>`.

/// One piece of a template.
#[derive(Debug, Clone, PartialEq)]
pub enum Segment {
    /// Text to render as it is, and where it starts.
    Text(String, usize),
    /// `<% code %>`: Ruby code starting at the byte offset.
    Code(String, usize),
    /// `<%= code %>`: code whose value is rendered.
    Insert(String, usize),
}

/// An opening tag left without its `%>`.
#[derive(Debug, Clone, PartialEq)]
pub struct Unclosed {
    /// Where the tag starts.
    pub at: usize,
}

/// What opened the tag being read.
#[derive(Clone, Copy, PartialEq)]
enum Open {
    Code,
    Insert,
    Comment,
}

/// Splits `text` into segments.
pub fn segments(text: &str) -> Result<Vec<Segment>, Unclosed> {
    let mut out = Vec::new();
    let mut content = String::new();
    let mut content_start = 0;
    let mut pos = 0;
    let bytes = text.as_bytes();
    while pos < text.len() {
        if content.is_empty() {
            content_start = pos;
        }
        let Some(i) = text[pos..].find("<%").map(|i| pos + i) else {
            content.push_str(&text[pos..]);
            break;
        };
        let after = bytes.get(i + 2).copied();
        if after == Some(b'%') {
            content.push_str(&text[pos..i]);
            content.push_str("<%");
            pos = i + 3;
            continue;
        }
        let mut before = &text[pos..i];
        let (open, tag_len) = match after {
            Some(b'-') => {
                let line_start = before.rfind('\n').map_or(0, |n| n + 1);
                let indent = &before[line_start..];
                if indent.bytes().all(|b| b == b' ' || b == b'\t') && starts_line(text, pos + line_start) {
                    before = &before[..line_start];
                }
                (Open::Code, 3)
            }
            Some(b'=') => (Open::Insert, 3),
            Some(b'#') => (Open::Comment, 3),
            _ => (Open::Code, 2),
        };
        content.push_str(before);
        if !content.is_empty() {
            out.push(Segment::Text(std::mem::take(&mut content), content_start));
        }
        let code_start = i + tag_len;
        let (code, next) = tag_body(text, code_start).ok_or(Unclosed { at: i })?;
        match open {
            Open::Code => out.push(Segment::Code(code, code_start)),
            Open::Insert => out.push(Segment::Insert(code, code_start)),
            Open::Comment => {}
        }
        pos = next;
    }
    if !content.is_empty() {
        out.push(Segment::Text(content, content_start));
    }
    Ok(out)
}

/// Whether `at` is the first byte of a line.
fn starts_line(text: &str, at: usize) -> bool {
    at == 0 || text.as_bytes()[at - 1] == b'\n'
}

/// The code of a tag from `start` to its `%>` (with `%%>` read as `%>`), and
/// the position after the tag, past a line break `-%>` removes.
fn tag_body(text: &str, start: usize) -> Option<(String, usize)> {
    let mut code = String::new();
    let mut pos = start;
    loop {
        let i = text[pos..].find("%>").map(|i| pos + i)?;
        if i > pos && text.as_bytes()[i - 1] == b'%' {
            code.push_str(&text[pos..i - 1]);
            code.push_str("%>");
            pos = i + 2;
            continue;
        }
        if i > start && text.as_bytes()[i - 1] == b'-' {
            code.push_str(&text[pos..i - 1]);
            let mut next = i + 2;
            if text[next..].starts_with("\r\n") {
                next += 2;
            } else if text[next..].starts_with('\n') {
                next += 1;
            }
            return Some((code, next));
        }
        code.push_str(&text[pos..i]);
        return Some((code, i + 2));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(t: &str) -> Vec<Segment> {
        segments(t).unwrap_or_else(|e| unreachable!("unclosed at {}", e.at))
    }

    #[test]
    fn trim_mode_dash() {
        assert_eq!(
            texts("a\n  <%- x -%>\nb"),
            [Segment::Text("a\n".into(), 0), Segment::Code(" x ".into(), 7), Segment::Text("b".into(), 14)]
        );
        assert_eq!(texts("a <%- x %>"), [Segment::Text("a ".into(), 0), Segment::Code(" x ".into(), 5)]);
        assert_eq!(texts("<%% %>"), [Segment::Text("<% %>".into(), 0)]);
        assert_eq!(texts("<%# c -%>\nx"), [Segment::Text("x".into(), 10)]);
    }

    #[test]
    fn an_unclosed_tag_is_reported() {
        assert_eq!(segments("ab <%= x"), Err(Unclosed { at: 3 }));
    }
}
