//! The Puppet front-end of confer: the evaluator, catalog compiler and
//! their environment (modules, Hiera, templates) for Puppet 7 manifests,
//! over the syntax of `confer-puppet-syntax` (sources, lexer, parser,
//! syntax tree, static checks, errors), which is re-exported here so that
//! `confer_puppet::ast` and the rest keep their paths.

pub mod catalog;
pub mod environment;
pub mod eval;
pub mod files;
pub mod interrupt;
pub mod native_ports;
pub mod node;
pub mod resource_types;

pub use confer_puppet_syntax::{ast, error, lexer, log, parser, span, strict, validate};
pub use confer_puppet_syntax::{check_each, validate_with_warnings, Checked};

use std::rc::Rc;
use std::sync::Arc;

use error::PuppetError;

/// The Puppet version whose behaviour confer follows; `$serverversion` and
/// `$clientversion` report it.
pub const PUPPET_VERSION: &str = "7.23.0";
use log::Logger;
use span::Source;

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
