//! What can go wrong reading a facts file, and the diagnostic that
//! reports it.

use confer_diagnostic::{Diagnostic, IntoDiagnostic, Location};

/// A facts file that cannot be used, with where the problem is.
#[derive(Debug, thiserror::Error)]
pub enum FactsError {
    /// The file cannot be read.
    #[error("{file}: {source}")]
    Io {
        /// The file.
        file: String,
        /// Why it cannot be read: the bounded reader refuses FIFOs, devices,
        /// directories and files past its size cap.
        source: confer_core::read::ReadError,
    },
    /// The file is not YAML or JSON.
    #[error("{file}:{line}:{column}: {message}")]
    Syntax {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The parser's message.
        message: String,
    },
    /// The document's aliases would expand it past confer's limit (a
    /// "billion laughs" document).
    #[error("{file}:{line}:{column}: the document's aliases expand to more than {limit} values")]
    Aliases {
        /// The file.
        file: String,
        /// 1-based line of the alias that went past the limit.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The limit.
        limit: u64,
    },
    /// The document parses but is not a set of facts.
    #[error("{file}:{line}:{column}: {message}")]
    Shape {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong with it.
        message: String,
    },
}

impl FactsError {
    /// The kind's stable name in diagnostics.
    pub fn code(&self) -> &'static str {
        match self {
            FactsError::Io { .. } => "facts::io",
            FactsError::Syntax { .. } => "facts::syntax",
            FactsError::Aliases { .. } => "facts::aliases",
            FactsError::Shape { .. } => "facts::shape",
        }
    }

    /// Where in the file, when the problem has a place.
    fn location(&self) -> Option<Location> {
        match self {
            FactsError::Io { .. } => None,
            FactsError::Syntax { file, line, column, .. }
            | FactsError::Aliases { file, line, column, .. }
            | FactsError::Shape { file, line, column, .. } => {
                Some(Location { file: file.as_str().into(), line: *line, column: *column })
            }
        }
    }

    /// What is wrong, without the file and position.
    fn message(&self) -> String {
        match self {
            FactsError::Io { source, .. } => source.to_string(),
            FactsError::Syntax { message, .. } | FactsError::Shape { message, .. } => message.clone(),
            FactsError::Aliases { limit, .. } => format!("the document's aliases expand to more than {limit} values"),
        }
    }
}

/// Puppet's `Error: ` line with the file and position; no excerpt, since a
/// facts file given by mistake may hold secrets (`/etc/shadow`).
impl IntoDiagnostic for FactsError {
    fn into_diagnostic(self) -> Diagnostic {
        Diagnostic::error(self.code(), format!("Error: {self}"), self.message()).at(self.location())
    }
}
