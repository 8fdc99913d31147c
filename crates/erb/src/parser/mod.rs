//! A recursive-descent parser for the Ruby that templates use, with Ruby's
//! operator precedence (modifiers < `and`/`or` < `not` < `? :` < `..` <
//! `||` < `&&` < `!` < equality < comparison < `<<` < `+` < `*` < unary
//! minus < `**` < method calls). Operators become method calls, as in Ruby.

use std::collections::HashSet;

use crate::ast::{Block, Kind, Node, Param, Part};
use crate::error::{ErbError, ErbErrorKind};
use crate::lexer::{StrPart, Tok, Token};

mod control;

/// How deeply expressions may nest.
const MAX_DEPTH: usize = 48;

/// Parses a template's tokens (ending with `Eof`) into statements.
pub fn parse(toks: Vec<Token>) -> Result<Vec<Node>, ErbError> {
    let mut p = Parser { toks, pos: 0, locals: HashSet::new(), depth: 0 };
    let body = p.statements(&[])?;
    if !p.at_eof() {
        return Err(p.unexpected());
    }
    Ok(body)
}

struct Parser {
    toks: Vec<Token>,
    pos: usize,
    /// Names assigned so far: Ruby reads such a name as a variable, any other
    /// as a method call.
    locals: HashSet<String>,
    depth: usize,
}

type R<T = Node> = Result<T, ErbError>;

fn node(kind: Kind, at: usize) -> Node {
    Node { kind, at }
}

fn call(recv: Node, name: &str, args: Vec<Node>, at: usize) -> Node {
    node(Kind::Call { recv: Some(Box::new(recv)), name: name.to_string(), args, block: None }, at)
}

/// The block `&:name` stands for: `{ |x| x.name }`.
fn symbol_block(sym: &[Node], at: usize) -> Block {
    let name = match sym.first().map(|n| &n.kind) {
        Some(Kind::Sym(s)) => s.clone(),
        _ => String::new(),
    };
    let it = "&it".to_string();
    let body = vec![call(node(Kind::Local(it.clone()), at), &name, vec![], at)];
    Block { params: vec![Param::Name(it)], body }
}

impl Parser {
    fn peek(&self) -> &Token {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }

    fn tok(&self) -> &Tok {
        &self.peek().tok
    }

    fn at(&self) -> usize {
        self.peek().at
    }

    fn bump(&mut self) -> Token {
        let t = self.peek().clone();
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        }
        t
    }

    fn at_eof(&self) -> bool {
        matches!(self.tok(), Tok::Eof)
    }

    fn is_punct(&self, p: &str) -> bool {
        matches!(self.tok(), Tok::Punct(q) if *q == p)
    }

    fn is_kw(&self, k: &str) -> bool {
        matches!(self.tok(), Tok::Kw(q) if *q == k)
    }

    fn eat_punct(&mut self, p: &str) -> bool {
        let yes = self.is_punct(p);
        if yes {
            self.bump();
        }
        yes
    }

    fn eat_kw(&mut self, k: &str) -> bool {
        let yes = self.is_kw(k);
        if yes {
            self.bump();
        }
        yes
    }

    fn skip_newlines(&mut self) {
        while matches!(self.tok(), Tok::Newline) {
            self.bump();
        }
    }

    fn unexpected(&self) -> ErbError {
        let what = match self.tok() {
            Tok::Eof => "unexpected end of template".to_string(),
            Tok::Kw(k) => format!("unexpected '{k}'"),
            Tok::Punct(p) => format!("unexpected '{p}'"),
            Tok::Ident(n) | Tok::Const(n) => format!("unexpected '{n}'"),
            Tok::Text(_) => "unexpected template text inside an expression".to_string(),
            Tok::InsertStart | Tok::InsertEnd => "unexpected ERB tag inside an expression".to_string(),
            other => format!("unexpected {other:?}"),
        };
        ErbError::new(ErbErrorKind::Syntax(what), self.at())
    }

    fn expect_punct(&mut self, p: &str) -> R<()> {
        if self.eat_punct(p) {
            Ok(())
        } else {
            Err(self.unexpected())
        }
    }

    fn expect_kw(&mut self, k: &str) -> R<()> {
        if self.eat_kw(k) {
            Ok(())
        } else {
            Err(self.unexpected())
        }
    }

    fn unsupported(&self, what: &str) -> ErbError {
        ErbError::new(ErbErrorKind::Unsupported(what.to_string()), self.at())
    }

    /// Statements up to one of the keywords `stops` (not consumed), `}`, `)`,
    /// the end of an insert tag, or the end.
    fn statements(&mut self, stops: &[&str]) -> R<Vec<Node>> {
        let mut out = Vec::new();
        loop {
            self.skip_newlines();
            match self.tok() {
                Tok::Eof | Tok::InsertEnd => return Ok(out),
                Tok::Punct("}" | ")") => return Ok(out),
                Tok::Kw(k) if stops.contains(k) => return Ok(out),
                _ => {}
            }
            out.push(self.statement()?);
            match self.tok() {
                Tok::Newline | Tok::Eof | Tok::InsertEnd | Tok::Punct("}" | ")") => {}
                Tok::Kw(k) if stops.contains(k) => {}
                Tok::Text(_) | Tok::InsertStart => {}
                _ => return Err(self.unexpected()),
            }
        }
    }

    /// Runs `f` one level deeper, failing past `MAX_DEPTH` so that no
    /// input exhausts the stack.
    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> R<T>) -> R<T> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            return Err(ErbError::new(ErbErrorKind::Limit("expression nested too deeply".into()), self.at()));
        }
        let result = f(self);
        self.depth -= 1;
        result
    }

    fn statement(&mut self) -> R {
        self.nested(Self::statement_inner)
    }

    fn statement_inner(&mut self) -> R {
        let mut e = self.expr_stmt()?;
        loop {
            let at = self.at();
            if self.eat_kw("if") {
                let c = self.expr_stmt()?;
                e = node(Kind::If(Box::new(c), vec![e], vec![]), at);
            } else if self.eat_kw("unless") {
                let c = self.expr_stmt()?;
                e = node(Kind::If(Box::new(c), vec![], vec![e]), at);
            } else if self.eat_kw("while") || self.eat_kw("until") {
                return Err(ErbError::new(ErbErrorKind::Unsupported("the while/until modifier".into()), at));
            } else {
                return Ok(e);
            }
        }
    }

    /// `a and b`, `a or b`, `not a`.
    fn expr_stmt(&mut self) -> R {
        let mut e = self.not_expr()?;
        loop {
            let at = self.at();
            if self.eat_kw("and") {
                self.skip_newlines();
                let r = self.not_expr()?;
                e = node(Kind::And(Box::new(e), Box::new(r)), at);
            } else if self.eat_kw("or") {
                self.skip_newlines();
                let r = self.not_expr()?;
                e = node(Kind::Or(Box::new(e), Box::new(r)), at);
            } else {
                return Ok(e);
            }
        }
    }

    fn not_expr(&mut self) -> R {
        self.negation(|p| p.eat_kw("not"), Self::not_expr, Self::expr)
    }

    /// A prefix negation (`not`, `!`) read by `eat`, or else `next`.
    fn negation(&mut self, eat: fn(&mut Self) -> bool, again: fn(&mut Self) -> R, next: fn(&mut Self) -> R) -> R {
        let at = self.at();
        if eat(self) {
            let e = self.nested(again)?;
            return Ok(node(Kind::Not(Box::new(e)), at));
        }
        next(self)
    }

    /// An expression with assignment (right-associative).
    fn expr(&mut self) -> R {
        let lhs = self.ternary()?;
        let at = self.at();
        let op = match self.tok() {
            Tok::Punct(p @ ("=" | "+=" | "-=" | "*=" | "/=" | "||=" | "&&=")) => *p,
            _ => return Ok(lhs),
        };
        let assignable = matches!(&lhs.kind, Kind::Local(_) | Kind::IVar(_))
            || matches!(&lhs.kind, Kind::Call { recv: None, args, block: None, .. } if args.is_empty())
            || matches!(&lhs.kind, Kind::Call { name, .. } if name == "[]");
        if !assignable {
            return Err(self.unexpected());
        }
        self.bump();
        self.skip_newlines();
        let target = match lhs.kind {
            Kind::Call { recv: None, name, .. } => {
                self.locals.insert(name.clone());
                node(Kind::Local(name), lhs.at)
            }
            _ => lhs,
        };
        let value = self.expr()?;
        let value = match op {
            "=" => value,
            "||=" => node(Kind::Or(Box::new(target.clone()), Box::new(value)), at),
            "&&=" => node(Kind::And(Box::new(target.clone()), Box::new(value)), at),
            _ => call(target.clone(), &op[..1], vec![value], at),
        };
        Ok(node(Kind::Assign(Box::new(target), Box::new(value)), at))
    }

    fn ternary(&mut self) -> R {
        let cond = self.range()?;
        let at = self.at();
        if !self.eat_punct("?") {
            return Ok(cond);
        }
        self.skip_newlines();
        let a = self.ternary()?;
        self.skip_newlines();
        if !self.eat_punct(":") {
            // `a ? b :c` lexes `:c` as a symbol.
            if let Tok::Sym(s) = self.tok().clone() {
                let sat = self.at();
                self.bump();
                let b = node(Kind::Call { recv: None, name: s, args: vec![], block: None }, sat);
                return Ok(node(Kind::If(Box::new(cond), vec![a], vec![b]), at));
            }
            return Err(self.unexpected());
        }
        self.skip_newlines();
        let b = self.ternary()?;
        Ok(node(Kind::If(Box::new(cond), vec![a], vec![b]), at))
    }

    fn range(&mut self) -> R {
        let a = self.oror()?;
        let at = self.at();
        let exclusive = if self.eat_punct("..") {
            false
        } else if self.eat_punct("...") {
            true
        } else {
            return Ok(a);
        };
        let b = self.oror()?;
        Ok(node(Kind::Range(Box::new(a), Box::new(b), exclusive), at))
    }

    fn oror(&mut self) -> R {
        self.logical("||", Self::andand, |a, b| Kind::Or(Box::new(a), Box::new(b)))
    }

    fn andand(&mut self) -> R {
        self.logical("&&", Self::bang, |a, b| Kind::And(Box::new(a), Box::new(b)))
    }

    /// A left-associative chain of the short-circuit operator `op`.
    fn logical(&mut self, op: &str, next: fn(&mut Self) -> R, make: fn(Node, Node) -> Kind) -> R {
        let mut e = next(self)?;
        loop {
            let at = self.at();
            if !self.eat_punct(op) {
                return Ok(e);
            }
            self.skip_newlines();
            let r = next(self)?;
            e = node(make(e, r), at);
        }
    }

    fn bang(&mut self) -> R {
        self.negation(|p| p.eat_punct("!"), Self::bang, Self::equality)
    }

    fn equality(&mut self) -> R {
        let l = self.comparison()?;
        let at = self.at();
        let op = match self.tok() {
            Tok::Punct(p @ ("==" | "!=" | "=~" | "!~" | "===" | "<=>")) => *p,
            _ => return Ok(l),
        };
        self.bump();
        self.skip_newlines();
        let r = self.comparison()?;
        Ok(match op {
            "!=" => node(Kind::Not(Box::new(call(l, "==", vec![r], at))), at),
            "!~" => node(Kind::Not(Box::new(call(l, "=~", vec![r], at))), at),
            _ => call(l, op, vec![r], at),
        })
    }

    fn binary_level(&mut self, ops: &[&str], next: fn(&mut Self) -> R) -> R {
        let mut e = next(self)?;
        loop {
            let at = self.at();
            let op = match self.tok() {
                Tok::Punct(p) if ops.contains(p) => *p,
                _ => return Ok(e),
            };
            self.bump();
            self.skip_newlines();
            let r = next(self)?;
            e = call(e, op, vec![r], at);
        }
    }

    fn comparison(&mut self) -> R {
        self.binary_level(&["<", ">", "<=", ">="], Self::shift)
    }

    fn shift(&mut self) -> R {
        self.binary_level(&["<<"], Self::additive)
    }

    fn additive(&mut self) -> R {
        self.binary_level(&["+", "-"], Self::multiplicative)
    }

    fn multiplicative(&mut self) -> R {
        self.binary_level(&["*", "/", "%"], Self::unary)
    }

    fn unary(&mut self) -> R {
        let at = self.at();
        if self.eat_punct("-") {
            let e = self.nested(Self::unary)?;
            return Ok(match e.kind {
                Kind::Int(i) => node(Kind::Int(-i), at),
                Kind::Float(f) => node(Kind::Float(-f), at),
                _ => call(e, "-@", vec![], at),
            });
        }
        let base = self.postfix()?;
        let at = self.at();
        if self.eat_punct("**") {
            let r = self.nested(Self::unary)?;
            return Ok(call(base, "**", vec![r], at));
        }
        Ok(base)
    }

    fn postfix(&mut self) -> R {
        let mut e = self.primary()?;
        loop {
            let t = self.peek().clone();
            match &t.tok {
                Tok::Punct(".") | Tok::Punct("&.") => {
                    self.bump();
                    self.skip_newlines();
                    let nt = self.bump();
                    let name = match nt.tok {
                        Tok::Ident(n) | Tok::Const(n) => n,
                        Tok::Kw(k) => k.to_string(),
                        Tok::Label(l) => {
                            return Err(ErbError::new(ErbErrorKind::Syntax(format!("unexpected '{l}:'")), nt.at))
                        }
                        _ => return Err(ErbError::new(ErbErrorKind::Syntax("expected a method name".into()), nt.at)),
                    };
                    e = self.call_rest(Some(e), name, nt.at)?;
                }
                Tok::Punct("::") => {
                    self.bump();
                    let nt = self.bump();
                    match nt.tok {
                        Tok::Const(c) => {
                            let name = match &e.kind {
                                Kind::Const(outer) => format!("{outer}::{c}"),
                                _ => return Err(self.unsupported("'::' after an expression")),
                            };
                            e = node(Kind::Const(name), e.at);
                        }
                        Tok::Ident(n) => e = self.call_rest(Some(e), n, nt.at)?,
                        _ => return Err(ErbError::new(ErbErrorKind::Syntax("unexpected '::'".into()), nt.at)),
                    }
                }
                Tok::Punct("[") if !t.space_before => {
                    self.bump();
                    let args = self.list("]")?;
                    e = call(e, "[]", args, t.at);
                }
                _ => return Ok(e),
            }
        }
    }

    /// Comma-separated expressions up to `close`, which is consumed.
    fn list(&mut self, close: &str) -> R<Vec<Node>> {
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
    /// (a trailing hash).
    fn arg(&mut self) -> R {
        let at = self.at();
        if self.eat_punct("*") {
            return Err(ErbError::new(ErbErrorKind::Unsupported("splat arguments (*x)".into()), at));
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
            return Err(ErbError::new(ErbErrorKind::Unsupported("block arguments (&x)".into()), at));
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
    fn bare_hash(&mut self, first_key: Node, label: bool) -> R {
        let at = first_key.at;
        if label {
            self.bump();
        } else {
            self.expect_punct("=>")?;
        }
        let mut pairs = vec![(first_key, self.not_expr()?)];
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
    fn call_rest(&mut self, recv: Option<Node>, name: String, at: usize) -> R {
        let t = self.peek().clone();
        let args = if matches!(t.tok, Tok::Punct("(")) && !t.space_before {
            self.bump();
            self.list(")")?
        } else if (t.space_before || name.ends_with(['?', '!'])) && self.starts_command_arg() {
            let mut args = vec![self.arg()?];
            while self.eat_punct(",") {
                self.skip_newlines();
                args.push(self.arg()?);
            }
            args
        } else {
            Vec::new()
        };
        let mut args = args;
        let mut block = self.block()?;
        if let Some(Node { kind: Kind::Call { recv: None, name: amp, args: sym, .. }, at: sat }) = args.last() {
            if amp == "&" && block.is_none() {
                block = Some(symbol_block(sym, *sat));
                args.pop();
            }
        }
        Ok(node(Kind::Call { recv: recv.map(Box::new), name, args, block: block.map(Box::new) }, at))
    }

    /// Whether the next token can start an argument written without
    /// parentheses (`include? x`, `function_foo ['a']`).
    fn starts_command_arg(&self) -> bool {
        match self.tok() {
            Tok::Int(_) | Tok::Float(_) | Tok::Str(_) | Tok::Sym(_) | Tok::Words(_) | Tok::Regex(_) => true,
            Tok::Ident(_) | Tok::Const(_) | Tok::IVar(_) | Tok::Label(_) => true,
            Tok::Kw(k) => matches!(*k, "nil" | "true" | "false" | "self"),
            Tok::Punct("[") => true,
            Tok::Punct("!") => true,
            _ => false,
        }
    }

    fn block(&mut self) -> R<Option<Block>> {
        let close = if self.eat_kw("do") {
            "end"
        } else if self.is_punct("{") {
            self.bump();
            "}"
        } else {
            return Ok(None);
        };
        self.skip_newlines();
        let mut params = Vec::new();
        if self.eat_punct("||") {
        } else if self.eat_punct("|") {
            params = self.block_params()?;
        }
        let body = if close == "end" { self.statements(&["end"])? } else { self.statements(&[])? };
        self.skip_newlines();
        if close == "end" {
            self.expect_kw("end")?;
        } else {
            self.expect_punct("}")?;
        }
        Ok(Some(Block { params, body }))
    }

    fn block_params(&mut self) -> R<Vec<Param>> {
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

    fn param(&mut self) -> R<Param> {
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
                Ok(Param::Name(n))
            }
            _ => Err(ErbError::new(ErbErrorKind::Syntax("expected a block parameter".into()), self.at())),
        }
    }

    fn primary(&mut self) -> R {
        let t = self.bump();
        let at = t.at;
        Ok(match t.tok {
            Tok::Int(i) => node(Kind::Int(i), at),
            Tok::Float(f) => node(Kind::Float(f), at),
            Tok::Str(parts) => {
                let mut out = Vec::new();
                for p in parts {
                    out.push(match p {
                        StrPart::Lit(s) => Part::Lit(s),
                        StrPart::Code(mut toks) => {
                            toks.push(Token { tok: Tok::Eof, at, space_before: true });
                            let saved = (std::mem::take(&mut self.toks), self.pos);
                            self.toks = toks;
                            self.pos = 0;
                            let body = self.statements(&[]);
                            let done = self.at_eof();
                            (self.toks, self.pos) = saved;
                            let body = body?;
                            if !done {
                                return Err(ErbError::new(ErbErrorKind::Syntax("unexpected token in #{}".into()), at));
                            }
                            Part::Code(body)
                        }
                    });
                }
                node(Kind::Str(out), at)
            }
            Tok::Words(ws) => {
                node(Kind::Array(ws.into_iter().map(|w| node(Kind::Str(vec![Part::Lit(w)]), at)).collect()), at)
            }
            Tok::Sym(s) => node(Kind::Sym(s), at),
            Tok::Regex(r) => node(Kind::Regex(r), at),
            Tok::IVar(n) => node(Kind::IVar(n), at),
            Tok::Const(c) => {
                if self.is_punct("(") && !self.peek().space_before {
                    return self.call_rest(None, c, at);
                }
                node(Kind::Const(c), at)
            }
            Tok::Ident(n) => {
                let called = self.is_punct("(") && !self.peek().space_before;
                if self.locals.contains(&n) && !called {
                    node(Kind::Local(n), at)
                } else {
                    return self.call_rest(None, n, at);
                }
            }
            Tok::Text(s) => node(Kind::Text(s), at),
            Tok::InsertStart => {
                let body = self.statements(&[])?;
                if !matches!(self.tok(), Tok::InsertEnd) {
                    return Err(self.unexpected());
                }
                self.bump();
                node(Kind::Insert(body), at)
            }
            Tok::Punct("(") => {
                let body = self.statements(&[])?;
                self.expect_punct(")")?;
                node(Kind::Seq(body), at)
            }
            Tok::Punct("[") => {
                let items = self.list("]")?;
                node(Kind::Array(items), at)
            }
            Tok::Punct("{") => self.hash_literal(at)?,
            Tok::Punct("->") => return Err(ErbError::new(ErbErrorKind::Unsupported("lambdas (->)".into()), at)),
            Tok::Kw(k) => return self.keyword(k, at),
            _ => {
                self.pos -= 1;
                return Err(self.unexpected());
            }
        })
    }

    fn hash_literal(&mut self, at: usize) -> R {
        let mut pairs = Vec::new();
        loop {
            self.skip_newlines();
            if self.eat_punct("}") {
                return Ok(node(Kind::Hash(pairs), at));
            }
            let kat = self.at();
            let key = if let Tok::Label(l) = self.tok().clone() {
                self.bump();
                node(Kind::Sym(l), kat)
            } else {
                let k = self.ternary()?;
                self.skip_newlines();
                self.expect_punct("=>")?;
                k
            };
            self.skip_newlines();
            let value = self.not_expr()?;
            pairs.push((key, value));
            self.skip_newlines();
            if !self.eat_punct(",") {
                self.skip_newlines();
                self.expect_punct("}")?;
                return Ok(node(Kind::Hash(pairs), at));
            }
        }
    }
}
