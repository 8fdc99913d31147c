//! What can go wrong reading a facts file.

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
