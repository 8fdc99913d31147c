//! Ruby's control structures in templates: `if`/`unless`/`elsif`/`else`,
//! `case`/`when`, `while`/`until`, `for ... in`, `begin ... end`, `next`,
//! `break`, `def`/`return`, `begin`/`rescue`/`ensure`, and the keyword
//! confer refuses (`yield`).

use super::{node, Parser, R};
use crate::ast::{Kind, Node, Rescue};
use crate::error::{ErbError, ErbErrorKind};
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
                let mut rescues = Vec::new();
                while self.eat_kw("rescue") {
                    rescues.push(self.rescue_clause()?);
                }
                let ensure = if self.eat_kw("ensure") { self.statements(&["end"])? } else { Vec::new() };
                self.expect_kw("end")?;
                if rescues.is_empty() && ensure.is_empty() {
                    node(Kind::Seq(body), at)
                } else {
                    node(Kind::Begin(body, rescues, ensure), at)
                }
            }
            "next" => {
                let value = if self.starts_command_arg() { Some(Box::new(self.expr()?)) } else { None };
                node(Kind::Next(value), at)
            }
            "break" => node(Kind::Break, at),
            "def" => self.def(at)?,
            "return" => {
                let value = if self.starts_command_arg() { Some(Box::new(self.expr()?)) } else { None };
                node(Kind::Return(value), at)
            }
            "yield" => return Err(ErbError::new(ErbErrorKind::Unsupported(format!("'{k}'")), at)),
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
        while let Tok::Const(name) = self.tok().clone() {
            self.bump();
            classes.push(name);
            if !self.eat_punct(",") {
                break;
            }
        }
        let var = if self.eat_punct("=>") {
            match self.bump().tok {
                Tok::Ident(n) => {
                    self.locals.insert(n.clone());
                    Some(n)
                }
                _ => {
                    return Err(ErbError::new(ErbErrorKind::Syntax("expected a variable after '=>'".into()), self.at()))
                }
            }
        } else {
            None
        };
        let _ = self.eat_kw("then");
        let body = self.statements(&["end", "rescue", "ensure"])?;
        Ok(Rescue { classes, var, body })
    }

    /// `def name(a, b) ... end`: the body sees only its parameters as
    /// locals, as a Ruby method does.
    fn def(&mut self, at: usize) -> R {
        let name = match self.bump().tok {
            Tok::Ident(n) => n,
            _ => return Err(ErbError::new(ErbErrorKind::Syntax("expected a method name after 'def'".into()), at)),
        };
        let outer = std::mem::take(&mut self.locals);
        let mut params = Vec::new();
        if self.eat_punct("(") && !self.eat_punct(")") {
            loop {
                match self.bump().tok {
                    Tok::Ident(n) => {
                        self.locals.insert(n.clone());
                        params.push(n);
                    }
                    _ => {
                        return Err(ErbError::new(ErbErrorKind::Syntax("expected a parameter name".into()), self.at()))
                    }
                }
                if !self.eat_punct(",") {
                    break;
                }
            }
            self.expect_punct(")")?;
        }
        let body = self.statements(&["end"]);
        self.locals = outer;
        let body = body?;
        self.expect_kw("end")?;
        Ok(node(Kind::Def(name, params, body), at))
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
