//! Primary expressions (literals, names, collections, control structures) and
//! their postfix forms: access `[...]`, calls, method calls and lambdas.

use super::{ParseError, Parser};
use crate::ast::{CaseOption, Expr, ExprKind, Lambda, SelectorOption};
use crate::lexer::Tok;
use crate::span::Span;

impl Parser {
    /// A primary expression followed by any postfix operations.
    pub(super) fn postfix(&mut self) -> Result<Expr, ParseError> {
        let mut e = self.primary()?;
        loop {
            let t = self.peek().clone();
            if matches!(t.tok, Tok::Punct("[" | "." | "(" | "{" | "<|" | "<<|")) {
                self.wrap(t.span)?;
            }
            match &t.tok {
                Tok::Punct("[") if !t.space_before => {
                    self.bump();
                    let keys = self.args_until("]")?;
                    let end = self.expect_punct("]")?;
                    if keys.is_empty() {
                        return Err(ParseError { message: "Syntax error at ']'".into(), span: end });
                    }
                    let span = e.span.to(end);
                    e = Expr::new(ExprKind::Access { target: Box::new(e), keys }, span);
                }
                Tok::Punct(".") => {
                    self.bump();
                    let name_tok = self.bump();
                    let name = match name_tok.tok {
                        Tok::Name(n) => n,
                        Tok::Keyword(k) => k.to_string(),
                        other => {
                            return Err(ParseError {
                                message: format!("Syntax error at {}", other.describe()),
                                span: name_tok.span,
                            })
                        }
                    };
                    let args = if self.at_punct("(") && !self.peek().space_before {
                        self.bump();
                        let args = self.call_args()?;
                        self.expect_punct(")")?;
                        args
                    } else {
                        Vec::new()
                    };
                    let lambda = self.optional_lambda()?;
                    let span = e.span.to(self.prev_span());
                    e = Expr::new(ExprKind::MethodCall { receiver: Box::new(e), name, args, lambda }, span);
                }
                Tok::Punct("(")
                    if !t.space_before
                        && matches!(&e.kind, ExprKind::Access { target, .. } if matches!(target.kind, ExprKind::TypeRef(_))) =>
                {
                    e = self.maybe_call(e)?;
                }
                Tok::Punct("{") if self.is_resource_shorthand(&e) => e = self.defaults_or_override(e)?,
                // `Exec { 'title': ... }`: a resource of the type the
                // reference names, as `exec { 'title': ... }`.
                Tok::Punct("{") if self.is_titled_type_body(&e) => {
                    let span = e.span;
                    e = self.resource_bodies(crate::ast::ResourceForm::Regular, e, span)?;
                }
                Tok::Punct("<|" | "<<|") if matches!(e.kind, ExprKind::TypeRef(_)) => e = self.collector(e)?,
                _ => return Ok(e),
            }
        }
    }

    /// Expressions separated by commas (a trailing comma allowed) up to `close`
    /// (not consumed).
    pub(super) fn comma_list(&mut self, close: &str) -> Result<Vec<Expr>, ParseError> {
        let mut items = Vec::new();
        while !self.at_punct(close) {
            items.push(self.expr(0)?);
            if !self.eat_punct(",") {
                break;
            }
        }
        Ok(items)
    }

    /// Call arguments up to `)`: expressions, where `key => value` pairs
    /// written without braces form a hash argument, as in
    /// `String($x, Integer => '%x')`.
    pub(super) fn call_args(&mut self) -> Result<Vec<Expr>, ParseError> {
        self.args_until(")")
    }

    /// Expressions separated by commas up to `close` (not consumed), where each
    /// run of consecutive `key => value` pairs forms one hash: used by calls,
    /// array literals (`[1, a => 1, b => 2, 3]` has three elements) and `[...]`
    /// access (`URI[scheme => http]`).
    fn args_until(&mut self, close: &str) -> Result<Vec<Expr>, ParseError> {
        let mut items = Vec::new();
        let mut pairs: Vec<(Expr, Expr)> = Vec::new();
        while !self.at_punct(close) {
            let e = self.expr(0)?;
            if self.eat_punct("=>") {
                let value = self.expr(0)?;
                pairs.push((e, value));
            } else {
                Self::flush_pairs(&mut pairs, &mut items);
                items.push(e);
            }
            if !self.eat_punct(",") {
                break;
            }
        }
        Self::flush_pairs(&mut pairs, &mut items);
        Ok(items)
    }

    /// Turns a run of unbraced pairs into one hash expression.
    fn flush_pairs(pairs: &mut Vec<(Expr, Expr)>, items: &mut Vec<Expr>) {
        if let (Some((first, _)), Some((_, last))) = (pairs.first(), pairs.last()) {
            let span = first.span.to(last.span);
            items.push(Expr::new(ExprKind::Hash(std::mem::take(pairs)), span));
        }
    }

    /// Parameters after an opening `|`, through the closing `|` (a lambda's,
    /// or an EPP template's).
    pub(super) fn pipe_parameters(&mut self) -> Result<Vec<crate::ast::Parameter>, ParseError> {
        let mut params = Vec::new();
        while !self.at_punct("|") {
            params.push(self.parameter()?);
            if !self.eat_punct(",") {
                break;
            }
        }
        self.expect_punct("|")?;
        Ok(params)
    }

    /// A lambda if one follows: `|params| { body }` (also `||`).
    pub(super) fn optional_lambda(&mut self) -> Result<Option<Box<Lambda>>, ParseError> {
        if !self.at_punct("|") {
            return Ok(None);
        }
        let start = self.bump().span;
        let params = self.pipe_parameters()?;
        let return_type = if self.eat_punct(">>") { Some(Box::new(self.type_expr()?)) } else { None };
        let body = self.block()?;
        Ok(Some(Box::new(Lambda { params, return_type, body, span: start.to(self.prev_span()) })))
    }

    /// A type expression: a type name with optional parameters.
    pub(super) fn type_expr(&mut self) -> Result<Expr, ParseError> {
        let t = self.bump();
        let mut e = match t.tok {
            Tok::ClassRef(name) => Expr::new(ExprKind::TypeRef(name), t.span),
            other => return Err(ParseError { message: format!("Syntax error at {}", other.describe()), span: t.span }),
        };
        while self.at_punct("[") && !self.peek().space_before {
            self.bump();
            let keys = self.comma_list("]")?;
            let end = self.expect_punct("]")?;
            let span = e.span.to(end);
            e = Expr::new(ExprKind::Access { target: Box::new(e), keys }, span);
        }
        Ok(e)
    }

    fn primary(&mut self) -> Result<Expr, ParseError> {
        let t = self.peek().clone();
        let simple = |kind| Ok(Expr::new(kind, t.span));
        match &t.tok {
            Tok::Integer(i) => {
                self.bump();
                simple(ExprKind::Integer(*i))
            }
            Tok::Float(f) => {
                self.bump();
                simple(ExprKind::Float(*f))
            }
            Tok::Str(s) => {
                self.bump();
                simple(ExprKind::String(s.clone()))
            }
            Tok::DqStr(parts) => {
                self.bump();
                let kind = self.string_parts(parts.clone())?;
                simple(kind)
            }
            Tok::Heredoc(syntax, parts) => {
                self.bump();
                let text = Expr::new(self.string_parts(parts.clone())?, t.span);
                simple(ExprKind::Heredoc { syntax: syntax.clone(), text: Box::new(text) })
            }
            Tok::Regex(r) => {
                self.bump();
                simple(ExprKind::Regex(r.clone()))
            }
            Tok::RenderString(text) => {
                self.bump();
                simple(ExprKind::RenderString(text.clone()))
            }
            Tok::RenderExpr(tokens) => {
                self.bump();
                // The tag's code ends at its `%>`, which Puppet's grammar
                // meets as a token: an expression cut short fails there.
                let inner =
                    super::parse_tokens(tokens.clone(), t.span, self.depth + 1, self.height_bound()).map_err(|e| {
                        if e.span.start >= t.span.end {
                            let at = t.span.end.saturating_sub(2) as usize;
                            ParseError { message: "Syntax error at '%>'".into(), span: Span::new(at, at + 2) }
                        } else {
                            e
                        }
                    })?;
                simple(ExprKind::RenderExpr(Box::new(inner)))
            }
            Tok::Variable(v) => {
                self.bump();
                simple(ExprKind::Variable(v.clone()))
            }
            Tok::Word(w) => {
                self.bump();
                simple(ExprKind::BareWord(w.clone()))
            }
            Tok::Name(n) => self.name_expression(n.clone()),
            Tok::ClassRef(c) => {
                self.bump();
                let e = Expr::new(ExprKind::TypeRef(c.clone()), t.span);
                self.maybe_call(e)
            }
            Tok::Punct("[") => {
                self.bump();
                let items = self.args_until("]")?;
                let end = self.expect_punct("]")?;
                Ok(Expr::new(ExprKind::Array(items), t.span.to(end)))
            }
            Tok::Punct("{") => self.hash(),
            Tok::Punct("(") => {
                self.bump();
                let inner = self.expr(0)?;
                let end = self.expect_punct(")")?;
                Ok(Expr::new(ExprKind::Paren(Box::new(inner)), t.span.to(end)))
            }
            Tok::Punct("@" | "@@") => self.virtual_resource(),
            Tok::Keyword(k) => self.keyword_expression(k, t.span),
            _ => Err(self.unexpected()),
        }
    }

    fn keyword_expression(&mut self, k: &'static str, span: Span) -> Result<Expr, ParseError> {
        let simple = |p: &mut Parser, kind| {
            p.bump();
            Ok(Expr::new(kind, span))
        };
        match k {
            "true" => simple(self, ExprKind::Boolean(true)),
            "false" => simple(self, ExprKind::Boolean(false)),
            "undef" => simple(self, ExprKind::Undef),
            "default" => simple(self, ExprKind::Default),
            "if" => self.if_expression(),
            "unless" => self.unless_expression(),
            "case" => self.case_expression(),
            "class" if matches!(self.peek_at(1).tok, Tok::Punct("{")) => {
                self.bump();
                let type_name = Expr::new(ExprKind::BareWord("class".into()), span);
                self.resource_bodies(crate::ast::ResourceForm::Regular, type_name, span)
            }
            "class" => self.class_definition(),
            "define" => self.define_definition(),
            "node" => self.node_definition(),
            "function" | "plan" => self.function_definition(k == "plan"),
            "type" if matches!(self.peek_at(1).tok, Tok::ClassRef(_)) => self.type_alias(),
            "type" if matches!(self.peek_at(1).tok, Tok::Name(_)) => {
                // `type name = …`: an alias needs a capitalised name.
                self.bump();
                Err(self.unexpected())
            }
            "type" if matches!(self.peek_at(1).tok, Tok::Punct("(")) && !self.peek_at(1).space_before => {
                self.bump();
                self.maybe_call(Expr::new(ExprKind::BareWord("type".into()), span))
            }
            // Puppet's grammar takes these reserved words as calls too,
            // which validation then refuses.
            "attr" | "private" => {
                self.bump();
                self.maybe_call(Expr::new(ExprKind::BareWord(k.to_string()), span))
            }
            "application" | "site" | "consumes" | "produces" | "unit" | "environment" => {
                self.bump();
                Ok(Expr::new(ExprKind::BareWord(k.to_string()), span))
            }
            _ => Err(self.unexpected()),
        }
    }

    /// A lower-case name: a call `f(...)`, a resource declaration `file {...}`,
    /// or a bare word.
    fn name_expression(&mut self, name: String) -> Result<Expr, ParseError> {
        let t = self.bump();
        let e = Expr::new(ExprKind::BareWord(name), t.span);
        if self.at_punct("{") && self.starts_resource_body() {
            return self.resource_bodies(crate::ast::ResourceForm::Regular, e, t.span);
        }
        self.maybe_call(e)
    }

    /// `callee(args) |lambda|` when a `(` follows without white space.
    fn maybe_call(&mut self, callee: Expr) -> Result<Expr, ParseError> {
        if !self.at_punct("(") || self.peek().space_before {
            return Ok(callee);
        }
        self.bump();
        let args = self.call_args()?;
        self.expect_punct(")")?;
        let lambda = self.optional_lambda()?;
        let span = callee.span.to(self.prev_span());
        Ok(Expr::new(ExprKind::Call { callee: Box::new(callee), args, lambda }, span))
    }

    pub(super) fn hash(&mut self) -> Result<Expr, ParseError> {
        let start = self.bump().span;
        let mut pairs = Vec::new();
        while !self.at_punct("}") {
            // Puppet's grammar takes the keywords `type` and `function` as
            // names in a hash (`{type => Integer}` in an object declaration).
            let key = match self.peek().tok.clone() {
                Tok::Keyword(k @ ("type" | "function")) if matches!(self.peek_at(1).tok, Tok::Punct("=>")) => {
                    let span = self.bump().span;
                    Expr::new(ExprKind::BareWord(k.to_string()), span)
                }
                _ => self.expr(0)?,
            };
            self.expect_punct("=>")?;
            let value = self.expr(0)?;
            pairs.push((key, value));
            if !self.eat_punct(",") {
                break;
            }
        }
        let end = self.expect_punct("}")?;
        Ok(Expr::new(ExprKind::Hash(pairs), start.to(end)))
    }

    fn if_expression(&mut self) -> Result<Expr, ParseError> {
        let start = self.bump().span;
        // Puppet's grammar takes no assignment as a condition (`if $x = 1`
        // fails at '='), though one in parentheses is fine.
        let cond = self.expr(11)?;
        let then_body = self.block()?;
        let else_body = if self.at_keyword("elsif") {
            Some(vec![self.if_expression()?])
        } else if self.at_keyword("else") {
            self.bump();
            Some(self.block()?)
        } else {
            None
        };
        Ok(Expr::new(ExprKind::If { cond: Box::new(cond), then_body, else_body }, start.to(self.prev_span())))
    }

    fn unless_expression(&mut self) -> Result<Expr, ParseError> {
        let start = self.bump().span;
        let cond = self.expr(11)?;
        let then_body = self.block()?;
        if self.at_keyword("elsif") {
            return Err(ParseError { message: "Syntax error at 'elsif'".into(), span: self.peek().span });
        }
        let else_body = if self.at_keyword("else") {
            self.bump();
            Some(self.block()?)
        } else {
            None
        };
        Ok(Expr::new(ExprKind::Unless { cond: Box::new(cond), then_body, else_body }, start.to(self.prev_span())))
    }

    fn case_expression(&mut self) -> Result<Expr, ParseError> {
        let start = self.bump().span;
        let outer = std::mem::replace(&mut self.in_case_subject, true);
        let test = self.expr(0);
        self.in_case_subject = outer;
        let test = test?;
        self.expect_punct("{")?;
        let mut options = Vec::new();
        while !self.at_punct("}") {
            let opt_start = self.peek().span;
            let mut values = vec![self.expr(0)?];
            while self.eat_punct(",") {
                if self.at_punct(":") {
                    break;
                }
                values.push(self.expr(0)?);
            }
            self.expect_punct(":")?;
            let body = self.block()?;
            options.push(CaseOption { values, body, span: opt_start.to(self.prev_span()) });
        }
        let end = self.expect_punct("}")?;
        Ok(Expr::new(ExprKind::Case { test: Box::new(test), options }, start.to(end)))
    }

    /// `test ? { matcher => result, ... }` (the `?` is already consumed).
    pub(super) fn selector(&mut self, test: Expr) -> Result<Expr, ParseError> {
        self.expect_punct("{")?;
        let mut options = Vec::new();
        while !self.at_punct("}") {
            let matcher = self.expr(0)?;
            self.expect_punct("=>")?;
            let result = self.expr(0)?;
            options.push(SelectorOption { matcher, result });
            if !self.eat_punct(",") {
                break;
            }
        }
        let end = self.expect_punct("}")?;
        let span = test.span.to(end);
        Ok(Expr::new(ExprKind::Selector { test: Box::new(test), options }, span))
    }
}
