//! Problems found in documents: one line per problem for people
//! (`file:line:col: path: message`), and the shared diagnostic that carries
//! it, with its parts as fields, to the renderer.

use confer_core::mismatch::{Fault, Mismatch, PathElem};
use confer_core::types::infer::general_type_name;
use confer_diagnostic::{Diagnostic, IntoDiagnostic, Location};

use crate::document::Document;

/// How serious a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The document does not match.
    Error,
    /// Something worth knowing that does not fail the check (an unknown Hiera key).
    Warning,
}

/// One problem in one document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Error or warning.
    pub severity: Severity,
    /// The file (or `-` for standard input).
    pub file: String,
    /// 1-based line and column of the offending value, when known.
    pub position: Option<(usize, usize)>,
    /// The path into the document (`servers[3].port`).
    pub path: String,
    /// What is wrong.
    pub message: String,
    /// The expected type, aliases kept (`Stdlib::Port`).
    pub expected: Option<String>,
    /// The actual value's general type.
    pub actual: Option<String>,
    /// A likely intended name for a misspelt key or enum member, quoted
    /// (`'port'`, or `'port' instead of 'prot'`).
    pub suggestion: Option<String>,
}

impl Problem {
    /// A problem for a type mismatch in `doc`.
    pub fn from_mismatch(file: &str, doc: &Document, m: &Mismatch) -> Problem {
        let offending = value_at(&doc.value, &m.path);
        let suggestion = match &m.fault {
            // A missing key: is one of the unknown keys its misspelling?
            Fault::MissingKey { key, unknown } => unknown
                .iter()
                .find(|given| crate::suggest::did_you_mean(given, std::slice::from_ref(key)).is_some())
                .map(|given| format!("'{key}' instead of '{given}'")),
            Fault::UnrecognizedKey { key, known } => crate::suggest::did_you_mean(key, known).map(|s| format!("'{s}'")),
            Fault::NotAMember { given, members } => {
                crate::suggest::did_you_mean(given, members).map(|s| format!("'{s}'"))
            }
            Fault::Other => None,
        };
        Problem {
            severity: Severity::Error,
            file: file.to_string(),
            position: doc.locate(&m.path),
            path: crate::path::render(&m.path),
            message: m.detail.clone(),
            expected: Some(m.expected.to_string()),
            actual: offending.map(general_type_name),
            suggestion,
        }
    }

    /// A problem for a document whose check a regexp match could not decide,
    /// located at the document itself.
    pub fn undecided(file: &str, doc: &Document, message: String) -> Problem {
        Problem {
            severity: Severity::Error,
            file: file.to_string(),
            position: doc.locate(&[]),
            path: String::new(),
            message,
            expected: None,
            actual: None,
            suggestion: None,
        }
    }

    /// The line people read, with control characters escaped.
    pub fn human(&self) -> String {
        confer_core::text::escape_controls(&self.unescaped_human()).into_owned()
    }

    fn unescaped_human(&self) -> String {
        let at = match self.position {
            Some((l, c)) => format!("{}:{l}:{c}", self.file),
            None => self.file.clone(),
        };
        let level = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut line = format!("{at}: {level}: {}: {}", self.path, self.message);
        if let Some(s) = &self.suggestion {
            line.push_str(&format!(" (did you mean {s}?)"));
        }
        line
    }
}

impl IntoDiagnostic for &Problem {
    /// The one-line form as the headline (a check's output is a line per
    /// problem, for people and `grep`); the path, the expected type and the
    /// actual value's type as fields of their own.
    fn into_diagnostic(self) -> Diagnostic {
        let location = self.position.map(|(line, column)| Location { file: self.file.as_str().into(), line, column });
        let (code, severity) = match self.severity {
            Severity::Error => ("check::mismatch", confer_diagnostic::Severity::Error),
            Severity::Warning => ("check::warning", confer_diagnostic::Severity::Warning),
        };
        let mut d = Diagnostic::error(code, self.human(), self.message.clone())
            .at(location)
            .with_suggestion(self.suggestion.clone())
            .with_field("path", self.path.clone().into())
            .with_field("expected", self.expected.clone().into())
            .with_field("actual", self.actual.clone().into());
        d.severity = severity;
        d
    }
}

fn value_at<'v>(root: &'v confer_core::Value, path: &[PathElem]) -> Option<&'v confer_core::Value> {
    let mut v = root;
    for elem in path {
        v = match (elem, v) {
            (PathElem::Index(i), confer_core::Value::Array(items)) => items.get(*i)?,
            (PathElem::Key(k), confer_core::Value::Hash(map)) => map.get(k)?,
            _ => return None,
        };
    }
    Some(v)
}
