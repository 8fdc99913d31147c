//! Hover: what the name under the cursor is, in Markdown. A class's or
//! defined type's header with each parameter's type and default and its doc
//! comment (puppet-strings' `@param` text beside each parameter); a
//! function's signatures (Puppet-language, Ruby dispatches, or confer's
//! built-ins); a resource type's attributes; a type alias's type; an
//! attribute's declaration; a variable's value when it is assigned in
//! the same manifest or a class's variable (with its value and inferred
//! type when it is a constant); a fact's value in
//! `$facts['…']`, from the workspace's facts file; a Hiera key's value for
//! the workspace's node and the data file's line it comes from, on
//! `lookup('k')` and on a class parameter (key `class::param`).

use confer_core::value::{puppet_quote, Value};
use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position};

use crate::documents::Document;
use crate::index::{ruby, Entry, Origin, WorkspaceIndex};
use crate::resolve::{self, Target};
use crate::state::State;
use crate::syntax::occurrences::{Kind, Occurrence, Owner};
use crate::syntax::outline::{self, DefKind, Param};

/// The hover at `position` of `doc`.
pub fn hover(state: &State, doc: &Document, position: Position) -> Option<Hover> {
    let index = &state.index;
    if let Some(fact) = state.facts.as_ref().and_then(|f| fact(f, doc, position)) {
        return Some(fact);
    }
    let o = doc.occurrence_at(position)?;
    let key = crate::hiera::key::of(doc, o);
    let text = match (&o.kind, key) {
        (Kind::HieraKey, Some(key)) => crate::hiera::hover::text(state, &key.key, false),
        (Kind::Attribute(owner), _) => attribute(index, o, owner)?,
        (_, Some(key)) => {
            let declared = target(index, doc, resolve::resolve(index, doc, o)?);
            format!(
                "{declared}

{}",
                crate::hiera::hover::text(state, &key.key, true)
            )
        }
        _ => target(index, doc, resolve::resolve(index, doc, o)?),
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value: text }),
        range: Some(doc.range(o.span.clone())),
    })
}

/// The value of the fact whose key is under the cursor in `$facts['…']`.
fn fact(facts: &Value, doc: &Document, position: Position) -> Option<Hover> {
    let (path, span) = crate::facts::path_at(doc, doc.offset(position))?;
    let value = match crate::facts::at(facts, &path)? {
        Value::String(s) => puppet_quote(s),
        v => v.to_string(),
    };
    let keys: String = path.iter().map(|k| format!("[{}]", puppet_quote(k))).collect();
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: format!(
                "{}\n\nFrom the facts file of the workspace's settings.",
                code(&format!("$facts{keys} = {value}"))
            ),
        }),
        range: Some(doc.range(span)),
    })
}

fn target(index: &WorkspaceIndex, doc: &Document, target: Target) -> String {
    match target {
        Target::Entries(entries) => entry(index, entries[0]),
        Target::BuiltinFunction(f) => {
            let sigs: Vec<String> = f.signatures.iter().map(|s| format!("{}({s})", f.name)).collect();
            let origin = f.module.map_or_else(
                || "Puppet's built-in function".to_string(),
                |m| format!("function of module `{m}` (built into confer)"),
            );
            format!("{}\n\n{origin}", code(&sigs.join("\n")))
        }
        Target::BuiltinType(info) => {
            format!(
                "{}\n\nPuppet's resource type. Attributes: {}",
                code(&format!("type {}", info.name)),
                list(&info.attributes)
            )
        }
        Target::DataType(name) => format!("{}\n\nPuppet's data type.", code(name)),
        Target::Local { span, value } => match value {
            Some(v) => local(&doc.text()[span], &v),
            None => parameter(doc, span),
        },
    }
}

/// A variable assigned `value` (its source text): the assignment, and for
/// a constant its value and type.
fn local(name: &str, value: &str) -> String {
    let assignment = code(&format!("{name} = {value}"));
    match crate::inferred::constant(value) {
        Some((v, ty)) => format!(
            "{assignment}\n\nType `{ty}` (what `type({name}, 'generalized')` gives), value `{}`",
            crate::hiera::hover::literal(&v)
        ),
        None => assignment,
    }
}

/// The text for a definition in the workspace.
fn entry(index: &WorkspaceIndex, e: &Entry) -> String {
    let def = &e.def;
    let header = match (def.kind, e.origin) {
        (DefKind::Function, Origin::RubyModern | Origin::RubyLegacy) => ruby::signatures(e).join("\n"),
        (DefKind::ResourceType, _) => format!("type {}", def.name),
        (DefKind::Class, _) => format!("class {}{}", def.name, params(&def.params)),
        (DefKind::Define, _) => format!("define {}{}", def.name, params(&def.params)),
        (DefKind::Function | DefKind::Plan, _) => {
            let keyword = if def.kind == DefKind::Plan { "plan" } else { "function" };
            let ret = def.detail.as_ref().map(|r| format!(" >> {r}")).unwrap_or_default();
            format!("{keyword} {}{}{ret}", def.name, params(&def.params))
        }
        (DefKind::TypeAlias, _) => format!("type {} = {}", def.name, def.detail.as_deref().unwrap_or("")),
        (DefKind::Variable, _) => format!("${} = {}", def.name, def.detail.as_deref().unwrap_or("")),
        (DefKind::Node, _) => format!("node {}", def.name),
    };
    let mut out = match (def.kind, &def.detail) {
        (DefKind::Variable, Some(value)) => local(&format!("${}", def.name), value),
        _ => code(&header),
    };
    if let Some(doc) = &def.doc {
        if !doc.text.is_empty() {
            out.push_str("\n\n");
            out.push_str(&doc.text);
        }
        let described: Vec<String> =
            def.params.iter().filter_map(|p| doc.param(&p.name).map(|d| format!("- `${}`: {d}", p.name))).collect();
        if !described.is_empty() {
            out.push_str("\n\n");
            out.push_str(&described.join("\n"));
        }
    }
    if let Some(info) = &e.type_info {
        out.push_str(&format!("\n\nAttributes: {}", list(&info.attributes)));
    }
    out.push_str(&format!("\n\n*{}*", index.display_path(&e.file)));
    out
}

/// The hover of an attribute in a resource body: its declaration in the
/// class or defined type, or that it is an attribute of a Ruby type.
fn attribute(index: &WorkspaceIndex, o: &Occurrence, owner: &Owner) -> Option<String> {
    let entries: Vec<&Entry> = match owner {
        Owner::Class(c) => index.find(&[DefKind::Class], c),
        Owner::Resource(t) => match resolve::resource_type(index, t)? {
            Target::Entries(entries) => entries,
            Target::BuiltinType(info) => {
                let values = info.named_values.iter().find(|v| v.attribute == o.name);
                let values = values.map(|v| format!("\n\nValues: {}", list(&v.values))).unwrap_or_default();
                return info
                    .accepts(&o.name)
                    .then(|| format!("{}{values}", code(&format!("{}::{}", info.name, o.name))));
            }
            _ => return None,
        },
    };
    let e = entries.first()?;
    if let Some(info) = &e.type_info {
        let kind = if info.attributes.contains(&o.name) { "Attribute" } else { "Metaparameter" };
        let text =
            format!("{}\n\n{kind} of the resource type `{}`", code(&format!("{}::{}", info.name, o.name)), info.name);
        return info.accepts(&o.name).then_some(text);
    }
    let param = e.def.params.iter().find(|p| p.name == o.name)?;
    let mut out = code(&param_text(param));
    if let Some(d) = e.def.doc.as_ref().and_then(|d| d.param(&o.name)) {
        out.push_str("\n\n");
        out.push_str(d);
    }
    out.push_str(&format!("\n\nParameter of `{}`", e.def.name));
    Some(out)
}

/// A parameter declared at `span` of `doc`: its type, default and
/// description when a class, defined type or function declares it, else
/// (a lambda's) its name.
fn parameter(doc: &Document, span: std::ops::Range<usize>) -> String {
    let defs = doc.program.as_ref().map(|p| outline::outline(p, doc.text())).unwrap_or_default();
    let declared = defs.iter().find_map(|d| Some((d, d.params.iter().find(|p| p.span == span)?)));
    let Some((def, p)) = declared else { return code(&doc.text()[span]) };
    let mut out = code(&param_text(p));
    if let Some(d) = def.doc.as_ref().and_then(|d| d.param(&p.name)) {
        out.push_str("\n\n");
        out.push_str(d);
    }
    out.push_str(&format!("\n\nParameter of `{}`", def.name));
    out
}

fn params(params: &[Param]) -> String {
    if params.is_empty() {
        return String::new();
    }
    let lines: Vec<String> = params.iter().map(|p| format!("  {},", param_text(p))).collect();
    format!(" (\n{}\n)", lines.join("\n"))
}

fn param_text(p: &Param) -> String {
    let ty = p.type_text.as_ref().map(|t| format!("{t} ")).unwrap_or_default();
    let default = p.default_text.as_ref().map(|d| format!(" = {d}")).unwrap_or_default();
    format!("{ty}${}{default}", p.name)
}

fn code(text: &str) -> String {
    format!("```puppet\n{text}\n```")
}

fn list(items: &[String]) -> String {
    items.iter().map(|i| format!("`{i}`")).collect::<Vec<_>>().join(", ")
}
