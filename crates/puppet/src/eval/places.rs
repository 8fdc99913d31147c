//! Where errors point: the file, line and column of a span, and the place
//! Puppet's locator gives an expression, an operator or a method call,
//! found from the source text between the parsed nodes.

use crate::ast::{Expr, ExprKind};
use crate::span::Span;

use super::Evaluator;

impl Evaluator<'_> {
    /// The file, line and column (in characters) of `span`, as Puppet reports them.
    pub(crate) fn location(&self, span: Span) -> crate::log::Location {
        match self.sources.find(span.start) {
            Some(source) => {
                let (line, column) = source.line_col(span.start);
                crate::log::Location { file: source.name.as_str().into(), line, column }
            }
            None => crate::log::Location { file: "".into(), line: 0, column: 0 },
        }
    }

    /// Where Puppet's locator puts an expression: a binary expression at its
    /// operator, anything else at its start.
    pub(super) fn position(&self, e: &Expr) -> Span {
        match &e.kind {
            ExprKind::Binary { lhs, rhs, .. } => self.operator_span(lhs, rhs),
            _ => e.span,
        }
    }

    /// The operator between two operands (Puppet locates some operator
    /// errors there): the first character after the left operand that is
    /// not white space.
    pub(super) fn operator_span(&self, lhs: &Expr, rhs: &Expr) -> Span {
        let between = self.sources.find(lhs.span.end).map(|src| {
            let from = src.local_offset(lhs.span.end);
            let to = src.local_offset(rhs.span.start).max(from);
            src.text[from..to].len() - src.text[from..to].trim_start().len()
        });
        let at = lhs.span.end + between.unwrap_or(0) as u32;
        Span { start: at, end: at + 1 }
    }

    /// Where Puppet locates a method call `x.f(…)`: at the `(` of its
    /// arguments when it has them, else at the `.`.
    pub(super) fn method_call_span(&self, receiver: &Expr, call: Span) -> Span {
        let Some(src) = self.sources.find(receiver.span.end) else {
            return call;
        };
        let (from, to) = (src.local_offset(receiver.span.end), src.local_offset(call.end));
        let Some(text) = src.text.get(from..to.max(from)) else {
            return call;
        };
        let Some(dot) = text.find('.') else {
            return call;
        };
        let after_name =
            text[dot + 1..].trim_start().trim_start_matches(|c: char| c.is_alphanumeric() || c == '_' || c == ':');
        let at = match after_name.trim_start().strip_prefix('(') {
            Some(rest) => text.len() - rest.len() - 1,
            None => dot,
        };
        let at = receiver.span.end + at as u32;
        Span { start: at, end: at + 1 }
    }
}
