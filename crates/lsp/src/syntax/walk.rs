//! A pre-order walk over every expression of a manifest, definitions'
//! parameters and bodies, lambdas and attribute values included, so each
//! analysis lists only the expressions it cares about.

use confer_puppet::ast::{AttributeOp, Expr, ExprKind, Lambda, Parameter, StringPart};

/// What a walk does at each expression and lambda; returning `false` skips
/// what it contains.
pub trait Visitor<'a> {
    /// At an expression, before its parts.
    fn expr(&mut self, e: &'a Expr) -> bool;

    /// At a lambda given to a call, before its parameters and body.
    fn lambda(&mut self, _lambda: &'a Lambda) -> bool {
        true
    }
}

/// Walks the statements `body` and everything in them.
pub fn walk<'a>(body: &'a [Expr], v: &mut impl Visitor<'a>) {
    for e in body {
        expr(e, v);
    }
}

fn expr<'a>(e: &'a Expr, v: &mut impl Visitor<'a>) {
    if !v.expr(e) {
        return;
    }
    match &e.kind {
        ExprKind::Interpolated(parts) => {
            for part in parts {
                if let StringPart::Expr(x) = part {
                    expr(x, v);
                }
            }
        }
        ExprKind::Heredoc { text: x, .. }
        | ExprKind::RenderExpr(x)
        | ExprKind::Unary { operand: x, .. }
        | ExprKind::Paren(x)
        | ExprKind::TypeAlias { type_expr: x, .. } => expr(x, v),
        ExprKind::Array(items) => walk(items, v),
        ExprKind::Hash(pairs) => pairs.iter().for_each(|(k, x)| {
            expr(k, v);
            expr(x, v);
        }),
        ExprKind::Access { target, keys } => {
            expr(target, v);
            walk(keys, v);
        }
        ExprKind::Binary { lhs, rhs, .. } | ExprKind::Relationship { lhs, rhs, .. } => {
            expr(lhs, v);
            expr(rhs, v);
        }
        ExprKind::Assign { target, value } => {
            expr(target, v);
            expr(value, v);
        }
        ExprKind::If { cond, then_body, else_body } | ExprKind::Unless { cond, then_body, else_body } => {
            expr(cond, v);
            walk(then_body, v);
            walk(else_body.as_deref().unwrap_or_default(), v);
        }
        ExprKind::Case { test, options } => {
            expr(test, v);
            for o in options {
                walk(&o.values, v);
                walk(&o.body, v);
            }
        }
        ExprKind::Selector { test, options } => {
            expr(test, v);
            options.iter().for_each(|o| {
                expr(&o.matcher, v);
                expr(&o.result, v);
            });
        }
        ExprKind::Call { callee, args, lambda } => {
            expr(callee, v);
            walk(args, v);
            lambda_parts(lambda.as_deref(), v);
        }
        ExprKind::MethodCall { receiver, args, lambda, .. } => {
            expr(receiver, v);
            walk(args, v);
            lambda_parts(lambda.as_deref(), v);
        }
        ExprKind::ClassDef(c) => {
            params(&c.params, v);
            walk(&c.body, v);
        }
        ExprKind::DefineDef(d) | ExprKind::FunctionDef(d) | ExprKind::PlanDef(d) => {
            params(&d.params, v);
            d.return_type.iter().for_each(|r| expr(r, v));
            walk(&d.body, v);
        }
        ExprKind::NodeDef(n) => {
            walk(&n.matchers, v);
            walk(&n.body, v);
        }
        ExprKind::Resource { type_name, bodies, .. } => {
            expr(type_name, v);
            for b in bodies {
                expr(&b.title, v);
                ops(&b.ops, v);
            }
        }
        ExprKind::ResourceDefaults { type_ref: target, ops: o }
        | ExprKind::ResourceOverride { reference: target, ops: o } => {
            expr(target, v);
            ops(o, v);
        }
        ExprKind::Collector { type_ref, query, ops: o, .. } => {
            expr(type_ref, v);
            query.iter().for_each(|q| expr(q, v));
            ops(o, v);
        }
        _ => {}
    }
}

fn lambda_parts<'a>(lambda: Option<&'a Lambda>, v: &mut impl Visitor<'a>) {
    let Some(l) = lambda else { return };
    if !v.lambda(l) {
        return;
    }
    params(&l.params, v);
    l.return_type.iter().for_each(|r| expr(r, v));
    walk(&l.body, v);
}

fn params<'a>(params: &'a [Parameter], v: &mut impl Visitor<'a>) {
    for p in params {
        p.type_expr.iter().chain(&p.default).for_each(|x| expr(x, v));
    }
}

fn ops<'a>(ops: &'a [AttributeOp], v: &mut impl Visitor<'a>) {
    for op in ops {
        match op {
            AttributeOp::Set { value, .. } | AttributeOp::Splat { value, .. } => expr(value, v),
        }
    }
}
