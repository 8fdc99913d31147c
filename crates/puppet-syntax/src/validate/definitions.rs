//! The rules on definitions — classes, defined types, functions, nodes,
//! type aliases, lambdas — and on the names they and variables use
//! (`check_NamedDefinition`, `check_Parameter`, `check_NodeDefinition`,
//! `check_VariableExpression` and their helpers in `Checker4_0`).

use super::labels::{a_an, a_an_uc, label};
use super::Checker;
use crate::ast::{ClassDef, Definition, Expr, ExprKind, Lambda, NodeDef, Parameter, StringPart};

/// Names Puppet's type system owns; no class, defined type or function may
/// take one (`RESERVED_TYPE_NAMES`).
const RESERVED_TYPE_NAMES: &[&str] = &[
    "type",
    "any",
    "unit",
    "scalar",
    "boolean",
    "numeric",
    "integer",
    "float",
    "collection",
    "array",
    "hash",
    "tuple",
    "struct",
    "variant",
    "optional",
    "enum",
    "regexp",
    "pattern",
    "runtime",
    "init",
    "object",
    "sensitive",
    "semver",
    "semverrange",
    "string",
    "timestamp",
    "timespan",
    "typeset",
];

/// Parameters every resource has, which a class or defined type cannot declare.
const RESERVED_PARAMETERS: &[&str] = &["name", "title"];

/// `CLASSREF_DECL`: lower-case segments joined by `::`.
fn is_definition_name(name: &str) -> bool {
    name.split("::").all(|seg| {
        let mut chars = seg.chars();
        matches!(chars.next(), Some(c) if c.is_ascii_lowercase())
            && chars.all(|c| c == '_' || c.is_ascii_alphanumeric())
    })
}

/// `CLASSREF_EXT_DECL`: capitalised segments joined by `::`.
fn is_type_name(name: &str) -> bool {
    name.split("::").all(|seg| {
        let mut chars = seg.chars();
        matches!(chars.next(), Some(c) if c.is_ascii_uppercase())
            && chars.all(|c| c == '_' || c.is_ascii_alphanumeric())
    })
}

/// `PARAM_NAME`: `/\A[a-z_]\w*\z/`.
fn is_param_name(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_lowercase() || c == '_')
        && chars.all(|c| c == '_' || c.is_ascii_alphanumeric())
}

/// `VAR_NAME`: an optional leading `::`, lower-case namespace segments, and a
/// last segment that may also start with `_`.
fn is_var_name(name: &str) -> bool {
    let segments: Vec<&str> = name.strip_prefix("::").unwrap_or(name).split("::").collect();
    let last = segments.len() - 1;
    segments.iter().enumerate().all(|(i, seg)| {
        let mut chars = seg.chars();
        matches!(chars.next(), Some(c) if c.is_ascii_lowercase() || (i == last && c == '_'))
            && chars.all(|c| c == '_' || c.is_ascii_alphanumeric())
    })
}

/// `check_NamedDefinition`: the name's form and the reserved type names.
fn named(ck: &mut Checker, e: &Expr, name: &str) {
    if !is_definition_name(name) {
        ck.problem(
            e.span,
            format!("Unacceptable name. The name '{name}' is unacceptable as the name of {}", a_an(&label(e))),
        );
    }
    if RESERVED_TYPE_NAMES.contains(&name) {
        ck.problem(
            e.span,
            format!(
                "The name: '{name}' is already defined by Puppet and can not be used as the name of {}.",
                a_an(&label(e))
            ),
        );
    }
}

/// A parameter list where Puppet's `captures rest` (`*$x`) is not supported.
fn no_capture(ck: &mut Checker, params: &[Parameter], container: &str) {
    for p in params.iter().filter(|p| p.captures_rest) {
        ck.problem(
            dollar(ck, p),
            format!("Parameter ${} has 'captures rest' - not supported in {}", p.name, a_an(container)),
        );
    }
}

/// Where Puppet locates a parameter that captures the rest: at its `$`,
/// after the `*`.
fn dollar(ck: &Checker, p: &Parameter) -> crate::span::Span {
    let at = p.span.start as usize + ck.source.text_from(p.span.start).find('$').unwrap_or(0);
    crate::span::Span::new(at, at)
}

/// Each parameter's name once.
fn unique_params(ck: &mut Checker, params: &[Parameter]) {
    let mut seen: Vec<&str> = Vec::new();
    for p in params {
        if seen.contains(&&*p.name) {
            ck.problem(p.span, format!("The parameter '{}' is declared more than once in the parameter list", p.name));
        } else {
            seen.push(&p.name);
        }
    }
}

fn reserved_params(ck: &mut Checker, params: &[Parameter], container: &str) {
    for p in params.iter().filter(|p| RESERVED_PARAMETERS.contains(&&*p.name)) {
        ck.problem(p.span, format!("The parameter ${} redefines a built in parameter in the {container}", p.name));
    }
}

/// `check_Parameter`: its name, and no assignment in its default value.
fn parameters(ck: &mut Checker, params: &[Parameter]) {
    for p in params {
        let numeric = p.name.strip_prefix("0x").unwrap_or(&p.name);
        if !numeric.is_empty() && numeric.chars().all(|c| c.is_ascii_digit()) {
            ck.problem(
                p.span,
                format!(
                    "The numeric parameter name '${}' cannot be used (clashes with numeric match result variables)",
                    p.name
                ),
            );
        }
        if !is_param_name(&p.name) {
            ck.problem(
                p.span,
                format!(
                    "Illegal parameter name. The given name '{}' does not conform to the naming rule /^[a-z_]\\w*$/",
                    p.name
                ),
            );
        }
        if let Some(d) = &p.default {
            no_assignment(ck, d);
        }
    }
}

/// `internal_check_illegal_assignment`: an assignment anywhere in a default
/// value, except inside a lambda (whose body may assign locals).
fn no_assignment(ck: &mut Checker, e: &Expr) {
    let mut found = None;
    visit_outside_lambdas(e, &mut |x| {
        if found.is_none() && matches!(x.kind, ExprKind::Assign { .. }) {
            found = Some(ck.at(x));
        }
    });
    if let Some(span) = found {
        ck.problem(span, "Assignment not allowed here");
    }
}

/// Calls `f` on `e` and the expressions it contains, not entering lambdas.
fn visit_outside_lambdas(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    let mut kids: Vec<&Expr> = Vec::new();
    match &e.kind {
        ExprKind::Assign { target, value } => kids.extend([&**target, &**value]),
        ExprKind::Binary { lhs, rhs, .. } | ExprKind::Relationship { lhs, rhs, .. } => kids.extend([&**lhs, &**rhs]),
        ExprKind::Unary { operand, .. } | ExprKind::Paren(operand) => kids.push(operand),
        ExprKind::Array(items) => kids.extend(items),
        ExprKind::Hash(pairs) => kids.extend(pairs.iter().flat_map(|(k, v)| [k, v])),
        ExprKind::Access { target, keys } => {
            kids.push(target);
            kids.extend(keys);
        }
        ExprKind::Call { args, .. } => kids.extend(args),
        ExprKind::MethodCall { receiver, args, .. } => {
            kids.push(receiver);
            kids.extend(args);
        }
        ExprKind::Interpolated(parts) => kids.extend(parts.iter().filter_map(|p| match p {
            StringPart::Expr(x) => Some(x),
            StringPart::Text(_) => None,
        })),
        ExprKind::Selector { test, options } => {
            kids.push(test);
            kids.extend(options.iter().flat_map(|o| [&o.matcher, &o.result]));
        }
        _ => {}
    }
    kids.into_iter().for_each(|k| visit_outside_lambdas(k, f));
}

/// `internal_check_type_ref`: a return type or aliased type must be a type
/// name, or one with parameters.
fn type_ref(ck: &mut Checker, container: &Expr, r: &Expr) {
    let named = match &r.kind {
        ExprKind::TypeRef(_) => true,
        ExprKind::Access { target, .. } => matches!(target.kind, ExprKind::TypeRef(_)),
        _ => false,
    };
    if !named {
        ck.problem(
            r.span,
            format!(
                "Illegal expression. {} is unacceptable as a type reference in {}",
                a_an_uc(&label(r)),
                a_an(&label(container))
            ),
        );
    }
}

pub(super) fn class(ck: &mut Checker, e: &Expr, c: &ClassDef) {
    named(ck, e, &c.name);
    no_capture(ck, &c.params, "Host Class Definition");
    unique_params(ck, &c.params);
    reserved_params(ck, &c.params, "Host Class Definition");
    parameters(ck, &c.params);
}

pub(super) fn define(ck: &mut Checker, e: &Expr, d: &Definition) {
    named(ck, e, &d.name);
    no_capture(ck, &d.params, "'define' expression");
    unique_params(ck, &d.params);
    reserved_params(ck, &d.params, "'define' expression");
    parameters(ck, &d.params);
}

pub(super) fn function(ck: &mut Checker, e: &Expr, d: &Definition) {
    named(ck, e, &d.name);
    if let Some(r) = &d.return_type {
        type_ref(ck, e, r);
    }
    unique_params(ck, &d.params);
    parameters(ck, &d.params);
}

pub(super) fn lambda(ck: &mut Checker, l: &Lambda) {
    let last = l.params.len().saturating_sub(1);
    for (i, p) in l.params.iter().enumerate() {
        if p.captures_rest && i != last {
            ck.problem(dollar(ck, p), format!("Parameter ${} is not last, and has 'captures rest'", p.name));
        }
    }
    parameters(ck, &l.params);
}

pub(super) fn type_alias(ck: &mut Checker, e: &Expr, type_expr: &Expr) {
    if let ExprKind::TypeAlias { name, .. } = &e.kind {
        if !is_type_name(name) {
            ck.problem(
                ck.at(e),
                format!("Unacceptable name. The name '{name}' is unacceptable as the name of {}", a_an(&label(e))),
            );
        }
    }
    type_ref(ck, e, type_expr);
}

/// `check_NodeDefinition`: host names, and no inheritance.
pub(super) fn node(ck: &mut Checker, e: &Expr, n: &NodeDef) {
    for m in &n.matchers {
        hostname(ck, e, m);
    }
    if let Some(parent) = &n.parent {
        ck.problem(
            parent.span,
            "Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation",
        );
    }
}

fn hostname(ck: &mut Checker, node: &Expr, m: &Expr) {
    let text = match &m.kind {
        ExprKind::String(s) | ExprKind::BareWord(s) => s.clone(),
        ExprKind::Interpolated(parts) => {
            if let Some(x) = parts.iter().find_map(|p| match p {
                StringPart::Expr(x) => Some(x),
                StringPart::Text(_) => None,
            }) {
                ck.problem(x.span, "An interpolated expression is not allowed in a hostname of a node");
                return;
            }
            parts
                .iter()
                .map(|p| match p {
                    StringPart::Text(t) => t.as_str(),
                    StringPart::Expr(_) => "",
                })
                .collect()
        }
        ExprKind::Integer(_) | ExprKind::Float(_) | ExprKind::Default | ExprKind::Regex(_) | ExprKind::TypeRef(_) => {
            return
        }
        _ => {
            ck.problem(
                m.span,
                format!(
                    "Illegal expression. {} is unacceptable as hostname in {}",
                    a_an_uc(&label(m)),
                    a_an(&label(node))
                ),
            );
            return;
        }
    };
    if text.chars().any(|c| !(c == '-' || c == '.' || c == '_' || c.is_ascii_alphanumeric())) {
        ck.problem(
            m.span,
            format!(
                "The hostname '{text}' contains illegal characters (only letters, digits, '_', '-', and '.' are allowed)"
            ),
        );
    }
}

/// `check_VariableExpression`: a numeric name is a decimal number without
/// leading zeros, any other follows `VAR_NAME`.
pub(super) fn variable_name(ck: &mut Checker, e: &Expr, name: &str) {
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        let decimal = name == "0" || (!name.starts_with('0') && name.chars().all(|c| c.is_ascii_digit()));
        if !decimal {
            ck.problem(
                e.span,
                format!(
                    "Illegal numeric variable name, The given name '{name}' must be a decimal value if it starts with a digit 0-9"
                ),
            );
        }
    } else if !is_var_name(name) {
        ck.problem(
            e.span,
            format!(
                "Illegal variable name, The given name '{name}' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/"
            ),
        );
    }
}
