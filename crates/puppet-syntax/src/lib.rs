//! Puppet's syntax for confer: sources and their spans, the lexer, the
//! parser and its syntax tree, and the static checks `puppet parser
//! validate` runs, with the errors and log events they report. Nothing
//! here evaluates: the evaluator (`confer-puppet`) and the language server
//! (`confer-lsp`) both stand on it, and a tool that only reads manifests
//! needs nothing more.

pub mod ast;
pub mod error;
pub mod lexer;
pub mod log;
pub mod parser;
pub mod span;
pub mod strict;
pub mod validate;

use error::{ErrorKind, Phase, PuppetError};
use log::Location;
use span::Source;

/// Parses and statically checks a manifest without evaluating it, as
/// `puppet parser validate` does.
pub fn validate(source: &Source) -> Result<ast::Program, PuppetError> {
    validate_with_warnings(source, strict::Strictness::default()).map(|(program, _)| program)
}

/// Parses and checks a manifest, also returning the warnings of the lexer
/// (unrecognised escapes) and of the checks (those of strict issues as
/// `strict` says) as log events.
pub fn validate_with_warnings(
    source: &Source,
    strict: strict::Strictness,
) -> Result<(ast::Program, Vec<log::LogEvent>), PuppetError> {
    let parsed = parser::parse_with_warnings(source).map_err(|e| syntax_error(source, e))?;
    let validation_warnings = validate::check(&parsed.program, source, strict)?;
    let warnings = parsed
        .warnings
        .into_iter()
        .chain(validation_warnings)
        .map(|(span, message)| {
            let (line, column) = source.line_col(span.start);
            log::LogEvent {
                level: log::Level::Warning,
                scope: None,
                message,
                location: Some(Location { file: source.name.as_str().into(), line, column }),
                notes: Vec::new(),
            }
        })
        .collect();
    Ok((parsed.program, warnings))
}

/// A parse error as `puppet parser validate` reports it.
fn syntax_error(source: &Source, e: parser::ParseError) -> PuppetError {
    let span = source.local_span(e.span);
    // The end of input is no place Puppet's locator can name: it gives the file alone.
    let (line, column) = if span.start as usize >= source.text.len() { (0, 0) } else { source.line_col(e.span.start) };
    PuppetError {
        phase: Phase::Syntax,
        kind: ErrorKind::Syntax,
        message: e.message,
        location: Some(Location { file: source.name.as_str().into(), line, column }),
        span: Some(span),
        labels: Box::default(),
        notes: Vec::new(),
    }
}

/// A manifest as an editor sees it: the tree when it parses, and every
/// problem at its own place rather than Puppet's first error.
#[derive(Debug)]
pub struct Checked {
    /// The syntax tree, when the manifest parses.
    pub program: Option<ast::Program>,
    /// The parse error, or each static problem (the same errors
    /// `puppet parser validate` reports, one by one).
    pub errors: Vec<PuppetError>,
    /// The lexer's and the checks' warnings, with their spans.
    pub warnings: Vec<(span::Span, String)>,
}

/// Parses and checks a manifest as [`validate_with_warnings`] does, keeping
/// each problem apart (the checks of `puppet parser validate`, for editors).
pub fn check_each(source: &Source, strict: strict::Strictness) -> Checked {
    match parser::parse_with_warnings(source) {
        Err(e) => Checked { program: None, errors: vec![syntax_error(source, e)], warnings: Vec::new() },
        Ok(parsed) => {
            let (errors, checks) = validate::check_each(&parsed.program, source, strict);
            let warnings = parsed.warnings.into_iter().chain(checks).collect();
            Checked { program: Some(parsed.program), errors, warnings }
        }
    }
}
