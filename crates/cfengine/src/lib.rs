//! confer's CFEngine 3 front-end: a parser for CFEngine policy files and an
//! evaluator for the promise types that define and use variables (`vars`,
//! `classes`, `methods`, `reports`), producing the `R:` lines cf-agent 3.21
//! prints. Other promise types are parsed and not evaluated: confer never
//! changes the system it runs on.

pub mod data;
pub mod diagnostic;
pub mod eval;
pub mod files;
pub mod functions;
pub mod host;
pub mod os_error;
pub mod shell;
pub mod syntax;

pub use diagnostic::{Diagnostic, Pos};
pub use eval::context::Sink;
pub use eval::run::{run, run_with_state, validate, Ended, Options};
pub use eval::show::FinalState;
pub use eval::show::{show, Table};
pub use syntax::parser::parse;

/// Runs a policy file and returns everything cf-agent would print (stdout
/// lines, then stderr lines) and how it ended.
pub fn run_to_lines(opts: &Options) -> (Vec<String>, Vec<String>, Ended) {
    let mut out: Vec<String> = vec![];
    let mut err: Vec<String> = vec![];
    let code = eval::run::run(opts, &mut out, &mut err);
    (out, err, code)
}
