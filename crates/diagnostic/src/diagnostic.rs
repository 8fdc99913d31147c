//! What a diagnostic holds: the reference tool's words, where they point,
//! and the advice confer adds.

use std::ops::Range;
use std::sync::Arc;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The input is rejected, or the run failed.
    Error,
    /// Worth knowing; the run goes on.
    Warning,
}

impl Severity {
    /// The lower-case name JSON and compilers use.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// A file position as the reference tool counts it (Puppet: characters;
/// cf-promises: bytes), 1-based; 0 where the reference names less (Puppet's
/// `(file: F)` or `(file: F, line: L)`). The one location type of every
/// front-end: Puppet's errors and log events and Hiera's data positions
/// carry it as they are made; each front-end words it its own way
/// (`PuppetPlace`, Hiera's `Place`, cf-promises' `F:L:C`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The file as it was named.
    pub file: Arc<str>,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
}

/// A byte range of one source file, with what it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// The file, as [`crate::Sources`] knows it.
    pub file: Arc<str>,
    /// Bytes of the file's text.
    pub range: Range<usize>,
    /// Printed beside the marker (`here`, `defined here`).
    pub message: String,
}

impl Label {
    /// A label over `range` of `file`.
    pub fn new(file: impl Into<Arc<str>>, range: Range<usize>, message: impl Into<String>) -> Label {
        Label { file: file.into(), range, message: message.into() }
    }
}

/// One located report from any front-end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// A stable name of the kind of failure (`puppet::evaluation`,
    /// `cfengine::syntax`, `check::mismatch`), for tools to match on.
    pub code: &'static str,
    /// The reference tool's line, word for word (Puppet's `Error: …
    /// (file: F, line: L, column: C)`, cf-promises' `F:L:C: error: …`):
    /// what scripts grep for.
    pub headline: String,
    /// The message alone, without the location or the tool's prefixes.
    pub message: String,
    /// Where, as the reference counts it, when known.
    pub location: Option<Location>,
    /// The span the excerpt marks.
    pub primary: Option<Label>,
    /// Further spans (where a name was defined, the template a call reads).
    pub secondary: Vec<Label>,
    /// Advice and context, each printed as a `note:` line.
    pub notes: Vec<String>,
    /// A likely intended name ("did you mean …?").
    pub suggestion: Option<String>,
    /// Data a kind carries beyond the above (`check`'s `path`, `expected`,
    /// `actual`), included in JSON as they are.
    pub fields: Vec<(&'static str, serde_json::Value)>,
}

impl Diagnostic {
    /// An error of kind `code` whose reference line is `headline`.
    pub fn error(code: &'static str, headline: impl Into<String>, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, code, headline.into(), message.into())
    }

    /// A warning of kind `code` whose reference line is `headline`.
    pub fn warning(code: &'static str, headline: impl Into<String>, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Warning, code, headline.into(), message.into())
    }

    fn new(severity: Severity, code: &'static str, headline: String, message: String) -> Diagnostic {
        Diagnostic {
            severity,
            code,
            headline,
            message,
            location: None,
            primary: None,
            secondary: Vec::new(),
            notes: Vec::new(),
            suggestion: None,
            fields: Vec::new(),
        }
    }

    /// With the position the reference reports.
    pub fn at(mut self, location: Option<Location>) -> Diagnostic {
        self.location = location;
        self
    }

    /// With the span the excerpt marks.
    pub fn with_primary(mut self, label: Option<Label>) -> Diagnostic {
        self.primary = label;
        self
    }

    /// With one more secondary span.
    pub fn with_secondary(mut self, label: Label) -> Diagnostic {
        self.secondary.push(label);
        self
    }

    /// With notes.
    pub fn with_notes(mut self, notes: impl IntoIterator<Item = String>) -> Diagnostic {
        self.notes.extend(notes);
        self
    }

    /// With a suggested name.
    pub fn with_suggestion(mut self, suggestion: Option<String>) -> Diagnostic {
        self.suggestion = suggestion;
        self
    }

    /// With a field for JSON.
    pub fn with_field(mut self, name: &'static str, value: serde_json::Value) -> Diagnostic {
        self.fields.push((name, value));
        self
    }
}

/// A front-end's own error turned into the shared diagnostic at the edge,
/// where it is shown (nickel's `IntoDiagnostics`, starlark's
/// `Diagnostic` conversion).
pub trait IntoDiagnostic {
    /// The diagnostic that reports `self`.
    fn into_diagnostic(self) -> Diagnostic;
}
