//! Literal values a declaration gives a class's or defined type's
//! parameters that the parameter's declared type rejects
//! (`class { 'c': p => 'x' }` for `Integer $p`), in the words a compile
//! fails with. Only literals are checked (strings, numbers, booleans,
//! arrays and hashes of them, a defined type's `undef`): anything else
//! depends on the compile. A type naming something the type system alone
//! cannot resolve (a module's alias) is skipped, as is an undecided match.

use std::sync::Arc;

use confer_core::types::instance_of;
use confer_core::types::params::capitalize_segments;
use confer_core::Type;
use confer_diagnostic::Diagnostic;
use confer_puppet::ast::{AttributeOp, Expr, ExprKind, ResourceBody, StringPart};
use confer_puppet::span::Source;

use super::located;
use crate::documents::Document;
use crate::index::WorkspaceIndex;
use crate::syntax::names;
use crate::syntax::occurrences::normalize;
use crate::syntax::outline::{text_of, DefKind, Param};
use crate::syntax::walk::{walk, Visitor};

/// The name the parameter's type is bound to when it is resolved.
const CHECKED: &str = "Confer_lsp_parameter";

/// The mismatches of literal parameter values in the declarations of `doc`.
pub(super) fn mismatches(doc: &Document, index: &WorkspaceIndex) -> Vec<Diagnostic> {
    let Some(program) = &doc.program else { return Vec::new() };
    let mut declarations = Declarations(Vec::new());
    walk(&program.body, &mut declarations);
    let text = doc.text();
    let mut found = Vec::new();
    for (type_name, bodies) in declarations.0 {
        for body in bodies.iter().filter(|b| !matches!(b.title.kind, ExprKind::Default)) {
            let Some((title, _)) = names::literal_name(text, &body.title) else { continue };
            let (kind, name, shown) = if type_name == "class" {
                let class = normalize(&title);
                (DefKind::Class, class.clone(), format!("Class[{}]", capitalize_segments(&class)))
            } else {
                (DefKind::Define, type_name.clone(), format!("{}[{title}]", capitalize_segments(&type_name)))
            };
            let Some(entry) = index.find(&[kind], &name).into_iter().next() else { continue };
            for op in &body.ops {
                let AttributeOp::Set { name, value, .. } = op else { continue };
                let Some(param) = entry.def.params.iter().find(|p| &p.name == name) else { continue };
                if let Some(problem) = mismatch(text, param, value, kind == DefKind::Class) {
                    let message = format!("{shown}: parameter '{name}' {problem}");
                    let span = value.span.start as usize..value.span.end as usize;
                    found.push(located(doc, "puppet::type_mismatch", message, span, None));
                }
            }
        }
    }
    found
}

/// How `value` fails `param`'s declared type, when it is a literal the
/// type decidedly rejects. `undef` gives a class's parameter to Hiera and
/// a parameter with a default its default, so it is checked only for a
/// defined type's parameter without one.
fn mismatch(text: &str, param: &Param, value: &Expr, class: bool) -> Option<String> {
    if !is_literal(value) || matches!(value.kind, ExprKind::Undef) && (class || param.default_text.is_some()) {
        return None;
    }
    let expected = declared(param.type_text.as_deref()?)?;
    let (got, _) = crate::inferred::constant(&text_of(text, value))?;
    match instance_of(&expected, &got) {
        Ok(false) => Some(confer_core::mismatch::describe(&expected, &got)),
        _ => None,
    }
}

/// The type `type_text` names, resolved as the evaluator resolves a
/// parameter's type; nothing when it names what only a compile knows.
fn declared(type_text: &str) -> Option<Type> {
    let source = Arc::new(Source::new("parameter.pp", format!("type {CHECKED} = {type_text}\n")));
    match confer_puppet::resolve_type_alias(&source, CHECKED).ok()? {
        // The type itself, not the alias that held it, which a message would name.
        Type::Alias(a) => a.0.target().cloned(),
        t => Some(t),
    }
}

/// Whether `e` is a literal: its value is the same in every compile.
fn is_literal(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Undef
        | ExprKind::Boolean(_)
        | ExprKind::Integer(_)
        | ExprKind::Float(_)
        | ExprKind::String(_)
        | ExprKind::BareWord(_) => true,
        ExprKind::Interpolated(parts) => parts.iter().all(|p| matches!(p, StringPart::Text(_))),
        ExprKind::Array(items) => items.iter().all(is_literal),
        ExprKind::Hash(pairs) => pairs.iter().all(|(k, v)| is_literal(k) && is_literal(v)),
        _ => false,
    }
}

/// The resource declarations of a manifest, by their type's name (`class`
/// for `class { 'x': }`).
struct Declarations<'a>(Vec<(String, &'a [ResourceBody])>);

impl<'a> Visitor<'a> for Declarations<'a> {
    fn expr(&mut self, e: &'a Expr) -> bool {
        if let ExprKind::Resource { type_name, bodies, .. } = &e.kind {
            if let ExprKind::BareWord(t) = &type_name.kind {
                self.0.push((normalize(t), bodies));
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(type_text: &str, default: Option<&str>) -> Param {
        Param {
            name: "p".into(),
            type_text: Some(type_text.into()),
            default_text: default.map(String::from),
            span: 0..0,
        }
    }

    fn problem(type_text: &str, value: &str, class: bool) -> Option<String> {
        let source = Arc::new(Source::new("v.pp", format!("$v = {value}\n")));
        let program = confer_puppet::parser::parse(&source).ok()?;
        let ExprKind::Assign { value: e, .. } = &program.body.first()?.kind else { return None };
        mismatch(&source.text, &param(type_text, None), e, class)
    }

    #[test]
    fn literals_the_type_rejects_are_described_as_a_compile_does() {
        assert_eq!(problem("Integer", "'x'", true).as_deref(), Some("expects an Integer value, got String"));
        assert_eq!(
            problem("Array[String]", "[1]", true).as_deref(),
            Some("index 0 expects a String value, got Integer")
        );
        assert_eq!(problem("Integer", "undef", false).as_deref(), Some("expects an Integer value, got Undef"));
        assert_eq!(
            problem("Integer[1, 2]", "3", true).as_deref(),
            Some("expects an Integer[1, 2] value, got Integer[3, 3]")
        );
    }

    #[test]
    fn what_a_compile_decides_is_left_alone() {
        assert_eq!(problem("Integer", "5", true), None);
        assert_eq!(problem("Integer", "$x", true), None);
        assert_eq!(problem("Integer", "undef", true), None);
        assert_eq!(problem("Stdlib::Port", "'x'", true), None);
        assert_eq!(problem("Enum[a, b]", "a", true), None);
    }
}
