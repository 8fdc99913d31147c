//! Ruby's control structures in templates: `if`/`unless`/`elsif`/`else`,
//! `case`/`when`, `while`/`until`, `for ... in`, `begin ... end`, `next`,
//! `break`, `def`/`return`/`yield`, `begin`/`rescue`/`ensure`, and
//! `module`/`class` bodies.

use super::{node, Parser, R};
use crate::ast::{DefParam, Kind, Node, ParamKind, Rescue};
use crate::error::{RubyError, RubyErrorKind};
use crate::lexer::Tok;

impl Parser {
    /// After `if`/`elsif`/`unless`/`while`/`when`: an optional `then` or `do`.
    fn condition_end(&mut self) {
        if matches!(self.tok(), Tok::Newline) {
            self.skip_newlines();
        }
        let _ = self.eat_kw("then") || self.eat_kw("do");
    }

    pub(super) fn keyword(&mut self, k: &'static str, at: usize) -> R {
        Ok(match k {
            "nil" => node(Kind::Nil, at),
            "true" => node(Kind::Bool(true), at),
            "false" => node(Kind::Bool(false), at),
            "self" => node(Kind::Call { recv: None, name: "self".into(), args: vec![], block: None }, at),
            "if" | "unless" => {
                let cond = self.expr_stmt()?;
                self.condition_end();
                let body = self.statements(&["elsif", "else", "end"])?;
                let rest = if k == "if" { self.if_rest()? } else { self.else_rest()? };
                if k == "if" {
                    node(Kind::If(Box::new(cond), body, rest), at)
                } else {
                    node(Kind::If(Box::new(cond), rest, body), at)
                }
            }
            "case" => {
                let subject = if matches!(self.tok(), Tok::Newline) { None } else { Some(Box::new(self.expr_stmt()?)) };
                self.skip_newlines();
                let mut whens = Vec::new();
                while self.eat_kw("when") {
                    let mut values = vec![self.ternary()?];
                    while self.eat_punct(",") {
                        self.skip_newlines();
                        values.push(self.ternary()?);
                    }
                    self.condition_end();
                    let body = self.statements(&["when", "else", "end"])?;
                    whens.push((values, body));
                }
                let otherwise = self.else_rest()?;
                node(Kind::Case(subject, whens, otherwise), at)
            }
            "while" | "until" => {
                let cond = self.expr_stmt()?;
                self.condition_end();
                let body = self.statements(&["end"])?;
                self.expect_kw("end")?;
                let cond = if k == "until" { node(Kind::Not(Box::new(cond)), at) } else { cond };
                node(Kind::While(Box::new(cond), body), at)
            }
            "for" => {
                let mut vars = vec![self.param()?];
                while self.eat_punct(",") {
                    vars.push(self.param()?);
                }
                self.expect_kw("in")?;
                let list = self.expr_stmt()?;
                self.condition_end();
                let body = self.statements(&["end"])?;
                self.expect_kw("end")?;
                node(Kind::For(vars, Box::new(list), body), at)
            }
            "begin" => {
                let body = self.statements(&["end", "rescue", "ensure"])?;
                node(Kind::Seq(self.begin_rest(body, at)?), at)
            }
            "next" => {
                let value = if self.starts_command_arg() { Some(Box::new(self.expr()?)) } else { None };
                node(Kind::Next(value), at)
            }
            "break" => node(Kind::Break, at),
            "def" => self.def(at)?,
            // `alias new old`: `alias_method(:new, :old)`.
            "alias" => {
                let new = self.alias_name(at)?;
                let old = self.alias_name(at)?;
                let args = vec![node(Kind::Sym(new), at), node(Kind::Sym(old), at)];
                node(Kind::Call { recv: None, name: "alias_method".into(), args, block: None }, at)
            }
            "module" | "class" => self.module(at, k == "class")?,
            "return" => {
                // After `return`, `{` opens a Hash (there is no block to give).
                let value = if self.starts_command_arg() || self.is_punct("{") || self.is_punct("(") {
                    Some(Box::new(self.expr()?))
                } else {
                    None
                };
                node(Kind::Return(value), at)
            }
            "yield" => {
                let args = self.call_args("yield")?;
                node(Kind::Yield(args), at)
            }
            _ => {
                self.pos -= 1;
                return Err(self.unexpected());
            }
        })
    }

    /// After `rescue`: `Class, Class => var`, each part optional, then the
    /// clause's statements.
    fn rescue_clause(&mut self) -> R<Rescue> {
        let mut classes = Vec::new();
        let mut splats = Vec::new();
        loop {
            if self.eat_punct("*") {
                splats.push(self.postfix()?);
                if !self.eat_punct(",") {
                    break;
                }
                continue;
            }
            self.eat_punct("::");
            let Tok::Const(mut name) = self.tok().clone() else { break };
            self.bump();
            while self.is_punct("::") {
                self.bump();
                match self.bump().tok {
                    Tok::Const(c) => name = format!("{name}::{c}"),
                    _ => return Err(self.unexpected()),
                }
            }
            classes.push(name);
            if !self.eat_punct(",") {
                break;
            }
            self.skip_newlines();
        }
        let var = if self.eat_punct("=>") {
            match self.bump().tok {
                Tok::Ident(n) => {
                    self.locals.insert(n.clone());
                    Some(n)
                }
                _ => {
                    return Err(RubyError::new(
                        RubyErrorKind::Syntax("expected a variable after '=>'".into()),
                        self.at(),
                    ))
                }
            }
        } else {
            None
        };
        let _ = self.eat_kw("then");
        let body = self.statements(&["end", "rescue", "ensure"])?;
        Ok(Rescue { classes, splats, var, body })
    }

    /// `def name(a, b = 1, *rest, key: v, &blk) ... end` (or `def self.name`):
    /// the body sees only its parameters as locals, as a Ruby method does,
    /// and may end in `rescue`/`ensure` clauses as `begin` does.
    fn def(&mut self, at: usize) -> R {
        let mut name = self.method_name(at)?;
        if name == "self" && self.eat_punct(".") {
            name = format!("self.{}", self.method_name(at)?);
        }
        if self.is_punct("=") && !self.peek().space_before {
            self.bump();
            name.push('=');
        }
        let outer = std::mem::take(&mut self.locals);
        let params = self.def_params();
        let body = params.and_then(|params| {
            let body = self.statements(&["end", "rescue", "ensure"])?;
            Ok((params, self.begin_rest(body, at)?))
        });
        self.locals = outer;
        let (params, body) = body?;
        Ok(node(Kind::Def(name, params, body), at))
    }

    /// A name `alias` takes: a method name, or a Symbol of one.
    fn alias_name(&mut self, at: usize) -> R<String> {
        if let Tok::Sym(s) = self.tok().clone() {
            self.bump();
            return Ok(s);
        }
        self.method_name(at)
    }

    fn method_name(&mut self, at: usize) -> R<String> {
        match self.bump().tok {
            Tok::Ident(n) | Tok::Const(n) => Ok(n),
            Tok::Kw(k) => Ok(k.to_string()),
            Tok::Punct(
                p @ ("==" | "<=>" | "[]" | "+" | "-" | "<<" | ">>" | "===" | "^" | "&" | "|" | "*" | "**" | "/" | "%"
                | "<" | ">" | "<=" | ">=" | "=~" | "!" | "~"),
            ) => Ok(p.to_string()),
            _ => Err(RubyError::new(RubyErrorKind::Syntax("expected a method name after 'def'".into()), at)),
        }
    }

    /// A `def`'s parameters, with or without parentheses.
    fn def_params(&mut self) -> R<Vec<DefParam>> {
        let parens = self.eat_punct("(");
        let mut params = Vec::new();
        if parens && self.eat_punct(")") {
            return Ok(params);
        }
        if !parens && matches!(self.tok(), Tok::Newline) {
            return Ok(params);
        }
        loop {
            let at = self.at();
            let param = if self.eat_punct("*") {
                DefParam { name: self.param_name()?, kind: ParamKind::Rest }
            } else if self.eat_punct("&") {
                DefParam { name: self.param_name()?, kind: ParamKind::Block }
            } else if self.is_punct("**") {
                return Err(RubyError::new(RubyErrorKind::Unsupported("double-splat parameters (**x)".into()), at));
            } else if let Tok::Label(l) = self.tok().clone() {
                self.bump();
                self.locals.insert(l.clone());
                let default = if matches!(self.tok(), Tok::Punct("," | ")") | Tok::Newline) {
                    None
                } else {
                    Some(self.ternary()?)
                };
                DefParam { name: l, kind: ParamKind::Keyword(default) }
            } else {
                let name = self.param_name()?;
                if self.eat_punct("=") {
                    DefParam { name, kind: ParamKind::Optional(self.ternary()?) }
                } else {
                    DefParam { name, kind: ParamKind::Required }
                }
            };
            params.push(param);
            if !self.eat_punct(",") {
                break;
            }
            self.skip_newlines();
        }
        if parens {
            self.expect_punct(")")?;
        }
        Ok(params)
    }

    fn param_name(&mut self) -> R<String> {
        match self.bump().tok {
            Tok::Ident(n) => {
                self.locals.insert(n.clone());
                Ok(n)
            }
            _ => Err(RubyError::new(RubyErrorKind::Syntax("expected a parameter name".into()), self.at())),
        }
    }

    /// After a body that may end in `rescue`/`ensure` clauses: those and
    /// `end`; the body wrapped in a `begin` when there were any.
    pub(super) fn begin_rest(&mut self, body: Vec<Node>, at: usize) -> R<Vec<Node>> {
        let mut rescues = Vec::new();
        while self.eat_kw("rescue") {
            rescues.push(self.rescue_clause()?);
        }
        let ensure = if self.eat_kw("ensure") { self.statements(&["end"])? } else { Vec::new() };
        self.expect_kw("end")?;
        if rescues.is_empty() && ensure.is_empty() {
            Ok(body)
        } else {
            Ok(vec![node(Kind::Begin(body, rescues, ensure), at)])
        }
    }

    /// `module A::B ... end` or `class A < B ... end`.
    fn module(&mut self, at: usize, class: bool) -> R {
        let mut name = match self.bump().tok {
            Tok::Const(c) => c,
            Tok::Punct("<<") => {
                return Err(RubyError::new(RubyErrorKind::Unsupported("singleton classes (class << self)".into()), at))
            }
            _ => return Err(RubyError::new(RubyErrorKind::Syntax("expected a module or class name".into()), at)),
        };
        while self.eat_punct("::") {
            match self.bump().tok {
                Tok::Const(c) => name = format!("{name}::{c}"),
                _ => return Err(RubyError::new(RubyErrorKind::Syntax("expected a constant after '::'".into()), at)),
            }
        }
        if self.eat_punct("<") {
            self.ternary()?;
        }
        let outer = std::mem::take(&mut self.locals);
        let body = self.statements(&["end"]);
        self.locals = outer;
        let body = body?;
        self.expect_kw("end")?;
        Ok(node(if class { Kind::Class(name, body) } else { Kind::Module(name, body) }, at))
    }

    /// After an `if` body: `elsif ...`, `else ...`, then `end`.
    fn if_rest(&mut self) -> R<Vec<Node>> {
        let at = self.at();
        if self.eat_kw("elsif") {
            let cond = self.expr_stmt()?;
            self.condition_end();
            let body = self.statements(&["elsif", "else", "end"])?;
            let rest = self.if_rest()?;
            return Ok(vec![node(Kind::If(Box::new(cond), body, rest), at)]);
        }
        self.else_rest()
    }

    /// `else ... end` or `end`.
    fn else_rest(&mut self) -> R<Vec<Node>> {
        let body = if self.eat_kw("else") { self.statements(&["end"])? } else { Vec::new() };
        self.expect_kw("end")?;
        Ok(body)
    }
}
