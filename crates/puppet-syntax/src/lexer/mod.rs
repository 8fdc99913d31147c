//! The Puppet lexer: turns manifest text into tokens. It is hand-written because
//! Puppet's lexing depends on context — a `/` is a regexp or a division depending
//! on what came before, `[` after white space starts an array, strings contain
//! whole expressions, and a heredoc's text starts on the line after its tag.

pub(crate) mod epp;
mod heredoc;
mod number;
mod strings;
pub mod token;

use crate::span::Span;
pub use token::{RawPart, Tok, Token};
use token::{KEYWORDS, PUNCTUATION};

/// A lexical error: what is wrong and where.
#[derive(Clone, Debug, PartialEq)]
pub struct LexError {
    /// What is wrong.
    pub message: String,
    /// Where.
    pub span: Span,
}

/// The tokens of a manifest, ending with `Eof`, and the warnings lexing gave
/// (Puppet warns about unrecognised escapes).
#[derive(Debug)]
pub struct Lexed {
    /// The tokens.
    pub tokens: Vec<Token>,
    /// Warnings with their positions.
    pub warnings: Vec<(Span, String)>,
}

/// How deeply `${...}` may nest inside strings.
const MAX_NESTING: usize = 100;

/// How many pieces (text runs and interpolations) one string may have: each
/// costs a few hundred bytes until the string is evaluated, so a hostile
/// heredoc of millions of `${x}` would otherwise take gigabytes.
const MAX_PARTS: usize = 1_000_000;

/// Lexes `text`.
pub fn lex(text: &str) -> Result<Lexed, LexError> {
    let mut lexer =
        Lexer { src: text, pos: 0, warnings: Vec::new(), heredoc_resume: None, nesting: 0, bad_unicode_escape: false };
    let mut tokens = lexer.scan(false)?;
    let end = text.len();
    tokens.push(Token { tok: Tok::Eof, span: Span::new(end, end), space_before: true });
    Ok(Lexed { tokens, warnings: lexer.warnings })
}

/// Moves every position in `lexed` by `base`: the file's place in its
/// source map.
pub fn shift(lexed: &mut Lexed, base: u32) {
    fn tokens(toks: &mut [Token], base: u32) {
        for t in toks {
            t.span = t.span.shifted(base);
            if let Tok::DqStr(parts) | Tok::Heredoc(_, parts) = &mut t.tok {
                for part in parts {
                    match part {
                        RawPart::Var(_, span) => *span = span.shifted(base),
                        RawPart::Expr(inner, span) => {
                            *span = span.shifted(base);
                            tokens(inner, base);
                        }
                        RawPart::Text(_) => {}
                    }
                }
            }
        }
    }
    tokens(&mut lexed.tokens, base);
    for (span, _) in &mut lexed.warnings {
        *span = span.shifted(base);
    }
}

pub(crate) struct Lexer<'s> {
    src: &'s str,
    pos: usize,
    warnings: Vec<(Span, String)>,
    /// After a heredoc tag: the line break where its text starts, and the
    /// position after its end marker, where lexing continues past that break.
    heredoc_resume: Option<(usize, usize)>,
    nesting: usize,
    /// A malformed `\u` escape was kept as text in the string being lexed;
    /// Puppet warns about it where the string ends.
    bad_unicode_escape: bool,
}

impl<'s> Lexer<'s> {
    fn rest(&self) -> &'s str {
        &self.src[self.pos..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.rest().chars().nth(n)
    }

    /// Puppet's `followed_by`: the next five characters of the input from
    /// `at`, control characters escaped, and `...`; `<eof>` at the end.
    fn followed_by(&self, at: usize) -> String {
        let rest = self.src.get(at..).unwrap_or("");
        if rest.is_empty() {
            return "<eof>".into();
        }
        let head: String = rest.chars().take(5).collect();
        format!("{}...", head.replace('\t', "\\t").replace('\n', "\\n").replace('\r', "\\r"))
    }

    fn error(&self, start: usize, message: impl Into<String>) -> LexError {
        let end = (start + 1).min(self.src.len()).max(start);
        LexError { message: message.into(), span: Span::new(start, end) }
    }

    /// Skips white space and comments; says whether there was any.
    fn skip_space(&mut self) -> Result<bool, LexError> {
        let start = self.pos;
        loop {
            match self.peek() {
                Some('\n') => {
                    if let Some((at, resume)) = self.heredoc_resume {
                        if at == self.pos {
                            self.pos = resume;
                            self.heredoc_resume = None;
                            continue;
                        }
                    }
                    self.pos += 1;
                }
                Some(c) if c.is_whitespace() => self.pos += c.len_utf8(),
                Some('#') => {
                    let len = self.rest().find('\n').unwrap_or(self.rest().len());
                    self.pos += len;
                }
                Some('/') if self.peek_at(1) == Some('*') => {
                    let Some(end) = self.rest()[2..].find("*/") else {
                        return Err(self.error(self.pos, "Unclosed multiline comment"));
                    };
                    self.pos += end + 4;
                }
                _ => return Ok(self.pos > start),
            }
        }
    }

    /// Scans tokens to the end of input, or (for `${...}`) to the `}` that closes
    /// the expression, which is consumed.
    fn scan(&mut self, until_brace: bool) -> Result<Vec<Token>, LexError> {
        let mut tokens: Vec<Token> = Vec::new();
        let mut depth = 0usize;
        loop {
            let space_before = self.skip_space()? || tokens.is_empty();
            let start = self.pos;
            let Some(c) = self.peek() else {
                if until_brace {
                    return Err(self.error(start, "Unclosed interpolation: '${' without '}'"));
                }
                return Ok(tokens);
            };
            if until_brace {
                if c == '{' {
                    depth += 1;
                } else if c == '}' {
                    if depth == 0 {
                        self.pos += 1;
                        return Ok(tokens);
                    }
                    depth -= 1;
                }
            }
            let regex_ok = regex_acceptable(tokens.last());
            let tok = self.token(c, regex_ok)?;
            // Puppet's lexer takes a `(` as a call's only when something
            // other than blanks precedes it on its line (its WSLPAREN rule):
            // `f (x)` is a call, `(x)` opening a line is not.
            let space_before = match tok {
                Tok::Punct("(") => self.first_on_line(start),
                _ => space_before,
            };
            tokens.push(Token { tok, span: Span::new(start, self.pos), space_before });
        }
    }

    fn token(&mut self, c: char, regex_ok: bool) -> Result<Tok, LexError> {
        let start = self.pos;
        match c {
            '\'' => self.single_quoted(),
            '"' => self.double_quoted(),
            '$' => self.variable(),
            '0'..='9' => self.number(),
            'a'..='z' | '_' => Ok(self.name_or_word()),
            ':' if self.rest().starts_with("::") && self.peek_at(2).is_some_and(|c| c.is_ascii_alphabetic()) => {
                if self.peek_at(2).is_some_and(|c| c.is_ascii_uppercase()) {
                    Ok(self.class_ref())
                } else {
                    Ok(self.name_or_word())
                }
            }
            'A'..='Z' => Ok(self.class_ref()),
            '@' if self.peek_at(1) == Some('(') => self.heredoc(),
            '/' if regex_ok => match self.regex() {
                Some(tok) => Ok(tok),
                None => self.punct(),
            },
            _ => self.punct().map_err(|_| self.error(start, format!("Syntax error at '{c}'"))),
        }
    }

    fn punct(&mut self) -> Result<Tok, LexError> {
        let rest = self.rest();
        match PUNCTUATION.iter().find(|p| rest.starts_with(**p)) {
            Some(p) => {
                self.pos += p.len();
                Ok(Tok::Punct(p))
            }
            None => Err(self.error(self.pos, "Syntax error")),
        }
    }

    /// Scans `(::)?segment(::segment)*`, continuing past `::` only when the
    /// next segment starts with a character `next_segment` accepts.
    fn scan_qualified(&mut self, next_segment: fn(char) -> bool) {
        if self.rest().starts_with("::") {
            self.pos += 2;
        }
        loop {
            self.pos += Self::segment_len(self.rest());
            if self.rest().starts_with("::") && self.peek_at(2).is_some_and(next_segment) {
                self.pos += 2;
            } else {
                break;
            }
        }
    }

    /// A name segment: letters, digits and underscores.
    fn segment_len(s: &str) -> usize {
        s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(s.len())
    }

    /// Whether only blanks precede `pos` on its line. Only the blanks are
    /// read back, so a long line with many `(` stays linear.
    fn first_on_line(&self, pos: usize) -> bool {
        let before = self.src[..pos].trim_end_matches([' ', '\t', '\r']);
        before.is_empty() || before.ends_with('\n')
    }

    /// `foo`, `foo::bar`, `::foo`, and bare words with hyphens (`present-ish`).
    fn name_or_word(&mut self) -> Tok {
        let start = self.pos;
        self.scan_qualified(|c| c.is_ascii_lowercase() || c == '_');
        let mut is_word = self.src[start..].starts_with('_');
        while self.peek() == Some('-') && self.peek_at(1).is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            is_word = true;
            self.pos += 1;
            self.pos += Self::segment_len(self.rest());
        }
        let text = &self.src[start..self.pos];
        if is_word {
            return Tok::Word(text.to_string());
        }
        match KEYWORDS.iter().find(|k| **k == text) {
            Some(k) => Tok::Keyword(k),
            None => Tok::Name(text.to_string()),
        }
    }

    fn class_ref(&mut self) -> Tok {
        let start = self.pos;
        self.scan_qualified(|c| c.is_ascii_uppercase());
        Tok::ClassRef(self.src[start..self.pos].trim_start_matches("::").to_string())
    }

    /// `$name`, `$::name`, `$a::b`, `$0`. Puppet rejects capitalised names and
    /// numbers with leading zeros.
    fn variable(&mut self) -> Result<Tok, LexError> {
        let start = self.pos;
        self.pos += 1;
        let name_start = self.pos;
        self.scan_qualified(|c| c.is_ascii_alphanumeric() || c == '_');
        let name = &self.src[name_start..self.pos];
        if name.is_empty() || name == "::" {
            return Err(self.error(start, format!("Illegal variable name, The given name '{name}' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/")));
        }
        // The name's form is checked by validation, as Puppet's lexer takes
        // any word after `$` (a capitalised parameter fails later, in parsing).
        Ok(Tok::Variable(name.to_string()))
    }

    /// A regular expression literal, if the text from `/` is one: it ends at the
    /// next unescaped `/` on the same line.
    fn regex(&mut self) -> Option<Tok> {
        let rest = self.rest();
        let mut escaped = false;
        for (i, c) in rest.char_indices().skip(1) {
            match c {
                '\n' => return None,
                '\\' if !escaped => escaped = true,
                '/' if !escaped => {
                    let body = rest[1..i].to_string();
                    self.pos += i + 1;
                    return Some(Tok::Regex(body));
                }
                _ => escaped = false,
            }
        }
        None
    }
}

/// Puppet's variable-name rules: a numeric name has no leading zero; a named
/// variable's segments start with a lower-case letter or `_` (only the first).
pub(crate) fn check_variable_name(name: &str) -> Result<(), String> {
    let bare = name.trim_start_matches("::");
    if bare.chars().next().is_some_and(|c| c.is_ascii_digit()) {
        if !bare.chars().all(|c| c.is_ascii_digit()) || (bare.len() > 1 && bare.starts_with('0')) {
            return Err(format!(
                "Illegal numeric variable name, The given name '{bare}' must be a decimal value if it starts with a digit 0-9"
            ));
        }
        return Ok(());
    }
    // Only the last segment may start with an underscore (`$::_x`, `$a::_b`).
    let last = bare.split("::").count() - 1;
    for (i, seg) in bare.split("::").enumerate() {
        let first = seg.chars().next();
        let ok = match first {
            Some(c) if c.is_ascii_lowercase() => true,
            Some('_') => i == last,
            _ => false,
        };
        if !ok {
            return Err(format!("Illegal variable name, The given name '{name}' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/"));
        }
    }
    Ok(())
}

/// Whether a `/` after `prev` starts a regexp (rather than being division),
/// following Puppet's lexer: not after something that ends a value.
fn regex_acceptable(prev: Option<&Token>) -> bool {
    match prev.map(|t| &t.tok) {
        None => true,
        Some(Tok::Punct(p)) => !matches!(*p, ")" | "]" | "|>" | "|>>"),
        Some(Tok::Keyword(k)) => !matches!(*k, "true" | "false" | "undef" | "default"),
        Some(
            Tok::Name(_)
            | Tok::Word(_)
            | Tok::ClassRef(_)
            | Tok::Integer(_)
            | Tok::Float(_)
            | Tok::Str(_)
            | Tok::DqStr(_)
            | Tok::Heredoc(..)
            | Tok::Regex(_)
            | Tok::Variable(_),
        ) => false,
        Some(Tok::Eof | Tok::RenderString(_) | Tok::RenderExpr(_)) => true,
    }
}
