//! The Puppet parser: a recursive-descent parser with precedence climbing for
//! operators, producing the spanned syntax tree of `ast`. Precedence follows
//! Puppet's grammar (egrammar.ra), where some levels differ from other
//! languages: `in` binds tighter than `*`, `==` tighter than `<`, and a
//! selector `?` tighter than `and`.

mod definitions;
pub mod epp;
mod expr;
mod primary;
mod resources;
mod strings;

use crate::ast::{Expr, Program};
use crate::lexer::{self, Tok, Token};
use crate::span::{Source, Span};

/// A syntax error: what is wrong and where.
#[derive(Debug, Clone, PartialEq)]
pub struct ParseError {
    /// What is wrong.
    pub message: String,
    /// Where.
    pub span: Span,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

/// A parsed manifest and the warnings lexing produced.
#[derive(Debug)]
pub struct Parsed {
    /// The syntax tree.
    pub program: Program,
    /// Warnings (unrecognised escapes) with their positions.
    pub warnings: Vec<(Span, String)>,
}

/// How deeply expressions may nest before the parser gives up, so that no input
/// can exhaust the stack.
const MAX_DEPTH: usize = 128;

/// How tall the syntax tree may grow. Nesting is bounded by [`MAX_DEPTH`], but
/// a left-deep chain (`1 + 1 + …`, `a.b.c…`, `x[0][0]…`) is parsed by a loop
/// and nests its tree once per operator; every later walk over the tree
/// (validation, evaluation, drop) recurses that deep.
const MAX_HEIGHT: usize = 2000;

/// The tree height being built by one active `expr` call: operators it has
/// applied to its left operand so far, and the tallest operand parsed inside.
#[derive(Clone, Copy, Default)]
struct Height {
    wraps: usize,
    child: usize,
}

/// Parses a manifest.
pub fn parse(source: &Source) -> Result<Program, ParseError> {
    parse_with_warnings(source).map(|p| p.program)
}

/// Parses a manifest, keeping the lexer's warnings.
pub fn parse_with_warnings(source: &Source) -> Result<Parsed, ParseError> {
    let base = source.base();
    let mut lexed =
        lexer::lex(&source.text).map_err(|e| ParseError { message: e.message, span: e.span.shifted(base) })?;
    if base != 0 {
        lexer::shift(&mut lexed, base);
    }
    let mut parser =
        Parser { toks: lexed.tokens, pos: 0, depth: 0, base: 0, heights: Vec::new(), in_case_subject: false };
    let body = parser.statements()?;
    if !parser.at_eof() {
        return Err(parser.unexpected());
    }
    Ok(Parsed { program: Program { body }, warnings: lexed.warnings })
}

/// Parses tokens of an interpolated `${...}` as one expression, `depth` and
/// `base` deep inside the enclosing manifest's tree.
fn parse_tokens(mut toks: Vec<Token>, end: Span, depth: usize, base: usize) -> Result<Expr, ParseError> {
    toks.push(Token { tok: Tok::Eof, span: Span::new(end.end as usize, end.end as usize), space_before: true });
    let mut parser = Parser { toks, pos: 0, depth, base, heights: Vec::new(), in_case_subject: false };
    let mut body = parser.statements()?;
    if !parser.at_eof() {
        return Err(parser.unexpected());
    }
    match body.len() {
        1 => Ok(body.remove(0)),
        0 => Err(ParseError { message: "Syntax error: empty interpolation '${}'".into(), span: end }),
        _ => Err(ParseError { message: "An interpolation may hold only one expression".into(), span: body[1].span }),
    }
}

pub(crate) struct Parser {
    toks: Vec<Token>,
    pos: usize,
    depth: usize,
    /// The tree height above this parser's input (an interpolation's enclosing string).
    base: usize,
    /// One entry per active `expr` call, innermost last.
    heights: Vec<Height>,
    /// Whether the expression being read is a `case` subject, whose `{`
    /// opens the cases, never a resource body (`case Integer { Integer: ...`).
    in_case_subject: bool,
}

impl Parser {
    fn peek(&self) -> &Token {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }

    fn peek_at(&self, n: usize) -> &Token {
        &self.toks[(self.pos + n).min(self.toks.len() - 1)]
    }

    fn bump(&mut self) -> Token {
        let t = self.peek().clone();
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        }
        t
    }

    fn at_eof(&self) -> bool {
        matches!(self.peek().tok, Tok::Eof)
    }

    fn at_punct(&self, p: &str) -> bool {
        matches!(&self.peek().tok, Tok::Punct(q) if *q == p)
    }

    fn at_keyword(&self, k: &str) -> bool {
        matches!(&self.peek().tok, Tok::Keyword(q) if *q == k)
    }

    fn eat_punct(&mut self, p: &str) -> bool {
        if self.at_punct(p) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn expect_punct(&mut self, p: &str) -> Result<Span, ParseError> {
        if self.at_punct(p) {
            Ok(self.bump().span)
        } else {
            Err(self.unexpected())
        }
    }

    /// The span of the previous token.
    fn prev_span(&self) -> Span {
        self.toks[self.pos.saturating_sub(1)].span
    }

    /// "Syntax error at 'x'", in Puppet's wording: it names only the token
    /// the grammar could not take, not what it expected.
    fn unexpected(&self) -> ParseError {
        let t = self.peek();
        let message = match &t.tok {
            Tok::Eof => "Syntax error at end of input".to_string(),
            other => format!("Syntax error at {}", other.describe()),
        };
        ParseError { message, span: t.span }
    }

    fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ParseError { message: "Expression nested too deeply".into(), span: self.peek().span });
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// An upper bound of the height of the tree under construction: every
    /// enclosing `expr` call's node and operators, and the tallest operand
    /// of the innermost.
    fn height_bound(&self) -> usize {
        self.base + self.heights.iter().map(|h| 1 + h.wraps).sum::<usize>() + self.heights.last().map_or(0, |h| h.child)
    }

    /// Records that an operator at `at` makes its left operand one level deeper.
    fn wrap(&mut self, at: Span) -> Result<(), ParseError> {
        if let Some(h) = self.heights.last_mut() {
            h.wraps += 1;
        }
        if self.height_bound() > MAX_HEIGHT {
            return Err(ParseError {
                message: format!("Expression too deep: operators and accesses chained more than {MAX_HEIGHT} levels"),
                span: at,
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
