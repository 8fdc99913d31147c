//! Turning lexed string parts into the syntax tree, with Puppet's rule for
//! `${...}`: a leading word or number names a variable when it stands alone
//! or is followed by `[` or `.` (`${x}`, `${x[1] + 1}`, `${x.upcase}`, `${1}`
//! is `$1`); otherwise it is what it is (`${x + 1}` adds to the word `x`).

use super::{parse_tokens, ParseError, Parser};
use crate::ast::{Expr, ExprKind, StringPart};
use crate::lexer::{RawPart, Tok, Token};

impl Parser {
    /// The expression kind for a double-quoted string or heredoc text: a plain
    /// `String` when nothing is interpolated.
    pub(super) fn string_parts(&mut self, parts: Vec<RawPart>) -> Result<ExprKind, ParseError> {
        let mut out = Vec::with_capacity(parts.len());
        for part in parts {
            match part {
                RawPart::Text(t) => out.push(StringPart::Text(t)),
                RawPart::Var(name, vspan) => out.push(StringPart::Expr(Expr::new(ExprKind::Variable(name), vspan))),
                RawPart::Expr(mut tokens, espan) => {
                    leading_variable(&mut tokens)?;
                    out.push(StringPart::Expr(parse_tokens(tokens, espan, self.depth + 1)?));
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

/// Rewrites the first token of `${...}` into a variable where Puppet does.
fn leading_variable(tokens: &mut [Token]) -> Result<(), ParseError> {
    let subject = matches!(tokens.get(1).map(|t| &t.tok), None | Some(Tok::Eof | Tok::Punct("[" | ".")));
    let Some(first) = tokens.first_mut().filter(|_| subject) else {
        return Ok(());
    };
    let name =
        match &first.tok {
            Tok::Name(n) | Tok::Word(n) => n.clone(),
            Tok::Keyword("true" | "false") => return Err(ParseError {
                message:
                    "A boolean cannot be interpolated as '${true}' or '${false}': Puppet takes it for a variable name"
                        .into(),
                span: first.span,
            }),
            Tok::Keyword(k) => (*k).to_string(),
            Tok::Integer(i) if *i >= 0 => i.to_string(),
            _ => return Ok(()),
        };
    first.tok = Tok::Variable(name);
    Ok(())
}
