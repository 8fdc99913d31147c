//! Calls: a method name's arguments (in parentheses, or written without
//! them, `*splat`, `&block`, a trailing `key => v` hash), safe navigation,
//! and the block a call takes with its parameters.

use std::rc::Rc;

use super::{node, symbol_block, Parser, R};
use crate::ast::{Block, Kind, Node, Param};
use crate::error::{RubyError, RubyErrorKind};
use crate::lexer::Tok;

impl Parser {
    /// `recv&.name(args)`: nil when the receiver is nil, which is evaluated
    /// once (kept in a local no Ruby code can name).
    pub(super) fn safe_call(&mut self, recv: Node, name: String, at: usize) -> R {
        let tmp = "&safe".to_string();
        let held = node(Kind::Local(tmp.clone()), at);
        let call = self.call_rest(Some(held.clone()), name, at)?;
        let is_nil =
            node(Kind::Call { recv: Some(Box::new(held.clone())), name: "nil?".into(), args: vec![], block: None }, at);
        Ok(node(
            Kind::Seq(vec![
                node(Kind::Assign(Box::new(held), Box::new(recv)), at),
                node(Kind::If(Box::new(is_nil), vec![node(Kind::Nil, at)], vec![call]), at),
            ]),
            at,
        ))
    }

    /// Comma-separated expressions up to `close`, which is consumed.
    pub(super) fn list(&mut self, close: &str) -> R<Vec<Node>> {
        let mut items = Vec::new();
        loop {
            self.skip_newlines();
            if self.eat_punct(close) {
                return Ok(items);
            }
            items.push(self.arg()?);
            self.skip_newlines();
            if !self.eat_punct(",") {
                self.skip_newlines();
                self.expect_punct(close)?;
                return Ok(items);
            }
        }
    }

    /// One argument: an expression, `*splat` or `&:sym`, or `key => v` pairs
    /// (a trailing hash). `**hash` alone passes the Hash as the keyword
    /// arguments, which methods here take as a trailing Hash.
    pub(super) fn arg(&mut self) -> R {
        if self.eat_punct("**") {
            return self.ternary();
        }
        let at = self.at();
        if self.eat_punct("*") {
            let e = self.ternary()?;
            return Ok(node(Kind::Splat(Box::new(e)), at));
        }
        if self.is_punct("&") {
            self.bump();
            if let Tok::Sym(s) = self.tok().clone() {
                self.bump();
                return Ok(node(
                    Kind::Call { recv: None, name: "&".into(), args: vec![node(Kind::Sym(s), at)], block: None },
                    at,
                ));
            }
            let e = self.ternary()?;
            return Ok(node(Kind::BlockArg(Box::new(e)), at));
        }
        if let Tok::Label(l) = self.tok().clone() {
            return self.bare_hash(node(Kind::Sym(l), at), true);
        }
        let e = self.not_expr()?;
        if self.is_punct("=>") {
            return self.bare_hash(e, false);
        }
        Ok(e)
    }

    /// `k => v, k2 => v2` without braces, as a call's last argument.
    pub(super) fn bare_hash(&mut self, first_key: Node, label: bool) -> R {
        let at = first_key.at;
        if label {
            self.bump();
        } else {
            self.expect_punct("=>")?;
        }
        let mut pairs = vec![(first_key, self.not_expr()?)];
        if self.is_punct(",") && matches!(self.toks.get(self.pos + 1).map(|t| &t.tok), Some(Tok::Punct("**"))) {
            return Err(RubyError::new(
                RubyErrorKind::Unsupported("a double-splat after keyword arguments (k: v, **x)".into()),
                self.toks[self.pos + 1].at,
            ));
        }
        while self.is_punct(",")
            && matches!(self.toks.get(self.pos + 1).map(|t| &t.tok), Some(Tok::Label(_) | Tok::Str(_) | Tok::Sym(_)))
        {
            let save = self.pos;
            self.bump();
            let kat = self.at();
            let key = if let Tok::Label(l) = self.tok().clone() {
                self.bump();
                node(Kind::Sym(l), kat)
            } else {
                let k = self.ternary()?;
                if !self.eat_punct("=>") {
                    self.pos = save;
                    break;
                }
                k
            };
            pairs.push((key, self.not_expr()?));
        }
        Ok(node(Kind::Hash(pairs), at))
    }

    /// After a method name: `(args)`, command arguments, and a block.
    pub(super) fn call_rest(&mut self, recv: Option<Node>, name: String, at: usize) -> R {
        let mut args = self.call_args(&name)?;
        let mut block = self.block()?;
        if let Some(Node { kind: Kind::Call { recv: None, name: amp, args: sym, .. }, at: sat }) = args.last() {
            if amp == "&" && block.is_none() {
                block = Some(symbol_block(sym, *sat));
                args.pop();
            }
        }
        Ok(node(Kind::Call { recv: recv.map(Box::new), name, args, block: block.map(Rc::new) }, at))
    }

    /// A call's arguments after the name `name`: in parentheses, or
    /// written without them (`include? x`, `yield a, b`), or none.
    pub(super) fn call_args(&mut self, name: &str) -> R<Vec<Node>> {
        let t = self.peek().clone();
        if matches!(t.tok, Tok::Punct("(")) && !t.space_before {
            self.bump();
            return self.list(")");
        }
        if (t.space_before || name.ends_with(['?', '!'])) && self.starts_command_arg() {
            let mut args = vec![self.arg()?];
            while self.eat_punct(",") {
                self.skip_newlines();
                args.push(self.arg()?);
            }
            return Ok(args);
        }
        Ok(Vec::new())
    }

    /// Whether the next token can start an argument written without
    /// parentheses (`include? x`, `function_foo ['a']`).
    pub(super) fn starts_command_arg(&self) -> bool {
        match self.tok() {
            Tok::Int(_) | Tok::Float(_) | Tok::Str(_) | Tok::Sym(_) | Tok::Words(_) | Tok::Regex(_) => true,
            Tok::Ident(_)
            | Tok::Const(_)
            | Tok::IVar(_)
            | Tok::GVar(_)
            | Tok::Label(_)
            | Tok::MatchRef(_)
            | Tok::LastMatch => true,
            Tok::Kw(k) => matches!(*k, "nil" | "true" | "false" | "self"),
            Tok::Punct("[" | "!" | "::" | "->") => true,
            _ => false,
        }
    }

    pub(super) fn block(&mut self) -> R<Option<Block>> {
        let close = if self.eat_kw("do") {
            "end"
        } else if self.is_punct("{") {
            self.bump();
            "}"
        } else {
            return Ok(None);
        };
        self.skip_newlines();
        let outer = self.locals.clone();
        let mut params = Vec::new();
        if self.eat_punct("||") {
        } else if self.eat_punct("|") {
            params = self.block_params()?;
        }
        let body = if close == "end" {
            let at = self.at();
            let body = self.statements(&["end", "rescue", "ensure"])?;
            self.begin_rest(body, at)?
        } else {
            let body = self.statements(&[])?;
            self.skip_newlines();
            self.expect_punct("}")?;
            body
        };
        let names = crate::defined::param_names(&params);
        let mut locals: Vec<String> =
            self.locals.iter().filter(|l| !outer.contains(*l) && !names.contains(l)).cloned().collect();
        locals.sort();
        self.locals = outer;
        Ok(Some(Block { params, body, lambda: false, locals }))
    }

    pub(super) fn block_params(&mut self) -> R<Vec<Param>> {
        let mut params = Vec::new();
        loop {
            if self.eat_punct("|") {
                return Ok(params);
            }
            params.push(self.param()?);
            if !self.eat_punct(",") {
                self.expect_punct("|")?;
                return Ok(params);
            }
        }
    }

    pub(super) fn param(&mut self) -> R<Param> {
        if self.eat_punct("*") {
            return match self.bump().tok {
                Tok::Ident(n) => {
                    self.locals.insert(n.clone());
                    Ok(Param::Rest(n))
                }
                _ => {
                    Err(RubyError::new(RubyErrorKind::Syntax("expected a parameter name after '*'".into()), self.at()))
                }
            };
        }
        if self.eat_punct("(") {
            let mut inner = Vec::new();
            loop {
                inner.push(self.param()?);
                if !self.eat_punct(",") {
                    break;
                }
            }
            self.expect_punct(")")?;
            return Ok(Param::Nested(inner));
        }
        match self.bump().tok {
            Tok::Ident(n) => {
                self.locals.insert(n.clone());
                if self.eat_punct("=") {
                    // Above `|`, which closes the parameters.
                    let default = self.nested(|p| p.binary(6))?;
                    return Ok(Param::Optional(n, default));
                }
                Ok(Param::Name(n))
            }
            _ => Err(RubyError::new(RubyErrorKind::Syntax("expected a block parameter".into()), self.at())),
        }
    }
}
