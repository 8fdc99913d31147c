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
pub use eval::final_state::FinalState;
pub use eval::options::{Options, Table};
pub use eval::run::Ended;
pub use syntax::parser::parse;

/// `opts` with the sub-agents its policy's commands run started in-process
/// (unless the caller chose otherwise).
fn with_sub_agents(opts: &Options) -> Options {
    let mut opts = opts.clone();
    opts.start_program.get_or_insert(eval::subagent::start);
    opts
}

/// Runs the policy, as `cf-agent -K -f FILE` does.
pub fn run(opts: &Options, out: &mut dyn Sink, err: &mut dyn Sink) -> Ended {
    eval::run::run(&with_sub_agents(opts), out, err)
}

/// [`run`], also giving back the variables and classes defined when the
/// run ended (none when the policy did not load).
pub fn run_with_state(opts: &Options, out: &mut dyn Sink, err: &mut dyn Sink) -> (Ended, Option<FinalState>) {
    eval::run::run_with_state(&with_sub_agents(opts), out, err)
}

/// Checks the policy as `cf-promises` does; its exit code.
pub fn validate(opts: &Options, out: &mut dyn Sink, err: &mut dyn Sink) -> i32 {
    eval::run::validate(&with_sub_agents(opts), out, err)
}

/// `cf-promises --show-vars` / `--show-classes`; its exit code.
pub fn show(opts: &Options, table: Table, out: &mut dyn Sink, err: &mut dyn Sink) -> i32 {
    eval::show::show(&with_sub_agents(opts), table, out, err)
}

/// Runs a policy file and returns everything cf-agent would print (stdout
/// lines, then stderr lines) and how it ended.
pub fn run_to_lines(opts: &Options) -> (Vec<String>, Vec<String>, Ended) {
    let mut out: Vec<String> = vec![];
    let mut err: Vec<String> = vec![];
    let code = run(opts, &mut out, &mut err);
    (out, err, code)
}
