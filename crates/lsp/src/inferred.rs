//! The type and value of a variable assigned a constant: an expression of
//! literals and operators only (`5`, `[1, 2] + [3]`, `"a${1 + 1}"`,
//! `Integer[1, 2]`), which Puppet evaluates the same everywhere. confer's
//! own evaluator computes the value (so operators mean what a compile
//! makes of them) and `confer_core`'s inference its type, as
//! `type($x, 'generalized')` prints it. Anything naming a variable or
//! calling a function is left alone: its value depends on the compile.

use std::rc::Rc;
use std::sync::Arc;

use confer_core::types::infer::infer_generalized;
use confer_core::{Type, Value};
use confer_puppet::ast::{Expr, ExprKind, StringPart};
use confer_puppet::environment::Environment;
use confer_puppet::span::Source;

/// The name the evaluated assignment binds.
const BOUND: &str = "__confer_hover";

/// The value and generalized type of `expr_text` (an assigned value's
/// source), when it is a constant that evaluates.
pub fn constant(expr_text: &str) -> Option<(Value, Type)> {
    let source = Arc::new(Source::new("hover.pp", format!("${BOUND} = {expr_text}\n")));
    let program = confer_puppet::parser::parse(&source).ok()?;
    let [statement] = program.body.as_slice() else { return None };
    let ExprKind::Assign { value, .. } = &statement.kind else { return None };
    if !is_constant(value) {
        return None;
    }
    let env = Rc::new(Environment::bare(Vec::new()));
    let mut log = confer_puppet::log::Collect::default();
    let (result, variables) = confer_puppet::apply_with_state(&source, &env, None, &mut log);
    result.ok()?;
    let value = variables.into_iter().find(|(name, _)| name == BOUND)?.1;
    let ty = infer_generalized(&value);
    Some((value, ty))
}

/// Whether `e` is built of literals and operators only.
fn is_constant(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Undef
        | ExprKind::Default
        | ExprKind::Boolean(_)
        | ExprKind::Integer(_)
        | ExprKind::Float(_)
        | ExprKind::String(_)
        | ExprKind::Regex(_)
        | ExprKind::BareWord(_)
        | ExprKind::TypeRef(_) => true,
        ExprKind::Interpolated(parts) => parts.iter().all(|p| match p {
            StringPart::Text(_) => true,
            StringPart::Expr(x) => is_constant(x),
        }),
        ExprKind::Heredoc { text, .. } => is_constant(text),
        ExprKind::Array(items) => items.iter().all(is_constant),
        ExprKind::Hash(pairs) => pairs.iter().all(|(k, v)| is_constant(k) && is_constant(v)),
        ExprKind::Access { target, keys } => is_constant(target) && keys.iter().all(is_constant),
        ExprKind::Unary { operand, .. } => is_constant(operand),
        ExprKind::Binary { lhs, rhs, .. } => is_constant(lhs) && is_constant(rhs),
        ExprKind::Paren(inner) => is_constant(inner),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(text: &str) -> Option<(String, String)> {
        constant(text).map(|(v, t)| (crate::hiera::hover::literal(&v), t.to_string()))
    }

    #[test]
    fn constants_get_their_value_and_general_type() {
        assert_eq!(shown("5"), Some(("5".into(), "Integer".into())));
        assert_eq!(shown("[1, 2] + [3]"), Some(("[1, 2, 3]".into(), "Array[Integer]".into())));
        assert_eq!(shown("\"a${1 + 1}\""), Some(("'a2'".into(), "String".into())));
        assert_eq!(shown("{ 'a' => 1.5 }"), Some(("{'a' => 1.5}".into(), "Hash[String, Float]".into())));
        assert_eq!(shown("Integer[1, 2]"), Some(("Integer[1, 2]".into(), "Type[Integer]".into())));
    }

    #[test]
    fn what_depends_on_the_compile_is_left_alone() {
        assert_eq!(shown("$y + 1"), None);
        assert_eq!(shown("upcase('a')"), None);
        assert_eq!(shown("1 / 0"), None);
    }
}
