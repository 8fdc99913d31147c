//! A promise's value as cf-promises' literal checks see it ([`Literal`]),
//! and what they reject ([`SyntaxError`]): shared by the rules that run
//! the checks ([`super::rules`]) and the type match they call
//! ([`super::type_match`]), so that neither needs the other's.

use crate::data::value::Rv;
use crate::syntax::ast::Rval;

/// A value as the literal checks see it, whether the parser's [`Rval`] or
/// an evaluated [`Rv`] (cf-agent's `PromiseRecheckAllConstraints` runs the
/// same checks on expanded values): a scalar, the scalar items of a list,
/// or something the checks do not look into (a function call, a container).
pub enum Literal<'a> {
    /// A scalar.
    Scalar(&'a str),
    /// A list's scalar items.
    List(Vec<&'a str>),
    /// A function call or a data container.
    Unchecked,
}

impl<'a> Literal<'a> {
    /// A parsed value.
    pub fn of_rval(r: &'a Rval) -> Literal<'a> {
        match r {
            Rval::Scalar(s) => Literal::Scalar(s),
            Rval::List(items) => Literal::List(
                items
                    .iter()
                    .filter_map(|i| match i {
                        Rval::Scalar(s) => Some(&**s),
                        _ => None,
                    })
                    .collect(),
            ),
            Rval::FnCall(_) => Literal::Unchecked,
        }
    }

    /// An evaluated value.
    pub fn of_rv(r: &'a Rv) -> Literal<'a> {
        match r {
            Rv::Scalar(s) => Literal::Scalar(s),
            Rv::List(items) => Literal::List(items.iter().filter_map(Rv::as_scalar).collect()),
            Rv::FnCall(_) | Rv::Container(_) => Literal::Unchecked,
        }
    }
}

/// A value cf-promises rejects while parsing.
#[derive(Debug)]
pub struct SyntaxError {
    /// The located message.
    pub message: String,
    /// A log line the conversion printed first (`Failed to parse ...`).
    pub log: Option<String>,
}

impl From<&str> for SyntaxError {
    fn from(message: &str) -> SyntaxError {
        SyntaxError { message: message.to_string(), log: None }
    }
}
