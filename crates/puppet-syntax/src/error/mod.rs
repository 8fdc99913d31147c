//! The error a user gets for a manifest that does not parse or evaluate: its
//! kind, Puppet's message and the place it refers to.

mod kind;

use std::fmt;

use confer_diagnostic::{Diagnostic, IntoDiagnostic, Label};

use crate::log::Location;

pub use kind::ErrorKind;

/// Which phase rejected the manifest; Puppet words the two differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Lexing or parsing.
    Syntax,
    /// Static validation of a parsed manifest.
    Validation,
    /// Evaluation.
    Evaluation,
    /// What Puppet raises as a plain Ruby exception rather than one of its
    /// own errors (an invalid regexp, a definition registered twice):
    /// printed as the message alone, and `puppet parser validate` follows it
    /// with its usage hint.
    Loading,
    /// What Puppet's lookup raises about its data (a data file that does
    /// not parse, a value that is not data): the message alone, which a
    /// compile does not attribute to the node.
    Data,
}

/// A located error from parsing, validating or evaluating a manifest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuppetError {
    /// Which phase failed (it decides Puppet's wording).
    pub phase: Phase,
    /// What kind of mistake it is (it decides the machine code).
    pub kind: ErrorKind,
    /// What went wrong.
    pub message: String,
    /// Where, when known, as Puppet counts it (columns in characters).
    pub location: Option<Location>,
    /// The bytes of `location`'s file (offsets within that file) the error
    /// points at, for the excerpt.
    pub span: Option<crate::span::Span>,
    /// Further places the error involves (the line of a template that
    /// failed to render), shown in the excerpt.
    pub labels: Box<[Label]>,
    /// Advice printed on lines of their own after Puppet's message ("did you
    /// mean …?"), so the message itself stays word for word Puppet's.
    pub notes: Vec<crate::log::Note>,
}

impl Phase {
    /// The kind of an error of this phase that no site made more specific.
    pub fn kind(self) -> ErrorKind {
        match self {
            Phase::Syntax => ErrorKind::Syntax,
            Phase::Validation => ErrorKind::Validation,
            Phase::Evaluation => ErrorKind::Evaluation,
            Phase::Loading => ErrorKind::Loading,
            Phase::Data => ErrorKind::Data,
        }
    }
}

impl fmt::Display for PuppetError {
    /// Puppet's wording: `Could not parse for environment production: ...` for
    /// syntax errors and `Evaluation Error: ...` for evaluation errors, followed by
    /// `(file: f, line: l, column: c)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.phase {
            Phase::Syntax => write!(f, "Could not parse for environment production: {}", self.message)?,
            Phase::Validation | Phase::Loading | Phase::Data => f.write_str(&self.message)?,
            Phase::Evaluation => write!(f, "Evaluation Error: {}", self.message)?,
        }
        if let Some(loc) = &self.location {
            write!(f, " {}", crate::log::PuppetPlace(loc))?;
        }
        Ok(())
    }
}

impl std::error::Error for PuppetError {}

impl PuppetError {
    /// An error of `phase`, of the phase's own kind, with no position of its
    /// own (its message names the places, or it concerns the whole run).
    pub fn new(phase: Phase, message: impl Into<String>) -> PuppetError {
        PuppetError {
            phase,
            kind: phase.kind(),
            message: message.into(),
            location: None,
            span: None,
            labels: Box::default(),
            notes: Vec::new(),
        }
    }

    /// The same error, of kind `kind`.
    pub fn with_kind(self, kind: ErrorKind) -> PuppetError {
        PuppetError { kind, ..self }
    }

    /// The kind's stable name in diagnostics.
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// The diagnostic for this error; `suffix` follows Puppet's line (` on
    /// node N` for a compile).
    pub fn to_diagnostic(&self, suffix: &str) -> Diagnostic {
        let location = self.location.as_ref().map(|l| confer_diagnostic::Location {
            file: l.file.clone(),
            line: l.line,
            column: l.column,
        });
        let primary = match (&self.location, &self.span) {
            (Some(l), Some(span)) => Some(Label::new(l.file.clone(), span.start as usize..span.end as usize, "here")),
            _ => None,
        };
        let d = Diagnostic::error(self.code(), format!("Error: {self}{suffix}"), self.message.clone())
            .at(location)
            .with_primary(primary)
            .with_notes(self.notes.iter().map(|n| n.text.clone()))
            .with_suggestion(self.notes.iter().find_map(|n| n.suggestion.clone()));
        self.labels.iter().fold(d, |d, l| d.with_secondary(l.clone()))
    }
}

impl IntoDiagnostic for PuppetError {
    fn into_diagnostic(self) -> Diagnostic {
        self.to_diagnostic("")
    }
}
