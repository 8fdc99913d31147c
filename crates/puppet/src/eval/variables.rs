//! Reading variables: a name looked up lexically (numeric match variables,
//! top scope's `$::x`, a class's `$c::x` through the classes it inherits),
//! and what an unknown one comes to under the strictness settings, from
//! Puppet code or asked by a template or a Hiera interpolation.

use std::rc::Rc;

use confer_core::Value;

use super::flow::{fail, fail_as, EvalResult};
use super::scope::{Scope, ScopeKind};
use super::Evaluator;
use crate::error::ErrorKind;
use crate::log::{Level, LogEvent};
use crate::span::Span;
use crate::strict::Strictness;

/// The unknown-variable warnings that get advice (see
/// `Evaluator::advised_unknown_variables`).
pub(super) const ADVISED_UNKNOWN_VARIABLES: usize = 100;

impl Evaluator<'_> {
    /// The value of `$name`, or `None` when no such variable exists.
    pub(crate) fn lookup_quietly(&self, name: &str, scope: &Rc<Scope>) -> Option<Value> {
        // Only a name starting with a digit (or `+`) can parse as a number;
        // testing that first spares every other lookup the parse.
        let numeric = name.bytes().next().is_some_and(|b| b.is_ascii_digit() || b == b'+');
        if let Some(n) = numeric.then(|| name.parse::<usize>().ok()).flatten() {
            return Some(scope.match_var(n));
        }
        if let Some(top_name) = name.strip_prefix("::") {
            match top_name.rsplit_once("::") {
                Some((class, var)) => self.class_variable(class, var),
                None => self.top.lookup_own(top_name),
            }
        } else if let Some((class, var)) = name.contains(':').then(|| name.rsplit_once("::")).flatten() {
            // The one-character test first: most names are plain, and a
            // substring search sets up a searcher on every lookup.
            self.class_variable(class, var)
        } else {
            scope.lookup(name)
        }
    }

    /// The value of `$name`. An unknown variable is `undef`, said as the
    /// strictness settings say (Puppet 7's default: a warning).
    pub(super) fn variable(&mut self, name: &str, span: Span, scope: &Rc<Scope>) -> EvalResult {
        if let Some(v) = self.lookup_quietly(name, scope) {
            return Ok(v);
        }
        let message = format!("Unknown variable: '{name}'.");
        match self.env.strict.unknown_variable() {
            Strictness::Off => {}
            Strictness::Error => return Err(fail_as(ErrorKind::UndefinedVariable, span, message)),
            Strictness::Warning => {
                let notes = if self.advised_unknown_variables < ADVISED_UNKNOWN_VARIABLES {
                    self.advised_unknown_variables += 1;
                    self.unknown_variable_notes(name, scope)
                } else {
                    Vec::new()
                };
                let location = Some(self.location(span));
                self.logger.log(LogEvent { level: Level::Warning, scope: None, message, location, notes });
            }
        }
        Ok(Value::Undef)
    }

    /// A strict issue other than an unknown variable (a string coerced to a
    /// number): nothing, a warning at `span`, or an error there, as the
    /// `strict` setting says.
    pub(crate) fn strict_issue(&mut self, span: Span, message: String) -> EvalResult<()> {
        if let Some(warning) = self.env.strict.level.judge(message).map_err(|m| fail(span, m))? {
            self.warn(span, warning);
        }
        Ok(())
    }

    /// A variable a template or a Hiera interpolation asks for and no scope
    /// has, said as `message`: nothing, a warning once a run (without a
    /// place, as Puppet gives it), or the error Ruby raises (`Err`).
    pub(crate) fn undefined_variable_asked(&mut self, message: String) -> Result<(), String> {
        if let Some(warning) = self.env.strict.level.judge(message)? {
            self.warn_once_unlocated(warning);
        }
        Ok(())
    }

    fn class_variable(&self, class: &str, var: &str) -> Option<Value> {
        let class = class.to_lowercase();
        // `$::x` is top scope; Puppet 7.23 does not find top-scope variables
        // as `$main::x`.
        if class.is_empty() {
            return self.top.lookup_own(var);
        }
        // A class's variable is also one its ancestors set (Puppet's
        // `lookup_qualified_variable` follows the inherited scope).
        let mut at = self.classes.get(&class).cloned();
        while let Some(scope) = at {
            if let Some(v) = scope.lookup_own(var) {
                return Some(v);
            }
            at = scope.parent.clone().filter(|p| matches!(p.kind, ScopeKind::Class(_)));
        }
        None
    }
}
