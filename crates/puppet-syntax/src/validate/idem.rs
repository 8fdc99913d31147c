//! Puppet's `idem`: whether evaluating an expression can have no effect, so
//! that a statement of it alone is a mistake. Mirrors the `idem_*` methods
//! of `Checker4_0`; the answer is not authoritative for calls, which may or
//! may not have effects, and counts them as effects.

use crate::ast::{BinaryOp, Expr, ExprKind};

/// Whether `e` is known to have no effect.
pub(super) fn idem(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Integer(_)
        | ExprKind::Float(_)
        | ExprKind::Boolean(_)
        | ExprKind::Undef
        | ExprKind::Default
        | ExprKind::String(_)
        | ExprKind::Interpolated(_)
        | ExprKind::Heredoc { .. }
        | ExprKind::Regex(_)
        | ExprKind::BareWord(_)
        | ExprKind::TypeRef(_)
        | ExprKind::Variable(_)
        | ExprKind::Array(_)
        | ExprKind::Hash(_)
        | ExprKind::Access { .. }
        | ExprKind::Unary { .. }
        | ExprKind::Selector { .. } => true,
        ExprKind::Binary { op, .. } => !matches!(op, BinaryOp::Match | BinaryOp::NotMatch),
        ExprKind::Paren(inner) => idem(inner),
        ExprKind::If { cond, then_body, else_body } | ExprKind::Unless { cond, then_body, else_body } => {
            idem(cond) && then_body.iter().chain(else_body.iter().flatten()).all(idem)
        }
        ExprKind::Case { test, options } => {
            idem(test) && options.iter().all(|o| o.values.iter().all(idem) && o.body.iter().all(idem))
        }
        _ => false,
    }
}
