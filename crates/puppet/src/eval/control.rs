//! `if`, `unless`, `case` and selectors. Each one guards the match variables:
//! captures set while it runs are gone once it is done (spec: "Regex Capture
//! Variables").

use std::rc::Rc;

use confer_core::types::instance_of;
use confer_core::undecided::{all, Undecided};
use confer_core::value::puppet_equals;
use confer_core::Value;

use super::flow::{fail, EvalResult};
use super::membership::regexp_match;
use super::scope::Scope;
use super::{unfold, Evaluator};
use crate::ast::{CaseOption, Expr, ExprKind, SelectorOption, UnaryOp};
use crate::span::Span;

impl<'a> Evaluator<'a> {
    /// Runs `f` and then restores the scope's match variables, whatever happened.
    fn guarded<T>(&mut self, scope: &Rc<Scope>, f: impl FnOnce(&mut Self) -> EvalResult<T>) -> EvalResult<T> {
        let saved = scope.save_matches();
        let result = f(self);
        scope.restore_matches(saved);
        result
    }

    pub(super) fn eval_if(
        &mut self,
        cond: &'a Expr,
        then_body: &'a [Expr],
        else_body: Option<&'a [Expr]>,
        negate: bool,
        scope: &Rc<Scope>,
    ) -> EvalResult {
        self.guarded(scope, |ev| {
            let truthy = ev.eval(cond, scope)?.is_truthy();
            if truthy != negate {
                ev.eval_block(then_body, scope)
            } else if let Some(body) = else_body {
                ev.eval_block(body, scope)
            } else {
                Ok(Value::Undef)
            }
        })
    }

    pub(super) fn eval_case(&mut self, test: &'a Expr, options: &'a [CaseOption], scope: &Rc<Scope>) -> EvalResult {
        self.guarded(scope, |ev| {
            let value = ev.eval(test, scope)?;
            let mut default_body = None;
            for option in options {
                for matcher in &option.values {
                    if matches!(matcher.kind, ExprKind::Default) {
                        default_body = Some(&option.body);
                        continue;
                    }
                    for candidate in ev.option_values(matcher, scope)? {
                        if ev.option_matches(&value, &candidate, scope)? {
                            return ev.eval_block(&option.body, scope);
                        }
                    }
                }
            }
            match default_body {
                Some(body) => ev.eval_block(body, scope),
                None => Ok(Value::Undef),
            }
        })
    }

    pub(super) fn eval_selector(
        &mut self,
        test: &'a Expr,
        options: &'a [SelectorOption],
        span: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult {
        self.guarded(scope, |ev| {
            let value = ev.eval(test, scope)?;
            let mut default_result = None;
            for option in options {
                if matches!(option.matcher.kind, ExprKind::Default) {
                    default_result = Some(&option.result);
                    continue;
                }
                for candidate in ev.option_values(&option.matcher, scope)? {
                    if ev.option_matches(&value, &candidate, scope)? {
                        return ev.eval(&option.result, scope);
                    }
                }
            }
            match default_result {
                Some(result) => ev.eval(result, scope),
                None => Err(fail(
                    span,
                    format!(
                        "No matching entry for selector parameter with value '{}'",
                        confer_core::value::to_s(&value)
                    ),
                )),
            }
        })
    }

    /// An option's candidate values: `*[a, b]` offers each element.
    fn option_values(&mut self, matcher: &'a Expr, scope: &Rc<Scope>) -> EvalResult<Vec<Value>> {
        if let ExprKind::Unary { op: UnaryOp::Splat, operand } = &matcher.kind {
            return Ok(unfold(self.eval(operand, scope)?));
        }
        Ok(vec![self.eval(matcher, scope)?])
    }

    /// Whether a case/selector value matches a candidate (Puppet's
    /// `CompareOperator#match`): a regexp matches a string (and sets the match
    /// variables), a type accepts an instance, a SemVerRange a version in it,
    /// an array option matches an array value element by element and a hash
    /// option the entries it names, with these rules; anything else compares
    /// with `==`.
    fn option_matches(&mut self, value: &Value, candidate: &Value, scope: &Rc<Scope>) -> Result<bool, Undecided> {
        Ok(match (candidate, value) {
            (Value::Regexp(re), Value::String(s)) => {
                let outcome = regexp_match(re, s)?;
                if let Some(caps) = outcome.captures {
                    scope.set_matches(caps);
                }
                outcome.matched
            }
            (Value::Regexp(_), _) => false,
            (Value::Type(t), _) => instance_of(t, value)?,
            (Value::Array(opts), Value::Array(vals)) if opts.len() == vals.len() => {
                all(opts.iter().zip(vals.iter()), |(o, v)| self.option_matches(v, o, scope))?
            }
            // A hash option matches a hash holding at least its keys, each
            // value matching (a missing key reads as undef).
            (Value::Hash(opts), Value::Hash(vals)) => {
                all(opts.iter(), |(k, o)| self.option_matches(vals.get(k).unwrap_or(&Value::Undef), o, scope))?
            }
            (Value::Hash(_), _) => false,
            (Value::SemVerRange(range), _) => confer_core::value::semver::value_in_range(range, value),
            (Value::SemVer(version), Value::String(text)) => {
                confer_core::value::semver::parse_version(text).is_ok_and(|v| v == **version)
            }
            (Value::Default, _) => true,
            _ => puppet_equals(value, candidate),
        })
    }
}
