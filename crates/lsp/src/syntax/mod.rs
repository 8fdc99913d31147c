//! What the language server reads from a parsed manifest: every expression
//! in turn (`walk`), the spans of names the tree keeps only inside larger
//! spans (`names`), each name a manifest uses or defines (`occurrences`),
//! and the definitions it holds (`outline`). The tree itself is
//! `confer_puppet::ast`, the one the evaluator runs.

pub mod doc_comment;
pub mod names;
pub mod occurrences;
pub mod outline;
pub mod walk;
