//! Parsing EPP templates: an optional parameter list `<%- | String $x, $y = 1 | -%>`
//! (which must open the template), then statements in which template text and
//! `<%= %>` tags are expressions that render (Puppet's `epp_expression`).

use super::{ParseError, Parser};
use crate::ast::{Expr, Parameter};
use crate::lexer::epp::lex_epp;
use crate::span::Source;

/// A parsed EPP template.
#[derive(Clone, Debug, PartialEq)]
pub struct EppTemplate {
    /// The declared parameters; `None` when the template declares none (then
    /// any argument becomes a variable, as Puppet does).
    pub params: Option<Vec<Parameter>>,
    /// The template's statements.
    pub body: Vec<Expr>,
}

/// Parses the EPP template `source`.
pub fn parse_epp(source: &Source) -> Result<EppTemplate, ParseError> {
    let toks = lex_epp(&source.text, source.base()).map_err(|e| ParseError { message: e.message, span: e.span })?;
    let mut parser = Parser { toks, pos: 0, depth: 0, base: 0, heights: Vec::new(), in_case_subject: false };
    let params = if parser.eat_punct("|") { Some(parser.pipe_parameters()?) } else { None };
    let body = parser.statements()?;
    if !parser.at_eof() {
        return Err(parser.unexpected());
    }
    Ok(EppTemplate { params, body })
}
