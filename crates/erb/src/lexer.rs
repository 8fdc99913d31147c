//! Lexing the Ruby inside ERB tags. Ruby's lexing depends on what came
//! before: `/` starts a regexp where a value is expected and divides after
//! one; `:x` is a symbol but `a ? b : c` a ternary; `name?` is a method name.

use crate::error::{ErbError, ErbErrorKind};

/// A piece of a double-quoted string.
#[derive(Debug, Clone, PartialEq)]
pub enum StrPart {
    /// Literal text, escapes processed.
    Lit(String),
    /// `#{...}`: the tokens of the code.
    Code(Vec<Token>),
}

/// What a token is.
#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    /// An integer literal.
    Int(i64),
    /// A float literal.
    Float(f64),
    /// A string literal.
    Str(Vec<StrPart>),
    /// `:name`.
    Sym(String),
    /// `%w(a b)`: an array of words.
    Words(Vec<String>),
    /// `/source/flags`.
    Regex(String),
    /// A lower-case name (a local variable or a method), with a trailing
    /// `?` or `!` if written.
    Ident(String),
    /// `name:` in a hash literal.
    Label(String),
    /// A capitalised name.
    Const(String),
    /// `@name`.
    IVar(String),
    /// A keyword.
    Kw(&'static str),
    /// An operator or punctuation mark.
    Punct(&'static str),
    /// A line break or `;`: the end of a statement.
    Newline,
    /// Template text between tags.
    Text(String),
    /// The start of a `<%=` tag's code.
    InsertStart,
    /// The end of a `<%=` tag's code.
    InsertEnd,
    /// End of input.
    Eof,
}

/// A token, its byte offset in the template, and whether white space came
/// before it (`foo [1]` is a call with an array, `foo[1]` an index).
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    /// The token.
    pub tok: Tok,
    /// Where it starts in the template.
    pub at: usize,
    /// Whether white space preceded it.
    pub space_before: bool,
}

const KEYWORDS: &[&str] = &[
    "if", "elsif", "else", "unless", "case", "when", "then", "end", "do", "while", "until", "for", "in", "and", "or",
    "not", "nil", "true", "false", "self", "return", "next", "break", "begin", "rescue", "ensure", "def", "yield",
];

const PUNCT: &[&str] = &[
    "**=", "<=>", "===", "...", "||=", "&&=", "==", "!=", "=~", "!~", "<=", ">=", "&&", "||", "<<", ">>", "+=", "-=",
    "*=", "/=", "::", "..", "=>", "->", "(", ")", "[", "]", "{", "}", ",", ".", "=", "+", "-", "*", "/", "%", "!", "?",
    ":", "<", ">", "&", "|", "^", "~",
];

/// Lexes `code`, which starts at byte `base` of the template.
pub fn lex(code: &str, base: usize) -> Result<Vec<Token>, ErbError> {
    let mut lx = Lexer { src: code, pos: 0, base, out: Vec::new(), paren: 0 };
    lx.run()?;
    Ok(lx.out)
}

struct Lexer<'s> {
    src: &'s str,
    pos: usize,
    base: usize,
    out: Vec<Token>,
    /// How many parentheses and square brackets are open: line breaks
    /// inside them continue the expression (braces may hold a block, whose
    /// lines are statements).
    paren: usize,
}

impl Lexer<'_> {
    fn peek(&self, n: usize) -> Option<u8> {
        self.src.as_bytes().get(self.pos + n).copied()
    }

    fn error(&self, at: usize, kind: ErbErrorKind) -> ErbError {
        ErbError { kind, at: self.base + at }
    }

    fn push(&mut self, tok: Tok, start: usize, space_before: bool) {
        self.out.push(Token { tok, at: self.base + start, space_before });
    }

    /// Whether the last token ends a value (so `/` divides and `[` indexes).
    fn after_value(&self) -> bool {
        match self.out.last().map(|t| &t.tok) {
            Some(
                Tok::Int(_) | Tok::Float(_) | Tok::Str(_) | Tok::Sym(_) | Tok::Regex(_) | Tok::Const(_) | Tok::IVar(_),
            ) => true,
            Some(Tok::Ident(_)) => true,
            Some(Tok::Kw(k)) => matches!(*k, "end" | "nil" | "true" | "false" | "self"),
            Some(Tok::Punct(p)) => matches!(*p, ")" | "]" | "}"),
            _ => false,
        }
    }

    fn run(&mut self) -> Result<(), ErbError> {
        loop {
            let before = self.pos;
            while let Some(c) = self.peek(0) {
                match c {
                    b' ' | b'\t' | b'\r' => self.pos += 1,
                    b'\\' if self.peek(1) == Some(b'\n') => self.pos += 2,
                    b'#' => {
                        while self.peek(0).is_some_and(|c| c != b'\n') {
                            self.pos += 1;
                        }
                    }
                    _ => break,
                }
            }
            let space = self.pos > before;
            let start = self.pos;
            let Some(c) = self.peek(0) else { return Ok(()) };
            match c {
                b'\n' | b';' => {
                    self.pos += 1;
                    if self.paren == 0 || c == b';' {
                        self.push(Tok::Newline, start, space);
                    }
                }
                b'0'..=b'9' => {
                    let tok = self.number();
                    self.push(tok, start, space);
                }
                b'\'' => {
                    let s = self.single_quoted()?;
                    self.push(Tok::Str(vec![StrPart::Lit(s)]), start, space);
                }
                b'"' => {
                    self.pos += 1;
                    let parts = self.double_quoted(b'"')?;
                    self.push(Tok::Str(parts), start, space);
                }
                b'@' => {
                    self.pos += 1;
                    if self.peek(0) == Some(b'@') {
                        return Err(self.error(start, ErbErrorKind::Unsupported("class variables (@@x)".into())));
                    }
                    let name = self.word();
                    if name.is_empty() {
                        return Err(self.error(start, ErbErrorKind::Syntax("'@' without a name".into())));
                    }
                    self.push(Tok::IVar(name), start, space);
                }
                b'$' => return Err(self.error(start, ErbErrorKind::Unsupported("global variables ($x)".into()))),
                b'a'..=b'z' | b'_' | b'A'..=b'Z' => self.name(start, space),
                b':' if self.peek(1).is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
                    && (space || !self.after_value()) =>
                {
                    self.pos += 1;
                    let name = self.word();
                    let name = self.method_suffix(name);
                    self.push(Tok::Sym(name), start, space);
                }
                b':' if self.peek(1) == Some(b'"') => {
                    self.pos += 2;
                    let parts = self.double_quoted(b'"')?;
                    let text = match parts.as_slice() {
                        [] => String::new(),
                        [StrPart::Lit(s)] => s.clone(),
                        _ => return Err(self.error(start, ErbErrorKind::Unsupported("interpolated symbols".into()))),
                    };
                    self.push(Tok::Sym(text), start, space);
                }
                b'/' if !self.after_value() || (space && self.peek(1).is_some_and(|c| c != b' ' && c != b'=')) => {
                    self.pos += 1;
                    let source = self.regex_body()?;
                    self.push(Tok::Regex(source), start, space);
                }
                b'%' if !self.after_value() || (space && self.peek(1).is_some_and(|c| c.is_ascii_alphabetic())) => {
                    let tok = self.percent_literal(start)?;
                    self.push(tok, start, space);
                }
                _ => {
                    let rest = &self.src[self.pos..];
                    let Some(p) = PUNCT.iter().find(|p| rest.starts_with(**p)) else {
                        let ch = rest.chars().next().unwrap_or(' ');
                        return Err(self.error(start, ErbErrorKind::Syntax(format!("unexpected character '{ch}'"))));
                    };
                    self.pos += p.len();
                    match *p {
                        "(" | "[" => self.paren += 1,
                        ")" | "]" => self.paren = self.paren.saturating_sub(1),
                        _ => {}
                    }
                    self.push(Tok::Punct(p), start, space);
                }
            }
        }
    }

    fn word(&mut self) -> String {
        let start = self.pos;
        while self.peek(0).is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80) {
            self.pos += 1;
        }
        self.src[start..self.pos].to_string()
    }

    /// A method name's `?` or `!`, when it is not part of `!=`, `?:` and the like.
    fn method_suffix(&mut self, mut name: String) -> String {
        if let Some(c @ (b'?' | b'!')) = self.peek(0) {
            let next = self.peek(1);
            if next != Some(b'=') || self.peek(2) == Some(b'=') {
                name.push(c as char);
                self.pos += 1;
            }
        }
        name
    }

    fn name(&mut self, start: usize, space: bool) {
        let word = self.word();
        let first = word.as_bytes()[0];
        if first.is_ascii_uppercase() {
            self.push(Tok::Const(word), start, space);
            return;
        }
        let after_dot = matches!(self.out.last().map(|t| &t.tok), Some(Tok::Punct(".")));
        if !after_dot && self.peek(0) == Some(b':') && self.peek(1) != Some(b':') {
            self.pos += 1;
            self.push(Tok::Label(word), start, space);
            return;
        }
        if !after_dot {
            if let Some(k) = KEYWORDS.iter().find(|k| **k == word) {
                self.push(Tok::Kw(k), start, space);
                return;
            }
        }
        let word = self.method_suffix(word);
        self.push(Tok::Ident(word), start, space);
    }

    fn number(&mut self) -> Tok {
        let start = self.pos;
        while self.peek(0).is_some_and(|c| c.is_ascii_digit() || c == b'_') {
            self.pos += 1;
        }
        let mut float = false;
        if self.peek(0) == Some(b'.') && self.peek(1).is_some_and(|c| c.is_ascii_digit()) {
            float = true;
            self.pos += 1;
            while self.peek(0).is_some_and(|c| c.is_ascii_digit() || c == b'_') {
                self.pos += 1;
            }
        }
        if matches!(self.peek(0), Some(b'e' | b'E'))
            && (self.peek(1).is_some_and(|c| c.is_ascii_digit())
                || (matches!(self.peek(1), Some(b'+' | b'-')) && self.peek(2).is_some_and(|c| c.is_ascii_digit())))
        {
            float = true;
            self.pos += 2;
            while self.peek(0).is_some_and(|c| c.is_ascii_digit()) {
                self.pos += 1;
            }
        }
        let text: String = self.src[start..self.pos].chars().filter(|c| *c != '_').collect();
        if float {
            Tok::Float(text.parse().unwrap_or(0.0))
        } else {
            text.parse().map(Tok::Int).unwrap_or(Tok::Float(text.parse().unwrap_or(0.0)))
        }
    }

    fn single_quoted(&mut self) -> Result<String, ErbError> {
        let start = self.pos;
        self.pos += 1;
        let mut out = String::new();
        loop {
            let Some(c) = self.src[self.pos..].chars().next() else {
                return Err(self.error(start, ErbErrorKind::Syntax("unterminated string".into())));
            };
            self.pos += c.len_utf8();
            match c {
                '\'' => return Ok(out),
                '\\' if matches!(self.peek(0), Some(b'\'' | b'\\')) => {
                    out.push(self.peek(0).map_or('\\', char::from));
                    self.pos += 1;
                }
                _ => out.push(c),
            }
        }
    }

    /// The parts of a string after its opening quote, through `close`.
    fn double_quoted(&mut self, close: u8) -> Result<Vec<StrPart>, ErbError> {
        let start = self.pos.saturating_sub(1);
        let mut parts = Vec::new();
        let mut lit = String::new();
        loop {
            let Some(c) = self.src[self.pos..].chars().next() else {
                return Err(self.error(start, ErbErrorKind::Syntax("unterminated string".into())));
            };
            self.pos += c.len_utf8();
            match c {
                c if c as u32 == close as u32 => break,
                '\\' => {
                    let Some(e) = self.src[self.pos..].chars().next() else { continue };
                    self.pos += e.len_utf8();
                    lit.push(match e {
                        'n' => '\n',
                        't' => '\t',
                        'r' => '\r',
                        's' => ' ',
                        '0' => '\0',
                        'e' => '\u{1b}',
                        'a' => '\u{7}',
                        other => other,
                    });
                }
                '#' if self.peek(0) == Some(b'{') => {
                    self.pos += 1;
                    let code_start = self.pos;
                    let end = self.interpolation_end(code_start)?;
                    if !lit.is_empty() {
                        parts.push(StrPart::Lit(std::mem::take(&mut lit)));
                    }
                    let inner = lex(&self.src[code_start..end], self.base + code_start)?;
                    parts.push(StrPart::Code(inner));
                    self.pos = end + 1;
                }
                _ => lit.push(c),
            }
        }
        if !lit.is_empty() || parts.is_empty() {
            parts.push(StrPart::Lit(lit));
        }
        Ok(parts)
    }

    /// The position of the `}` closing `#{` code that starts at `from`.
    fn interpolation_end(&self, from: usize) -> Result<usize, ErbError> {
        let bytes = self.src.as_bytes();
        let mut depth = 0usize;
        let mut quote: Option<u8> = None;
        let mut i = from;
        while i < bytes.len() {
            let b = bytes[i];
            match quote {
                Some(_) if b == b'\\' => i += 1,
                Some(q) if b == q => quote = None,
                Some(_) => {}
                None => match b {
                    b'\'' | b'"' => quote = Some(b),
                    b'{' => depth += 1,
                    b'}' if depth == 0 => return Ok(i),
                    b'}' => depth -= 1,
                    _ => {}
                },
            }
            i += 1;
        }
        Err(self.error(from, ErbErrorKind::Syntax("unterminated #{ in a string".into())))
    }

    fn regex_body(&mut self) -> Result<String, ErbError> {
        let start = self.pos - 1;
        let mut out = String::new();
        loop {
            let Some(c) = self.src[self.pos..].chars().next() else {
                return Err(self.error(start, ErbErrorKind::Syntax("unterminated regexp".into())));
            };
            self.pos += c.len_utf8();
            match c {
                '/' => break,
                '\\' => {
                    out.push('\\');
                    if let Some(e) = self.src[self.pos..].chars().next() {
                        out.push(e);
                        self.pos += e.len_utf8();
                    }
                }
                '#' if self.peek(0) == Some(b'{') => {
                    return Err(self.error(start, ErbErrorKind::Unsupported("interpolation in a regexp".into())))
                }
                _ => out.push(c),
            }
        }
        let flags_start = self.pos;
        while self.peek(0).is_some_and(|c| c.is_ascii_alphabetic()) {
            self.pos += 1;
        }
        let flags = &self.src[flags_start..self.pos];
        match flags {
            "" => Ok(out),
            "i" => Ok(format!("(?i){out}")),
            "m" => Ok(format!("(?s){out}")),
            other => Err(self.error(start, ErbErrorKind::Unsupported(format!("regexp flags '{other}'")))),
        }
    }

    /// `%w(...)`, `%q(...)`, `%Q(...)` and `%(...)`.
    fn percent_literal(&mut self, start: usize) -> Result<Tok, ErbError> {
        let kind = self.peek(1).filter(|c| c.is_ascii_alphabetic());
        let open_at = if kind.is_some() { 2 } else { 1 };
        let open = self.peek(open_at).unwrap_or(b' ');
        let close = match open {
            b'(' => b')',
            b'[' => b']',
            b'{' => b'}',
            b'<' => b'>',
            b'|' | b'!' | b'/' => open,
            _ => return Err(self.error(start, ErbErrorKind::Syntax("unexpected '%'".into()))),
        };
        self.pos += open_at + 1;
        let body_start = self.pos;
        let Some(len) = self.src[body_start..].find(close as char) else {
            return Err(self.error(start, ErbErrorKind::Syntax("unterminated % literal".into())));
        };
        let body = &self.src[body_start..body_start + len];
        match kind {
            Some(b'w') => {
                self.pos += len + 1;
                Ok(Tok::Words(body.split_whitespace().map(str::to_string).collect()))
            }
            Some(b'q') => {
                self.pos += len + 1;
                Ok(Tok::Str(vec![StrPart::Lit(body.to_string())]))
            }
            Some(b'Q') | None => {
                let parts = self.double_quoted(close)?;
                Ok(Tok::Str(parts))
            }
            Some(other) => Err(self.error(start, ErbErrorKind::Unsupported(format!("the %{} literal", other as char)))),
        }
    }
}
