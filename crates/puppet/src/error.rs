//! The error a user gets for a manifest that does not parse or evaluate: a
//! message and the place it refers to.

use std::fmt;

use crate::log::Location;

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
}

/// A located error from parsing, validating or evaluating a manifest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuppetError {
    /// Which phase failed.
    pub phase: Phase,
    /// What went wrong.
    pub message: String,
    /// Where, when known.
    pub location: Option<Location>,
    /// Advice printed on lines of their own after Puppet's message ("did you
    /// mean …?"), so the message itself stays word for word Puppet's.
    pub notes: Vec<String>,
}

impl fmt::Display for PuppetError {
    /// Puppet's wording: `Could not parse for environment production: ...` for
    /// syntax errors and `Evaluation Error: ...` for evaluation errors, followed by
    /// `(file: f, line: l, column: c)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.phase {
            Phase::Syntax => write!(f, "Could not parse for environment production: {}", self.message)?,
            Phase::Validation | Phase::Loading => f.write_str(&self.message)?,
            Phase::Evaluation => write!(f, "Evaluation Error: {}", self.message)?,
        }
        if let Some(loc) = &self.location {
            write!(f, " {loc}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PuppetError {}
