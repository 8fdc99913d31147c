//! What cf-promises checks while parsing: bundle types, attribute names and
//! literal values against its described syntax ([`crate::syntax::attribute_syntax`]),
//! class guards, and the parser's rewriting of `data` values into function
//! calls.

use std::sync::Arc;

use crate::diagnostic::Pos;
use crate::syntax::ast::{FnCall, Rval};
use crate::syntax::attribute_syntax::{lookup, Block, Lookup};
use crate::syntax::class_expr;
use crate::syntax::type_match::type_match;

pub use crate::syntax::literal::{Literal, SyntaxError};

/// The bundle types cf-promises accepts.
pub fn is_bundle_type(kind: &str) -> bool {
    matches!(kind, "agent" | "common" | "edit_line" | "edit_xml" | "server" | "monitor" | "knowledge")
}

/// Whether `lval` is an attribute of `promise_type` (cf-promises'
/// description of its syntax); a promise type it does not describe (a
/// custom one) accepts anything.
pub fn attribute_known(promise_type: &str, lval: &str) -> bool {
    lookup(Block::Promise, promise_type, lval) != Lookup::Unknown
}

/// Whether `lval` of `promise_type` takes a body (`perms`, `classes`).
pub fn is_body_attribute(promise_type: &str, lval: &str) -> bool {
    matches!(lookup(Block::Promise, promise_type, lval), Lookup::Known(s) if s.datatype == "body")
}

/// Whether `lval` is an attribute of bodies of type `kind` (control bodies
/// are of the type of their component: `body common control`).
pub fn body_attribute_known(kind: &str, lval: &str) -> bool {
    lookup(Block::Body, kind, lval) != Lookup::Unknown
}

/// cf3parse's `MagicRvalTransformations`: `data => "{...}"` becomes
/// `parsejson(...)` (or `parseyaml` after `---`), `data => @(x)` becomes
/// `mergedata(x)`.
pub fn magic_rval(lval: &str, rval: Rval, pos: Pos) -> Rval {
    if lval != "data" && lval != "template_data" {
        return rval;
    }
    let Rval::Scalar(s) = &rval else {
        return rval;
    };
    if s.len() > 3 && s.starts_with('@') && matches!(s.as_bytes()[1], b'(' | b'{') {
        let inner = &s[2..s.len() - 1];
        return Rval::FnCall(FnCall { name: "mergedata".into(), args: vec![Rval::Scalar(Arc::from(inner))], pos });
    }
    let name = if s.len() > 3 && s.starts_with("---") { "parseyaml" } else { "parsejson" };
    Rval::FnCall(FnCall { name: name.into(), args: vec![rval.clone()], pos })
}

/// cf-promises' checks of an attribute's value in a promise of
/// `promise_type`: `CheckConstraintTypeMatch` against the attribute's
/// described syntax, and a class guard (`if`, `ifvarclass`) that must
/// parse. Returns the error.
pub fn check_constraint(promise_type: &str, lval: &str, value: &Literal) -> Option<SyntaxError> {
    if let Lookup::Known(syntax) = lookup(Block::Promise, promise_type, lval) {
        if let Some(e) = type_match(lval, value, &syntax) {
            return Some(e);
        }
    }
    check_guard(lval, value)
}

/// [`check_constraint`] for an attribute of a body of type `kind`.
pub fn check_body_constraint(kind: &str, lval: &str, value: &Literal) -> Option<SyntaxError> {
    match lookup(Block::Body, kind, lval) {
        Lookup::Known(syntax) if !matches!(syntax.datatype, "body" | "bundle") => type_match(lval, value, &syntax),
        _ => None,
    }
    .or_else(|| check_guard(lval, value))
}

/// `ValidateClassLiteral`: a literal class guard must parse.
fn check_guard(lval: &str, value: &Literal) -> Option<SyntaxError> {
    if lval == "if" || lval == "ifvarclass" {
        if let Literal::Scalar(s) = value {
            if class_expr::parse(s).is_err() {
                return Some("Syntax error in context string".into());
            }
        }
    }
    None
}

/// Whether a class guard has two class names with only whitespace between
/// them (cf3lex.l's check with libntech's
/// `CFENGINE_REGEX_WHITESPACE_IN_CONTEXTS`, `.*[_A-Za-z0-9][ \t]+[_A-Za-z0-9].*`).
pub fn class_names_apart(guard: &str) -> bool {
    let b = guard.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    (0..b.len()).any(|i| {
        word(b[i]) && {
            let blanks = b[i + 1..].iter().take_while(|&&c| c == b' ' || c == b'\t').count();
            blanks > 0 && b.get(i + 1 + blanks).copied().is_some_and(word)
        }
    })
}

pub fn class_expression_error(guard: &str) -> Option<usize> {
    class_expr::parse(guard).err()
}
