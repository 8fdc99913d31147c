//! Quoted strings. Single quotes know only `\'` and `\\`; double quotes know the
//! escapes of the spec and interpolate `$var`, `${var}` and `${expr}`.

use super::{check_variable_name, LexError, Lexer, RawPart, Tok, Token, MAX_NESTING, MAX_PARTS};
use crate::span::Span;

/// The escapes a double-quoted string (or a heredoc with flags) interprets.
#[derive(Clone, Copy)]
pub(super) struct Escapes {
    pub t: bool,
    pub s: bool,
    pub r: bool,
    pub n: bool,
    pub u: bool,
    pub dollar: bool,
    pub newline: bool,
    pub quote: bool,
    pub backslash: bool,
}

impl Escapes {
    /// Nothing is interpreted (a heredoc without escape flags).
    pub const NONE: Escapes = Escapes {
        t: false,
        s: false,
        r: false,
        n: false,
        u: false,
        dollar: false,
        newline: false,
        quote: false,
        backslash: false,
    };

    /// Everything a double-quoted string interprets; a backslash before a
    /// line end joins the lines (both go), as in Puppet.
    pub const DOUBLE_QUOTED: Escapes = Escapes {
        t: true,
        s: true,
        r: true,
        n: true,
        u: true,
        dollar: true,
        newline: true,
        quote: true,
        backslash: true,
    };
}

impl Lexer<'_> {
    pub(super) fn single_quoted(&mut self) -> Result<Tok, LexError> {
        let start = self.pos;
        self.pos += 1;
        let mut out = String::new();
        let mut chars = self.rest().char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '\'' => {
                    self.pos += i + 1;
                    return Ok(Tok::Str(out));
                }
                '\\' => match chars.clone().next() {
                    Some((_, n @ ('\'' | '\\'))) => {
                        out.push(n);
                        chars.next();
                    }
                    _ => out.push('\\'),
                },
                c => out.push(c),
            }
        }
        Err(self.error(start + 1, format!("Unclosed quote after \"'\" followed by '{}'", self.followed_by(start + 1))))
    }

    pub(super) fn double_quoted(&mut self) -> Result<Tok, LexError> {
        let start = self.pos;
        self.pos += 1;
        let warned = self.warnings.len();
        let parts = self.interpolated(Some('"'), Escapes::DOUBLE_QUOTED, start)?;
        // Puppet reports escape warnings at the end of the string.
        for w in &mut self.warnings[warned..] {
            w.0 = Span::new(self.pos, self.pos);
        }
        Ok(Tok::DqStr(parts))
    }

    /// Reads interpolated text up to `terminator` (consumed), or to the end of
    /// the input when there is none (heredoc bodies are lexed on their own).
    pub(super) fn interpolated(
        &mut self,
        terminator: Option<char>,
        escapes: Escapes,
        opened_at: usize,
    ) -> Result<Vec<RawPart>, LexError> {
        let mut parts = Vec::new();
        let mut text = String::new();
        // Puppet reads the text after the opening quote or an interpolation
        // in one go; an unclosed string fails there, after what it last read.
        let mut last_read = (String::from("\""), opened_at + 1);
        loop {
            let Some(c) = self.peek() else {
                if terminator.is_some() {
                    let (after, at) = last_read;
                    return Err(self
                        .error(at, format!("Unclosed quote after '{after}' followed by '{}'", self.followed_by(at))));
                }
                break;
            };
            if Some(c) == terminator {
                self.pos += 1;
                if std::mem::take(&mut self.bad_unicode_escape) {
                    self.warnings.push((
                        Span::new(self.pos, self.pos),
                        "Unicode escape '\\u' was not followed by 4 hex digits or 1-6 hex digits in {} or was > 10ffff"
                            .into(),
                    ));
                }
                break;
            }
            if parts.len() > MAX_PARTS {
                return Err(self.error(
                    opened_at,
                    format!(
                        "A string may hold at most {MAX_PARTS} interpolated parts (confer's limit on hostile input)"
                    ),
                ));
            }
            match c {
                '\\' => self.escape(&mut text, escapes)?,
                '$' => {
                    let at = self.pos;
                    match self.peek_at(1) {
                        Some('{') => {
                            if !text.is_empty() {
                                parts.push(RawPart::Text(std::mem::take(&mut text)));
                            }
                            self.pos += 2;
                            self.nesting += 1;
                            if self.nesting > MAX_NESTING {
                                return Err(self.error(at, "Interpolation nested too deeply"));
                            }
                            let saved = self.heredoc_resume.take();
                            let tokens = self.scan(true);
                            self.heredoc_resume = saved;
                            self.nesting -= 1;
                            let mut tokens = tokens?;
                            // The closing `}` is no token: the interpolation's last one was read last.
                            let last_token = tokens.last().and_then(|t| {
                                self.src.get(t.span.start as usize..t.span.end as usize).map(str::to_string)
                            });
                            self.leading_variable(&mut tokens)?;
                            match tokens.as_slice() {
                                // A lone `${var}` (the common case; a heredoc may hold
                                // millions) needs no tokens kept nor a parser later.
                                [Token { tok: Tok::Variable(name), span, .. }] => {
                                    parts.push(RawPart::Var(name.clone(), *span));
                                }
                                _ => parts.push(RawPart::Expr(tokens, Span::new(at, self.pos))),
                            }
                            last_read = (last_token.unwrap_or_default(), self.pos);
                        }
                        Some(n)
                            if n.is_ascii_alphanumeric() || n == '_' || (n == ':' && self.peek_at(2) == Some(':')) =>
                        {
                            if !text.is_empty() {
                                parts.push(RawPart::Text(std::mem::take(&mut text)));
                            }
                            let name = self.interpolated_name();
                            check_variable_name(&name).map_err(|m| self.error(at, m))?;
                            last_read = (name.clone(), self.pos);
                            parts.push(RawPart::Var(name, Span::new(at, self.pos)));
                        }
                        _ => {
                            text.push('$');
                            self.pos += 1;
                        }
                    }
                }
                c => {
                    text.push(c);
                    self.pos += c.len_utf8();
                }
            }
        }
        if !text.is_empty() || parts.is_empty() {
            parts.push(RawPart::Text(text));
        }
        Ok(parts)
    }

    /// Puppet's rule for `${...}`: a leading word or number names a variable
    /// when it stands alone or is followed by `[` or `.` (`${x}`, `${x[1] +
    /// 1}`, `${x.upcase}`, `${1}` is `$1`); otherwise it is what it is (`${x +
    /// 1}` adds to the word `x`, `${1e3 + 0}` is arithmetic). A number not
    /// written in decimal (`${0x10}`, `${2.5}`, `${010}`) still names a
    /// variable, which the validator rejects.
    fn leading_variable(&self, tokens: &mut [super::Token]) -> Result<(), LexError> {
        let subject = matches!(tokens.get(1).map(|t| &t.tok), None | Some(Tok::Eof | Tok::Punct("}" | "[" | ".")));
        let Some(first) = tokens.first_mut().filter(|_| subject) else {
            return Ok(());
        };
        let name = match &first.tok {
            Tok::Name(n) | Tok::Word(n) => n.clone(),
            Tok::Keyword("true" | "false") => return Err(LexError {
                message:
                    "A boolean cannot be interpolated as '${true}' or '${false}': Puppet takes it for a variable name"
                        .into(),
                span: first.span,
            }),
            Tok::Keyword(k) => (*k).to_string(),
            // `${1.5}` names the variable `1.5`: the validator, not the
            // lexer, rejects it, so the error has no parse prefix.
            Tok::Integer(_) | Tok::Float(_) => self.src[first.span.start as usize..first.span.end as usize].to_string(),
            _ => return Ok(()),
        };
        first.tok = Tok::Variable(name);
        Ok(())
    }

    /// The name after `$` in a string: word characters and `::` segments.
    fn interpolated_name(&mut self) -> String {
        self.pos += 1;
        let start = self.pos;
        self.scan_qualified(|c| c.is_ascii_alphanumeric() || c == '_');
        self.src[start..self.pos].to_string()
    }

    /// An escape in heredoc text without interpolation.
    pub(super) fn escape_in_heredoc(&mut self, out: &mut String, esc: Escapes) -> Result<(), LexError> {
        self.escape(out, esc)
    }

    fn escape(&mut self, out: &mut String, esc: Escapes) -> Result<(), LexError> {
        let at = self.pos;
        let Some(next) = self.peek_at(1) else {
            out.push('\\');
            self.pos += 1;
            return Ok(());
        };
        let simple = match next {
            't' if esc.t => Some('\t'),
            's' if esc.s => Some(' '),
            'r' if esc.r => Some('\r'),
            'n' if esc.n => Some('\n'),
            '$' if esc.dollar => Some('$'),
            '"' if esc.quote => Some('"'),
            '\'' if esc.quote => Some('\''),
            '\\' if esc.backslash => Some('\\'),
            _ => None,
        };
        if let Some(c) = simple {
            out.push(c);
            self.pos += 2;
            return Ok(());
        }
        if next == 'u' && esc.u {
            self.pos += 2;
            return self.unicode_escape(out, at);
        }
        if esc.newline && next == '\n' {
            self.pos += 2;
            return Ok(());
        }
        if esc.newline && next == '\r' && self.peek_at(2) == Some('\n') {
            self.pos += 3;
            return Ok(());
        }
        if esc.quote {
            self.warnings
                .push((Span::new(at, at + 1 + next.len_utf8()), format!("Unrecognized escape sequence '\\{next}'")));
        }
        out.push('\\');
        self.pos += 1;
        Ok(())
    }

    /// `\uXXXX` or `\u{X…}` (1 to 6 hex digits). Anything else is kept as
    /// text, with a warning when the string ends, as Puppet does.
    fn unicode_escape(&mut self, out: &mut String, at: usize) -> Result<(), LexError> {
        let rest = self.rest();
        let (digits, consumed) = match rest.strip_prefix('{') {
            Some(body) => match body.find('}') {
                Some(len) => (&body[..len], len + 2),
                None => ("", 0),
            },
            None if rest.chars().take(4).take_while(char::is_ascii_hexdigit).count() == 4 => (&rest[..4], 4),
            None => ("", 0),
        };
        let number = (!digits.is_empty() && digits.len() <= 6 && digits.chars().all(|c| c.is_ascii_hexdigit()))
            .then(|| u32::from_str_radix(digits, 16).ok())
            .flatten();
        // Puppet fails on a well-formed escape of something that is not a
        // character (above 10FFFF, or a surrogate), with Ruby's message.
        if number.is_some_and(|n| char::from_u32(n).is_none()) {
            return Err(self.error(at, "invalid byte sequence in UTF-8"));
        }
        match number.and_then(char::from_u32) {
            Some(c) => {
                out.push(c);
                self.pos += consumed;
            }
            None => {
                out.push_str("\\u");
                self.bad_unicode_escape = true;
            }
        }
        Ok(())
    }
}
