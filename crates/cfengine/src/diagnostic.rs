//! Located errors: everything a user can get wrong in a policy is reported as a
//! [`Diagnostic`] naming file, line and column, printed the way `cf-promises`
//! prints them (`FILE:LINE:COL: error: MESSAGE`) by a library sink, and
//! turned into the shared diagnostic of every front-end for the command line.

use std::fmt;
use std::sync::Arc;

use confer_diagnostic::{Diagnostic as Shared, IntoDiagnostic, Label, Location};

/// A position in a source file: 1-based line and column (in bytes, as
/// cf-promises counts them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pos {
    /// 1-based line number.
    pub line: u32,
    /// 1-based column number.
    pub col: u32,
    /// Byte offset in the file's text, where the excerpt points.
    pub offset: u32,
}

/// One located error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file as it was named (the path given on the command line, or the
    /// path of an input file as resolved).
    pub file: Arc<str>,
    /// Where the error was found.
    pub pos: Pos,
    /// What is wrong.
    pub message: String,
    /// The source line, shown under the message with a caret, when known.
    pub source_line: Option<String>,
    /// A log line printed before the located message (cf-promises logs
    /// `Failed to parse integer number: abc` before rejecting the value).
    pub log: Option<String>,
    /// confer's advice ("did you mean 'canonify'?"), shown after the
    /// excerpt; cf-promises' own output has none.
    pub notes: Box<[String]>,
}

impl Diagnostic {
    /// A diagnostic at `pos` in `file`.
    pub fn new(file: &Arc<str>, pos: Pos, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file: file.clone(),
            pos,
            message: message.into(),
            source_line: None,
            log: None,
            notes: Box::default(),
        }
    }

    /// Attaches the text of the offending line, taken from `source`.
    pub fn with_source(mut self, source: &str) -> Diagnostic {
        self.source_line = source
            .split('\n')
            .nth(self.pos.line.saturating_sub(1) as usize)
            .map(|l| l.trim_end_matches('\r').to_string());
        self
    }
}

impl fmt::Display for Diagnostic {
    /// `FILE:LINE:COL: error: MESSAGE`, then the source line and a caret under
    /// the column, as cf-promises prints a syntax error.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: error: {}", self.file, self.pos.line, self.pos.col, self.message)?;
        if let Some(line) = &self.source_line {
            let caret = " ".repeat(self.pos.col.saturating_sub(1) as usize);
            write!(f, "\n{line}\n{caret}^")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

impl IntoDiagnostic for &Diagnostic {
    /// cf-promises' line as the headline, the offset as the excerpt's span.
    fn into_diagnostic(self) -> Shared {
        let headline = format!("{}:{}:{}: error: {}", self.file, self.pos.line, self.pos.col, self.message);
        let offset = self.pos.offset as usize;
        let location = (self.pos.line > 0).then(|| Location {
            file: self.file.clone(),
            line: self.pos.line as usize,
            column: self.pos.col as usize,
        });
        let primary = location.as_ref().map(|_| Label::new(self.file.clone(), offset..offset, "here"));
        Shared::error("cfengine::syntax", headline, self.message.clone())
            .at(location)
            .with_primary(primary)
            .with_notes(self.notes.iter().cloned())
    }
}
