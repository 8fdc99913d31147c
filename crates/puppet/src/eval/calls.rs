//! Calling functions and lambdas: argument evaluation, parameter binding with
//! types and defaults, Puppet-language functions, and the `return`/`next`
//! control flow.

use std::rc::Rc;

use confer_core::types::{infer::general_type_name, instance_of};
use confer_core::{HashMap, Value};

use super::flow::{fail, EvalResult, Flow};
use super::functions;
use super::scope::{Scope, ScopeKind};
use super::Evaluator;
use crate::ast::{Definition, Expr, ExprKind, Lambda, Parameter};
use crate::span::Span;

/// A lambda together with the scope it was written in.
#[derive(Clone)]
pub(crate) struct Closure<'a> {
    /// The lambda's syntax.
    pub lambda: &'a Lambda,
    /// The scope it captures.
    pub scope: Rc<Scope>,
}

impl Closure<'_> {
    /// How many parameters the lambda declares (not counting a `*rest`).
    pub fn arity(&self) -> usize {
        self.lambda.params.iter().filter(|p| !p.captures_rest).count()
    }
}

/// Where arguments come from when binding parameters.
pub(crate) enum Args {
    /// Positional arguments (functions, lambdas).
    Positional(Vec<Value>),
    /// Named arguments (class and resource attributes).
    Named(HashMap),
}

impl<'a> Evaluator<'a> {
    pub(super) fn eval_call(
        &mut self,
        callee: &'a Expr,
        args: &'a [Expr],
        lambda: Option<&'a Lambda>,
        span: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult {
        let closure = lambda.map(|lambda| Closure { lambda, scope: scope.clone() });
        match &callee.kind {
            ExprKind::BareWord(name) => {
                let args = self.eval_list(args, scope)?;
                self.call_function(name, args, closure, span, scope)
            }
            _ => {
                let target = self.eval(callee, scope)?;
                Err(fail(
                    callee.span,
                    format!("Creating values by calling '{}' is not supported by confer yet", confer_core::value::to_s(&target)),
                ))
            }
        }
    }

    pub(super) fn eval_method_call(
        &mut self,
        receiver: &'a Expr,
        name: &str,
        args: &'a [Expr],
        lambda: Option<&'a Lambda>,
        span: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult {
        let first = self.eval(receiver, scope)?;
        let mut all = vec![first];
        all.extend(self.eval_list(args, scope)?);
        let closure = lambda.map(|lambda| Closure { lambda, scope: scope.clone() });
        self.call_function(name, all, closure, span, scope)
    }

    /// Calls the function `name`: a Puppet-language function from the manifest,
    /// or a built-in one.
    pub(crate) fn call_function(
        &mut self,
        name: &str,
        args: Vec<Value>,
        lambda: Option<Closure<'a>>,
        span: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult {
        let key = name.trim_start_matches("::").to_lowercase();
        if let Some(def) = self.defs.functions.get(&key).copied() {
            return self.call_puppet_function(def, args, span);
        }
        match functions::call_builtin(self, &key, args, lambda, span, scope) {
            Some(result) => result,
            None => Err(fail(span, format!("Unknown function: '{name}'."))),
        }
    }

    fn call_puppet_function(&mut self, def: &'a Definition, args: Vec<Value>, span: Span) -> EvalResult {
        self.enter(span)?;
        let local = Scope::new(ScopeKind::Local, Some(self.top.clone()));
        let what = format!("function '{}'", def.name);
        let result = self
            .bind_params(&def.params, Args::Positional(args), &local, &what, span)
            .and_then(|()| self.eval_block(&def.body, &local));
        self.leave();
        let value = match result {
            Err(Flow::Return(v, _)) => v,
            other => other?,
        };
        if let Some(rt) = &def.return_type {
            let t = self.eval_type(rt, &local)?;
            if !instance_of(&t, &value) {
                return Err(fail(
                    span,
                    format!("{what} expected return value to be {t}, got {}", general_type_name(&value)),
                ));
            }
        }
        Ok(value)
    }

    /// Calls a lambda with positional arguments; `next(v)` ends it with `v`.
    pub(crate) fn call_lambda(&mut self, closure: &Closure<'a>, args: Vec<Value>, span: Span) -> EvalResult {
        self.enter(span)?;
        let local = Scope::new(ScopeKind::Local, Some(closure.scope.clone()));
        let result = self
            .bind_params(&closure.lambda.params, Args::Positional(args), &local, "block", closure.lambda.span)
            .and_then(|()| self.eval_block(&closure.lambda.body, &local));
        self.leave();
        match result {
            Err(Flow::Next(v, _)) => Ok(v),
            other => other,
        }
    }

    /// Evaluates an expression that must produce a type.
    pub(crate) fn eval_type(&mut self, e: &'a Expr, scope: &Rc<Scope>) -> EvalResult<confer_core::Type> {
        match self.eval(e, scope)? {
            Value::Type(t) => Ok((*t).clone()),
            other => Err(fail(e.span, format!("Expected a type, got {}", general_type_name(&other)))),
        }
    }

    /// Binds parameters in `target`: given arguments first, then defaults
    /// (evaluated in `target`, so they may use earlier parameters), checking each
    /// value against the declared type.
    pub(crate) fn bind_params(
        &mut self,
        params: &'a [Parameter],
        args: Args,
        target: &Rc<Scope>,
        what: &str,
        span: Span,
    ) -> EvalResult<()> {
        let mut positional = match args {
            Args::Positional(values) => {
                let fixed = params.iter().filter(|p| !p.captures_rest).count();
                let has_rest = params.iter().any(|p| p.captures_rest);
                let required = params.iter().filter(|p| !p.captures_rest && p.default.is_none()).count();
                if values.len() > fixed && !has_rest || values.len() < required {
                    let expected = if has_rest {
                        format!("at least {required}")
                    } else if required == fixed {
                        fixed.to_string()
                    } else {
                        format!("between {required} and {fixed}")
                    };
                    let noun = if fixed == 1 && !has_rest { "argument" } else { "arguments" };
                    return Err(fail(span, format!("{what} expects {expected} {noun}, got {}", values.len())));
                }
                Some(values.into_iter())
            }
            Args::Named(named) => {
                for key in named.keys() {
                    let known = key.as_str().is_some_and(|k| params.iter().any(|p| p.name == k));
                    if !known {
                        return Err(fail(span, format!("{what}: has no parameter named '{key}'")));
                    }
                }
                for p in params {
                    let value = match named.get(&Value::string(p.name.as_str())) {
                        Some(v) => v.clone(),
                        None => match &p.default {
                            Some(d) => self.eval(d, target)?,
                            None => {
                                return Err(fail(span, format!("{what}: expects a value for parameter '{}'", p.name)));
                            }
                        },
                    };
                    self.bind_one(p, value, target, what)?;
                }
                return Ok(());
            }
        };
        for p in params {
            let value = if p.captures_rest {
                Value::array(positional.as_mut().map(|it| it.collect()).unwrap_or_default())
            } else {
                match positional.as_mut().and_then(Iterator::next) {
                    Some(v) => v,
                    None => match &p.default {
                        Some(d) => self.eval(d, target)?,
                        None => return Err(fail(span, format!("{what}: expects a value for parameter '{}'", p.name))),
                    },
                }
            };
            self.bind_one(p, value, target, what)?;
        }
        Ok(())
    }

    fn bind_one(&mut self, p: &'a Parameter, value: Value, target: &Rc<Scope>, what: &str) -> EvalResult<()> {
        if let Some(te) = &p.type_expr {
            let t = self.eval_type(te, target)?;
            let ok = if p.captures_rest {
                matches!(&value, Value::Array(items) if items.iter().all(|v| instance_of(&t, v)))
            } else {
                instance_of(&t, &value)
            };
            if !ok {
                return Err(fail(
                    p.span,
                    format!("{what} parameter '{}' expects a value of type {t}, got {}", p.name, general_type_name(&value)),
                ));
            }
        }
        target
            .assign(&p.name, value)
            .map_err(|_| fail(p.span, format!("{what}: parameter '{}' is given more than once", p.name)))
    }
}
