//! Lexing EPP templates. Text between tags becomes `RenderString` tokens,
//! `<%= ... %>` a `RenderExpr` token holding its expression's tokens, and the
//! code of `<% ... %>` tags the ordinary Puppet tokens, so that one template's
//! tags form one program (a block may open in one tag and close in another).
//!
//! Mirrors Puppet 7's `EppSupport::EppScanner`: `<%%` renders `<%`, `%%>`
//! in text renders `%>`, `<%-` drops the spaces and tabs before the tag,
//! `-%>` drops the spaces, tabs and one line break after it, `<%#` starts a
//! comment that ends at a `%>` not preceded by `%`.

use super::{shift, LexError, Tok, Token};
use crate::span::Span;

/// What the text scanner stopped at.
enum Stop {
    /// The end of the template.
    End,
    /// `<%` or `<%-`: code.
    Code,
    /// `<%=`: an expression to render.
    Expr,
}

/// Lexes the EPP template `text`, whose offsets start at `base` in its source
/// map. The tokens end with `Eof`.
pub fn lex_epp(text: &str, base: u32) -> Result<Vec<Token>, LexError> {
    let mut tokens = Vec::new();
    let mut pos = 0;
    let mut skip_leading = false;
    loop {
        let text_start = pos;
        let (rendered, stop) = scan_text(text, &mut pos, skip_leading, base)?;
        if !rendered.is_empty() {
            let span = Span::new(text_start, pos).shifted(base);
            tokens.push(Token { tok: Tok::RenderString(rendered), span, space_before: true });
        }
        let tag_start = pos.saturating_sub(if matches!(stop, Stop::Expr) { 3 } else { 2 });
        match stop {
            Stop::End => break,
            Stop::Code => {
                let (code, end, trim) = scan_code(text, pos, tag_start, base)?;
                tokens.extend(lex_code(code, pos, base)?);
                pos = end;
                skip_leading = trim;
            }
            Stop::Expr => {
                let (code, end, trim) = scan_code(text, pos, tag_start, base)?;
                let inner = lex_code(code, pos, base)?;
                let span = Span::new(tag_start, end).shifted(base);
                tokens.push(Token { tok: Tok::RenderExpr(inner), span, space_before: true });
                pos = end;
                skip_leading = trim;
            }
        }
    }
    let end = Span::new(text.len(), text.len()).shifted(base);
    tokens.push(Token { tok: Tok::Eof, span: end, space_before: true });
    Ok(tokens)
}

/// Scans template text from `*pos` to the next tag (or the end), returning
/// the text to render and what follows it; `*pos` is left after the tag's
/// opening (`<%`, `<%-` or `<%=`).
fn scan_text(text: &str, pos: &mut usize, mut skip_leading: bool, base: u32) -> Result<(String, Stop), LexError> {
    let mut s = String::new();
    loop {
        let rest = &text[*pos..];
        let (mut part, found) = match rest.find("<%") {
            Some(i) => (rest[..i + 2].to_string(), true),
            None => (rest.to_string(), false),
        };
        *pos += part.len();
        if skip_leading {
            part = part[leading_blank_line(&part)..].to_string();
            skip_leading = false;
        }
        s.push_str(&part.replace("%%>", "%>"));
        if !found {
            return Ok((s, Stop::End));
        }
        let opened = *pos - 2;
        match text[*pos..].chars().next() {
            None => {
                return Err(LexError {
                    message: "Unbalanced embedded expression - opening <% and reaching end of input".into(),
                    span: Span::new(opened, opened + 2).shifted(base),
                })
            }
            Some('-') => {
                *pos += 1;
                s.truncate(s.len() - 2);
                s.truncate(s.trim_end_matches([' ', '\t']).len());
                return Ok((s, Stop::Code));
            }
            Some('%') => *pos += 1,
            Some('=') => {
                *pos += 1;
                s.truncate(s.len() - 2);
                return Ok((s, Stop::Expr));
            }
            Some('#') => {
                s.truncate(s.len() - 2);
                let Some(end) = comment_end(&text[*pos..]) else {
                    return Err(LexError {
                        message: "Reached end of EPP template while reading a comment".into(),
                        span: Span::new(opened, opened + 2).shifted(base),
                    });
                };
                let comment = &text[*pos..*pos + end];
                if comment[1..].starts_with('-') {
                    s.truncate(s.trim_end_matches([' ', '\t']).len());
                }
                skip_leading = comment.ends_with("-%>");
                *pos += end;
            }
            Some(_) => {
                s.truncate(s.len() - 2);
                return Ok((s, Stop::Code));
            }
        }
    }
}

/// How many bytes of `part` a preceding `-%>` removes: spaces and tabs, then
/// one line break.
fn leading_blank_line(part: &str) -> usize {
    let blanks = part.len() - part.trim_start_matches([' ', '\t']).len();
    let rest = &part[blanks..];
    let rest_cr = rest.strip_prefix('\r').unwrap_or(rest);
    match rest_cr.strip_prefix('\n') {
        Some(after) => part.len() - after.len(),
        None if rest_cr.is_empty() => part.len(),
        None => blanks,
    }
}

/// The length of a comment from its `#` through the first `%>` preceded by a
/// character other than `%`.
fn comment_end(s: &str) -> Option<usize> {
    let bytes = s.as_bytes();
    (1..bytes.len().saturating_sub(1))
        .find(|&i| bytes[i - 1] != b'%' && bytes[i] == b'%' && bytes[i + 1] == b'>')
        .map(|i| i + 2)
}

/// The code of a tag starting at `start`: up to the `%>` (or `-%>`) that
/// closes it outside strings and comments. Returns the code, the position
/// after the closing mark, and whether it was `-%>`.
fn scan_code(text: &str, start: usize, tag_start: usize, base: u32) -> Result<(&str, usize, bool), LexError> {
    let bytes = text.as_bytes();
    let mut i = start;
    let mut quote: Option<u8> = None;
    while i < bytes.len() {
        let b = bytes[i];
        match quote {
            Some(q) => {
                if b == b'\\' {
                    i += 1;
                } else if b == q {
                    quote = None;
                }
            }
            None => match b {
                b'\'' | b'"' => quote = Some(b),
                b'#' => {
                    while i < bytes.len() && bytes[i] != b'\n' {
                        i += 1;
                    }
                    continue;
                }
                b'%' if bytes.get(i + 1) == Some(&b'>') => {
                    let trim = i > start && bytes[i - 1] == b'-';
                    let code_end = if trim { i - 1 } else { i };
                    return Ok((&text[start..code_end], i + 2, trim));
                }
                _ => {}
            },
        }
        i += 1;
    }
    Err(LexError {
        message: "Unbalanced epp tag, reached <eof> without closing tag.".into(),
        span: Span::new(tag_start, tag_start + 2).shifted(base),
    })
}

/// The Puppet tokens of one tag's code, which starts at `at` in the template.
fn lex_code(code: &str, at: usize, base: u32) -> Result<Vec<Token>, LexError> {
    let offset = base + at as u32;
    let mut lexed = super::lex(code).map_err(|e| LexError { message: e.message, span: e.span.shifted(offset) })?;
    shift(&mut lexed, offset);
    lexed.tokens.pop();
    Ok(lexed.tokens)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rendered(text: &str) -> Vec<String> {
        let tokens = lex_epp(text, 0).unwrap_or_else(|e| unreachable!("{}", e.message));
        tokens
            .iter()
            .filter_map(|t| match &t.tok {
                Tok::RenderString(s) => Some(s.clone()),
                Tok::RenderExpr(_) => Some("<expr>".into()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn trimming_follows_puppet() {
        assert_eq!(rendered("a  <%- $x -%>  \nb"), ["a", "b"]);
        assert_eq!(rendered("a<%= 1 %>b"), ["a", "<expr>", "b"]);
        assert_eq!(rendered("<%% x %%>"), ["<% x %>"]);
        assert_eq!(rendered("a <%#- c -%>\nb"), ["ab"]);
    }

    #[test]
    fn an_unclosed_tag_is_an_error() {
        assert!(lex_epp("x <% $a", 0).is_err());
        assert!(lex_epp("x <%# a", 0).is_err());
    }
}
