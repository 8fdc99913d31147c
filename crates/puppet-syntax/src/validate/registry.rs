//! What Puppet's loaders refuse when they register a manifest's definitions,
//! after validation and before evaluation: a type alias, defined type or
//! function defined twice, an alias named like a type Puppet already has,
//! and two classes or nodes with the same name. Puppet reports these without
//! `Could not parse…`, and stops at the first.

use crate::ast::{Expr, ExprKind, Program};
use crate::error::{Phase, PuppetError};
use crate::span::Source;

/// The resource types Puppet's static loader registers without an origin
/// (`StaticLoader::BUILTIN_TYPE_NAMES`).
/// and the aliases it defines (`BUILTIN_ALIASES`).
const UNLOCATED_TYPES: &[&str] = &[
    "Component",
    "Exec",
    "File",
    "Filebucket",
    "Group",
    "Node",
    "Notify",
    "Package",
    "Resources",
    "Schedule",
    "Service",
    "Stage",
    "Tidy",
    "User",
    "Whit",
    "Data",
    "RichDataKey",
    "RichData",
];

/// The definitions registered so far, by kind and lower-case name, with
/// the expression that defined them.
#[derive(Default)]
struct Registry<'p> {
    aliases: Vec<(String, &'p Expr)>,
    types: Vec<(String, &'p Expr)>,
    functions: Vec<(String, &'p Expr)>,
    classes: Vec<(String, &'p Expr)>,
    nodes: Vec<(String, &'p Expr)>,
}

fn find<'p>(list: &[(String, &'p Expr)], name: &str) -> Option<&'p Expr> {
    list.iter().find(|(n, _)| n == name).map(|(_, e)| *e)
}

/// Checks the definitions of `program` in order: Puppet's loaders take the
/// type aliases first, then the rest.
pub(super) fn check(program: &Program, source: &Source) -> Result<(), PuppetError> {
    let mut registry = Registry::default();
    let (aliases, rest): (Vec<&Expr>, Vec<&Expr>) =
        program.body.iter().partition(|e| matches!(e.kind, ExprKind::TypeAlias { .. }));
    register(&mut registry, &aliases, "", source)?;
    register(&mut registry, &rest, "", source)
}

fn register<'p>(
    reg: &mut Registry<'p>,
    body: &[&'p Expr],
    namespace: &str,
    source: &Source,
) -> Result<(), PuppetError> {
    let qualify = |name: &str| {
        let name = name.trim_start_matches("::").to_lowercase();
        if namespace.is_empty() {
            name
        } else {
            format!("{namespace}::{name}")
        }
    };
    let line = |e: &Expr| source.line_col(e.span.start).0;
    let redefined = |kind: &str, key: &str, at: (usize, usize)| {
        loader_error(format!(
            "Attempt to redefine entity 'http://puppet.com/2016.1/runtime/{kind}/{key}'. Originally set at file://{}?line={}&pos={}.",
            source.name, at.0, at.1
        ))
    };
    for &stmt in body {
        match &stmt.kind {
            ExprKind::TypeAlias { name, .. } => {
                let key = name.to_lowercase();
                if let Some(first) = find(&reg.aliases, &key) {
                    return Err(redefined("type", &key, name_position(source, first)));
                }
                let origin = if UNLOCATED_TYPES.iter().any(|t| t.eq_ignore_ascii_case(name)) {
                    Some("Set at unknown location")
                } else if confer_core::types::by_name(name).is_some() {
                    Some("Originally set by Puppet-Type-System/Static-Loader.")
                } else {
                    None
                };
                if let Some(origin) = origin {
                    return Err(loader_error(format!(
                        "Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/{key}'. {origin}"
                    )));
                }
                reg.aliases.push((key, stmt));
            }
            ExprKind::DefineDef(d) => {
                let key = qualify(&d.name);
                if let Some(first) = find(&reg.types, &key) {
                    return Err(redefined("type", &key, source.line_col(first.span.start)));
                }
                reg.types.push((key, stmt));
            }
            ExprKind::FunctionDef(d) | ExprKind::PlanDef(d) => {
                let key = d.name.trim_start_matches("::").to_lowercase();
                if let Some(first) = find(&reg.functions, &key) {
                    return Err(redefined("function", &key, source.line_col(first.span.start)));
                }
                reg.functions.push((key, stmt));
            }
            ExprKind::ClassDef(c) => {
                let key = qualify(&c.name);
                if let Some(first) = find(&reg.classes, &key) {
                    return Err(PuppetError::new(Phase::Validation, format!(
                            "Class '{key}' is already defined (file: {f}, line: {}); cannot redefine (file: {f}, line: {})",
                            line(first),
                            line(stmt),
                            f = source.name
                        )));
                }
                reg.classes.push((key.clone(), stmt));
                let nested: Vec<&Expr> = c.body.iter().collect();
                register(reg, &nested, &key, source)?;
            }
            ExprKind::NodeDef(node) => {
                for m in &node.matchers {
                    let Some(name) = node_name(m) else { continue };
                    if let Some(first) = find(&reg.nodes, &name) {
                        return Err(PuppetError::new(Phase::Validation, format!(
                                "Node '{name}' is already defined (file: {f}, line: {}); cannot redefine (file: {f}, line: {})",
                                line(first),
                                line(m),
                                f = source.name
                            )));
                    }
                    reg.nodes.push((name, m));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// An error Puppet's loaders raise as a plain exception.
fn loader_error(message: String) -> PuppetError {
    PuppetError::new(Phase::Loading, message)
}

/// Where the name of `type Name = …` starts: Puppet's origin of an alias.
fn name_position(source: &Source, alias: &Expr) -> (usize, usize) {
    let after = source.text_from(alias.span.start);
    let keyword = after.find(char::is_whitespace).unwrap_or(0);
    let gap = after[keyword..].len() - after[keyword..].trim_start().len();
    source.line_col(alias.span.start + (keyword + gap) as u32)
}

/// The name Puppet registers a node definition under: a host name in lower
/// case, `__node_regexp__` and its source for a regexp, `default`.
fn node_name(m: &Expr) -> Option<String> {
    Some(match &m.kind {
        ExprKind::String(s) | ExprKind::BareWord(s) => s.to_lowercase(),
        ExprKind::Integer(i) => i.to_string(),
        ExprKind::Default => "default".into(),
        ExprKind::Regex(r) => format!("__node_regexp__{r}"),
        _ => return None,
    })
}
