//! Static checks Puppet makes on a parsed manifest before evaluating any of it,
//! so that such errors stop a manifest before it logs anything. The rules are
//! those of Puppet 7's `Checker4_0` (`puppet/pops/validation/checker4_0.rb`),
//! visited in the same order (each expression before what it contains), and
//! then the checks its loaders make when they register what a manifest
//! defines (`registry`).

mod definitions;
mod idem;
mod labels;
mod registry;

use crate::ast::{AttributeOp, BinaryOp, Expr, ExprKind, Program, ResourceForm, StringPart, UnaryOp};
use crate::error::{ErrorKind, Phase, PuppetError};
use crate::log::Location;
use crate::span::{Source, Span};
use crate::strict::Strictness;

use labels::{a_an, a_an_uc, label};

/// Checks `program`, reporting its problems, or else the warnings (position
/// and message) Puppet's validation gives.
///
/// One problem reads as Puppet's parser reports it (`Could not parse for
/// environment production: …`); several as Puppet's validator logs them,
/// one per line, followed by its `Language validation logged N errors`.
pub fn check(program: &Program, source: &Source, strict: Strictness) -> Result<Vec<(Span, String)>, PuppetError> {
    let mut checker = run(program, source, strict);
    if let Some((_, message)) = checker.bad_regex {
        return Err(bad_regex(&message));
    }
    let locate = |span: Span| {
        let (line, column) = source.line_col(span.start);
        Location { file: source.name.as_str().into(), line, column }
    };
    match checker.problems.len() {
        0 => {}
        1 => {
            let (span, message) = checker.problems.remove(0);
            return Err(located(source, span, message));
        }
        n => {
            let mut lines: Vec<String> = checker
                .problems
                .iter()
                .map(|(span, message)| format!("{message} {}", crate::log::PuppetPlace(&locate(*span))))
                .collect();
            lines.push(format!("Language validation logged {n} errors. Giving up"));
            return Err(PuppetError::new(Phase::Validation, lines.join("\nError: ")));
        }
    }
    registry::check(program, source)?;
    Ok(checker.warnings)
}

/// Each problem of `program` as an error of its own at its place, and the
/// warnings: what an editor marks, where [`check`] words several problems
/// as Puppet's one message. The loaders' checks (`registry`) run only on a
/// manifest without other problems, as in Puppet.
pub fn check_each(program: &Program, source: &Source, strict: Strictness) -> (Vec<PuppetError>, Vec<(Span, String)>) {
    let checker = run(program, source, strict);
    // Puppet names no place for a regexp that does not compile; an editor marks the literal.
    let mut errors: Vec<PuppetError> = checker
        .bad_regex
        .map(|(span, message)| {
            let at = located(source, span, String::new());
            PuppetError { location: at.location, span: at.span, ..bad_regex(&message) }
        })
        .into_iter()
        .collect();
    errors.extend(checker.problems.into_iter().map(|(span, message)| located(source, span, message)));
    if errors.is_empty() {
        errors.extend(registry::check(program, source).err());
    }
    (errors, checker.warnings)
}

/// Visits the whole manifest, collecting its problems and warnings.
fn run<'s>(program: &Program, source: &'s Source, strict: Strictness) -> Checker<'s> {
    let mut checker = Checker { problems: Vec::new(), warnings: Vec::new(), bad_regex: None, source, strict };
    let statements: Vec<&Expr> = program.body.iter().collect();
    checker.block(&statements, None);
    let place = if program.body.len() > 1 { Place::ProgramBlock } else { Place::Program };
    for stmt in &program.body {
        checker.expr(stmt, place);
    }
    checker
}

/// A regexp literal that does not compile: Ruby compiles it while the
/// manifest is parsed, so Puppet raises it as a load error.
fn bad_regex(message: &str) -> PuppetError {
    PuppetError::new(Phase::Loading, format!("Could not parse for environment production: {message}"))
}

/// One problem as Puppet's parser words it, at `span`.
fn located(source: &Source, span: Span, message: String) -> PuppetError {
    let (line, column) = source.line_col(span.start);
    PuppetError {
        phase: Phase::Syntax,
        kind: ErrorKind::Syntax,
        message,
        location: Some(Location { file: source.name.as_str().into(), line, column }),
        span: Some(source.local_span(span)),
        labels: Box::default(),
        notes: Vec::new(),
    }
}

/// Where a definition stands, for Puppet's rule that classes, defined types
/// and nodes are only at top level or directly in a class, and functions and
/// type aliases only at top level.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// The only statement of the manifest.
    Program,
    /// One of several statements of the manifest.
    ProgramBlock,
    /// A statement of a class body.
    ClassBody,
    /// One of several statements of another block (an `if` branch, a lambda).
    Block,
    /// Anywhere else: in an expression, or alone in a block.
    Nested,
}

pub(super) struct Checker<'s> {
    problems: Vec<(Span, String)>,
    warnings: Vec<(Span, String)>,
    /// The first regexp literal that does not compile, with why.
    bad_regex: Option<(Span, String)>,
    source: &'s Source,
    /// Whether a strict issue (a hash key written twice) is said, and how.
    strict: Strictness,
}

impl Checker<'_> {
    fn problem(&mut self, span: Span, message: impl Into<String>) {
        self.problems.push((span, message.into()));
    }

    /// Where Puppet locates `e`: a binary expression or assignment at its
    /// operator, a type alias at its name, anything else where it starts.
    fn at(&self, e: &Expr) -> Span {
        let skip_from = |offset: u32| {
            let rest = self.source.text_from(offset);
            let gap = rest.len() - rest.trim_start().len();
            let at = offset + gap as u32;
            Span::new(at as usize, at as usize)
        };
        match &e.kind {
            ExprKind::Binary { lhs, .. } | ExprKind::Assign { target: lhs, .. } => skip_from(lhs.span.end),
            ExprKind::TypeAlias { .. } => {
                let rest = self.source.text_from(e.span.start);
                skip_from(e.span.start + rest.find(char::is_whitespace).unwrap_or(0) as u32)
            }
            _ => e.span,
        }
    }

    /// The place of the statements of a block other than a class body.
    fn block_place(body: &[Expr]) -> Place {
        if body.len() > 1 {
            Place::Block
        } else {
            Place::Nested
        }
    }

    /// Puppet's `top`: may a definition stand at `place`? Functions and type
    /// aliases (`absolute`) only at the manifest's top level.
    fn top(&mut self, e: &Expr, place: Place, absolute: bool) {
        let ok = match place {
            Place::Program | Place::ProgramBlock => true,
            Place::ClassBody => !absolute,
            Place::Block | Place::Nested => false,
        };
        if ok {
            return;
        }
        let at = self.at(e);
        if absolute && matches!(place, Place::ClassBody | Place::Block) {
            self.problem(at, format!("{} may only appear at toplevel", a_an_uc(&label(e))));
        } else {
            self.problem(at, "Classes, definitions, and nodes may only appear at toplevel or inside other classes");
        }
    }

    /// The left side of `=`: only plain local variables (or arrays of them).
    fn assign_target(&mut self, target: &Expr) {
        match &target.kind {
            ExprKind::Variable(name) if name.starts_with(|c: char| c.is_ascii_digit()) => self.problem(
                target.span,
                format!(
                    "Illegal attempt to assign to the numeric match result variable '${name}'. Numeric variables are not assignable"
                ),
            ),
            ExprKind::Variable(name) if name.contains("::") => self.problem(
                target.span,
                format!("Illegal attempt to assign to '{name}'. Cannot assign to variables in other namespaces"),
            ),
            ExprKind::Variable(_) => {}
            ExprKind::Array(items) => items.iter().for_each(|i| self.assign_target(i)),
            ExprKind::Access { .. } => {
                self.problem(target.span, "Illegal attempt to assign via [index/key]. Not an assignable reference")
            }
            _ => self.problem(
                self.at(target),
                format!("Illegal attempt to assign to '{}'. Not an assignable reference", a_an(&label(target))),
            ),
        }
    }

    /// Puppet's `rvalue`: definitions and collectors produce no value.
    fn rvalue(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Collector { .. }
            | ExprKind::ClassDef(_)
            | ExprKind::DefineDef(_)
            | ExprKind::FunctionDef(_)
            | ExprKind::PlanDef(_)
            | ExprKind::NodeDef(_) => self
                .problem(e.span, format!("Invalid use of expression. {} does not produce a value", a_an_uc(&label(e)))),
            ExprKind::Unary { operand, .. } => self.rvalue(operand),
            _ => {}
        }
    }

    /// The side of a relationship: a collector or another relationship may
    /// stand there, anything else must produce a value.
    fn relation(&mut self, e: &Expr) {
        if !matches!(e.kind, ExprKind::Collector { .. } | ExprKind::Relationship { .. }) {
            self.rvalue(e);
        }
    }

    /// A second `default` among the options of a `case` or a selector.
    fn duplicate_default<'e>(&mut self, container: &Expr, options: impl Iterator<Item = &'e Expr>) {
        let mut defaults = options.filter(|o| matches!(o.kind, ExprKind::Default));
        if let (Some(_), Some(second)) = (defaults.next(), defaults.next()) {
            let what = label(container);
            self.problem(second.span, format!("This {what} already has a 'default' entry - this is a duplicate"));
        }
    }

    /// A collector's query may only compare attributes with `==`/`!=`,
    /// joined by `and`/`or`.
    fn query(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Binary { op: BinaryOp::And | BinaryOp::Or, lhs, rhs } => {
                self.query(lhs);
                self.query(rhs);
            }
            ExprKind::Binary { op: BinaryOp::Eq | BinaryOp::Ne, .. } => {}
            ExprKind::Paren(inner) => self.query(inner),
            ExprKind::Variable(_)
            | ExprKind::BareWord(_)
            | ExprKind::Integer(_)
            | ExprKind::Float(_)
            | ExprKind::String(_)
            | ExprKind::Boolean(_) => {}
            _ => self.problem(
                self.at(e),
                format!("Illegal query expression. {} cannot be used in a query", a_an_uc(&label(e))),
            ),
        }
    }

    /// The attribute operations of a resource body, defaults or override:
    /// `+>` only where Puppet allows appending, one `* =>` per body.
    fn attribute_ops(&mut self, ops: &[AttributeOp], container: Option<&str>) {
        let mut unfolded = false;
        for op in ops {
            match op {
                AttributeOp::Set { name, append: true, span, value } => {
                    if let Some(what) = container {
                        self.problem(
                            *span,
                            format!(
                                "Illegal +> operation on attribute {name}. This operator can not be used in {}",
                                a_an(what)
                            ),
                        );
                    }
                    self.rvalue(value);
                }
                AttributeOp::Set { value, .. } => self.rvalue(value),
                AttributeOp::Splat { span, value } => {
                    if unfolded && container == Some("Resource Instance Definition") {
                        self.problem(
                            *span,
                            "Unfolding of attributes from Hash can only be used once per resource body",
                        );
                    }
                    unfolded = true;
                    self.rvalue(value);
                }
            }
        }
    }

    /// Puppet warns about a literal key given twice in a hash literal,
    /// pointing at the second entry's `=>`.
    fn duplicate_keys(&mut self, pairs: &[(Expr, Expr)]) {
        let mut seen: Vec<String> = Vec::new();
        for (key, _) in pairs {
            let literal = match &key.kind {
                ExprKind::String(s) | ExprKind::BareWord(s) => s.clone(),
                ExprKind::Integer(i) => i.to_string(),
                ExprKind::Boolean(b) => b.to_string(),
                _ => continue,
            };
            if seen.contains(&literal) {
                let after = self.source.text_from(key.span.end);
                let arrow = key.span.end as usize + after.find("=>").unwrap_or(0);
                let said = (Span::new(arrow, arrow), format!("The key '{literal}' is declared more than once"));
                match self.strict {
                    Strictness::Off => {}
                    Strictness::Warning => self.warnings.push(said),
                    Strictness::Error => self.problems.push(said),
                }
            } else {
                seen.push(literal);
            }
        }
    }

    /// A regular expression literal must compile, as Ruby compiles it when
    /// the manifest is parsed.
    fn regex(&mut self, pattern: &str, span: Span) {
        if self.bad_regex.is_some() {
            return;
        }
        if let Err(err) = confer_core::Regexp::new(pattern) {
            self.bad_regex = Some((span, format!("{err}: /{pattern}/")));
        }
    }

    /// Checks `e` itself, then what it contains.
    fn expr(&mut self, e: &Expr, place: Place) {
        match &e.kind {
            ExprKind::ClassDef(c) => {
                self.top(e, place, false);
                definitions::class(self, e, c);
                let body: Vec<&Expr> = c.body.iter().collect();
                self.block(&body, Some("Host Class Definition"));
                c.params.iter().filter_map(|p| p.type_expr.as_ref()).for_each(|t| self.expr(t, Place::Nested));
                c.params.iter().filter_map(|p| p.default.as_ref()).for_each(|d| self.expr(d, Place::Nested));
                c.body.iter().for_each(|s| self.expr(s, Place::ClassBody));
            }
            ExprKind::DefineDef(d) => {
                self.top(e, place, false);
                definitions::define(self, e, d);
                let body: Vec<&Expr> = d.body.iter().collect();
                self.block(&body, Some("'define' expression"));
                self.definition_children(d, &d.body);
            }
            ExprKind::FunctionDef(d) | ExprKind::PlanDef(d) => {
                self.top(e, place, true);
                definitions::function(self, e, d);
                let body: Vec<&Expr> = d.body.iter().collect();
                self.block(&body, None);
                self.definition_children(d, &d.body);
            }
            ExprKind::NodeDef(n) => {
                definitions::node(self, e, n);
                self.top(e, place, false);
                let body: Vec<&Expr> = n.body.iter().collect();
                self.block(&body, Some("Node Definition"));
                let inner = Self::block_place(&n.body);
                n.body.iter().for_each(|s| self.expr(s, inner));
            }
            ExprKind::TypeAlias { type_expr, .. } => {
                self.top(e, place, true);
                definitions::type_alias(self, e, type_expr);
                self.expr(type_expr, Place::Nested);
            }
            ExprKind::Assign { target, value } => {
                self.assign_target(target);
                self.rvalue(value);
                self.expr(target, Place::Nested);
                self.expr(value, Place::Nested);
            }
            ExprKind::Regex(pattern) => self.regex(pattern, e.span),
            _ => {
                self.own_rules(e);
                self.children(e);
            }
        }
    }

    /// The parameters' types and defaults, then the body, of a defined type or function.
    fn definition_children(&mut self, d: &crate::ast::Definition, body: &[Expr]) {
        for p in &d.params {
            p.type_expr.iter().chain(p.default.iter()).for_each(|x| self.expr(x, Place::Nested));
        }
        if let Some(r) = &d.return_type {
            self.expr(r, Place::Nested);
        }
        let inner = Self::block_place(body);
        body.iter().for_each(|s| self.expr(s, inner));
    }

    /// The rules of expressions that are not definitions or assignments.
    fn own_rules(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Binary { lhs, rhs, .. } => {
                self.rvalue(lhs);
                self.rvalue(rhs);
            }
            ExprKind::Unary { op: UnaryOp::Not | UnaryOp::Neg | UnaryOp::Splat, operand } => self.rvalue(operand),
            ExprKind::Relationship { lhs, rhs, .. } => {
                self.relation(lhs);
                self.relation(rhs);
            }
            ExprKind::If { cond, .. } | ExprKind::Unless { cond, .. } => self.rvalue(cond),
            ExprKind::Case { test, options } => {
                self.rvalue(test);
                self.duplicate_default(e, options.iter().flat_map(|o| &o.values));
                options.iter().flat_map(|o| &o.values).for_each(|v| self.rvalue(v));
            }
            ExprKind::Selector { test, options } => {
                self.rvalue(test);
                self.duplicate_default(e, options.iter().map(|o| &o.matcher));
                options.iter().for_each(|o| self.rvalue(&o.matcher));
            }
            ExprKind::Array(items) => items.iter().for_each(|i| self.rvalue(i)),
            ExprKind::Hash(pairs) => {
                self.duplicate_keys(pairs);
                for (k, v) in pairs {
                    self.rvalue(k);
                    self.rvalue(v);
                }
            }
            ExprKind::Call { callee, lambda, .. } => {
                let named = match &callee.kind {
                    ExprKind::BareWord(_) | ExprKind::TypeRef(_) => true,
                    ExprKind::Access { target, .. } => matches!(target.kind, ExprKind::TypeRef(_)),
                    _ => false,
                };
                if let ExprKind::BareWord(word) = &callee.kind {
                    if word == "private" || word == "attr" {
                        self.problem(
                            callee.span,
                            format!(
                                "Illegal expression. A Reserved Word '{word}' is unacceptable as function name in a Function Call"
                            ),
                        );
                    }
                }
                if !named {
                    self.problem(
                        callee.span,
                        format!(
                            "Illegal expression. {} is unacceptable as function name in a Function Call",
                            a_an_uc(&label(callee))
                        ),
                    );
                }
                if let Some(l) = lambda {
                    definitions::lambda(self, l);
                }
            }
            ExprKind::MethodCall { lambda: Some(l), .. } => definitions::lambda(self, l),
            ExprKind::Variable(name) => definitions::variable_name(self, e, name),
            ExprKind::BareWord(word) if word == "private" || word == "attr" => self.problem(
                e.span,
                format!("Use of reserved word: {word}, must be quoted if intended to be a String value"),
            ),
            ExprKind::Resource { form, type_name, bodies } => {
                if *form != ResourceForm::Regular && matches!(&type_name.kind, ExprKind::BareWord(n) if n == "class") {
                    self.problem(e.span, "Classes are not virtualizable");
                }
                for b in bodies {
                    self.attribute_ops(&b.ops, Some("Resource Instance Definition"));
                }
            }
            ExprKind::ResourceDefaults { ops, .. } => self.attribute_ops(ops, Some("Resource Defaults Expression")),
            ExprKind::ResourceOverride { ops, .. } => self.attribute_ops(ops, None),
            ExprKind::Collector { type_ref, query, ops, .. } => {
                if !matches!(type_ref.kind, ExprKind::TypeRef(_)) {
                    self.problem(
                        type_ref.span,
                        format!(
                            "Illegal expression. {} is unacceptable as type name in {}",
                            a_an_uc(&label(type_ref)),
                            a_an(&label(e))
                        ),
                    );
                }
                if let Some(q) = query {
                    self.query(q);
                }
                self.attribute_ops(ops, None);
            }
            _ => {}
        }
    }

    fn children(&mut self, e: &Expr) {
        let mut kids: Vec<&Expr> = Vec::new();
        let mut blocks: Vec<&[Expr]> = Vec::new();
        match &e.kind {
            ExprKind::Interpolated(parts) => kids.extend(parts.iter().filter_map(|p| match p {
                StringPart::Expr(x) => Some(x),
                StringPart::Text(_) => None,
            })),
            ExprKind::Heredoc { text, .. } => kids.push(text),
            ExprKind::RenderExpr(inner) => kids.push(inner),
            ExprKind::Array(items) => kids.extend(items),
            ExprKind::Hash(pairs) => kids.extend(pairs.iter().flat_map(|(k, v)| [k, v])),
            ExprKind::Access { target, keys } => {
                kids.push(target);
                kids.extend(keys);
            }
            ExprKind::Unary { operand, .. } | ExprKind::Paren(operand) => kids.push(operand),
            ExprKind::Binary { lhs, rhs, .. } | ExprKind::Relationship { lhs, rhs, .. } => {
                kids.extend([&**lhs, &**rhs])
            }
            ExprKind::If { cond, then_body, else_body } | ExprKind::Unless { cond, then_body, else_body } => {
                kids.push(cond);
                blocks.push(then_body);
                if let Some(b) = else_body {
                    blocks.push(b);
                }
            }
            ExprKind::Case { test, options } => {
                kids.push(test);
                for o in options {
                    kids.extend(&o.values);
                    blocks.push(&o.body);
                }
            }
            ExprKind::Selector { test, options } => {
                kids.push(test);
                kids.extend(options.iter().flat_map(|o| [&o.matcher, &o.result]));
            }
            ExprKind::Call { callee, args, lambda } => {
                kids.push(callee);
                kids.extend(args);
                self.lambda_children(lambda.as_deref());
            }
            ExprKind::MethodCall { receiver, args, lambda, .. } => {
                kids.push(receiver);
                kids.extend(args);
                self.lambda_children(lambda.as_deref());
            }
            ExprKind::Resource { type_name, bodies, .. } => {
                kids.push(type_name);
                for b in bodies {
                    kids.push(&b.title);
                    kids.extend(b.ops.iter().map(op_value));
                }
            }
            ExprKind::ResourceDefaults { type_ref: target, ops }
            | ExprKind::ResourceOverride { reference: target, ops } => {
                kids.push(target);
                kids.extend(ops.iter().map(op_value));
            }
            ExprKind::Collector { type_ref, query, ops, .. } => {
                kids.push(type_ref);
                kids.extend(query.as_deref());
                kids.extend(ops.iter().map(op_value));
            }
            _ => {}
        }
        for kid in kids {
            self.expr(kid, Place::Nested);
        }
        for body in blocks {
            let statements: Vec<&Expr> = body.iter().collect();
            self.block(&statements, None);
            let inner = Self::block_place(body);
            body.iter().for_each(|s| self.expr(s, inner));
        }
    }

    /// A lambda's parameters and body, checked where its call is.
    fn lambda_children(&mut self, lambda: Option<&crate::ast::Lambda>) {
        let Some(l) = lambda else { return };
        for p in &l.params {
            p.type_expr.iter().chain(p.default.iter()).for_each(|x| self.expr(x, Place::Nested));
        }
        if let Some(r) = &l.return_type {
            self.expr(r, Place::Nested);
        }
        let statements: Vec<&Expr> = l.body.iter().collect();
        self.block(&statements, None);
        let inner = Self::block_place(&l.body);
        l.body.iter().for_each(|s| self.expr(s, inner));
    }

    /// A block's first statement other than the last that has no effect is
    /// an error; in a class, defined type or node (`container` names it) the
    /// last one must have an effect too.
    fn block(&mut self, body: &[&Expr], container: Option<&str>) {
        if let Some(stmt) = body.iter().take(body.len().saturating_sub(1)).find(|s| idem::idem(s)) {
            self.problem(
                self.at(stmt),
                format!(
                    "This {} has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)",
                    label(stmt)
                ),
            );
        }
        if let (Some(what), Some(last)) = (container, body.last()) {
            if idem::idem(last) {
                self.problem(
                    self.at(last),
                    format!(
                        "This {} has no effect. {} can not end with a value-producing expression without other effect",
                        label(last),
                        a_an_uc(what)
                    ),
                );
            }
        }
    }
}

fn op_value(op: &AttributeOp) -> &Expr {
    match op {
        AttributeOp::Set { value, .. } | AttributeOp::Splat { value, .. } => value,
    }
}

#[cfg(test)]
mod tests {
    use crate::span::Source;

    #[test]
    fn check_each_keeps_every_problem_at_its_place() {
        let source = Source::new("t.pp", "1 = 2\n$a::b = 3\n");
        let checked = crate::check_each(&source, Default::default());
        let found: Vec<_> = checked.errors.iter().map(|e| (e.span.map(|s| s.start), e.code())).collect();
        assert_eq!(found, [(Some(0), "puppet::syntax"), (Some(6), "puppet::syntax")]);
        let joined = crate::validate(&source).expect_err("two problems");
        assert_eq!(joined.code(), "puppet::validation", "validate still words them as Puppet's one message");
    }

    #[test]
    fn a_regexp_that_does_not_compile_is_marked_where_it_is_written() {
        let source = Source::new(
            "t.pp",
            "$x = 1
$y = /(/
",
        );
        let checked = crate::check_each(&source, Default::default());
        let found: Vec<_> = checked.errors.iter().map(|e| (e.span.map(|s| (s.start, s.end)), e.code())).collect();
        assert_eq!(found, [(Some((12, 15)), "puppet::loading")]);
        assert_eq!(crate::validate(&source).expect_err("a bad regexp").span, None, "Puppet names no place");
    }
}
