//! A recursive-descent parser for the Ruby that templates use, with Ruby's
//! operator precedence (modifiers < `and`/`or` < `not` < `? :` < `..` <
//! `||` < `&&` < `!` < equality < comparison < `|` `^` < `&` < `<<` `>>` <
//! `+` < `*` < unary minus < `**` < method calls). Operators become method
//! calls, as in Ruby.

use std::collections::HashSet;
use std::rc::Rc;

use crate::ast::{Block, Kind, Node, Param, Part, Rescue};
use crate::error::{RubyError, RubyErrorKind};
use crate::lexer::{StrPart, Tok, Token};

mod calls;
mod control;

/// How deeply the parser may recurse: expressions inside expressions
/// (`[[[…]]]`, `f(f(…))`, `a = b = …`, `x ? y ? …`).
const MAX_DEPTH: usize = 48;

/// How deep the tree of one expression may be, counting both nesting and
/// the links of chains the parser reads in a loop (`1 + 1 + …`,
/// `x.a.b…`, `e if c if c…`), each of which puts its left side one level
/// down: evaluating and dropping the tree recurse once per level.
const MAX_TREE: usize = 2_000;

/// Parses a template's tokens (ending with `Eof`) into statements.
pub fn parse(toks: Vec<Token>) -> Result<Vec<Node>, RubyError> {
    let mut p = Parser { toks, pos: 0, locals: HashSet::new(), depth: 0, tree: 0 };
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
    /// The recursion depth ([`MAX_DEPTH`]).
    depth: usize,
    /// The depth of the tree being built above the current point
    /// ([`MAX_TREE`]).
    tree: usize,
}

type R<T = Node> = Result<T, RubyError>;

fn node(kind: Kind, at: usize) -> Node {
    Node { kind, at }
}

fn call(recv: Node, name: &str, args: Vec<Node>, at: usize) -> Node {
    node(Kind::Call { recv: Some(Box::new(recv)), name: name.to_string(), args, block: None }, at)
}

/// How tightly a binary operator binds (higher is tighter), Ruby's order.
fn precedence(op: &str) -> Option<u8> {
    Some(match op {
        "||" => 1,
        "&&" => 2,
        "==" | "!=" | "=~" | "!~" | "===" | "<=>" => 3,
        "<" | ">" | "<=" | ">=" => 4,
        "|" | "^" => 5,
        "&" => 6,
        "<<" | ">>" => 7,
        "+" | "-" => 8,
        "*" | "/" | "%" => 9,
        _ => return None,
    })
}

/// Whether `e` can be assigned to: a variable, a bare name, or `x[k]`.
fn is_target(e: &Node) -> bool {
    match &e.kind {
        Kind::Local(_) | Kind::IVar(_) => true,
        Kind::Call { recv: None, args, block: None, .. } => args.is_empty(),
        Kind::Call { name, block: None, .. } => name == "[]",
        _ => false,
    }
}

/// The block `&:name` stands for: `{ |x| x.name }`.
fn symbol_block(sym: &[Node], at: usize) -> Block {
    let name = match sym.first().map(|n| &n.kind) {
        Some(Kind::Sym(s)) => s.clone(),
        _ => String::new(),
    };
    let it = "&it".to_string();
    let body = vec![call(node(Kind::Local(it.clone()), at), &name, vec![], at)];
    Block { params: vec![Param::Name(it)], body, lambda: false, locals: Vec::new() }
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

    fn unexpected(&self) -> RubyError {
        let what = match self.tok() {
            Tok::Eof => "unexpected end of template".to_string(),
            Tok::Kw(k) => format!("unexpected '{k}'"),
            Tok::Punct(p) => format!("unexpected '{p}'"),
            Tok::Ident(n) | Tok::Const(n) => format!("unexpected '{n}'"),
            Tok::Text(_) => "unexpected template text inside an expression".to_string(),
            Tok::InsertStart | Tok::InsertEnd => "unexpected ERB tag inside an expression".to_string(),
            other => format!("unexpected {other:?}"),
        };
        RubyError::new(RubyErrorKind::Syntax(what), self.at())
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

    fn unsupported(&self, what: &str) -> RubyError {
        RubyError::new(RubyErrorKind::Unsupported(what.to_string()), self.at())
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
            return Err(RubyError::new(RubyErrorKind::Limit("expression nested too deeply".into()), self.at()));
        }
        let tree = self.tree;
        let result = self.link().and_then(|()| f(self));
        self.tree = tree;
        self.depth -= 1;
        result
    }

    /// Runs `f`, a loop that builds a chain, giving back the levels its
    /// links took ([`Parser::link`]) when it is done.
    fn chain<T>(&mut self, f: impl FnOnce(&mut Self) -> R<T>) -> R<T> {
        let tree = self.tree;
        let result = f(self);
        self.tree = tree;
        result
    }

    /// One more level of the tree: a chain's link, or a nested expression.
    fn link(&mut self) -> R<()> {
        self.tree += 1;
        if self.tree > MAX_TREE {
            return Err(RubyError::new(
                RubyErrorKind::Limit(format!("expression deeper than {MAX_TREE} levels")),
                self.at(),
            ));
        }
        Ok(())
    }

    fn statement(&mut self) -> R {
        self.nested(Self::statement_inner)
    }

    fn statement_inner(&mut self) -> R {
        let mut e = self.expr_stmt()?;
        if self.is_punct(",") && is_target(&e) {
            e = self.multi_assign(e)?;
        }
        self.modifiers(e)
    }

    /// Statement modifiers after `e`: `rescue`, `if`, `unless`, `while`,
    /// `until`.
    #[inline(never)]
    fn modifiers(&mut self, e: Node) -> R {
        self.chain(|p| p.modifier_chain(e))
    }

    fn modifier_chain(&mut self, mut e: Node) -> R {
        loop {
            self.link()?;
            let at = self.at();
            if self.eat_kw("rescue") {
                let fallback = self.expr_stmt()?;
                let rescue = Rescue { classes: vec![], splats: vec![], var: None, body: vec![fallback] };
                e = node(Kind::Begin(vec![e], vec![rescue], vec![]), at);
            } else if self.eat_kw("if") {
                let c = self.expr_stmt()?;
                e = node(Kind::If(Box::new(c), vec![e], vec![]), at);
            } else if self.eat_kw("unless") {
                let c = self.expr_stmt()?;
                e = node(Kind::If(Box::new(c), vec![], vec![e]), at);
            } else if self.is_kw("while") || self.is_kw("until") {
                let until = self.is_kw("until");
                self.bump();
                let c = self.expr_stmt()?;
                let c = if until { node(Kind::Not(Box::new(c)), at) } else { c };
                e = node(Kind::While(Box::new(c), vec![e]), at);
            } else {
                return Ok(e);
            }
        }
    }

    /// `a, b = v` (or `a, b = x, y`), after its first target.
    fn multi_assign(&mut self, first: Node) -> R {
        let at = first.at;
        let mut targets = vec![first];
        while self.eat_punct(",") {
            let t = self.postfix()?;
            if !is_target(&t) {
                return Err(self.unexpected());
            }
            targets.push(t);
        }
        self.expect_punct("=")?;
        self.skip_newlines();
        let targets: Vec<Node> = targets
            .into_iter()
            .map(|t| match t.kind {
                Kind::Call { recv: None, name, args, block: None } if args.is_empty() => {
                    self.locals.insert(name.clone());
                    node(Kind::Local(name), t.at)
                }
                _ => t,
            })
            .collect();
        let mut values = vec![self.arg()?];
        while self.eat_punct(",") {
            self.skip_newlines();
            values.push(self.arg()?);
        }
        let value = match values.len() {
            // `a, b = *list` spreads the list, as `a, b = list` does.
            1 => match values.remove(0) {
                Node { kind: Kind::Splat(inner), .. } => *inner,
                one => one,
            },
            _ => node(Kind::Array(values), at),
        };
        Ok(node(Kind::MultiAssign(targets, Box::new(value)), at))
    }

    /// `a and b`, `a or b`, `not a`.
    fn expr_stmt(&mut self) -> R {
        self.chain(Self::and_or_chain)
    }

    fn and_or_chain(&mut self) -> R {
        let mut e = self.not_expr()?;
        loop {
            self.link()?;
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
        self.nested(Self::assignment)
    }

    fn assignment(&mut self) -> R {
        let lhs = self.ternary()?;
        let at = self.at();
        let op = match self.tok() {
            Tok::Punct(
                p @ ("=" | "+=" | "-=" | "*=" | "/=" | "%=" | "**=" | "||=" | "&&=" | "&=" | "|=" | "^=" | "<<="
                | ">>="),
            ) => *p,
            _ => return Ok(lhs),
        };
        let assignable = matches!(&lhs.kind, Kind::Local(_) | Kind::IVar(_) | Kind::Const(_))
            || matches!(&lhs.kind, Kind::Call { recv: None, args, block: None, .. } if args.is_empty())
            || matches!(&lhs.kind, Kind::Call { name, .. } if name == "[]")
            || matches!(&lhs.kind, Kind::Call { recv: Some(_), name, args, block: None }
                if args.is_empty() && name.starts_with(|c: char| c.is_alphabetic() || c == '_'));
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
            _ => call(target.clone(), &op[..op.len() - 1], vec![value], at),
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
        let a = self.nested(Self::ternary)?;
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
        let b = self.nested(Self::ternary)?;
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

    /// The binary operators from `||` to `*`, by precedence climbing: a
    /// chain of one level is a loop, and the recursion is bounded by the
    /// number of levels, not by the length of the expression.
    fn oror(&mut self) -> R {
        self.binary(1)
    }

    /// An expression of binary operators binding at least as tightly as
    /// `min`.
    fn binary(&mut self, min: u8) -> R {
        self.chain(|p| p.binary_chain(min))
    }

    fn binary_chain(&mut self, min: u8) -> R {
        let mut lhs = self.unary()?;
        loop {
            self.link()?;
            let at = self.at();
            let Tok::Punct(op) = *self.tok() else { return Ok(lhs) };
            let Some(prec) = precedence(op) else { return Ok(lhs) };
            if prec < min {
                return Ok(lhs);
            }
            self.bump();
            self.skip_newlines();
            let rhs = self.nested(|p| p.binary(prec + 1))?;
            lhs = match op {
                "||" => node(Kind::Or(Box::new(lhs), Box::new(rhs)), at),
                "&&" => node(Kind::And(Box::new(lhs), Box::new(rhs)), at),
                "!=" => node(Kind::Not(Box::new(call(lhs, "==", vec![rhs], at))), at),
                "!~" => node(Kind::Not(Box::new(call(lhs, "=~", vec![rhs], at))), at),
                _ => call(lhs, op, vec![rhs], at),
            };
        }
    }

    fn unary(&mut self) -> R {
        let at = self.at();
        if self.eat_punct("!") {
            let e = self.nested(Self::unary)?;
            return Ok(node(Kind::Not(Box::new(e)), at));
        }
        if self.eat_punct("+") {
            let e = self.nested(Self::unary)?;
            return Ok(call(e, "+@", vec![], at));
        }
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
        self.chain(Self::postfix_chain)
    }

    fn postfix_chain(&mut self) -> R {
        let mut e = self.primary()?;
        loop {
            self.link()?;
            let t = self.peek().clone();
            match &t.tok {
                Tok::Punct(".") | Tok::Punct("&.") => {
                    self.bump();
                    self.skip_newlines();
                    if self.is_punct("(") {
                        // `f.(x)` is `f.call(x)`.
                        e = self.call_rest(Some(e), "call".into(), t.at)?;
                        continue;
                    }
                    let nt = self.bump();
                    let name = match nt.tok {
                        Tok::Ident(n) | Tok::Const(n) => n,
                        Tok::Kw(k) => k.to_string(),
                        Tok::Label(l) => {
                            return Err(RubyError::new(RubyErrorKind::Syntax(format!("unexpected '{l}:'")), nt.at))
                        }
                        _ => return Err(RubyError::new(RubyErrorKind::Syntax("expected a method name".into()), nt.at)),
                    };
                    if t.tok == Tok::Punct("&.") {
                        e = self.safe_call(e, name, nt.at)?;
                    } else {
                        e = self.call_rest(Some(e), name, nt.at)?;
                    }
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
                        _ => return Err(RubyError::new(RubyErrorKind::Syntax("unexpected '::'".into()), nt.at)),
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

    fn primary(&mut self) -> R {
        let t = self.bump();
        let at = t.at;
        Ok(match t.tok {
            Tok::Int(i) => node(Kind::Int(i), at),
            Tok::Float(f) => node(Kind::Float(f), at),
            Tok::Str(parts) => self.string_literal(parts, at)?,
            Tok::Words(ws) => {
                node(Kind::Array(ws.into_iter().map(|w| node(Kind::Str(vec![Part::Lit(w)]), at)).collect()), at)
            }
            Tok::Sym(s) => node(Kind::Sym(s), at),
            Tok::Regex(parts) => node(Kind::Regex(self.parts(parts, at)?), at),
            Tok::Symbols(ss) => node(Kind::Array(ss.into_iter().map(|w| node(Kind::Sym(w), at)).collect()), at),
            Tok::Punct("::") => match self.bump().tok {
                Tok::Const(c) => node(Kind::Const(c), at),
                _ => return Err(RubyError::new(RubyErrorKind::Syntax("expected a constant after '::'".into()), at)),
            },
            Tok::IVar(n) => node(Kind::IVar(n), at),
            Tok::GVar(n) => node(Kind::GVar(n), at),
            Tok::MatchRef(n) => node(Kind::MatchRef(n), at),
            Tok::LastMatch => node(Kind::LastMatch, at),
            Tok::Const(c) => {
                if self.is_punct("(") && !self.peek().space_before {
                    return self.call_rest(None, c, at);
                }
                // `Integer key`: a constant then a space and a name or a
                // literal is a call of the method of that name, as Ruby
                // reads it.
                let command = self.peek().space_before
                    && matches!(
                        self.tok(),
                        Tok::Ident(_) | Tok::IVar(_) | Tok::Str(_) | Tok::Int(_) | Tok::Float(_) | Tok::Sym(_)
                    );
                if command {
                    return self.call_rest(None, c, at);
                }
                node(Kind::Const(c), at)
            }
            Tok::Ident(n) => return self.identifier(n, at),
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
            Tok::Punct("->") => return self.stabby_lambda(at),
            Tok::Kw(k) => return self.keyword(k, at),
            _ => {
                self.pos -= 1;
                return Err(self.unexpected());
            }
        })
    }

    /// A string literal, and the literals right after it that Ruby joins
    /// to it: `"a" 'b'`, also across `\` line ends.
    #[inline(never)]
    fn string_literal(&mut self, parts: Vec<StrPart>, at: usize) -> R {
        let mut out = self.parts(parts, at)?;
        while let Tok::Str(more) = self.tok().clone() {
            self.bump();
            out.extend(self.parts(more, at)?);
        }
        Ok(node(Kind::Str(out), at))
    }

    /// A name: a local variable, or a method call (`lambda { }` and
    /// `proc { }` make a block a value).
    #[inline(never)]
    fn identifier(&mut self, n: String, at: usize) -> R {
        let called = self.is_punct("(") && !self.peek().space_before;
        if self.locals.contains(&n) && !called {
            return Ok(node(Kind::Local(n), at));
        }
        let call = self.call_rest(None, n, at)?;
        Ok(match call.kind {
            Kind::Call { recv: None, name, args, block: Some(block) }
                if args.is_empty() && matches!(name.as_str(), "lambda" | "proc") =>
            {
                let mut block = (*block).clone();
                block.lambda = name == "lambda";
                node(Kind::Lambda(Rc::new(block)), at)
            }
            kind => node(kind, at),
        })
    }

    /// A string's or regexp's lexed parts, their `#{}` code parsed.
    fn parts(&mut self, parts: Vec<StrPart>, at: usize) -> R<Vec<Part>> {
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
                        return Err(RubyError::new(RubyErrorKind::Syntax("unexpected token in #{}".into()), at));
                    }
                    Part::Code(body)
                }
            });
        }
        Ok(out)
    }

    /// `->(a, b) { ... }` or `-> { ... }` (or `do ... end`).
    fn stabby_lambda(&mut self, at: usize) -> R {
        let outer = self.locals.clone();
        let mut params = Vec::new();
        if self.eat_punct("(") && !self.eat_punct(")") {
            loop {
                params.push(self.param()?);
                if !self.eat_punct(",") {
                    break;
                }
            }
            self.expect_punct(")")?;
        }
        let Some(mut block) = self.block()? else {
            return Err(self.unexpected());
        };
        if !params.is_empty() {
            block.params = params;
        }
        block.lambda = true;
        self.locals = outer;
        Ok(node(Kind::Lambda(Rc::new(block)), at))
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
