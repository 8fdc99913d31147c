//! What cf-promises checks while parsing: bundle types, the attributes of the
//! promise types confer evaluates, literal `int`/`real` values, class guards,
//! and the parser's rewriting of `data` values into function calls.

use std::sync::Arc;

use crate::data::number;
use crate::data::value::Rv;
use crate::diagnostic::Pos;
use crate::syntax::ast::{FnCall, Rval};
use crate::syntax::class_expr;

/// The bundle types cf-promises accepts.
pub fn is_bundle_type(kind: &str) -> bool {
    matches!(kind, "agent" | "common" | "edit_line" | "edit_xml" | "server" | "monitor" | "knowledge")
}

/// Attributes every promise type accepts.
const COMMON_ATTRS: &[&str] =
    &["action", "classes", "comment", "depends_on", "handle", "if", "ifvarclass", "unless", "meta", "with"];

/// The promise types confer evaluates.
pub const EVALUATED_TYPES: &[&str] = &["meta", "vars", "defaults", "classes", "methods", "reports"];

/// Whether `lval` is an attribute of `promise_type`. Only the promise types
/// confer evaluates are checked; others accept anything, as custom promise
/// types do.
pub fn attribute_known(bundle_kind: &str, promise_type: &str, lval: &str) -> bool {
    if COMMON_ATTRS.contains(&lval) {
        return true;
    }
    let own: &[&str] = match promise_type {
        "vars" | "meta" => &["string", "int", "real", "slist", "ilist", "rlist", "data", "policy"],
        "defaults" => &["if_match_regex", "string", "slist"],
        "classes" if bundle_kind == "agent" || bundle_kind == "common" => {
            &["and", "dist", "expression", "or", "persistence", "not", "select_class", "xor", "scope"]
        }
        "methods" => &["inherit", "usebundle", "useresult"],
        "reports" => &[
            "friend_pattern",
            "intermittency",
            "lastseen",
            "printfile",
            "report_to_file",
            "bundle_return_value_index",
            "showstate",
        ],
        _ => return true,
    };
    own.contains(&lval)
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

fn is_var_string(s: &str) -> bool {
    crate::syntax::reference::is_cf3_var_string(s)
}

/// A value as the literal checks see it, whether the parser's [`Rval`] or
/// an evaluated [`Rv`] (cf-agent's `PromiseRecheckAllConstraints` runs the
/// same checks on expanded values): a scalar, the scalar items of a list,
/// or something the checks do not look into (a function call, a container).
pub enum Literal<'a> {
    /// A scalar.
    Scalar(&'a str),
    /// A list's scalar items.
    List(Vec<&'a str>),
    /// A function call or a data container.
    Unchecked,
}

impl<'a> Literal<'a> {
    /// A parsed value.
    pub fn of_rval(r: &'a Rval) -> Literal<'a> {
        match r {
            Rval::Scalar(s) => Literal::Scalar(s),
            Rval::List(items) => Literal::List(
                items
                    .iter()
                    .filter_map(|i| match i {
                        Rval::Scalar(s) => Some(&**s),
                        _ => None,
                    })
                    .collect(),
            ),
            Rval::FnCall(_) => Literal::Unchecked,
        }
    }

    /// An evaluated value.
    pub fn of_rv(r: &'a Rv) -> Literal<'a> {
        match r {
            Rv::Scalar(s) => Literal::Scalar(s),
            Rv::List(items) => Literal::List(items.iter().filter_map(Rv::as_scalar).collect()),
            Rv::FnCall(_) | Rv::Container(_) => Literal::Unchecked,
        }
    }
}

/// The literal checks of `CheckConstraintTypeMatch` for the attributes whose
/// values cf-promises validates at parse time. Returns the error message.
pub fn check_constraint(promise_type: &str, lval: &str, value: &Literal) -> Option<SyntaxError> {
    if promise_type == "vars" || promise_type == "meta" {
        match (lval, value) {
            ("int", Literal::Scalar(s)) if !is_var_string(s) => {
                return int_literal_error(s);
            }
            ("real", Literal::Scalar(s)) if !is_var_string(s) => {
                if *s == "inf" {
                    return Some("Keyword 'inf' has an integer value, cannot be used as real".into());
                }
                return check_real(s);
            }
            ("string" | "int" | "real", Literal::List(_)) => {
                return Some("Attempted to give a list to a non-list type".into())
            }
            ("slist" | "ilist" | "rlist", Literal::Scalar(s)) if !s.starts_with('@') && !is_var_string(s) => {
                return Some("Attempted to give a scalar to a non-scalar type".into())
            }
            ("ilist", Literal::List(items)) => {
                for s in items.iter().filter(|s| !is_var_string(s)) {
                    if let Some(e) = int_literal_error(s) {
                        return Some(e);
                    }
                }
            }
            ("rlist", Literal::List(items)) => {
                for s in items.iter().filter(|s| !is_var_string(s)) {
                    if *s == "inf" {
                        return Some("Keyword 'inf' has an integer value, cannot be used as real".into());
                    }
                    if let Some(e) = check_real(s) {
                        return Some(e);
                    }
                }
            }
            _ => {}
        }
    }
    if promise_type == "classes" {
        // The class lists (`and`, `or`, `xor`, `dist`, `select_class`) and
        // the class expressions (`expression`, `not`) of mod_common.c.
        match (lval, value) {
            ("and" | "or" | "xor" | "dist" | "select_class", Literal::Scalar(s))
                if !s.starts_with('@') && !is_var_string(s) =>
            {
                return Some("Attempted to give a scalar to a non-scalar type".into())
            }
            ("expression" | "not", Literal::List(_)) => {
                return Some("Attempted to give a list to a non-list type".into())
            }
            _ => {}
        }
    }
    if lval == "if" || lval == "ifvarclass" {
        if let Literal::Scalar(s) = value {
            if class_expr::parse(s).is_err() {
                return Some("Syntax error in context string".into());
            }
        }
    }
    None
}

/// A value cf-promises rejects while parsing.
#[derive(Debug)]
pub struct SyntaxError {
    /// The located message.
    pub message: String,
    /// A log line the conversion printed first (`Failed to parse ...`).
    pub log: Option<String>,
}

impl From<&str> for SyntaxError {
    fn from(message: &str) -> SyntaxError {
        SyntaxError { message: message.to_string(), log: None }
    }
}

/// `CF_REALRANGE`: the range cf-promises accepts for a real literal.
const REAL_LIMIT: f64 = 9.99999e100;

/// `CheckParseReal`: a real literal must parse and lie within
/// `CF_REALRANGE` (`1e2345678` is out of range).
fn check_real(s: &str) -> Option<SyntaxError> {
    match number::real_from_string(s) {
        Err(e) => Some(prefixed(e, "Real value is out of range")),
        Ok(d) if !(-REAL_LIMIT..=REAL_LIMIT).contains(&d) => Some(prefixed(None, "Real value is out of range")),
        Ok(_) => None,
    }
}

/// The largest magnitude an `int` literal may have (cf-agent's
/// `CF_INTRANGE`, `-99999999999,99999999999`).
const INT_LIMIT: i64 = 99_999_999_999;

/// What is wrong with an integer literal: not a number, or outside
/// `CF_INTRANGE` ("Integer is out of range", never a saturated value).
fn int_literal_error(s: &str) -> Option<SyntaxError> {
    match number::int_from_string(s) {
        Err(e) => Some(prefixed(e, "Cannot parse value as integer")),
        Ok(v) if !(-INT_LIMIT..=INT_LIMIT).contains(&v) => Some(prefixed(None, "Integer is out of range")),
        Ok(_) => None,
    }
}

fn prefixed(log: Option<String>, message: &str) -> SyntaxError {
    SyntaxError { message: message.to_string(), log }
}

/// Where a class guard fails to parse, as an offset into it.
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
