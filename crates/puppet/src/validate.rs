//! Static checks Puppet makes on a parsed manifest before evaluating any of it,
//! so that such errors stop a manifest before it logs anything.

use crate::ast::{BinaryOp, Expr, ExprKind, Program, StringPart, UnaryOp};
use crate::error::{Phase, PuppetError};
use crate::log::Location;
use crate::span::{Source, Span};

/// Checks `program`, reporting the first problem, or else the warnings
/// (position and message) Puppet's validation gives.
pub fn check(program: &Program, source: &Source) -> Result<Vec<(Span, String)>, PuppetError> {
    let mut checker = Checker { problems: Vec::new(), warnings: Vec::new(), source };
    checker.block(&program.body, None);
    for stmt in &program.body {
        checker.expr(stmt, true);
    }
    match checker.problems.into_iter().next() {
        None => Ok(checker.warnings),
        Some((span, message)) => {
            let (line, column) = source.line_col(span.start);
            Err(PuppetError {
                phase: Phase::Validation,
                message,
                location: Some(Location { file: source.name.clone(), line, column }),
                notes: Vec::new(),
            })
        }
    }
}

struct Checker<'s> {
    problems: Vec<(Span, String)>,
    warnings: Vec<(Span, String)>,
    source: &'s Source,
}

/// How Puppet names an expression that has no effect, or `None` when the
/// expression does something (a call, an assignment, a match, a declaration).
fn idem_label(e: &Expr) -> Option<String> {
    Some(match &e.kind {
        ExprKind::Integer(_) => "Literal Integer".into(),
        ExprKind::Float(_) => "Literal Float".into(),
        ExprKind::Boolean(_) => "Literal Boolean".into(),
        ExprKind::Undef => "Literal Undef".into(),
        ExprKind::Default => "Literal Default".into(),
        ExprKind::String(_) | ExprKind::Interpolated(_) | ExprKind::Heredoc { .. } => "String".into(),
        ExprKind::Regex(_) => "Regular Expression".into(),
        ExprKind::BareWord(_) => "Name".into(),
        ExprKind::TypeRef(_) => "Type-Name".into(),
        ExprKind::Array(_) => "Array Expression".into(),
        ExprKind::Hash(_) => "Hash Expression".into(),
        ExprKind::Access { .. } => "'[]' expression".into(),
        ExprKind::Unary { op: UnaryOp::Not, .. } => "'!' expression".into(),
        ExprKind::Unary { op: UnaryOp::Neg, .. } => "Unary Minus".into(),
        ExprKind::Binary { op, .. } if !matches!(op, BinaryOp::Match | BinaryOp::NotMatch) => {
            format!("'{}' expression", op.symbol())
        }
        ExprKind::Paren(inner) => return idem_label(inner),
        ExprKind::If { cond, then_body, else_body } if idem(cond) && idem_block(then_body, else_body.as_deref()) => {
            "'if' statement".into()
        }
        ExprKind::Unless { cond, then_body, else_body }
            if idem(cond) && idem_block(then_body, else_body.as_deref()) =>
        {
            "'unless' Statement".into()
        }
        ExprKind::Case { test, options }
            if idem(test) && options.iter().all(|o| o.values.iter().all(idem) && o.body.iter().all(idem)) =>
        {
            "'case' statement".into()
        }
        ExprKind::Selector { .. } => "Selector Expression".into(),
        _ => return None,
    })
}

/// Puppet's `idem`: whether evaluating `e` can have no effect. A variable
/// reference has none, though a statement of one alone is not reported.
fn idem(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Variable(_)) || idem_label(e).is_some()
}

/// Whether both branches of an `if`/`unless` are idem (an absent or empty
/// branch is a no-op, which is).
fn idem_block(then_body: &[Expr], else_body: Option<&[Expr]>) -> bool {
    then_body.iter().chain(else_body.unwrap_or_default()).all(idem)
}

impl Checker<'_> {
    /// A block's statements other than the last must have an effect; in a class
    /// or defined type (`container` names it) the last one must too.
    fn block(&mut self, body: &[Expr], container: Option<&str>) {
        let checked = if container.is_some() { body.len() } else { body.len().saturating_sub(1) };
        for (i, stmt) in body.iter().take(checked).enumerate() {
            if let Some(label) = idem_label(stmt) {
                let why = match container {
                    Some(what) if i + 1 == body.len() => {
                        format!("A {what} can not end with a value-producing expression without other effect")
                    }
                    _ => "A value was produced and then forgotten (one or more preceding expressions may have the wrong form)"
                        .to_string(),
                };
                self.problem(stmt.span, format!("This {label} has no effect. {why}"));
            }
        }
    }

    fn problem(&mut self, span: Span, message: impl Into<String>) {
        self.problems.push((span, message.into()));
    }

    fn assign_target(&mut self, target: &Expr) {
        match &target.kind {
            ExprKind::Variable(name) if name.chars().all(|c| c.is_ascii_digit()) => self
                .problem(target.span, "Illegal attempt to assign to 'a Match Variable'. Not an assignable reference"),
            ExprKind::Variable(name) if name.contains("::") => self.problem(
                target.span,
                format!("Illegal attempt to assign to '${name}': a fully qualified variable cannot be assigned"),
            ),
            ExprKind::Variable(_) => {}
            ExprKind::Array(items) => items.iter().for_each(|i| self.assign_target(i)),
            _ => self.problem(target.span, "Illegal attempt to assign to an expression. Not an assignable reference"),
        }
    }

    /// Walks `e`; `top` says whether definitions are allowed here (top level or
    /// directly in a class body).
    fn expr(&mut self, e: &Expr, top: bool) {
        match &e.kind {
            ExprKind::ClassDef(c) => {
                if !top {
                    self.problem(
                        e.span,
                        "Classes, definitions, and nodes may only appear at toplevel or inside other classes",
                    );
                }
                c.params.iter().filter_map(|p| p.default.as_ref()).for_each(|d| self.expr(d, false));
                self.block(&c.body, Some("Host Class Definition"));
                c.body.iter().for_each(|s| self.expr(s, true));
            }
            ExprKind::DefineDef(_) | ExprKind::NodeDef(_) if !top => {
                self.problem(
                    e.span,
                    "Classes, definitions, and nodes may only appear at toplevel or inside other classes",
                );
            }
            ExprKind::Assign { target, value } => {
                self.assign_target(target);
                self.expr(value, false);
            }
            _ => self.children(e),
        }
    }

    /// Puppet warns about a literal key given twice in a hash literal,
    /// pointing at the second entry's `=>`.
    fn duplicate_keys(&mut self, pairs: &[(Expr, Expr)]) {
        let mut seen: Vec<String> = Vec::new();
        for (key, _) in pairs {
            let literal = match &key.kind {
                ExprKind::String(s) => s.clone(),
                ExprKind::Integer(i) => i.to_string(),
                ExprKind::Boolean(b) => b.to_string(),
                _ => continue,
            };
            if seen.contains(&literal) {
                let after = self.source.text_from(key.span.end);
                let arrow = key.span.end as usize + after.find("=>").unwrap_or(0);
                self.warnings
                    .push((Span::new(arrow, arrow), format!("The key '{literal}' is declared more than once")));
            } else {
                seen.push(literal);
            }
        }
    }

    fn children(&mut self, e: &Expr) {
        let mut kids: Vec<&Expr> = Vec::new();
        let mut blocks: Vec<(&[Expr], Option<&str>)> = Vec::new();
        match &e.kind {
            ExprKind::Interpolated(parts) => kids.extend(parts.iter().filter_map(|p| match p {
                StringPart::Expr(x) => Some(x),
                StringPart::Text(_) => None,
            })),
            ExprKind::Heredoc { text, .. } => kids.push(text),
            ExprKind::RenderExpr(inner) => kids.push(inner),
            ExprKind::Array(items) => kids.extend(items),
            ExprKind::Hash(pairs) => {
                self.duplicate_keys(pairs);
                kids.extend(pairs.iter().flat_map(|(k, v)| [k, v]));
            }
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
                blocks.push((then_body, None));
                if let Some(b) = else_body {
                    blocks.push((b, None));
                }
            }
            ExprKind::Case { test, options } => {
                kids.push(test);
                for o in options {
                    kids.extend(&o.values);
                    blocks.push((&o.body, None));
                }
            }
            ExprKind::Selector { test, options } => {
                kids.push(test);
                kids.extend(options.iter().flat_map(|o| [&o.matcher, &o.result]));
            }
            ExprKind::Call { callee, args, lambda } => {
                kids.push(callee);
                kids.extend(args);
                blocks.extend(lambda.iter().map(|l| (l.body.as_slice(), None)));
            }
            ExprKind::MethodCall { receiver, args, lambda, .. } => {
                kids.push(receiver);
                kids.extend(args);
                blocks.extend(lambda.iter().map(|l| (l.body.as_slice(), None)));
            }
            ExprKind::DefineDef(d) => blocks.push((&d.body, Some("Defined Resource Type"))),
            ExprKind::FunctionDef(d) | ExprKind::PlanDef(d) => blocks.push((&d.body, None)),
            ExprKind::NodeDef(n) => blocks.push((&n.body, None)),
            ExprKind::Resource { bodies, .. } => {
                for b in bodies {
                    kids.push(&b.title);
                    kids.extend(b.ops.iter().map(|op| match op {
                        crate::ast::AttributeOp::Set { value, .. } | crate::ast::AttributeOp::Splat { value, .. } => {
                            value
                        }
                    }));
                }
            }
            _ => {}
        }
        for (body, container) in blocks {
            self.block(body, container);
            kids.extend(body);
        }
        for kid in kids {
            self.expr(kid, false);
        }
    }
}
