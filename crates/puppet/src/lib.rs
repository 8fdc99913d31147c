//! The Puppet front-end of confer: lexer, parser and evaluator for Puppet 7
//! manifests.

pub mod ast;
pub mod error;
pub mod eval;
pub mod log;
pub mod span;
