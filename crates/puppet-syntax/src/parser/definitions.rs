//! Definitions: classes, defined types, nodes, functions, plans, type aliases,
//! and their parameter lists.

use super::{ParseError, Parser};
use crate::ast::{ClassDef, Definition, Expr, ExprKind, NodeDef, Parameter};
use crate::lexer::Tok;

impl Parser {
    /// A definition's name: a (possibly qualified) name. Puppet's grammar
    /// also takes a capitalised one, which validation then refuses.
    fn definition_name(&mut self) -> Result<String, ParseError> {
        let t = self.bump();
        match t.tok {
            Tok::Name(n) => Ok(n),
            Tok::Word(w) | Tok::ClassRef(w) => Ok(w),
            Tok::Keyword("class") => {
                Err(ParseError { message: "'class' keyword not allowed at this location".into(), span: t.span })
            }
            Tok::Str(_) | Tok::DqStr(_) => {
                Err(ParseError { message: "A quoted string is not valid as a name here".into(), span: t.span })
            }
            other => Err(ParseError { message: format!("Syntax error at {}", other.describe()), span: t.span }),
        }
    }

    /// `(params)` if present.
    fn parameter_list(&mut self) -> Result<Vec<Parameter>, ParseError> {
        if !self.eat_punct("(") {
            return Ok(Vec::new());
        }
        let mut params = Vec::new();
        while !self.at_punct(")") {
            params.push(self.parameter()?);
            if !self.eat_punct(",") {
                break;
            }
        }
        self.expect_punct(")")?;
        Ok(params)
    }

    /// `[Type] [*]$name [= default]`.
    pub(super) fn parameter(&mut self) -> Result<Parameter, ParseError> {
        let start = self.peek().span;
        let type_expr = if matches!(self.peek().tok, Tok::ClassRef(_)) { Some(self.type_expr()?) } else { None };
        let captures_rest = self.eat_punct("*");
        let t = self.bump();
        let name = match t.tok {
            Tok::Variable(v) if !v.contains("::") => v,
            other => return Err(ParseError { message: format!("Syntax error at {}", other.describe()), span: t.span }),
        };
        // A default is an expression without assignment in Puppet's grammar.
        let default = if self.eat_punct("=") { Some(self.expr(11)?) } else { None };
        Ok(Parameter { name: name.into(), type_expr, default, captures_rest, span: start.to(self.prev_span()) })
    }

    pub(super) fn class_definition(&mut self) -> Result<Expr, ParseError> {
        let start = self.bump().span;
        let name = self.definition_name()?;
        let params = self.parameter_list()?;
        let parent = if self.at_keyword("inherits") {
            self.bump();
            Some(self.definition_name()?)
        } else {
            None
        };
        let body = self.block()?;
        let def = ClassDef { name, params, parent, body };
        Ok(Expr::new(ExprKind::ClassDef(Box::new(def)), start.to(self.prev_span())))
    }

    pub(super) fn define_definition(&mut self) -> Result<Expr, ParseError> {
        let start = self.bump().span;
        let name = self.definition_name()?;
        let params = self.parameter_list()?;
        let body = self.block()?;
        let def = Definition { name, params, return_type: None, body };
        Ok(Expr::new(ExprKind::DefineDef(Box::new(def)), start.to(self.prev_span())))
    }

    pub(super) fn function_definition(&mut self, plan: bool) -> Result<Expr, ParseError> {
        let start = self.bump().span;
        let name = self.definition_name()?;
        let params = self.parameter_list()?;
        let return_type = if self.eat_punct(">>") { Some(Box::new(self.type_expr()?)) } else { None };
        let body = self.block()?;
        let def = Box::new(Definition { name, params, return_type, body });
        let kind = if plan { ExprKind::PlanDef(def) } else { ExprKind::FunctionDef(def) };
        Ok(Expr::new(kind, start.to(self.prev_span())))
    }

    pub(super) fn type_alias(&mut self) -> Result<Expr, ParseError> {
        let start = self.bump().span;
        let t = self.bump();
        let Tok::ClassRef(name) = t.tok else {
            return Err(ParseError { message: format!("Syntax error at {}", t.tok.describe()), span: t.span });
        };
        self.expect_punct("=")?;
        let type_expr = match self.object_shorthand()? {
            Some(e) => e,
            None => {
                if !matches!(self.peek().tok, Tok::ClassRef(_)) {
                    return Err(self.unexpected());
                }
                self.expr(11)?
            }
        };
        let span = start.to(type_expr.span);
        Ok(Expr::new(ExprKind::TypeAlias { name, type_expr: Box::new(type_expr) }, span))
    }

    /// The object forms of a type alias, as Puppet's `build_TypeAlias` rewrites
    /// them: `{...}` is `Object[{...}]`, `Object {...}` and `TypeSet {...}`
    /// are `Object[{...}]` and `TypeSet[{...}]`, and `Parent {...}` is
    /// `Object[{..., parent => Parent}]`.
    fn object_shorthand(&mut self) -> Result<Option<Expr>, ParseError> {
        let object_ref = |span| Expr::new(ExprKind::TypeRef("Object".into()), span);
        if self.at_punct("{") {
            let hash = self.hash()?;
            let span = hash.span;
            return Ok(Some(Expr::new(
                ExprKind::Access { target: Box::new(object_ref(span)), keys: vec![hash] },
                span,
            )));
        }
        let Tok::ClassRef(name) = self.peek().tok.clone() else { return Ok(None) };
        if !matches!(self.peek_at(1).tok, Tok::Punct("{")) {
            return Ok(None);
        }
        let type_ref = Expr::new(ExprKind::TypeRef(name.clone()), self.bump().span);
        let mut hash = self.hash()?;
        let span = type_ref.span.to(hash.span);
        let target = if name == "Object" || name == "TypeSet" {
            type_ref
        } else {
            if let ExprKind::Hash(pairs) = &mut hash.kind {
                pairs.push((Expr::new(ExprKind::BareWord("parent".into()), type_ref.span), type_ref.clone()));
            }
            object_ref(type_ref.span)
        };
        Ok(Some(Expr::new(ExprKind::Access { target: Box::new(target), keys: vec![hash] }, span)))
    }

    /// `node 'a', /re/, host.example.com, default inherits x { body }`.
    pub(super) fn node_definition(&mut self) -> Result<Expr, ParseError> {
        let start = self.bump().span;
        let mut matchers = vec![self.host_matcher()?];
        while self.eat_punct(",") {
            if self.at_punct("{") {
                break;
            }
            matchers.push(self.host_matcher()?);
        }
        let parent = if self.at_keyword("inherits") {
            self.bump();
            Some(Box::new(self.host_matcher()?))
        } else {
            None
        };
        let body = self.block()?;
        let def = NodeDef { matchers, parent, body };
        Ok(Expr::new(ExprKind::NodeDef(Box::new(def)), start.to(self.prev_span())))
    }

    /// A host name (dotted names and numbers join up), string, regexp or
    /// `default`.
    fn host_matcher(&mut self) -> Result<Expr, ParseError> {
        let t = self.peek().clone();
        match &t.tok {
            Tok::Str(_) | Tok::DqStr(_) | Tok::Regex(_) | Tok::Keyword("default") => self.expr(121),
            Tok::Name(_) | Tok::Word(_) | Tok::Integer(_) => {
                let mut name = String::new();
                let mut span = t.span;
                loop {
                    let part = self.bump();
                    match part.tok {
                        Tok::Name(n) | Tok::Word(n) => name.push_str(&n),
                        Tok::Integer(i) => name.push_str(&i.to_string()),
                        Tok::Float(f) => name.push_str(&f.to_string()),
                        other => {
                            return Err(ParseError {
                                message: format!("Syntax error at {}", other.describe()),
                                span: part.span,
                            })
                        }
                    }
                    span = span.to(part.span);
                    if self.at_punct(".") && !self.peek().space_before {
                        self.bump();
                        name.push('.');
                    } else {
                        break;
                    }
                }
                Ok(Expr::new(ExprKind::String(name), span))
            }
            _ => Err(self.unexpected()),
        }
    }
}
