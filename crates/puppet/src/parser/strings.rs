//! Turning lexed string parts into the syntax tree, with Puppet's rule for
//! `${...}`: a leading bare word names a variable (`${x}`, `${x[1]}`,
//! `${x.upcase}`), and so does a leading number (`${1}` is `$1`).

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
                    let e = parse_tokens(tokens, espan, self.depth + 1)?;
                    out.push(StringPart::Expr(variable_for_leading_name(e)?));
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

/// Applies the `${name}` rule to the leftmost operand of access and method
/// chains.
fn variable_for_leading_name(e: Expr) -> Result<Expr, ParseError> {
    let span = e.span;
    Ok(match e.kind {
        ExprKind::BareWord(name) => Expr::new(ExprKind::Variable(name), span),
        ExprKind::Default => Expr::new(ExprKind::Variable("default".into()), span),
        ExprKind::Undef => Expr::new(ExprKind::Variable("undef".into()), span),
        ExprKind::Boolean(_) => {
            return Err(ParseError {
                message: "A boolean cannot be interpolated as '${true}' or '${false}': Puppet takes it for a variable name".into(),
                span,
            })
        }
        ExprKind::Integer(i) if i >= 0 => Expr::new(ExprKind::Variable(i.to_string()), span),
        ExprKind::Float(f) => {
            return Err(ParseError {
                message: format!(
                    "Illegal numeric variable name, The given name '{f}' must be a decimal value if it starts with a digit 0-9"
                ),
                span,
            })
        }
        ExprKind::Access { target, keys } => {
            Expr::new(ExprKind::Access { target: Box::new(variable_for_leading_name(*target)?), keys }, span)
        }
        ExprKind::MethodCall { receiver, name, args, lambda } => Expr::new(
            ExprKind::MethodCall { receiver: Box::new(variable_for_leading_name(*receiver)?), name, args, lambda },
            span,
        ),
        kind => Expr::new(kind, span),
    })
}
