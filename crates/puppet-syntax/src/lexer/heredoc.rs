//! Heredocs: `@(TAG)`, `@("TAG")` (interpolating), `@(TAG:syntax/flags)`. The
//! text starts on the line after the tag (after the previous heredoc's text when
//! a line has several) and ends at a line holding only the tag, optionally
//! preceded by `|` (strip that much indentation) and `-` (drop the last line
//! break).

use super::strings::Escapes;
use super::{LexError, Lexer, RawPart, Tok};

/// What the heredoc header says.
struct Header {
    tag: String,
    interpolate: bool,
    syntax: Option<String>,
    escapes: Option<Escapes>,
}

impl Lexer<'_> {
    fn heredoc_header(&mut self, start: usize) -> Result<Header, LexError> {
        let close = self.rest().find(')').filter(|i| !self.rest()[..*i].contains('\n'));
        let Some(close) = close else {
            return Err(self.error(start, "Unclosed heredoc header: '@(' without ')'"));
        };
        let inner = self.rest()[2..close].to_string();
        self.pos += close + 1;
        let (spec, flags) = match inner.split_once('/') {
            Some((s, f)) => (s.to_string(), Some(f.to_string())),
            None => (inner, None),
        };
        let (tag_part, syntax) = match spec.rsplit_once(':') {
            Some((t, s)) if !t.ends_with('"') || spec.ends_with('"') => (t.to_string(), Some(s.trim().to_string())),
            Some((t, s)) => (t.to_string(), Some(s.trim().to_string())),
            None => (spec, None),
        };
        let tag_part = tag_part.trim();
        let (tag, interpolate) = match tag_part.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
            Some(t) => (t.to_string(), true),
            None => (tag_part.to_string(), false),
        };
        if tag.is_empty() {
            return Err(self.error(start, "A heredoc needs an end tag: @(END)"));
        }
        let escapes = match flags {
            None => None,
            Some(f) => {
                let mut e = Escapes { backslash: true, ..Escapes::NONE };
                let all = f.is_empty();
                for c in f.chars() {
                    match c {
                        't' => e.t = true,
                        's' => e.s = true,
                        'r' => e.r = true,
                        'n' => e.n = true,
                        'u' => e.u = true,
                        '$' => e.dollar = true,
                        'L' => e.newline = true,
                        // Puppet reports it where the header ends.
                        _ => {
                            return Err(self.error(
                                self.pos,
                                format!("Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got '{c}'"),
                            ))
                        }
                    }
                }
                if all {
                    e = Escapes { newline: true, quote: false, ..Escapes::DOUBLE_QUOTED };
                }
                Some(e)
            }
        };
        Ok(Header { tag, interpolate, syntax: syntax.filter(|s| !s.is_empty()), escapes })
    }

    pub(super) fn heredoc(&mut self) -> Result<Tok, LexError> {
        let start = self.pos;
        let header = self.heredoc_header(start)?;
        let body_start = match self.heredoc_resume {
            Some((_, resume)) => resume,
            None => match self.rest().find('\n') {
                Some(i) => self.pos + i + 1,
                None => return Err(self.error(start, "Heredoc without end-tagged line".to_string())),
            },
        };
        let newline_at = match self.heredoc_resume {
            Some((at, _)) => at,
            None => body_start - 1,
        };
        // Find the end marker line.
        let mut line_start = body_start;
        let (body_end, margin, trim, after) = loop {
            if line_start >= self.src.len() {
                return Err(self.error(body_start, "Heredoc without end-tagged line".to_string()));
            }
            let line_end = self.src[line_start..].find('\n').map_or(self.src.len(), |i| line_start + i);
            let line = &self.src[line_start..line_end];
            let trimmed = line.trim_start();
            let indent = line.len() - trimmed.len();
            let (has_bar, rest) = match trimmed.strip_prefix('|') {
                Some(r) => (true, r.trim_start()),
                None => (false, trimmed),
            };
            let (has_dash, rest) = match rest.strip_prefix('-') {
                Some(r) => (true, r.trim_start()),
                None => (false, rest),
            };
            if rest.trim_end() == header.tag {
                let margin = if has_bar { Some(indent) } else { None };
                break (line_start, margin, has_dash, (line_end + 1).min(self.src.len()));
            }
            line_start = line_end + 1;
        };
        let raw = &self.src[body_start..body_end];
        let mut text: String = match margin {
            Some(m) => raw
                .split_inclusive('\n')
                .map(|l| {
                    let ws = l.len() - l.trim_start_matches([' ', '\t']).len();
                    &l[ws.min(m)..]
                })
                .collect(),
            None => raw.to_string(),
        };
        if trim {
            if text.ends_with("\r\n") {
                text.truncate(text.len() - 2);
            } else if text.ends_with('\n') {
                text.truncate(text.len() - 1);
            }
        }
        self.heredoc_resume = Some((newline_at, after));
        let parts = if header.interpolate || header.escapes.is_some() {
            let escapes = header.escapes.unwrap_or(Escapes::NONE);
            let mut sub = Lexer {
                src: &text,
                pos: 0,
                warnings: Vec::new(),
                heredoc_resume: None,
                nesting: self.nesting,
                bad_unicode_escape: false,
            };
            let parts =
                if header.interpolate { sub.interpolated(None, escapes, 0) } else { sub.plain_with_escapes(escapes) };
            let mut parts =
                parts.map_err(|e| LexError { message: e.message, span: crate::span::Span::new(start, start + 2) })?;
            shift_parts(&mut parts, body_start);
            parts
        } else {
            vec![RawPart::Text(text)]
        };
        Ok(Tok::Heredoc(header.syntax, parts))
    }

    /// Heredoc text that does not interpolate but has escapes enabled.
    fn plain_with_escapes(&mut self, escapes: Escapes) -> Result<Vec<RawPart>, LexError> {
        let mut out = String::new();
        while let Some(c) = self.peek() {
            if c == '\\' {
                self.escape_in_heredoc(&mut out, escapes)?;
            } else {
                out.push(c);
                self.pos += c.len_utf8();
            }
        }
        Ok(vec![RawPart::Text(out)])
    }
}

/// Moves the spans of tokens lexed from a heredoc's text (which start at 0) to
/// where the text is in the manifest. Margin stripping makes columns after the
/// first interpolation on a line approximate; lines stay right.
fn shift_parts(parts: &mut [RawPart], by: usize) {
    let shift = |span: &mut crate::span::Span| {
        span.start += by as u32;
        span.end += by as u32;
    };
    for part in parts {
        match part {
            RawPart::Text(_) => {}
            RawPart::Var(_, span) => shift(span),
            RawPart::Expr(tokens, span) => {
                shift(span);
                for t in tokens.iter_mut() {
                    shift(&mut t.span);
                    match &mut t.tok {
                        Tok::DqStr(inner) | Tok::Heredoc(_, inner) => shift_parts(inner, by),
                        _ => {}
                    }
                }
            }
        }
    }
}
