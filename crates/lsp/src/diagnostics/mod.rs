//! Diagnostics for a document, published on open and on every change: the
//! parse error or each problem of Puppet's static checks (the errors `confer
//! puppet parser validate` prints, through the same `PuppetError` →
//! `confer_diagnostic::Diagnostic` path) and the checks' warnings; once the
//! workspace is indexed, the names no module defines (`names`) and the
//! parameters a declaration gets wrong (`parameters`) and the literal
//! values their declared types reject (`values`), and variables nothing
//! defines (`variables`); calls of deprecated
//! functions (`deprecated`) at any time. Everything is a
//! `confer_diagnostic::Diagnostic` first and becomes an LSP one at the
//! edge (`to_lsp`), with its code and the source `confer`.

mod deprecated;
mod names;
mod parameters;
mod values;
mod variables;

use confer_diagnostic::{Diagnostic, Label, Severity};
use lsp_types::{DiagnosticSeverity, DiagnosticTag, NumberOrString};

use crate::documents::Document;
use crate::index::WorkspaceIndex;
use crate::syntax::occurrences::Kind;

/// How close a name must be to a known one to be suggested (the evaluator's).
const THRESHOLD: f64 = 0.85;

/// The document's diagnostics in LSP form; names are checked only when
/// `index` covers the whole workspace, variables against `facts` too.
pub fn of(
    doc: &Document,
    index: &WorkspaceIndex,
    indexed: bool,
    facts: Option<&confer_core::Value>,
) -> Vec<lsp_types::Diagnostic> {
    let mut found: Vec<Diagnostic> = doc.errors.iter().map(|e| e.to_diagnostic("")).collect();
    let name = doc.source.name.as_str();
    found.extend(doc.warnings.iter().map(|(span, message)| {
        let span = doc.source.local_span(*span);
        Diagnostic::warning("puppet::warning", format!("Warning: {message}"), message.clone())
            .with_primary(Some(Label::new(name, span.start as usize..span.end as usize, "here")))
    }));
    if doc.errors.is_empty() {
        found.extend(doc.occurrences.iter().filter_map(|o| deprecated::call(doc, o)));
    }
    if indexed && doc.errors.is_empty() {
        for o in doc.occurrences.iter().filter(|o| !o.definition) {
            found.extend(match &o.kind {
                Kind::Attribute(owner) => parameters::unknown(doc, index, o, owner),
                _ => names::unknown(doc, index, o),
            });
        }
        found.extend(parameters::missing(doc, index));
        found.extend(values::mismatches(doc, index));
        found.extend(variables::undefined(doc, index, facts));
    }
    found.iter().map(|d| to_lsp(doc, d)).collect()
}

/// An error of kind `code` at the bytes `span` of `doc`.
fn located(
    doc: &Document,
    code: &'static str,
    message: String,
    span: std::ops::Range<usize>,
    suggestion: Option<String>,
) -> Diagnostic {
    Diagnostic::error(code, format!("Error: {message}"), message)
        .with_primary(Some(Label::new(doc.source.name.as_str(), span, "here")))
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
        tags: (d.code == deprecated::CODE).then(|| vec![DiagnosticTag::DEPRECATED]),
        ..lsp_types::Diagnostic::default()
    }
}
