//! The Puppet front-end of confer: lexer, parser and evaluator for Puppet 7
//! manifests.

pub mod ast;
pub mod catalog;
pub mod environment;
pub mod error;
pub mod eval;
pub mod files;
pub mod interrupt;
pub mod lexer;
pub mod log;
pub mod native_ports;
pub mod node;
pub mod parser;
pub mod resource_types;
pub mod span;
pub mod strict;
mod validate;

use std::rc::Rc;
use std::sync::Arc;

use error::{ErrorKind, Phase, PuppetError};

/// The Puppet version whose behaviour confer follows; `$serverversion` and
/// `$clientversion` report it.
pub const PUPPET_VERSION: &str = "7.23.0";
use log::{Location, Logger};
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
                location: Some(Location { file: source.name.clone(), line, column }),
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
        location: Some(Location { file: source.name.clone(), line, column }),
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

/// Parses, checks and evaluates a manifest as `puppet apply` compiles it,
/// sending what it logs to `logger`.
pub fn apply(source: &Arc<Source>, logger: &mut dyn Logger) -> Result<(), PuppetError> {
    apply_in(source, &Rc::new(environment::Environment::bare(Vec::new())), None, logger)
}

/// Like `apply`, in the environment `env`: classes, defined types,
/// functions and type aliases the manifest does not define are autoloaded
/// from its modules. With a `node`, its facts are in the top scope and node
/// definitions are matched by its name.
pub fn apply_in(
    source: &Arc<Source>,
    env: &Rc<environment::Environment>,
    node: Option<&node::Node>,
    logger: &mut dyn Logger,
) -> Result<(), PuppetError> {
    let (program, warnings) = validate_with_warnings(source, env.strict.level)?;
    for w in warnings {
        logger.log(w);
    }
    eval::evaluate_in(&program, source, env, node, logger)
}

/// Parses `source` (which holds type alias definitions, `type A = ...`) and
/// returns the alias named `name`, resolving the aliases it refers to lazily.
/// This is how tools use Puppet type expressions as a schema language.
pub fn resolve_type_alias(source: &Arc<Source>, name: &str) -> Result<confer_core::Type, PuppetError> {
    let program = validate(source)?;
    eval::resolve_alias(&program, source, name)
}

pub use eval::session::{is_incomplete, Session, Store};

/// Like `apply_in`, also giving the top scope's variables as the evaluation
/// left them (none when the manifest does not parse), for
/// `apply --format json`.
pub fn apply_with_state(
    source: &Arc<Source>,
    env: &Rc<environment::Environment>,
    node: Option<&node::Node>,
    logger: &mut dyn Logger,
) -> (Result<(), PuppetError>, Vec<(String, confer_core::Value)>) {
    match validate_with_warnings(source, env.strict.level) {
        Ok((program, warnings)) => {
            for w in warnings {
                logger.log(w);
            }
            eval::evaluate_with_state(&program, source, env, node, logger)
        }
        Err(e) => (Err(e), Vec::new()),
    }
}
