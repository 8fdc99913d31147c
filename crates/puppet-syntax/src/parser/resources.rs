//! Resource declarations (`file { 'x': ... }`, `@user`, `@@host`), resource
//! defaults (`File { ... }`), overrides (`File['x'] { ... }`) and collectors
//! (`User <| ... |>`).

use super::{ParseError, Parser};
use crate::ast::{AttributeOp, Expr, ExprKind, ResourceBody, ResourceForm};
use crate::lexer::Tok;
use crate::span::Span;

impl Parser {
    /// Whether the `{` at the cursor opens resource bodies: a title followed by
    /// `:` at bracket depth zero (which tells `file { 'x': }` from
    /// `if $a == b { ... }`).
    pub(super) fn starts_resource_body(&self) -> bool {
        let mut depth = 0usize;
        let mut i = 1;
        loop {
            match &self.peek_at(i).tok {
                Tok::Eof => return false,
                Tok::Punct("[" | "(" | "{") => depth += 1,
                Tok::Punct("]" | ")") => depth = depth.saturating_sub(1),
                Tok::Punct("}") => {
                    if depth == 0 {
                        return false;
                    }
                    depth -= 1;
                }
                Tok::Punct(":") if depth == 0 => return i > 1,
                Tok::Punct(";" | "=>" | "," | "?") if depth == 0 => return false,
                _ => {}
            }
            i += 1;
            if i > 10_000 {
                return false;
            }
        }
    }

    /// Whether `{` after `e` opens attribute operations of resource defaults
    /// (`File { ... }`) or an override (`File['x'] { ... }`).
    pub(super) fn is_resource_shorthand(&self, e: &Expr) -> bool {
        let target_ok = match &e.kind {
            ExprKind::TypeRef(_) => true,
            ExprKind::Access { target, .. } => matches!(target.kind, ExprKind::TypeRef(_)),
            _ => false,
        };
        if !target_ok {
            return false;
        }
        let after = &self.peek_at(1).tok;
        let arrow = matches!(self.peek_at(2).tok, Tok::Punct("=>" | "+>"));
        matches!(after, Tok::Punct("}")) || (matches!(after, Tok::Name(_) | Tok::Keyword(_) | Tok::Punct("*")) && arrow)
    }

    /// `attr => value, attr +> value, * => hash` up to `;` or `}`.
    fn attribute_ops(&mut self) -> Result<Vec<AttributeOp>, ParseError> {
        let mut ops = Vec::new();
        while !self.at_punct("}") && !self.at_punct(";") {
            let t = self.bump();
            let name = match t.tok {
                Tok::Name(n) | Tok::Word(n) => Some(n),
                Tok::Keyword(k) => Some(k.to_string()),
                Tok::Punct("*") => None,
                other => {
                    return Err(ParseError { message: format!("Syntax error at {}", other.describe()), span: t.span })
                }
            };
            let append = match self.bump().tok {
                Tok::Punct("=>") => false,
                Tok::Punct("+>") if name.is_some() => true,
                other => {
                    return Err(ParseError {
                        message: format!("Syntax error at {}", other.describe()),
                        span: self.prev_span(),
                    })
                }
            };
            let value = self.expr(0)?;
            let span = t.span.to(value.span);
            ops.push(match name {
                Some(name) => AttributeOp::Set { name, append, value, span },
                None => AttributeOp::Splat { value, span },
            });
            if !self.eat_punct(",") {
                break;
            }
        }
        Ok(ops)
    }

    /// `{ title: attrs; title: attrs }` after the type name.
    pub(super) fn resource_bodies(
        &mut self,
        form: ResourceForm,
        type_name: Expr,
        start: Span,
    ) -> Result<Expr, ParseError> {
        self.expect_punct("{")?;
        // `notify { message => 'x' }`: Puppet reads a name and a hash, and
        // names the likely mistake.
        let bare_name = matches!(self.peek().tok, Tok::Name(_) | Tok::Word(_) | Tok::Keyword(_));
        if bare_name && matches!(self.peek_at(1).tok, Tok::Punct("=>")) {
            if let ExprKind::BareWord(name) = &type_name.kind {
                return Err(without_title(name, type_name.span));
            }
        }
        let mut bodies = Vec::new();
        while !self.at_punct("}") {
            let title = self.expr(0)?;
            self.expect_punct(":")?;
            let ops = self.attribute_ops()?;
            let span = title.span.to(self.prev_span());
            bodies.push(ResourceBody { title, ops, span });
            if !self.eat_punct(";") {
                break;
            }
        }
        let end = self.expect_punct("}")?;
        Ok(Expr::new(ExprKind::Resource { form, type_name: Box::new(type_name), bodies }, start.to(end)))
    }

    /// `@type { ... }` or `@@type { ... }`.
    pub(super) fn virtual_resource(&mut self) -> Result<Expr, ParseError> {
        let at = self.bump();
        let form = if matches!(at.tok, Tok::Punct("@@")) { ResourceForm::Exported } else { ResourceForm::Virtual };
        let t = self.bump();
        let type_name = match t.tok {
            Tok::Name(n) => Expr::new(ExprKind::BareWord(n), t.span),
            Tok::Keyword("class") => Expr::new(ExprKind::BareWord("class".into()), t.span),
            Tok::ClassRef(c) => Expr::new(ExprKind::TypeRef(c), t.span),
            other => return Err(ParseError { message: format!("Syntax error at {}", other.describe()), span: t.span }),
        };
        self.resource_bodies(form, type_name, at.span)
    }

    /// Whether `e` is a type reference followed by a body with a title
    /// (`Exec { 'x': ... }`): a `:` before any `=>`, `;` or closing brace at
    /// the body's top level.
    pub(super) fn is_titled_type_body(&self, e: &Expr) -> bool {
        if !matches!(e.kind, ExprKind::TypeRef(_)) || self.in_case_subject {
            return false;
        }
        let mut depth = 0usize;
        for n in 1.. {
            match &self.peek_at(n).tok {
                Tok::Punct("(" | "[" | "{") => depth += 1,
                Tok::Punct(")" | "]") => depth = depth.saturating_sub(1),
                Tok::Punct("}") if depth == 0 => return false,
                Tok::Punct("}") => depth -= 1,
                Tok::Punct(":") if depth == 0 => return true,
                Tok::Punct("=>" | ";") if depth == 0 => return false,
                Tok::Eof => return false,
                _ => {}
            }
        }
        false
    }

    /// `Type { attrs }` (defaults) or `Type['title'] { attrs }` (override).
    pub(super) fn defaults_or_override(&mut self, target: Expr) -> Result<Expr, ParseError> {
        self.expect_punct("{")?;
        let ops = self.attribute_ops()?;
        while self.eat_punct(";") {}
        let end = self.expect_punct("}")?;
        let span = target.span.to(end);
        Ok(match target.kind {
            ExprKind::TypeRef(_) => Expr::new(ExprKind::ResourceDefaults { type_ref: Box::new(target), ops }, span),
            _ => Expr::new(ExprKind::ResourceOverride { reference: Box::new(target), ops }, span),
        })
    }

    /// `Type <| query |>` or `Type <<| query |>>`, with an optional `{ attrs }`.
    pub(super) fn collector(&mut self, type_ref: Expr) -> Result<Expr, ParseError> {
        let exported = matches!(self.bump().tok, Tok::Punct("<<|"));
        let close = if exported { "|>>" } else { "|>" };
        let query = if self.at_punct(close) { None } else { Some(Box::new(self.expr(0)?)) };
        self.expect_punct(close)?;
        let ops = if self.at_punct("{") {
            self.bump();
            let ops = self.attribute_ops()?;
            self.expect_punct("}")?;
            ops
        } else {
            Vec::new()
        };
        let span = type_ref.span.to(self.prev_span());
        Ok(Expr::new(ExprKind::Collector { type_ref: Box::new(type_ref), query, exported, ops }, span))
    }
}

/// Puppet's `RESOURCE_WITHOUT_TITLE`: a name followed by a hash.
pub(super) fn without_title(name: &str, span: Span) -> ParseError {
    ParseError {
        message: format!("This expression is invalid. Did you try declaring a '{name}' resource without a title?"),
        span,
    }
}
