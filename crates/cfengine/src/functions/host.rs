//! What a built-in function may ask of the run that calls it. The function
//! library sees the run through this interface only — never the whole
//! evaluation context — so that it cannot change the run's state behind
//! the evaluator's back (a fatal error is asked for, not written into the
//! context), and so that the library does not import the evaluator that
//! imports it. The evaluator implements it (`eval::function_host`).

use std::collections::HashMap;
use std::sync::Arc;

use crate::data::value::{DataType, Rv, Variable};
use crate::eval::defined::Defined;
use crate::eval::frames::{BundleFrame, MethodCall, ThisTable};
use crate::eval::message::ErrorKind;
use crate::eval::run_settings::RunSettings;
use crate::shell;
use crate::syntax::ast::{Bundle, Policy, Promise};
use crate::syntax::varref::VarRef;

use super::regex_cache::RegexCache;

/// The run, as built-in functions see it.
pub(crate) trait FunctionHost {
    /// Logs an error of the family `kind`.
    fn report_error(&mut self, kind: ErrorKind, msg: &str);
    /// Logs a `warning:` line.
    fn report_warning(&mut self, msg: &str);
    /// Logs, once a run, something confer refuses to do that cf-agent does.
    fn refuse(&mut self, msg: String);
    /// Logs cf-agent's fatal error (`FatalError`) and ends the run.
    fn fatal(&mut self, kind: ErrorKind, msg: &str);
    /// Whether the run is ending (a fatal error or an abort class), after
    /// which no function runs.
    fn ending(&self) -> bool;
    /// Where the promise being evaluated is, for messages.
    fn promise_location(&self) -> String;
    /// Notes that a result grew past confer's size limit; the promise
    /// reports it and the run stops.
    fn flag_oversized(&self);
    /// Counts work; `false` once the run has done too much.
    fn spend(&mut self, n: u64) -> bool;

    /// The variable a reference names, resolved in the current bundle.
    fn lookup(&self, name: &str) -> Option<Variable>;
    /// The variable of a parsed reference.
    fn get(&self, r: &VarRef) -> Option<Variable>;
    /// Defines a variable.
    fn put(&mut self, r: &VarRef, rval: Rv, ty: DataType, tags: &[&str]);
    /// A string with its variable references expanded.
    fn expand(&self, s: &str) -> String;
    /// A class expression's value; `None` when it does not parse.
    fn eval_class_expr(&self, expr: &str) -> Option<bool>;
    /// Whether a class is defined.
    fn class_defined(&self, name: &str) -> bool;
    /// The variables and classes defined so far.
    fn defined(&self) -> &Defined;
    /// The `this` scope of the promise being evaluated.
    fn this(&self) -> &ThisTable;
    /// The `this` scope, for functions that bind `$(this)` while they
    /// evaluate an argument (`maplist`, `mapdata`).
    fn this_mut(&mut self) -> &mut ThisTable;

    /// The innermost bundle being evaluated.
    fn bundle(&self) -> Option<&Arc<Bundle>>;
    /// The innermost bundle's namespace.
    fn ns(&self) -> String;
    /// The bundles being evaluated, innermost last.
    fn frames(&self) -> &[BundleFrame];
    /// The promise being evaluated.
    fn promise(&self) -> Option<&Promise>;
    /// Which iteration of that promise this is (from 1).
    fn iteration(&self) -> usize;
    /// The `methods` promises being carried out, outermost first.
    fn method_calls(&self) -> &[MethodCall];
    /// Their promisers, outermost first.
    fn method_promisers(&self) -> &[String];

    /// The policy being run.
    fn policy(&self) -> &Policy;
    /// What the run was started with.
    fn settings(&self) -> &RunSettings;
    /// An environment variable as the run sees it.
    fn getenv(&self, name: &str) -> Option<String>;
    /// The directory a `files` promise last moved cf-agent into.
    fn cwd(&self) -> Option<&str>;

    /// Whether results of the functions cf-agent caches are cached at this
    /// promise (`cache_system_functions`, and `ifelapsed` of its action).
    fn caches_function_results(&mut self) -> bool;
    /// The results of cached functions, by name and arguments.
    fn function_cache(&mut self) -> &mut HashMap<String, Rv>;
    /// The run's compiled regular expressions.
    fn regexes(&mut self) -> &mut RegexCache;

    /// Runs a command line through confer's shell stand-in.
    fn run_command(&mut self, command: &str, shell: bool, output_used: bool) -> Result<shell::Output, String>;
    /// Whether the program a command line starts with is one cf-agent would
    /// run (logged when missing).
    fn check_executable(&mut self, command: &str) -> bool;
}

impl dyn FunctionHost + '_ {
    /// Logs an error of the family `kind`.
    pub fn error(&mut self, kind: ErrorKind, msg: impl AsRef<str>) {
        self.report_error(kind, msg.as_ref());
    }

    /// Logs a `warning:` line.
    pub fn warning(&mut self, msg: impl AsRef<str>) {
        self.report_warning(msg.as_ref());
    }
}
