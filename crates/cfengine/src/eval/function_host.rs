//! The evaluation context as built-in functions see it: the one
//! implementation of [`FunctionHost`], each method a part of the context or
//! one of its own methods.

use std::collections::HashMap;
use std::sync::Arc;

use crate::data::value::{DataType, Rv, Variable};
use crate::eval::body_attributes;
use crate::eval::command_host::{self, RunHost};
use crate::eval::context::EvalContext;
use crate::eval::control::control_values;
use crate::eval::defined::Defined;
use crate::eval::frames::{BundleFrame, MethodCall, ThisTable};
use crate::eval::message::ErrorKind;
use crate::eval::run_settings::RunSettings;
use crate::functions::host::FunctionHost;
use crate::functions::regex_cache::RegexCache;
use crate::shell;
use crate::syntax::ast::{Bundle, Policy, Promise};
use crate::syntax::varref::VarRef;

impl FunctionHost for EvalContext<'_> {
    fn report_error(&mut self, kind: ErrorKind, msg: &str) {
        self.error(kind, msg);
    }

    fn report_warning(&mut self, msg: &str) {
        self.warning(msg);
    }

    fn refuse(&mut self, msg: String) {
        EvalContext::refuse(self, msg);
    }

    fn fatal(&mut self, kind: ErrorKind, msg: &str) {
        EvalContext::fatal(self, kind, msg);
    }

    fn ending(&self) -> bool {
        self.halt.aborted.is_some()
    }

    fn promise_location(&self) -> String {
        EvalContext::promise_location(self)
    }

    fn flag_oversized(&self) {
        self.halt.oversized.set(true);
    }

    fn spend(&mut self, n: u64) -> bool {
        EvalContext::spend(self, n)
    }

    fn lookup(&self, name: &str) -> Option<Variable> {
        EvalContext::lookup(self, name)
    }

    fn get(&self, r: &VarRef) -> Option<Variable> {
        EvalContext::get(self, r)
    }

    fn put(&mut self, r: &VarRef, rval: Rv, ty: DataType, tags: &[&str]) {
        EvalContext::put(self, r, rval, ty, tags);
    }

    fn expand(&self, s: &str) -> String {
        EvalContext::expand(self, s)
    }

    fn eval_class_expr(&self, expr: &str) -> Option<bool> {
        EvalContext::eval_class_expr(self, expr)
    }

    fn class_defined(&self, name: &str) -> bool {
        EvalContext::class_defined(self, name)
    }

    fn defined(&self) -> &Defined {
        &self.defined
    }

    fn this(&self) -> &ThisTable {
        &self.stack.this
    }

    fn this_mut(&mut self) -> &mut ThisTable {
        &mut self.stack.this
    }

    fn bundle(&self) -> Option<&Arc<Bundle>> {
        EvalContext::bundle(self)
    }

    fn ns(&self) -> String {
        EvalContext::ns(self)
    }

    fn frames(&self) -> &[BundleFrame] {
        &self.stack.bundles
    }

    fn promise(&self) -> Option<&Promise> {
        self.stack.promise.as_ref()
    }

    fn iteration(&self) -> usize {
        self.stack.iteration
    }

    fn method_calls(&self) -> &[MethodCall] {
        &self.stack.method_calls
    }

    fn method_promisers(&self) -> &[String] {
        &self.stack.method_promisers
    }

    fn policy(&self) -> &Policy {
        &self.policy
    }

    fn settings(&self) -> &RunSettings {
        &self.settings
    }

    fn getenv(&self, name: &str) -> Option<String> {
        EvalContext::getenv(self, name)
    }

    fn cwd(&self) -> Option<&str> {
        self.agent.cwd.as_deref()
    }

    fn caches_function_results(&mut self) -> bool {
        let cached = control_values(self, "common", "cache_system_functions");
        if cached.last().and_then(Rv::as_scalar).is_some_and(|v| matches!(v, "false" | "no" | "off")) {
            return false;
        }
        let action = self.stack.promise.as_ref().and_then(|p| p.constraint("action")).map(|c| Rv::from_ast(&c.rval));
        let attrs = body_attributes::evaluated(self, "action", action.as_ref());
        body_attributes::scalar(&attrs, "ifelapsed") != Some("0")
    }

    fn function_cache(&mut self) -> &mut HashMap<String, Rv> {
        &mut self.agent.function_cache
    }

    fn regexes(&mut self) -> &mut RegexCache {
        &mut self.regexes
    }

    fn run_command(&mut self, command: &str, shell: bool, output_used: bool) -> Result<shell::Output, String> {
        shell::run(&mut RunHost::new(self), command, shell, output_used).map_err(|why| why.to_string())
    }

    fn check_executable(&mut self, command: &str) -> bool {
        command_host::check_executable(self, command)
    }
}
