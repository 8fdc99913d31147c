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
