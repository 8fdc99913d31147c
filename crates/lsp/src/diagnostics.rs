//! Diagnostics for a document, published on open and on every change: the
//! parse error or each problem of Puppet's static checks (the errors `confer
//! puppet parser validate` prints, through the same `PuppetError` →
//! `confer_diagnostic::Diagnostic` path), the checks' warnings, and, once
//! the workspace is indexed, the names no module defines (classes, defined
//! and resource types, functions, data types) and attributes a resource or
//! class does not have, each with its "did you mean". Everything is a
//! `confer_diagnostic::Diagnostic` first and becomes an LSP one at the
//! edge (`to_lsp`), with its code and the source `confer`.

use confer_core::types::params::capitalize_segments;
use confer_diagnostic::{Diagnostic, Label, Severity};
use confer_puppet::resource_types::METAPARAMETERS;
use lsp_types::{DiagnosticSeverity, NumberOrString};

use crate::documents::Document;
use crate::index::{Origin, WorkspaceIndex};
use crate::resolve::{self, Target};
use crate::syntax::occurrences::{Kind, Occurrence, Owner};
use crate::syntax::outline::DefKind;

/// How close a name must be to a known one to be suggested (the evaluator's).
const THRESHOLD: f64 = 0.85;

/// The document's diagnostics in LSP form; names are checked only when
/// `index` covers the whole workspace.
pub fn of(doc: &Document, index: &WorkspaceIndex, indexed: bool) -> Vec<lsp_types::Diagnostic> {
    let mut found: Vec<Diagnostic> = doc.errors.iter().map(|e| e.to_diagnostic("")).collect();
    let name = doc.source.name.as_str();
    found.extend(doc.warnings.iter().map(|(span, message)| {
        let span = doc.source.local_span(*span);
        Diagnostic::warning("puppet::warning", format!("Warning: {message}"), message.clone())
            .with_primary(Some(Label::new(name, span.start as usize..span.end as usize, "here")))
    }));
    if indexed && doc.errors.is_empty() {
        found.extend(doc.occurrences.iter().filter(|o| !o.definition).filter_map(|o| unknown(doc, index, o)));
    }
    found.iter().map(|d| to_lsp(doc, d)).collect()
}

/// The resource types Puppet 7's packages ship in modules of their own
/// (vendored by puppet-agent, absent from Puppet's own `lib`), with the
/// module: when it is not on the module path a compile fails, but the
/// cause is the module path, so this is a warning that says so.
const BUNDLED_TYPES: &[(&str, &str)] = &[
    ("augeas", "augeas_core"),
    ("cron", "cron_core"),
    ("host", "host_core"),
    ("k5login", "k5login_core"),
    ("mailalias", "mailalias_core"),
    ("maillist", "maillist_core"),
    ("mount", "mount_core"),
    ("scheduled_task", "scheduled_task"),
    ("selboolean", "selinux_core"),
    ("selmodule", "selinux_core"),
    ("ssh_authorized_key", "sshkeys_core"),
    ("sshkey", "sshkeys_core"),
    ("yumrepo", "yumrepo_core"),
    ("zfs", "zfs_core"),
    ("zone", "zone_core"),
    ("zpool", "zfs_core"),
];

/// A diagnostic for `o` when it names nothing the workspace or Puppet
/// defines.
fn unknown(doc: &Document, index: &WorkspaceIndex, o: &Occurrence) -> Option<Diagnostic> {
    let (code, message, candidates): (_, String, Vec<&str>) = match &o.kind {
        Kind::Attribute(owner) => return unknown_attribute(doc, index, o, owner),
        Kind::Variable => return None,
        _ if resolve::resolve(index, doc, o).is_some() => return None,
        Kind::ResourceType | Kind::TypeRef if bundled(&o.name).is_some() => {
            let module = bundled(&o.name)?;
            let message = format!(
                "Unknown resource type: '{}' (Puppet's packages ship it in the module {module}, which is not on the module path)",
                o.name.to_ascii_lowercase()
            );
            let d = Diagnostic::warning("puppet::unknown_resource_type", format!("Warning: {message}"), message);
            return Some(d.with_primary(Some(Label::new(doc.source.name.as_str(), o.span.clone(), "here"))));
        }
        Kind::Class => {
            ("puppet::unknown_class", format!("Could not find class ::{}", o.name), index.names(DefKind::Class))
        }
        Kind::Function => {
            if confer_puppet::eval::is_puppet_function(&o.name) {
                return None;
            }
            let mut names = index.names(DefKind::Function);
            names.extend(resolve::builtin_functions().iter().map(|f| f.name));
            ("puppet::unknown_function", format!("Unknown function: '{}'.", o.name), names)
        }
        Kind::ResourceType => (
            "puppet::unknown_resource_type",
            format!("Unknown resource type: '{}'", o.name),
            resource_type_names(index),
        ),
        Kind::TypeRef => {
            let mut names: Vec<&str> = confer_puppet::eval::session::TYPE_NAMES.to_vec();
            names.extend(index.names(DefKind::TypeAlias));
            ("puppet::unknown_type", format!("Resource type not found: {}", o.name), names)
        }
    };
    let shown = if o.kind == Kind::TypeRef { o.name.clone() } else { o.name.to_ascii_lowercase() };
    let suggestion = confer_diagnostic::suggest::closest(&shown, candidates, THRESHOLD).map(String::from);
    Some(located(doc, code, message, o, suggestion))
}

/// A diagnostic for an attribute `o` that the resource type or class
/// `owner` does not have; nothing when the owner is unknown (that is
/// reported on its name) or accepts any attribute.
fn unknown_attribute(doc: &Document, index: &WorkspaceIndex, o: &Occurrence, owner: &Owner) -> Option<Diagnostic> {
    let (shown, declared): (String, Vec<String>) = match owner {
        Owner::Class(class) => {
            let entry = index.find(&[DefKind::Class], class).into_iter().next()?;
            (
                format!("Class[{}]", capitalize_segments(class)),
                entry.def.params.iter().map(|p| p.name.clone()).collect(),
            )
        }
        Owner::Resource(t) => match resolve::resource_type(index, t)? {
            Target::BuiltinType(info) => {
                if info.accepts(&o.name) {
                    return None;
                }
                (capitalize_segments(t), info.attributes.clone())
            }
            Target::Entries(entries) => {
                let entry = entries[0];
                if entry.origin == Origin::RubyType {
                    let info = entry.type_info.as_ref()?;
                    if info.accepts(&o.name) {
                        return None;
                    }
                    (capitalize_segments(t), info.attributes.clone())
                } else {
                    let mut names: Vec<String> = entry.def.params.iter().map(|p| p.name.clone()).collect();
                    names.extend(["name", "title"].map(String::from));
                    (capitalize_segments(t), names)
                }
            }
            _ => return None,
        },
    };
    if declared.contains(&o.name) || METAPARAMETERS.contains(&o.name.as_str()) {
        return None;
    }
    let message = format!("{shown}: has no parameter named '{}'", o.name);
    let suggestion = confer_diagnostic::suggest::closest(&o.name, declared.iter().map(String::as_str), THRESHOLD);
    Some(located(doc, "puppet::type_mismatch", message, o, suggestion.map(String::from)))
}

/// The module Puppet's packages ship the resource type `name` in, if they do.
fn bundled(name: &str) -> Option<&'static str> {
    let name = name.to_ascii_lowercase();
    BUNDLED_TYPES.iter().find(|(t, _)| *t == name).map(|(_, m)| *m)
}

/// Every resource type the workspace and Puppet know.
fn resource_type_names(index: &WorkspaceIndex) -> Vec<&str> {
    let mut names = index.names(DefKind::Define);
    names.extend(index.names(DefKind::ResourceType));
    names.extend(confer_puppet::resource_types::builtins().map(|t| t.name.as_str()));
    names
}

fn located(
    doc: &Document,
    code: &'static str,
    message: String,
    o: &Occurrence,
    suggestion: Option<String>,
) -> Diagnostic {
    Diagnostic::error(code, format!("Error: {message}"), message)
        .with_primary(Some(Label::new(doc.source.name.as_str(), o.span.clone(), "here")))
        .with_suggestion(suggestion)
}

/// `span`, or when it is empty the character it stands before (an empty
/// range is hard to see in an editor), unless that ends the line.
fn visible(text: &str, span: std::ops::Range<usize>) -> std::ops::Range<usize> {
    match text.get(span.start..).and_then(|rest| rest.chars().next()) {
        Some(c) if span.is_empty() && c != '\n' => span.start..span.start + c.len_utf8(),
        _ => span,
    }
}

/// The LSP form of `d`: its primary span (else Puppet's line and column)
/// as the range, the message with the suggestion, the code, and `confer`.
pub fn to_lsp(doc: &Document, d: &Diagnostic) -> lsp_types::Diagnostic {
    let text = doc.text();
    let range = match (&d.primary, &d.location) {
        (Some(label), _) => doc.range(visible(text, label.range.clone())),
        (None, Some(l)) if l.line > 0 => {
            let at = doc.lines.line_column(text, l.line, l.column);
            lsp_types::Range { start: at, end: at }
        }
        _ => lsp_types::Range::default(),
    };
    let message = match &d.suggestion {
        Some(s) => format!("{} (did you mean '{s}'?)", d.message),
        None => d.message.clone(),
    };
    lsp_types::Diagnostic {
        range,
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(d.code.to_string())),
        source: Some("confer".to_string()),
        message,
        ..lsp_types::Diagnostic::default()
    }
}
