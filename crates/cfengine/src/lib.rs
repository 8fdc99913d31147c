//! confer's CFEngine 3 front-end: a parser for CFEngine policy files and an
//! evaluator for the promise types that define and use variables (`vars`,
//! `classes`, `methods`, `reports`), producing the `R:` lines cf-agent 3.21
//! prints. Other promise types are parsed and not evaluated: confer never
//! changes the system it runs on.

pub mod agent;
pub mod ast;
pub mod augments;
pub mod check;
pub mod class_expr;
pub mod context;
pub mod csv;
pub mod diagnostic;
pub mod expand;
pub mod functions;
pub mod host;
pub mod host_facts;
pub mod host_net;
pub mod iteration;
pub mod json;
pub mod lexer;
pub mod math;
pub mod number;
pub mod parser;
pub mod promise;
pub mod run;
pub mod show;
pub mod syntax;
pub mod value;
pub mod varref;
pub mod verify_vars;
pub mod yaml;

pub use context::Sink;
pub use diagnostic::{Diagnostic, Pos};
pub use parser::parse;
pub use run::{run, validate, Options};
pub use show::{show, Table};

/// Runs a policy file and returns everything cf-agent would print (stdout
/// lines, then stderr lines) and its exit code.
pub fn run_to_lines(opts: &Options) -> (Vec<String>, Vec<String>, i32) {
    let mut out: Vec<String> = vec![];
    let mut err: Vec<String> = vec![];
    let code = run::run(opts, &mut out, &mut err);
    (out, err, code)
}
