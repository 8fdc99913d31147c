//! A recursive-descent parser for CFEngine 3 policy, following cf3parse.y's
//! grammar and its error messages.

use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Pos};
use crate::syntax::ast::{Body, Bundle, Constraint, FnCall, Policy, Promise, Rval, Section};
use crate::syntax::lexer::{Lexer, Tok, Token};
use crate::syntax::rules;

/// Nesting depth of function calls beyond which cf-promises gives up.
const MAX_FN_NESTING: usize = 64;

/// Parses one file into `policy`, appending its bundles and bodies.
/// `next_id` numbers promises uniquely across files.
pub fn parse_into(file: &Arc<str>, src: &str, policy: &mut Policy, next_id: &mut usize) -> Result<(), Diagnostic> {
    let mut p = Parser {
        lexer: Lexer::new(src),
        file: file.clone(),
        tok: Token { tok: Tok::Eof, end: Pos::default(), start: Pos::default() },
        prev_end: Pos { line: 1, col: 1, offset: 0 },
        ns: "default".to_string(),
        next_id: *next_id,
        fn_depth: 0,
    };
    let r = p.bump().and_then(|_| p.policy(policy));
    *next_id = p.next_id;
    r.map_err(|d| d.with_source(src))
}

/// Parses a standalone policy text (one file).
pub fn parse(file: &str, src: &str) -> Result<Policy, Diagnostic> {
    let mut policy = Policy::default();
    let mut id = 0;
    parse_into(&Arc::from(file), src, &mut policy, &mut id)?;
    Ok(policy)
}

struct Parser<'a> {
    lexer: Lexer<'a>,
    file: Arc<str>,
    tok: Token,
    prev_end: Pos,
    ns: String,
    next_id: usize,
    fn_depth: usize,
}

type PResult<T> = Result<T, Diagnostic>;

impl Parser<'_> {
    fn bump(&mut self) -> PResult<Token> {
        let next = self.lexer.next_token().map_err(|e| Diagnostic::new(&self.file, e.pos, e.message))?;
        let prev = std::mem::replace(&mut self.tok, next);
        self.prev_end = prev.end;
        Ok(prev)
    }

    /// An error at the current (lookahead) token, as bison reports it.
    fn err_here(&self, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::new(&self.file, self.tok.end, msg)
    }

    /// An error reported when a rule reduces, before the lookahead is read.
    fn err_prev(&self, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::new(&self.file, self.prev_end, msg)
    }

    fn got(&self) -> String {
        self.tok.tok.text()
    }

    fn is_char(&self, c: char) -> bool {
        self.tok.tok == Tok::Char(c)
    }

    fn policy(&mut self, policy: &mut Policy) -> PResult<()> {
        loop {
            match &self.tok.tok {
                Tok::Eof => return Ok(()),
                Tok::Bundle => {
                    self.bump()?;
                    let b = self.bundle()?;
                    policy.bundles.push(Arc::new(b));
                }
                Tok::Body => {
                    self.bump()?;
                    let b = self.body()?;
                    if b.kind == "file" && b.name == "control" {
                        for c in &b.constraints {
                            if c.lval == "namespace" {
                                if let Rval::Scalar(s) = &c.rval {
                                    self.ns = s.to_string();
                                }
                            }
                        }
                    }
                    policy.bodies.push(Arc::new(b));
                }
                Tok::Promise => {
                    self.bump()?;
                    let b = self.body()?;
                    policy.bodies.push(Arc::new(b));
                }
                _ => {
                    return Err(
                        self.err_here(format!("Expected 'bundle' or 'body' keyword, wrong input '{}'", self.got()))
                    )
                }
            }
        }
    }

    fn ident(&mut self, what: &str) -> PResult<String> {
        match &self.tok.tok {
            Tok::Ident(s) => {
                let s = s.clone();
                self.bump()?;
                Ok(s)
            }
            Tok::Bundle | Tok::Body | Tok::Promise => {
                let s = self.got();
                self.bump()?;
                Ok(s)
            }
            _ => Err(self.err_here(format!("Expected {what}, wrong input '{}'", self.got()))),
        }
    }

    fn arglist(&mut self) -> PResult<Vec<String>> {
        let mut args = vec![];
        if !self.is_char('(') {
            return Ok(args);
        }
        self.bump()?;
        loop {
            match &self.tok.tok {
                Tok::Char(')') => {
                    self.bump()?;
                    return Ok(args);
                }
                Tok::Ident(s) => {
                    args.push(s.clone());
                    self.bump()?;
                    if self.is_char(',') {
                        self.bump()?;
                    } else if !self.is_char(')') {
                        return Err(self.err_here(format!(
                            "Error in bundle parameter list, expected ')', wrong input '{}'",
                            self.got()
                        )));
                    }
                }
                _ => return Err(self.err_here(format!("Expected identifier, wrong input '{}'", self.got()))),
            }
        }
    }

    fn open_brace(&mut self) -> PResult<()> {
        if !self.is_char('{') {
            return Err(self.err_here(format!("Expected body open '{{', wrong input '{}'", self.got())));
        }
        self.bump()?;
        Ok(())
    }

    fn bundle(&mut self) -> PResult<Bundle> {
        let line = self.prev_end.line;
        let kind = self.ident("bundle type")?;
        if !rules::is_bundle_type(&kind) {
            return Err(self.err_prev(format!("Unknown bundle type '{kind}'")));
        }
        let name = self.ident("bundle identifier")?;
        let args = self.arglist()?;
        self.open_brace()?;
        let (ns, name) = split_ns(&self.ns, &name);
        let mut bundle = Bundle { ns, kind, name, args, sections: vec![], file: self.file.clone(), line };
        let mut classes: Arc<str> = Arc::from("any");
        let mut varclasses: Option<Arc<str>> = None;
        loop {
            match self.tok.tok.clone() {
                Tok::Char('}') => {
                    self.bump()?;
                    return Ok(bundle);
                }
                Tok::PromiseGuard(t) => {
                    let line = self.tok.start.line;
                    self.bump()?;
                    classes = Arc::from("any");
                    varclasses = None;
                    bundle.sections.push(Section { promise_type: t, promises: vec![], line });
                }
                Tok::ClassGuard(c) => {
                    if bundle.sections.is_empty() {
                        return Err(self.err_here(format!("Expected promise type, got '{}'", self.got())));
                    }
                    self.bump()?;
                    if rules::class_names_apart(&c) {
                        return Err(Diagnostic::new(
                            &self.file,
                            self.prev_end,
                            "class names can't be separated by whitespace without an intervening operator",
                        ));
                    }
                    if let Some(off) = rules::class_expression_error(&c) {
                        let mut pos = self.prev_end;
                        pos.col = (pos.col as i64 - 2 - (c.len() as i64 - off as i64)).max(1) as u32;
                        return Err(Diagnostic::new(&self.file, pos, "Syntax error in context string"));
                    }
                    classes = Arc::from(c.as_str());
                    varclasses = None;
                }
                Tok::VarClassGuard(c) => {
                    if bundle.sections.is_empty() {
                        return Err(self.err_here(format!("Expected promise type, got '{}'", self.got())));
                    }
                    self.bump()?;
                    classes = Arc::from("any");
                    varclasses = Some(Arc::from(c.as_str()));
                }
                Tok::QString(_) if !bundle.sections.is_empty() => {
                    let section_type = bundle.sections.last().map(|s| s.promise_type.clone()).unwrap_or_default();
                    let promise = self.promise(&bundle.kind, &section_type, &classes, &varclasses)?;
                    if let Some(s) = bundle.sections.last_mut() {
                        s.promises.push(promise);
                    }
                }
                Tok::Bundle | Tok::Body if !bundle.sections.is_empty() => {
                    return Err(self.err_here(format!("Expected '}}', got '{}'", self.got())));
                }
                _ if bundle.sections.is_empty() => {
                    return Err(self.err_here(format!("Expected promise type, got '{}'", self.got())));
                }
                _ => return Err(self.err_here(format!("Expected promiser string, got '{}'", self.got()))),
            }
        }
    }

    fn promise(
        &mut self,
        bundle_kind: &str,
        promise_type: &str,
        classes: &Arc<str>,
        varclasses: &Option<Arc<str>>,
    ) -> PResult<Promise> {
        let promiser = match self.bump()?.tok {
            Tok::QString(s) => s,
            _ => unreachable!("promise() is called on a quoted string"),
        };
        let line = self.prev_end.line;
        let mut promisee = None;
        if self.tok.tok == Tok::ThinArrow {
            self.bump()?;
            promisee = Some(self.rval()?);
        }
        let mut constraints = vec![];
        if !self.is_char(';') {
            match &self.tok.tok {
                Tok::Ident(_) => {}
                Tok::Char(',') => {
                    return Err(self.err_here(format!(
                        "Expected attribute, got '{}' (comma after promiser is not allowed since 3.5.0)",
                        self.got()
                    )))
                }
                Tok::Char('-') | Tok::Char('>') => {
                    return Err(self.err_here(format!("Expected '->', got '{}'", self.got())))
                }
                _ => return Err(self.err_here(format!("Expected ';', got '{}'", self.got()))),
            }
            loop {
                let lval = match &self.tok.tok {
                    Tok::Ident(s) => s.clone(),
                    _ => return Err(self.err_here(format!("Expected attribute, got '{}'", self.got()))),
                };
                self.bump()?;
                if !rules::attribute_known(promise_type, &lval) {
                    return Err(self.err_prev(format!(
                        "Unknown attribute '{lval}' for promise type '{promise_type}' in bundle with type '{bundle_kind}'"
                    )));
                }
                if self.tok.tok != Tok::FatArrow {
                    return Err(self.err_here(format!("Expected '=>', got '{}'", self.got())));
                }
                self.bump()?;
                let rval = self.rval()?;
                let rval = rules::magic_rval(&lval, rval, self.prev_end);
                if let Some(e) = rules::check_constraint(promise_type, &lval, &rules::Literal::of_rval(&rval)) {
                    let mut d = self.err_prev(e.message);
                    d.log = e.log;
                    return Err(d);
                }
                constraints.push(Constraint { lval, rval, classes: "any".into(), pos: self.prev_end });
                match &self.tok.tok {
                    Tok::Char(',') => {
                        self.bump()?;
                    }
                    Tok::Char(';') => break,
                    Tok::Ident(_) => {
                        return Err(self.err_here(format!("Check previous line, Expected ',', got '{}'", self.got())))
                    }
                    _ => return Err(self.err_here(format!("Check previous line, Expected ';', got '{}'", self.got()))),
                }
            }
        }
        self.bump()?; // ';'
        let id = self.next_id;
        self.next_id += 1;
        Ok(Promise {
            promiser: Arc::from(promiser.as_str()),
            promisee,
            classes: classes.clone(),
            varclasses: varclasses.clone(),
            constraints,
            line,
            id,
        })
    }

    fn body(&mut self) -> PResult<Body> {
        let kind = self.ident("body type")?;
        let name = self.ident("body identifier")?;
        let args = self.arglist()?;
        self.open_brace()?;
        let (ns, name) = split_ns(&self.ns, &name);
        let mut body = Body { ns, kind, name, args, constraints: vec![], file: self.file.clone() };
        let mut classes = "any".to_string();
        loop {
            match self.tok.tok.clone() {
                Tok::Char('}') => {
                    self.bump()?;
                    return Ok(body);
                }
                Tok::ClassGuard(c) => {
                    self.bump()?;
                    classes = c;
                }
                Tok::VarClassGuard(c) => {
                    self.bump()?;
                    classes = c;
                }
                Tok::Ident(lval) => {
                    self.bump()?;
                    if !rules::body_attribute_known(&body.kind, &lval) {
                        let what = format!("body {} {}", body.kind, body.name);
                        return Err(self.err_prev(format!("Unknown attribute '{lval}' for '{what}'")));
                    }
                    if self.tok.tok != Tok::FatArrow {
                        return Err(self.err_here(format!("Expected '=>', got '{}'", self.got())));
                    }
                    self.bump()?;
                    let rval = self.rval()?;
                    if let Some(e) = rules::check_body_constraint(&body.kind, &lval, &rules::Literal::of_rval(&rval)) {
                        let mut d = self.err_prev(e.message);
                        d.log = e.log;
                        return Err(d);
                    }
                    body.constraints.push(Constraint { lval, rval, classes: classes.clone(), pos: self.prev_end });
                    if !self.is_char(';') {
                        return Err(
                            self.err_here(format!("Expected ';' check previous statement, got '{}'", self.got()))
                        );
                    }
                    self.bump()?;
                }
                Tok::Bundle | Tok::Body | Tok::Eof => {
                    return Err(self.err_here(format!("Expected '}}', got '{}'", self.got())))
                }
                _ => return Err(self.err_here(format!("Expected attribute, got '{}'", self.got()))),
            }
        }
    }

    fn rval(&mut self) -> PResult<Rval> {
        match self.tok.tok.clone() {
            Tok::Ident(s) | Tok::NakedVar(s) => {
                self.bump()?;
                if self.is_char('(') {
                    return self.fncall(s);
                }
                Ok(Rval::Scalar(Arc::from(s.as_str())))
            }
            Tok::QString(s) => {
                self.bump()?;
                Ok(Rval::Scalar(Arc::from(s.as_str())))
            }
            Tok::Char('{') => self.list(),
            _ => Err(self.err_here(format!("Invalid r-value type '{}'", self.got()))),
        }
    }

    fn list(&mut self) -> PResult<Rval> {
        self.bump()?; // '{'
        let mut items = vec![];
        loop {
            if self.is_char('}') {
                self.bump()?;
                return Ok(Rval::List(items));
            }
            let item = match self.tok.tok.clone() {
                Tok::Ident(s) | Tok::NakedVar(s) => {
                    self.bump()?;
                    if self.is_char('(') {
                        self.fncall(s)?
                    } else {
                        Rval::Scalar(Arc::from(s.as_str()))
                    }
                }
                Tok::QString(s) => {
                    self.bump()?;
                    Rval::Scalar(Arc::from(s.as_str()))
                }
                _ => return Err(self.err_here(format!("Invalid input for a list item, got '{}'", self.got()))),
            };
            items.push(item);
            if self.is_char(',') {
                self.bump()?;
            } else if !self.is_char('}') {
                return Err(self.err_here(format!("Expected ',', wrong input '{}'", self.got())));
            }
        }
    }

    fn fncall(&mut self, name: String) -> PResult<Rval> {
        self.fn_depth += 1;
        if self.fn_depth > MAX_FN_NESTING {
            return Err(self.err_here("Nesting of functions is deeper than recommended"));
        }
        self.bump()?; // '('
        let mut args = vec![];
        loop {
            if self.is_char(')') {
                self.bump()?;
                break;
            }
            let item = match self.tok.tok.clone() {
                Tok::Ident(s) | Tok::NakedVar(s) => {
                    self.bump()?;
                    if self.is_char('(') {
                        self.fncall(s)?
                    } else {
                        Rval::Scalar(Arc::from(s.as_str()))
                    }
                }
                Tok::QString(s) => {
                    self.bump()?;
                    Rval::Scalar(Arc::from(s.as_str()))
                }
                Tok::Char(';') | Tok::Eof => {
                    return Err(self.err_here(format!("Expected ')', wrong input '{}'", self.got())))
                }
                _ => return Err(self.err_here(format!("Invalid function argument, wrong input '{}'", self.got()))),
            };
            args.push(item);
            if self.is_char(',') {
                self.bump()?;
            } else if !self.is_char(')') {
                return Err(self.err_here(format!("Expected ',', wrong input '{}'", self.got())));
            }
        }
        self.fn_depth -= 1;
        Ok(Rval::FnCall(FnCall { name, args, pos: self.prev_end }))
    }
}

/// Splits `ns:name` or qualifies `name` with the current namespace.
fn split_ns(current: &str, name: &str) -> (String, String) {
    match name.split_once(':') {
        Some((ns, n)) => (ns.to_string(), n.to_string()),
        None => (current.to_string(), name.to_string()),
    }
}
