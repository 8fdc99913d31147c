//! How Puppet names an expression in its validation messages ("a Literal
//! Integer", "an 'if' statement"). Mirrors `Puppet::Pops::Model::ModelLabelProvider`
//! and the articles of `Puppet::Pops::LabelProvider`.

use crate::ast::{BinaryOp, Expr, ExprKind, UnaryOp};

/// Puppet's label of the model class `e` parses to.
pub(super) fn label(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Integer(_) => "Literal Integer".into(),
        ExprKind::Float(_) => "Literal Float".into(),
        ExprKind::Boolean(_) => "Boolean".into(),
        ExprKind::Undef => "'undef' expression".into(),
        ExprKind::Default => "'default' expression".into(),
        ExprKind::String(_) => "String".into(),
        ExprKind::Interpolated(_) => "Double Quoted String".into(),
        ExprKind::Heredoc { syntax, .. } => format!("'@({})' expression", syntax.as_deref().unwrap_or("")),
        ExprKind::Regex(_) => "Regular Expression".into(),
        ExprKind::BareWord(_) => "Name".into(),
        ExprKind::TypeRef(_) => "Type-Name".into(),
        ExprKind::Variable(_) => "Variable".into(),
        ExprKind::Array(_) => "Array Expression".into(),
        ExprKind::Hash(_) => "Hash Expression".into(),
        ExprKind::Access { .. } => "'[]' expression".into(),
        ExprKind::Unary { op: UnaryOp::Not, .. } => "'not' expression".into(),
        ExprKind::Unary { op: UnaryOp::Neg, .. } => "Unary Minus".into(),
        ExprKind::Unary { op: UnaryOp::Splat, .. } => "Unfold".into(),
        ExprKind::Binary { op, .. } => format!("'{}' expression", binary_symbol(*op)),
        ExprKind::Assign { .. } => "'=' expression".into(),
        ExprKind::Relationship { op, .. } => format!("'{}' expression", relation_symbol(*op)),
        ExprKind::Paren(_) => "Parenthesized Expression".into(),
        ExprKind::If { .. } => "'if' statement".into(),
        ExprKind::Unless { .. } => "'unless' Statement".into(),
        ExprKind::Case { .. } => "'case' statement".into(),
        ExprKind::Selector { .. } => "Selector Expression".into(),
        ExprKind::Call { .. } => "Function Call".into(),
        ExprKind::MethodCall { .. } => "Method call".into(),
        ExprKind::ClassDef(_) => "Host Class Definition".into(),
        ExprKind::DefineDef(_) => "'define' expression".into(),
        ExprKind::FunctionDef(_) => "Function Definition".into(),
        ExprKind::PlanDef(_) => "Plan Definition".into(),
        ExprKind::NodeDef(_) => "Node Definition".into(),
        ExprKind::TypeAlias { .. } => "Type Alias".into(),
        ExprKind::Resource { .. } => "Resource Statement".into(),
        ExprKind::ResourceDefaults { .. } => "Resource Defaults Expression".into(),
        ExprKind::ResourceOverride { .. } => "Resource Override".into(),
        ExprKind::Collector { exported: false, .. } => "Virtual Query".into(),
        ExprKind::Collector { exported: true, .. } => "Exported Query".into(),
        ExprKind::RenderString(_) => "Epp Text".into(),
        ExprKind::RenderExpr(_) => "Epp Interpolated Expression".into(),
    }
}

/// The operator as Puppet's model writes it (`!` is `not`, `&&`-style
/// spellings do not exist).
fn binary_symbol(op: BinaryOp) -> &'static str {
    op.symbol()
}

fn relation_symbol(op: crate::ast::RelationOp) -> &'static str {
    use crate::ast::RelationOp::*;
    match op {
        Before => "->",
        Notify => "~>",
        Require => "<-",
        Subscribe => "<~",
    }
}

/// The indefinite article Puppet puts before `text`: its first letter,
/// skipping a leading quote, decides.
fn article(text: &str) -> &'static str {
    let mut chars = text.chars();
    let first = match chars.next() {
        Some('\'' | '"') => chars.next(),
        other => other,
    };
    match first.map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u' | 'y') => "an",
        _ => "a",
    }
}

/// `a Literal Integer`, `an 'if' statement`.
pub(super) fn a_an(text: &str) -> String {
    format!("{} {text}", article(text))
}

/// `A Literal Integer`, `An 'if' statement`.
pub(super) fn a_an_uc(text: &str) -> String {
    let art = article(text);
    format!("{}{} {text}", art[..1].to_uppercase(), &art[1..])
}
