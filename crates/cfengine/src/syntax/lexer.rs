//! The CFEngine 3 lexer: cf3lex.l's token rules, applied by longest match with
//! the rule order breaking ties, as flex does.
//!
//! Positions follow cf-promises: the column of a token is the parser's
//! `line_pos` after it has been read, i.e. one past its last byte, which is
//! where cf-promises points its caret.

use crate::diagnostic::Pos;

/// A token of a policy file.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// `bundle`
    Bundle,
    /// `body`
    Body,
    /// `promise`
    Promise,
    /// An identifier, or a namespaced symbol `ns:name`.
    Ident(String),
    /// `=>`
    FatArrow,
    /// `->`
    ThinArrow,
    /// A class guard `expr::` (without the `::`).
    ClassGuard(String),
    /// A quoted class guard `"expr"::` (variables allowed).
    VarClassGuard(String),
    /// A promise type guard `vars:` (without the `:`).
    PromiseGuard(String),
    /// A quoted string, with its escapes resolved.
    QString(String),
    /// A naked variable reference `$(x)` / `@(x)`.
    NakedVar(String),
    /// Any other single character.
    Char(char),
    /// The end of the input.
    Eof,
}

impl Tok {
    /// The token's text as cf-promises shows it in "got '...'" messages.
    pub fn text(&self) -> String {
        match self {
            Tok::Bundle => "bundle".into(),
            Tok::Body => "body".into(),
            Tok::Promise => "promise".into(),
            Tok::Ident(s) | Tok::NakedVar(s) => s.clone(),
            Tok::FatArrow => "=>".into(),
            Tok::ThinArrow => "->".into(),
            Tok::ClassGuard(s) => format!("{s}::"),
            Tok::VarClassGuard(s) => format!("\"{s}\"::"),
            Tok::PromiseGuard(s) => format!("{s}:"),
            Tok::QString(s) => format!("\"{s}\""),
            Tok::Char(c) => c.to_string(),
            Tok::Eof => String::new(),
        }
    }
}

/// A token with the position cf-promises reports for it.
#[derive(Clone, Debug)]
pub struct Token {
    /// The token.
    pub tok: Tok,
    /// Line (after the token: multi-line strings count their newlines) and
    /// `line_pos` after the token.
    pub end: Pos,
    /// Line and column of the token's first byte.
    pub start: Pos,
}

/// An error found while lexing (an unterminated string, a bad macro).
#[derive(Clone, Debug)]
pub struct LexError {
    /// Where.
    pub pos: Pos,
    /// What.
    pub message: String,
}

fn is_id(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

fn is_class_start(b: u8) -> bool {
    is_id(b) || matches!(b, b'.' | b'|' | b'&' | b'!' | b'(' | b')' | b':')
}

fn is_class_char(b: u8) -> bool {
    is_class_start(b) || b == b' ' || b == b'\t'
}

/// The lexer over one source text.
pub struct Lexer<'a> {
    src: &'a [u8],
    i: usize,
    line: u32,
    line_pos: u32,
    /// Inside an `@if` whose condition is false: skipping lines.
    skipping: bool,
    if_depth: u32,
}

/// CFEngine's version as the `@if` macros compare it.
const VERSION: [u32; 3] = [3, 21, 0];

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src`.
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer { src: src.as_bytes(), i: 0, line: 1, line_pos: 1, skipping: false, if_depth: 0 }
    }

    fn pos(&self) -> Pos {
        Pos { line: self.line, col: self.line_pos, offset: self.i as u32 }
    }

    fn err(&self, message: impl Into<String>) -> LexError {
        LexError { pos: self.pos(), message: message.into() }
    }

    fn text(&self, from: usize, to: usize) -> String {
        String::from_utf8_lossy(&self.src[from..to]).into_owned()
    }

    fn newline(&mut self) {
        self.line += 1;
        self.line_pos = 1;
    }

    /// Length of the rest of the current line from `i`.
    fn line_end(&self, i: usize) -> usize {
        self.src[i..].iter().position(|&b| b == b'\n').map_or(self.src.len(), |p| i + p)
    }

    /// Handles a line that starts with `@` (the version macros). Returns
    /// `Ok(true)` when a macro line was consumed.
    fn macro_line(&mut self) -> Result<bool, LexError> {
        let end = self.line_end(self.i);
        let line = self.text(self.i, end);
        let line = line.trim_end_matches('\r');
        if let Some(cond) = line.strip_prefix("@if ") {
            if self.if_depth > 0 {
                return Err(self.err("fatal: nested @if macros are not allowed"));
            }
            let ok = eval_version_macro(cond).ok_or_else(|| self.err(format!("fatal: unknown macro '@if {cond}'")))?;
            self.if_depth += 1;
            self.skipping = !ok;
        } else if line == "@else" {
            if self.if_depth == 0 {
                return Err(self.err("fatal: @else macro without a matching @if"));
            }
            self.skipping = !self.skipping;
        } else if line == "@endif" {
            if self.if_depth == 0 {
                return Err(self.err("fatal: @endif macros without a matching @if are not allowed"));
            }
            self.if_depth -= 1;
            self.skipping = false;
        } else {
            return Ok(false);
        }
        self.i = end;
        Ok(true)
    }

    /// The next token.
    pub fn next_token(&mut self) -> Result<Token, LexError> {
        loop {
            if self.i >= self.src.len() {
                if self.if_depth > 0 {
                    return Err(self.err("EOF seen while @if was waiting for @endif"));
                }
                let p = self.pos();
                return Ok(Token { tok: Tok::Eof, end: p, start: p });
            }
            let at_line_start = self.i == 0 || self.src[self.i - 1] == b'\n';
            if at_line_start && self.src[self.i] == b'@' && self.macro_line()? {
                continue;
            }
            if self.skipping {
                let end = self.line_end(self.i);
                self.i = end;
                if self.i < self.src.len() {
                    self.i += 1;
                    self.newline();
                }
                continue;
            }
            let b = self.src[self.i];
            match b {
                b'\n' => {
                    self.i += 1;
                    self.newline();
                }
                b'\r' if self.src.get(self.i + 1) == Some(&b'\n') => {
                    self.i += 2;
                    self.newline();
                }
                b' ' | b'\t' => {
                    self.i += 1;
                    self.line_pos += 1;
                }
                b'#' => {
                    self.i = self.line_end(self.i);
                }
                _ => return self.token(),
            }
        }
    }

    fn token(&mut self) -> Result<Token, LexError> {
        let s = &self.src[self.i..];
        let start = self.pos();
        // Candidate matches, in cf3lex.l's rule order; the longest wins and
        // the first listed wins a tie.
        let mut best: Option<(usize, u8)> = None;
        let mut offer = |len: usize, rule: u8| {
            if len > 0 && best.is_none_or(|(l, _)| len > l) {
                best = Some((len, rule));
            }
        };
        let id_len = s.iter().take_while(|&&b| is_id(b)).count();
        for (kw, rule) in [("bundle", 0u8), ("body", 1), ("promise", 2)] {
            if s.starts_with(kw.as_bytes()) {
                offer(kw.len(), rule);
            }
        }
        offer(id_len, 3);
        if id_len > 0 && s.get(id_len) == Some(&b':') {
            let rest = s[id_len + 1..].iter().take_while(|&&b| is_id(b)).count();
            if rest > 0 {
                offer(id_len + 1 + rest, 4);
            }
        }
        if s.starts_with(b"=>") {
            offer(2, 5);
        }
        if s.starts_with(b"->") {
            offer(2, 6);
        }
        if let Some(len) = varclass_len(s) {
            offer(len, 7);
        }
        if let Some(len) = class_len(s) {
            offer(len, 8);
        }
        let alpha = s.iter().take_while(|&&b| b.is_ascii_alphabetic() || b == b'_').count();
        if alpha > 0 && s.get(alpha) == Some(&b':') {
            offer(alpha + 1, 9);
        }
        if let Some(len) = qstring_len(s) {
            offer(len, 10);
        }
        if let Some(len) = nakedvar_len(s) {
            offer(len, 11);
        }
        let Some((len, rule)) = best else {
            if matches!(s[0], b'"' | b'\'' | b'`') {
                return Err(self.err("Runaway string"));
            }
            // A single character (UTF-8 sequences stay whole).
            let ch_len = std::str::from_utf8(&s[..s.len().min(4)])
                .ok()
                .or_else(|| (1..=s.len().min(4)).rev().find_map(|n| std::str::from_utf8(&s[..n]).ok()))
                .and_then(|t| t.chars().next())
                .map_or(1, char::len_utf8);
            let c = self.text(self.i, self.i + ch_len).chars().next().unwrap_or('?');
            self.i += ch_len;
            self.line_pos += 1;
            return Ok(Token { tok: Tok::Char(c), end: self.pos(), start });
        };
        let from = self.i;
        let text = self.text(from, from + len);
        self.i += len;
        let tok = match rule {
            0 => Tok::Bundle,
            1 => Tok::Body,
            2 => Tok::Promise,
            3 | 4 => Tok::Ident(text),
            5 => Tok::FatArrow,
            6 => Tok::ThinArrow,
            7 => Tok::VarClassGuard(text[1..text.len() - 3].to_string()),
            8 => Tok::ClassGuard(text[..text.len() - 2].to_string()),
            9 => Tok::PromiseGuard(text[..text.len() - 1].to_string()),
            10 => {
                let newlines = text.bytes().filter(|&b| b == b'\n').count() as u32;
                self.line += newlines;
                self.line_pos += len as u32;
                return Ok(Token { tok: Tok::QString(de_escape(&text)), end: self.pos(), start });
            }
            _ => Tok::NakedVar(text),
        };
        self.line_pos += len as u32;
        // cf3lex: an identifier of CF_MAXVARSIZE characters or more.
        if matches!(rule, 3 | 4) && len > MAX_IDENTIFIER {
            let what = if rule == 4 { "qualified identifier too long" } else { "identifier too long" };
            return Err(self.err(what));
        }
        Ok(Token { tok, end: self.pos(), start })
    }
}

/// The longest identifier cf3lex accepts (`CF_MAXVARSIZE - 1`).
const MAX_IDENTIFIER: usize = 1023;

/// `(\"[^"\0]*\"|\'[^'\0]*\')::`
fn varclass_len(s: &[u8]) -> Option<usize> {
    let q = *s.first()?;
    if q != b'"' && q != b'\'' {
        return None;
    }
    let close = s[1..].iter().position(|&b| b == q || b == 0)? + 1;
    if s[close] != q {
        return None;
    }
    (s.get(close + 1) == Some(&b':') && s.get(close + 2) == Some(&b':')).then_some(close + 3)
}

/// `[.|&!()id:][\t .|&!()id:]*::` — the longest prefix ending in `::`.
fn class_len(s: &[u8]) -> Option<usize> {
    if !is_class_start(*s.first()?) {
        return None;
    }
    let run = 1 + s[1..].iter().take_while(|&&b| is_class_char(b)).count();
    (2..=run).rev().find(|&end| s[end - 2] == b':' && s[end - 1] == b':')
}

/// The three quoted-string forms; `None` when unterminated.
fn qstring_len(s: &[u8]) -> Option<usize> {
    let q = *s.first()?;
    match q {
        b'`' => Some(s[1..].iter().position(|&b| b == b'`')? + 2),
        b'"' | b'\'' => {
            let mut i = 1;
            while i < s.len() {
                match s[i] {
                    b'\\' => i += 2,
                    b if b == q => return Some(i + 1),
                    _ => i += 1,
                }
            }
            None
        }
        _ => None,
    }
}

/// cf3lex.l's `nakedvar`: `$(name)`, `${name}`, and one level of `[...]`
/// whose index may hold `$(...)`.
fn nakedvar_len(s: &[u8]) -> Option<usize> {
    if s.len() < 3 || !matches!(s[0], b'$' | b'@') {
        return None;
    }
    let close = match s[1] {
        b'(' => b')',
        b'{' => b'}',
        _ => return None,
    };
    let name_char = |b: u8| is_id(b) || b == b'.' || b == b':';
    let mut best = None;
    // Form 1: [name chars and brackets]+ then close.
    let n1 = s[2..].iter().take_while(|&&b| name_char(b) || b == b'[' || b == b']').count();
    if n1 > 0 && s.get(2 + n1) == Some(&close) {
        best = Some(3 + n1);
    }
    // Form 2: name [ index chars incl. $(){} ] ]+ close — regex backtracking:
    // take the longest match that ends in `]+` followed by close.
    let n = s[2..].iter().take_while(|&&b| name_char(b)).count();
    if n > 0 && s.get(2 + n) == Some(&b'[') {
        let idx_start = 3 + n;
        let idx_char = |b: u8| name_char(b) || matches!(b, b'$' | b'(' | b')' | b'{' | b'}');
        let run = s[idx_start..].iter().take_while(|&&b| idx_char(b)).count();
        // Try every split: index = s[idx_start..k], then ]+ then close.
        for k in (idx_start + 1..=idx_start + run).rev() {
            let brackets = s[k..].iter().take_while(|&&b| b == b']').count();
            if brackets > 0 {
                // `]+` is greedy but must leave the close char.
                if s.get(k + brackets) == Some(&close) {
                    let len = k + brackets + 1;
                    if best.is_none_or(|b| len > b) {
                        best = Some(len);
                    }
                    break;
                }
            }
        }
    }
    best
}

/// cf3lex.l's `DeEscapeQuotedString`: strips the quotes; `\\`, `\"` and `\'`
/// lose their backslash, a backslash-newline is removed with the newline, every
/// other backslash stays.
pub fn de_escape(raw: &str) -> String {
    let b = raw.as_bytes();
    if b.len() < 2 {
        return String::new();
    }
    let inner = &b[1..b.len() - 1];
    let mut out = Vec::with_capacity(inner.len());
    let mut i = 0;
    while i < inner.len() {
        if inner[i] == b'\\' && i + 1 < inner.len() {
            match inner[i + 1] {
                b'\n' => {
                    i += 2;
                    continue;
                }
                b'\\' | b'"' | b'\'' => {
                    out.push(inner[i + 1]);
                    i += 2;
                    continue;
                }
                _ => {}
            }
        }
        out.push(inner[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Evaluates the condition of `@if minimum_version(3.18)` and friends.
/// The features `@if feature(...)` knows (feature.c's list in Debian's
/// cf-agent 3.21 build, which the `feature_*` hard classes spell out).
const FEATURES: &[&str] = &[
    "yaml",
    "xml",
    "tls_1_0",
    "tls_1_1",
    "tls_1_2",
    "tls_1_3",
    "def_json_preparse",
    "host_specific_data_load",
    "copyfrom_restrict_keys",
];

fn eval_version_macro(cond: &str) -> Option<bool> {
    let (name, rest) = cond.split_once('(')?;
    let args = rest.strip_suffix(')')?;
    let parse = |v: &str| -> Option<Vec<u32>> { v.trim().split('.').map(|p| p.parse().ok()).collect() };
    let cmp = |v: &[u32]| -> std::cmp::Ordering {
        // Compare only as many components as were given.
        VERSION[..v.len().min(3)].cmp(&v[..v.len().min(3)])
    };
    use std::cmp::Ordering::*;
    Some(match name {
        "minimum_version" => cmp(&parse(args)?) != Less,
        "maximum_version" => cmp(&parse(args)?) != Greater,
        "before_version" => cmp(&parse(args)?) == Less,
        "at_version" => cmp(&parse(args)?) == Equal,
        "after_version" => cmp(&parse(args)?) == Greater,
        "between_versions" => {
            let (a, b) = args.split_once(',')?;
            cmp(&parse(a)?) != Less && cmp(&parse(b)?) != Greater
        }
        "feature" => FEATURES.contains(&args.trim()),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        let mut l = Lexer::new(s);
        let mut out = vec![];
        loop {
            let t = l.next_token().unwrap();
            if t.tok == Tok::Eof {
                return out;
            }
            out.push(t.tok);
        }
    }

    #[test]
    fn guards_and_identifiers() {
        assert_eq!(
            toks("vars:\nany::\nlinux.!windows::\n\"$(x)\"::\nns:b"),
            vec![
                Tok::PromiseGuard("vars".into()),
                Tok::ClassGuard("any".into()),
                Tok::ClassGuard("linux.!windows".into()),
                Tok::VarClassGuard("$(x)".into()),
                Tok::Ident("ns:b".into()),
            ]
        );
    }

    #[test]
    fn strings_and_vars() {
        assert_eq!(
            toks(r#"'a\'b' "c\"d\\" `e\'f` @(x) $(a[$(b)])"#),
            vec![
                Tok::QString("a'b".into()),
                Tok::QString("c\"d\\".into()),
                Tok::QString("e'f".into()),
                Tok::NakedVar("@(x)".into()),
                Tok::NakedVar("$(a[$(b)])".into()),
            ]
        );
    }
}
