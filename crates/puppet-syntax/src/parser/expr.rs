//! Statements and operator expressions (precedence climbing).

use super::{ParseError, Parser};
use crate::ast::{BinaryOp, Expr, ExprKind, RelationOp, UnaryOp};
use crate::lexer::Tok;

/// Functions that may be called without parentheses at statement level
/// (`include foo`, `notice 'x'`), as Puppet's parser allows.
const STATEMENT_CALLS: &[&str] = &[
    "require", "realize", "include", "contain", "tag", "debug", "info", "notice", "warning", "err", "fail", "import",
    "break", "next", "return",
];

/// An infix operator's binding powers (left, right) and what it builds.
enum Infix {
    Binary(BinaryOp),
    Relation(RelationOp),
    Assign,
    Selector,
}

fn infix(tok: &Tok) -> Option<(u8, u8, Infix)> {
    Some(match tok {
        Tok::Punct(p) => match *p {
            "=" | "+=" | "-=" => (10, 9, Infix::Assign),
            "->" => (20, 21, Infix::Relation(RelationOp::Before)),
            "~>" => (20, 21, Infix::Relation(RelationOp::Notify)),
            "<-" => (20, 21, Infix::Relation(RelationOp::Require)),
            "<~" => (20, 21, Infix::Relation(RelationOp::Subscribe)),
            "?" => (50, 51, Infix::Selector),
            "<" => (60, 61, Infix::Binary(BinaryOp::Lt)),
            "<=" => (60, 61, Infix::Binary(BinaryOp::Le)),
            ">" => (60, 61, Infix::Binary(BinaryOp::Gt)),
            ">=" => (60, 61, Infix::Binary(BinaryOp::Ge)),
            "==" => (70, 71, Infix::Binary(BinaryOp::Eq)),
            "!=" => (70, 71, Infix::Binary(BinaryOp::Ne)),
            "<<" => (80, 81, Infix::Binary(BinaryOp::Shl)),
            ">>" => (80, 81, Infix::Binary(BinaryOp::Shr)),
            "+" => (90, 91, Infix::Binary(BinaryOp::Add)),
            "-" => (90, 91, Infix::Binary(BinaryOp::Sub)),
            "*" => (100, 101, Infix::Binary(BinaryOp::Mul)),
            "/" => (100, 101, Infix::Binary(BinaryOp::Div)),
            "%" => (100, 101, Infix::Binary(BinaryOp::Mod)),
            "=~" => (110, 111, Infix::Binary(BinaryOp::Match)),
            "!~" => (110, 111, Infix::Binary(BinaryOp::NotMatch)),
            _ => return None,
        },
        Tok::Keyword("or") => (30, 31, Infix::Binary(BinaryOp::Or)),
        Tok::Keyword("and") => (40, 41, Infix::Binary(BinaryOp::And)),
        Tok::Keyword("in") => (120, 121, Infix::Binary(BinaryOp::In)),
        _ => return None,
    })
}

/// Binding power of the prefix operators: tighter than every infix operator.
const PREFIX_BP: u8 = 130;

impl Parser {
    /// Statements up to `}` or the end of input (neither consumed).
    pub(super) fn statements(&mut self) -> Result<Vec<Expr>, ParseError> {
        let mut body: Vec<Expr> = Vec::new();
        loop {
            let mut separated = false;
            while self.eat_punct(";") {
                separated = true;
            }
            if self.at_eof() || self.at_punct("}") {
                return Ok(body);
            }
            let statement = self.statement()?;
            if self.at_punct(",") {
                return Err(self.comma_after_statement(body.last().filter(|_| !separated)));
            }
            body.push(statement);
        }
    }

    /// Puppet reads `a b, c` as arguments given to `a` without parentheses,
    /// which only its statement functions take; any other comma between
    /// statements is an argument list with nothing to call.
    fn comma_after_statement(&self, before: Option<&Expr>) -> ParseError {
        let message = match before.map(|e| &e.kind) {
            Some(ExprKind::BareWord(name)) => {
                format!(
                    "attempt to pass argument list to the function '{name}' which cannot be called without parentheses"
                )
            }
            _ => "illegal comma separated argument list".to_string(),
        };
        ParseError { message, span: self.peek().span }
    }

    /// `{ statements }`.
    pub(super) fn block(&mut self) -> Result<Vec<Expr>, ParseError> {
        self.expect_punct("{")?;
        let body = self.statements()?;
        self.expect_punct("}")?;
        Ok(body)
    }

    fn statement(&mut self) -> Result<Expr, ParseError> {
        let after_separator = self.pos == 0 || matches!(self.toks[self.pos - 1].tok, Tok::Punct("{" | ";"));
        if self.at_punct("{") && !after_separator {
            // Puppet's grammar reads `expression {` as a resource body, so a
            // hash literal can start a statement only at the start of a block
            // or after `;`.
            // A lone name before the hash: Puppet guesses a resource without a title.
            let lone_name =
                self.pos >= 1 && (self.pos == 1 || matches!(self.toks[self.pos - 2].tok, Tok::Punct("{" | ";" | "}")));
            let prev = &self.toks[self.pos - 1];
            let name = match &prev.tok {
                Tok::Name(n) | Tok::Word(n) => Some(n.as_str()),
                Tok::Keyword(k) => Some(*k),
                _ => None,
            };
            if let (true, Some(name)) = (lone_name, name) {
                return Err(super::resources::without_title(name, prev.span));
            }
            let open = self.bump().span;
            self.statements()?;
            return Err(ParseError { message: "Syntax error at '{'".into(), span: open });
        }
        if let Tok::Name(name) = self.peek().tok.clone() {
            if STATEMENT_CALLS.contains(&name.as_str()) && self.starts_statement_args() {
                let name_tok = self.bump();
                let callee = Expr::new(ExprKind::BareWord(name), name_tok.span);
                let mut args = vec![self.expr(0)?];
                while self.eat_punct(",") {
                    args.push(self.expr(0)?);
                }
                let span = name_tok.span.to(self.prev_span());
                return Ok(Expr::new(ExprKind::Call { callee: Box::new(callee), args, lambda: None }, span));
            }
        }
        self.expr(0)
    }

    /// Whether the token after a statement-call name starts its arguments
    /// (rather than the name being used as a value).
    fn starts_statement_args(&self) -> bool {
        let next = self.peek_at(1);
        match &next.tok {
            Tok::Punct("(") => next.space_before,
            Tok::Punct("[") => next.space_before,
            Tok::Punct("{" | "$" | "-" | "!" | "*" | "@" | "@@") => true,
            Tok::Punct(_) | Tok::Eof => false,
            Tok::Keyword(k) => {
                matches!(*k, "true" | "false" | "undef" | "default" | "if" | "unless" | "case" | "class")
            }
            _ => true,
        }
    }

    /// An expression whose operators bind at least as tightly as `min_bp`.
    pub(super) fn expr(&mut self, min_bp: u8) -> Result<Expr, ParseError> {
        self.enter()?;
        self.heights.push(super::Height::default());
        let result = self.expr_inner(min_bp);
        let own = self.heights.pop().map_or(1, |h| 1 + h.wraps + h.child);
        if let Some(parent) = self.heights.last_mut() {
            parent.child = parent.child.max(own);
        }
        self.leave();
        result
    }

    fn expr_inner(&mut self, min_bp: u8) -> Result<Expr, ParseError> {
        let mut lhs = self.unary()?;
        loop {
            let Some((lbp, rbp, op)) = infix(&self.peek().tok) else {
                return Ok(lhs);
            };
            if lbp < min_bp {
                return Ok(lhs);
            }
            let op_tok = self.bump();
            self.wrap(op_tok.span)?;
            lhs = match op {
                Infix::Assign => {
                    if let Tok::Punct(p @ ("+=" | "-=")) = op_tok.tok {
                        return Err(ParseError {
                            message: format!("The operator '{p}' is no longer supported. See http://links.puppet.com/remove-plus-equals"),
                            span: op_tok.span,
                        });
                    }
                    let value = self.expr(rbp)?;
                    let span = lhs.span.to(value.span);
                    Expr::new(ExprKind::Assign { target: Box::new(lhs), value: Box::new(value) }, span)
                }
                Infix::Relation(op) => {
                    let rhs = self.expr(rbp)?;
                    let span = lhs.span.to(rhs.span);
                    Expr::new(ExprKind::Relationship { op, lhs: Box::new(lhs), rhs: Box::new(rhs) }, span)
                }
                Infix::Binary(op) => {
                    let rhs = self.expr(rbp)?;
                    let span = lhs.span.to(rhs.span);
                    Expr::new(ExprKind::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs) }, span)
                }
                Infix::Selector => self.selector(lhs)?,
            };
        }
    }

    /// Prefix operators: `!`, unary `-` (folded into number literals), `*`.
    fn unary(&mut self) -> Result<Expr, ParseError> {
        let t = self.peek().clone();
        let op = match &t.tok {
            Tok::Punct("!") => UnaryOp::Not,
            Tok::Punct("-") => UnaryOp::Neg,
            Tok::Punct("*") => UnaryOp::Splat,
            _ => return self.postfix(),
        };
        self.bump();
        if op == UnaryOp::Neg && !self.peek().space_before {
            let next = self.peek().clone();
            let folded = match next.tok {
                Tok::Integer(i) => Some(ExprKind::Integer(i.wrapping_neg())),
                Tok::Float(f) => Some(ExprKind::Float(-f)),
                _ => None,
            };
            if let Some(kind) = folded {
                let followed_by_postfix = matches!(self.peek_at(1).tok, Tok::Punct("." | "["));
                if !followed_by_postfix {
                    self.bump();
                    return Ok(Expr::new(kind, t.span.to(next.span)));
                }
            }
        }
        let operand = self.expr(PREFIX_BP)?;
        let span = t.span.to(operand.span);
        Ok(Expr::new(ExprKind::Unary { op, operand: Box::new(operand) }, span))
    }
}
