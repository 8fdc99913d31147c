//! A document that does not parse, where and why: what the JSON and YAML
//! readers give and the document reports.

/// A document that does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// What is wrong.
    pub message: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
}
