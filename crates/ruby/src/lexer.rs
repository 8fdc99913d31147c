//! Lexing Ruby: the code inside ERB tags and whole function files. Ruby's
//! lexing depends on what came before: `/` starts a regexp where a value is
//! expected and divides after one; `:x` is a symbol but `a ? b : c` a
//! ternary; `name?` is a method name; `<<~EOS` starts a heredoc whose body
//! is the lines after the current one.

use crate::error::{RubyError, RubyErrorKind};

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
    /// `%i(a b)`: an array of symbols.
    Symbols(Vec<String>),
    /// `/source/flags` or `%r{source}flags`: the source's parts (text kept
    /// with its escapes, and `#{}` code), the flags folded in as `(?i)`.
    Regex(Vec<StrPart>),
    /// A lower-case name (a local variable or a method), with a trailing
    /// `?` or `!` if written.
    Ident(String),
    /// `name:` in a hash literal.
    Label(String),
    /// A capitalised name.
    Const(String),
    /// `@name`.
    /// `$~`: the last match.
    LastMatch,
    IVar(String),
    /// `$name`: a global variable.
    GVar(String),
    /// `$1`, `$2`, …: a group of the last regexp match.
    MatchRef(usize),
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
    "module", "class", "alias",
];

const PUNCT: &[&str] = &[
    "<<=", ">>=", "**=", "<=>", "===", "...", "||=", "&&=", "&=", "|=", "^=", "%=", "==", "!=", "=~", "!~", "<=", ">=",
    "&&", "||", "<<", ">>", "**", "+=", "-=", "*=", "/=", "::", "..", "=>", "->", "&.", "(", ")", "[", "]", "{", "}",
    ",", ".", "=", "+", "-", "*", "/", "%", "!", "?", ":", "<", ">", "&", "|", "^", "~",
];

/// Lexes `code`, which starts at byte `base` of the template.
pub fn lex(code: &str, base: usize) -> Result<Vec<Token>, RubyError> {
    let mut lx = Lexer { src: code, pos: 0, base, out: Vec::new(), paren: 0, heredoc_resume: None };
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
    /// Where lexing goes on after the current line when a heredoc started
    /// on it: past the heredocs' bodies.
    heredoc_resume: Option<usize>,
}

impl Lexer<'_> {
    /// Takes up to `max` bytes that `ok` accepts; how many it took.
    fn digits_while(&mut self, max: usize, ok: impl Fn(u8) -> bool) -> usize {
        let mut n = 0;
        while n < max && self.peek(0).is_some_and(&ok) {
            self.pos += 1;
            n += 1;
        }
        n
    }

    /// After `\u`: four hex digits, or `{...}` of code points.
    fn unicode_escape(&mut self, start: usize, lit: &mut String) -> Result<(), RubyError> {
        let bad = |lx: &Self| lx.error(start, RubyErrorKind::Syntax("invalid Unicode escape".into()));
        let code_point = |code: &str, lx: &Self| -> Result<char, RubyError> {
            u32::from_str_radix(code, 16).ok().and_then(char::from_u32).ok_or_else(|| bad(lx))
        };
        if self.peek(0) == Some(b'{') {
            self.pos += 1;
            let close = self.src[self.pos..].find('}').ok_or_else(|| bad(self))?;
            let inner = &self.src[self.pos..self.pos + close];
            for code in inner.split_ascii_whitespace() {
                lit.push(code_point(code, self)?);
            }
            self.pos += close + 1;
            return Ok(());
        }
        if self.digits_while(4, |b| b.is_ascii_hexdigit()) != 4 {
            return Err(bad(self));
        }
        lit.push(code_point(&self.src[self.pos - 4..self.pos], self)?);
        Ok(())
    }

    fn peek(&self, n: usize) -> Option<u8> {
        self.src.as_bytes().get(self.pos + n).copied()
    }

    fn error(&self, at: usize, kind: RubyErrorKind) -> RubyError {
        RubyError { kind, at: self.base + at }
    }

    fn push(&mut self, tok: Tok, start: usize, space_before: bool) {
        self.out.push(Token { tok, at: self.base + start, space_before });
    }

    /// Whether the last token ends a value (so `/` divides and `[` indexes).
    fn after_value(&self) -> bool {
        match self.out.last().map(|t| &t.tok) {
            Some(
                Tok::Int(_)
                | Tok::Float(_)
                | Tok::Str(_)
                | Tok::Sym(_)
                | Tok::Regex(_)
                | Tok::Const(_)
                | Tok::IVar(_)
                | Tok::GVar(_),
            ) => true,
            Some(Tok::Ident(_)) => true,
            Some(Tok::Kw(k)) => matches!(*k, "end" | "nil" | "true" | "false" | "self"),
            Some(Tok::Punct(p)) => matches!(*p, ")" | "]" | "}"),
            _ => false,
        }
    }

    fn run(&mut self) -> Result<(), RubyError> {
        self.skip_embedded_doc();
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
                    if c == b'\n' {
                        if let Some(resume) = self.heredoc_resume.take() {
                            self.pos = resume;
                        }
                        self.skip_embedded_doc();
                    }
                    if (self.paren == 0 || c == b';') && !(c == b'\n' && self.continues_with_dot()) {
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
                    let parts = self.double_quoted(Some(b'"'))?;
                    self.push(Tok::Str(parts), start, space);
                }
                b'@' => {
                    self.pos += 1;
                    if self.peek(0) == Some(b'@') {
                        return Err(self.error(start, RubyErrorKind::Unsupported("class variables (@@x)".into())));
                    }
                    let name = self.word();
                    if name.is_empty() {
                        return Err(self.error(start, RubyErrorKind::Syntax("'@' without a name".into())));
                    }
                    self.push(Tok::IVar(name), start, space);
                }
                b'$' if self.peek(1).is_some_and(|c| c.is_ascii_digit()) => {
                    self.pos += 1;
                    let digits = self.src[self.pos..].bytes().take_while(u8::is_ascii_digit).count();
                    let n = self.src[self.pos..self.pos + digits].parse().unwrap_or(usize::MAX);
                    self.pos += digits;
                    self.push(Tok::MatchRef(n), start, space);
                }
                b'$' if self.peek(1) == Some(b'~') => {
                    self.pos += 2;
                    self.push(Tok::LastMatch, start, space);
                }
                b'$' => {
                    self.pos += 1;
                    let name = self.word();
                    if name.is_empty() {
                        return Err(self
                            .error(start, RubyErrorKind::Unsupported("special global variables ($!, $~, …)".into())));
                    }
                    self.push(Tok::GVar(name), start, space);
                }
                b'a'..=b'z' | b'_' | b'A'..=b'Z' => self.name(start, space),
                b':' if self.peek(1).is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
                    && (space || !self.after_value()) =>
                {
                    self.pos += 1;
                    let name = self.word();
                    let name = self.method_suffix(name);
                    self.push(Tok::Sym(name), start, space);
                }
                b':' if (space || !self.after_value()) && self.operator_symbol().is_some() => {
                    let op = self.operator_symbol().unwrap_or_default();
                    self.pos += 1 + op.len();
                    self.push(Tok::Sym(op.to_string()), start, space);
                }
                b':' if self.peek(1) == Some(b'\'') => {
                    self.pos += 1;
                    let text = self.single_quoted()?;
                    self.push(Tok::Sym(text), start, space);
                }
                b':' if self.peek(1) == Some(b'"') => {
                    self.pos += 2;
                    let parts = self.double_quoted(Some(b'"'))?;
                    let text = match parts.as_slice() {
                        [] => String::new(),
                        [StrPart::Lit(s)] => s.clone(),
                        _ => return Err(self.error(start, RubyErrorKind::Unsupported("interpolated symbols".into()))),
                    };
                    self.push(Tok::Sym(text), start, space);
                }
                b'/' if !self.after_value() || (space && self.peek(1).is_some_and(|c| c != b' ' && c != b'=')) => {
                    self.pos += 1;
                    let parts = self.regex_body(start, b'/', b'/')?;
                    self.push(Tok::Regex(parts), start, space);
                }
                b'<' if self.starts_heredoc(space) => {
                    let parts = self.heredoc(start)?;
                    self.push(Tok::Str(parts), start, space);
                }
                // Backticks and `%x` run a command: a construct confer
                // refuses by name wherever it is written.
                b'`' => {
                    return Err(self.error(start, RubyErrorKind::Unsupported("backticks (running a command)".into())));
                }
                b'%' if !self.after_value() || (space && self.peek(1).is_some_and(|c| c.is_ascii_alphabetic())) => {
                    let tok = self.percent_literal(start)?;
                    self.push(tok, start, space);
                }
                _ => {
                    let rest = &self.src[self.pos..];
                    let Some(p) = PUNCT.iter().find(|p| rest.starts_with(**p)) else {
                        let ch = rest.chars().next().unwrap_or(' ');
                        return Err(self.error(start, RubyErrorKind::Syntax(format!("unexpected character '{ch}'"))));
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

    /// Whether the next line starts with `.method` or `&.method`, which
    /// continues the expression of the line before.
    fn continues_with_dot(&self) -> bool {
        let rest = self.src[self.pos..].trim_start_matches([' ', '\t', '\r', '\n']);
        (rest.starts_with('.') && !rest.starts_with("..")) || rest.starts_with("&.")
    }

    /// The operator after a `:` that makes a symbol of it (`:+`, `:<=>`,
    /// `:[]`), as `inject(:+)` passes one.
    fn operator_symbol(&self) -> Option<&'static str> {
        const OPS: &[&str] = &[
            "[]=", "[]", "<=>", "===", "==", "=~", "!=", "<<", ">>", "<=", ">=", "**", "+", "-", "*", "/", "%", "<",
            ">", "|", "&", "^", "!", "~",
        ];
        let rest = &self.src[self.pos + 1..];
        OPS.iter().find(|op| rest.starts_with(**op)).copied()
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
        // `0x1f`, `0o755`, `0b101` and `0755` (octal).
        if self.peek(0) == Some(b'0') {
            let radix = match self.peek(1) {
                Some(b'x' | b'X') => Some((16, 2)),
                Some(b'o' | b'O') => Some((8, 2)),
                Some(b'b' | b'B') => Some((2, 2)),
                Some(b'0'..=b'7') => Some((8, 1)),
                _ => None,
            };
            if let Some((radix, skip)) = radix {
                let digits_start = self.pos + skip;
                let mut end = digits_start;
                while self.src.as_bytes().get(end).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') {
                    end += 1;
                }
                let digits: String = self.src[digits_start..end].chars().filter(|c| *c != '_').collect();
                if let Ok(n) = i64::from_str_radix(&digits, radix) {
                    self.pos = end;
                    return Tok::Int(n);
                }
            }
        }
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

    fn single_quoted(&mut self) -> Result<String, RubyError> {
        let start = self.pos;
        self.pos += 1;
        let mut out = String::new();
        loop {
            let Some(c) = self.src[self.pos..].chars().next() else {
                return Err(self.error(start, RubyErrorKind::Syntax("unterminated string".into())));
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

    /// The parts of a string after its opening quote, through `close`, or
    /// to the end of the text for `None` (a heredoc's body).
    fn double_quoted(&mut self, close: Option<u8>) -> Result<Vec<StrPart>, RubyError> {
        let start = self.pos.saturating_sub(1);
        let mut parts = Vec::new();
        let mut lit = String::new();
        loop {
            let Some(c) = self.src[self.pos..].chars().next() else {
                if close.is_none() {
                    break;
                }
                return Err(self.error(start, RubyErrorKind::Syntax("unterminated string".into())));
            };
            self.pos += c.len_utf8();
            match c {
                c if close.is_some_and(|q| c as u32 == q as u32) => break,
                '\\' => {
                    let Some(e) = self.src[self.pos..].chars().next() else { continue };
                    self.pos += e.len_utf8();
                    match e {
                        'n' => lit.push('\n'),
                        't' => lit.push('\t'),
                        'r' => lit.push('\r'),
                        's' => lit.push(' '),
                        'e' => lit.push('\u{1b}'),
                        'a' => lit.push('\u{7}'),
                        'b' => lit.push('\u{8}'),
                        'f' => lit.push('\u{c}'),
                        'v' => lit.push('\u{b}'),
                        // A line continued: the newline is not in the string.
                        '\n' => {}
                        '0'..='7' => {
                            let digits = 1 + self.digits_while(2, |b| (b'0'..=b'7').contains(&b));
                            let code = u32::from_str_radix(&self.src[self.pos - digits..self.pos], 8).unwrap_or(0);
                            lit.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                        }
                        'x' => {
                            let digits = self.digits_while(2, |b| b.is_ascii_hexdigit());
                            if digits == 0 {
                                return Err(self.error(start, RubyErrorKind::Syntax("invalid hex escape".into())));
                            }
                            let code = u32::from_str_radix(&self.src[self.pos - digits..self.pos], 16).unwrap_or(0);
                            lit.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                        }
                        'u' => self.unicode_escape(start, &mut lit)?,
                        other => lit.push(other),
                    }
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
    fn interpolation_end(&self, from: usize) -> Result<usize, RubyError> {
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
        Err(self.error(from, RubyErrorKind::Syntax("unterminated #{ in a string".into())))
    }

    /// A regexp's body after its opening delimiter, through `close` (which
    /// nests with `open` for `%r{a{2}}`), then its flags: the text with its
    /// escapes kept, for the regexp engine, and `#{}` code.
    fn regex_body(&mut self, start: usize, open: u8, close: u8) -> Result<Vec<StrPart>, RubyError> {
        let mut parts = Vec::new();
        let mut out = String::new();
        let mut depth = 0usize;
        loop {
            let Some(c) = self.src[self.pos..].chars().next() else {
                return Err(self.error(start, RubyErrorKind::Syntax("unterminated regexp".into())));
            };
            self.pos += c.len_utf8();
            match c {
                c if c as u32 == close as u32 && depth == 0 => break,
                c if c as u32 == close as u32 => {
                    depth -= 1;
                    out.push(c);
                }
                c if c as u32 == open as u32 && open != close => {
                    depth += 1;
                    out.push(c);
                }
                '\\' => {
                    if let Some(e) = self.src[self.pos..].chars().next() {
                        self.pos += e.len_utf8();
                        // Ruby keeps the escape in the source: `/a\/b/.source`
                        // is `a\/b`.
                        out.push('\\');
                        out.push(e);
                    }
                }
                '#' if self.peek(0) == Some(b'{') => {
                    self.pos += 1;
                    let code_start = self.pos;
                    let end = self.interpolation_end(code_start)?;
                    if !out.is_empty() {
                        parts.push(StrPart::Lit(std::mem::take(&mut out)));
                    }
                    parts.push(StrPart::Code(lex(&self.src[code_start..end], self.base + code_start)?));
                    self.pos = end + 1;
                }
                _ => out.push(c),
            }
        }
        if !out.is_empty() || parts.is_empty() {
            parts.push(StrPart::Lit(out));
        }
        let flags_start = self.pos;
        while self.peek(0).is_some_and(|c| c.is_ascii_alphabetic()) {
            self.pos += 1;
        }
        let flags = &self.src[flags_start..self.pos];
        let mut prefix = String::new();
        for f in flags.chars() {
            match f {
                'i' => prefix.push('i'),
                'm' => prefix.push('s'),
                'x' => prefix.push('x'),
                // `o` (interpolate once) changes nothing for one run.
                'o' => {}
                other => {
                    return Err(self.error(start, RubyErrorKind::Unsupported(format!("the regexp flag '{other}'"))))
                }
            }
        }
        if !prefix.is_empty() {
            parts.insert(0, StrPart::Lit(format!("(?{prefix})")));
        }
        Ok(parts)
    }

    /// Whether `<` at the current position starts a heredoc (`<<~EOS`,
    /// `<<-'EOS'`, `<<EOS`) rather than the `<<` operator: an identifier
    /// right after `<<` where a value may start.
    fn starts_heredoc(&self, space: bool) -> bool {
        let rest = &self.src.as_bytes()[self.pos..];
        if !rest.starts_with(b"<<") {
            return false;
        }
        let mut i = 2;
        if matches!(rest.get(i), Some(b'-' | b'~')) {
            i += 1;
        }
        if matches!(rest.get(i), Some(b'\'' | b'"')) {
            i += 1;
        }
        let ident = rest.get(i).is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_');
        let squiggly_or_dash = matches!(rest.get(2), Some(b'-' | b'~'));
        let upper = rest.get(i).is_some_and(u8::is_ascii_uppercase);
        ident && (!self.after_value() || (space && (squiggly_or_dash || upper)))
    }

    /// A heredoc: its introducer here, its body from the next line (or after
    /// the bodies of earlier heredocs on this line) to its terminator line.
    fn heredoc(&mut self, start: usize) -> Result<Vec<StrPart>, RubyError> {
        self.pos += 2;
        let mode = match self.peek(0) {
            Some(c @ (b'-' | b'~')) => {
                self.pos += 1;
                c
            }
            _ => b' ',
        };
        let quote = match self.peek(0) {
            Some(q @ (b'\'' | b'"')) => {
                self.pos += 1;
                Some(q)
            }
            _ => None,
        };
        let id = self.word();
        if let Some(q) = quote {
            if self.peek(0) != Some(q) {
                return Err(self.error(start, RubyErrorKind::Syntax("unterminated heredoc identifier".into())));
            }
            self.pos += 1;
        }
        let body_start = match self.heredoc_resume {
            Some(at) => at,
            None => self.src[self.pos..].find('\n').map_or(self.src.len(), |i| self.pos + i + 1),
        };
        let mut lines = Vec::new();
        let mut at = body_start;
        let end = loop {
            if at >= self.src.len() {
                return Err(
                    self.error(start, RubyErrorKind::Syntax(format!("can't find string \"{id}\" anywhere before EOF")))
                );
            }
            let line_end = self.src[at..].find('\n').map_or(self.src.len(), |i| at + i);
            let line = &self.src[at..line_end];
            let terminator = if mode == b' ' { line.trim_end_matches('\r') } else { line.trim() };
            if terminator == id {
                break (line_end + 1).min(self.src.len());
            }
            lines.push((at, &self.src[at..(line_end + 1).min(self.src.len())]));
            at = line_end + 1;
        };
        self.heredoc_resume = Some(end);
        let indent = if mode == b'~' {
            lines
                .iter()
                .filter(|(_, l)| !l.trim().is_empty())
                .map(|(_, l)| l.len() - l.trim_start_matches([' ', '\t']).len())
                .min()
                .unwrap_or(0)
        } else {
            0
        };
        let text: String = lines
            .iter()
            .map(
                |(_, l)| {
                    if l.trim().is_empty() {
                        l.trim_start_matches([' ', '\t'])
                    } else {
                        &l[indent.min(l.len())..]
                    }
                },
            )
            .collect();
        if quote == Some(b'\'') {
            return Ok(vec![StrPart::Lit(text)]);
        }
        let mut sub =
            Lexer { src: &text, pos: 0, base: self.base + body_start, out: Vec::new(), paren: 0, heredoc_resume: None };
        sub.double_quoted(None)
    }

    /// `=begin` … `=end` at the start of a line is a comment, and
    /// `__END__` ends the program.
    fn skip_embedded_doc(&mut self) {
        let rest = &self.src[self.pos..];
        if rest.starts_with("__END__") && rest[7..].starts_with(['\n', '\r']) || rest == "__END__" {
            self.pos = self.src.len();
            return;
        }
        if !rest.starts_with("=begin") {
            return;
        }
        match rest.find("\n=end") {
            Some(i) => {
                let after = self.pos + i + 5;
                self.pos = self.src[after..].find('\n').map_or(self.src.len(), |j| after + j);
            }
            None => self.pos = self.src.len(),
        }
    }

    /// `%w(...)`, `%q(...)`, `%Q(...)` and `%(...)`.
    fn percent_literal(&mut self, start: usize) -> Result<Tok, RubyError> {
        let kind = self.peek(1).filter(|c| c.is_ascii_alphabetic());
        if kind == Some(b'x') {
            return Err(self.error(start, RubyErrorKind::Unsupported("%x() (running a command)".into())));
        }
        let open_at = if kind.is_some() { 2 } else { 1 };
        let open = self.peek(open_at).unwrap_or(b' ');
        let close = match open {
            b'(' => b')',
            b'[' => b']',
            b'{' => b'}',
            b'<' => b'>',
            b'|' | b'!' | b'/' => open,
            _ => return Err(self.error(start, RubyErrorKind::Syntax("unexpected '%'".into()))),
        };
        self.pos += open_at + 1;
        if kind == Some(b'r') {
            return self.regex_body(start, open, close).map(Tok::Regex);
        }
        let body_start = self.pos;
        let Some(len) = self.src[body_start..].find(close as char) else {
            return Err(self.error(start, RubyErrorKind::Syntax("unterminated % literal".into())));
        };
        let body = &self.src[body_start..body_start + len];
        match kind {
            Some(b'w') => {
                self.pos += len + 1;
                Ok(Tok::Words(body.split_whitespace().map(str::to_string).collect()))
            }
            Some(b'i') => {
                self.pos += len + 1;
                Ok(Tok::Symbols(body.split_whitespace().map(str::to_string).collect()))
            }
            Some(b'q') => {
                self.pos += len + 1;
                Ok(Tok::Str(vec![StrPart::Lit(body.to_string())]))
            }
            Some(b'Q') | None => {
                let parts = self.double_quoted(Some(close))?;
                Ok(Tok::Str(parts))
            }
            Some(other) => {
                Err(self.error(start, RubyErrorKind::Unsupported(format!("the %{} literal", other as char))))
            }
        }
    }
}
