//! Turning lexed string parts into the syntax tree. Which leading word of
//! `${...}` names a variable is decided by the lexer.

use super::{parse_tokens, ParseError, Parser};
use crate::ast::{Expr, ExprKind, StringPart};
use crate::lexer::RawPart;

impl Parser {
    /// The expression kind for a double-quoted string or heredoc text: a plain
    /// `String` when nothing is interpolated.
    pub(super) fn string_parts(&mut self, parts: Vec<RawPart>) -> Result<ExprKind, ParseError> {
        let mut out = Vec::with_capacity(parts.len());
        for part in parts {
            match part {
                RawPart::Text(t) => out.push(StringPart::Text(t)),
                RawPart::Var(name, vspan) => out.push(StringPart::Expr(Expr::new(ExprKind::Variable(name), vspan))),
                RawPart::Expr(tokens, espan) => {
                    out.push(StringPart::Expr(parse_tokens(tokens, espan, self.depth + 1, self.height_bound())?));
                }
            }
        }
        Ok(match out.as_slice() {
            [] => ExprKind::String(String::new()),
            [StringPart::Text(t)] => ExprKind::String(t.clone()),
            _ => ExprKind::Interpolated(out),
        })
    }
}
