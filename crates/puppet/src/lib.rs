//! Puppet front-end.

pub mod ast;
pub mod span;
