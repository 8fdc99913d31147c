//! Calling functions and lambdas: argument evaluation, parameter binding with
//! types and defaults, Puppet-language functions, and the `return`/`next`
//! control flow.

use std::borrow::Cow;
use std::rc::Rc;

use confer_core::types::{infer::general_type_name, instance_of};
use confer_core::undecided::all;
use confer_core::{HashMap, Value};

pub(crate) use super::call_style::CallStyle;
use super::closure::Closure;
use super::flow::{attribute_to, fail, fail_as, settle, with_notes, EvalResult, Flow};
use super::functions;
use super::scope::{Scope, ScopeKind};
use super::Evaluator;
use crate::ast::{Definition, Expr, ExprKind, Lambda, Parameter};
use crate::error::ErrorKind;
use crate::span::Span;

/// The key a function is found by: its name without a leading `::`, in
/// lower case. Names are nearly always written that way already, and then
/// the key borrows the name instead of copying it on every call.
fn function_key(name: &str) -> Cow<'_, str> {
    let mut bare = name;
    while let Some(rest) = bare.strip_prefix("::") {
        bare = rest;
    }
    if bare.bytes().all(|b| b.is_ascii() && !b.is_ascii_uppercase()) {
        Cow::Borrowed(bare)
    } else {
        Cow::Owned(bare.to_lowercase())
    }
}

/// A function found by name.
pub(crate) enum Function<'a> {
    /// Written in Puppet (`function f() {}`, a module's `functions/f.pp`).
    Puppet(&'a Definition),
    /// Built into confer.
    Builtin(&'static functions::Builtin),
    /// Written in Ruby by a module (no native port).
    Ruby(Rc<super::ruby_functions::Loaded>),
}

impl CallStyle {
    fn describe(self) -> &'static str {
        match self {
            CallStyle::Function | CallStyle::ByName | CallStyle::FromRuby => "Function Call",
            CallStyle::Method => "Method call",
        }
    }
}

/// What parameters are being bound for; it decides how errors are worded.
pub(crate) enum Binder<'n> {
    /// A Puppet-language function, by name.
    Function(&'n str),
    /// A class or defined resource, by its label (`Class[Foo]`, `Foo[title]`).
    Container(&'n str),
    /// A lambda.
    Lambda,
}

impl Binder<'_> {
    /// A binding problem said of what is bound, as Puppet words it:
    /// `Class[Foo]: problem`, `'f' problem`, `block problem`.
    fn about(&self, problem: &str) -> String {
        let separator = if matches!(self, Binder::Container(_)) { ": " } else { " " };
        format!("{}{separator}{problem}", self.subject())
    }

    /// The kind of a binding problem: a function's arguments, or a
    /// parameter of a class, defined type or lambda given the wrong value.
    fn kind(&self) -> ErrorKind {
        match self {
            Binder::Function(_) => ErrorKind::FunctionArguments,
            Binder::Container(_) | Binder::Lambda => ErrorKind::TypeMismatch,
        }
    }

    /// What is bound: `Foo[title]`, `'f'`, `block`.
    fn subject(&self) -> String {
        match self {
            Binder::Container(label) => label.to_string(),
            Binder::Function(name) => format!("'{name}'"),
            Binder::Lambda => "block".into(),
        }
    }

    fn missing(&self, param: &str) -> String {
        match self {
            Binder::Lambda => format!("Parameter ${param} is required but no value was given"),
            _ => self.about(&missing_problem(param)),
        }
    }

    fn mismatch(&self, param: &str, expected: &confer_core::Type, got: &Value) -> String {
        self.about(&mismatch_problem(param, expected, got))
    }

    fn count(&self, expected: String, got: usize) -> String {
        let got = if got == 0 { "none".to_string() } else { got.to_string() };
        self.about(&format!("expects {expected}, got {got}"))
    }

    fn unknown(&self, param: &str) -> String {
        self.about(&format!("has no parameter named '{param}'"))
    }
}

fn missing_problem(param: &str) -> String {
    format!("expects a value for parameter '{param}'")
}

fn mismatch_problem(param: &str, expected: &confer_core::Type, got: &Value) -> String {
    format!("parameter '{param}' {}", confer_core::mismatch::describe(expected, got))
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
                self.call_function(name, args, closure, span, scope, CallStyle::Function)
            }
            _ => {
                let target = self.eval(callee, scope)?;
                let args = self.eval_list(args, scope)?;
                self.construct(&target, args, callee.span).map_err(|e| attribute_to(e, "Function Call"))
            }
        }
    }

    /// `Type(args)` and `Type.new(args)`: a new value of the type.
    pub(crate) fn construct(&mut self, target: &Value, args: Vec<Value>, span: Span) -> EvalResult {
        let Value::Type(t) = target else {
            return Err(fail(span, format!("'{}' cannot be called", confer_core::value::to_s(target))));
        };
        match confer_core::convert::new_value(t, &args) {
            Ok(value) => Ok(value),
            Err(e) => match functions::constructors::unaccepted(self, t, &args, span)? {
                Some(message) => Err(fail(span, message)),
                None => Err(fail(span, e.to_string())),
            },
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
        // A URI's parts read as attributes: `$u.host`.
        if let (Value::Uri(u), true) = (&first, args.is_empty() && lambda.is_none()) {
            if let Some(part) = u.attribute(name) {
                return Ok(part);
            }
        }
        // A Deferred's attributes too: `$d.name`, `$d.arguments`.
        if let (Value::Deferred(d), true) = (&first, args.is_empty() && lambda.is_none()) {
            if let Some(value) = d.attribute(name) {
                return Ok(value);
            }
        }
        if let (Value::Object(o), true) = (&first, args.is_empty() && lambda.is_none()) {
            // Puppet points at the `.` of a failing member read.
            let dot = Span { start: receiver.span.end, end: receiver.span.end + 1 };
            if let Some(result) = self.object_member(o, name, dot) {
                return result;
            }
        }
        if name == "new" && matches!(first, Value::Type(_)) {
            let args = self.eval_list(args, scope)?;
            return self.construct(&first, args, span).map_err(|e| attribute_to(e, "Method call"));
        }
        let mut all = vec![first];
        all.extend(self.eval_list(args, scope)?);
        let closure = lambda.map(|lambda| Closure { lambda, scope: scope.clone() });
        let at = self.method_call_span(receiver, span);
        self.call_function(name, all, closure, at, scope, CallStyle::Method)
    }

    /// Finds the function `key` (lower case, no leading `::`): a
    /// Puppet-language one from the manifest or a module's `functions/`
    /// first, as Puppet's loaders prefer them, then a built-in.
    pub(crate) fn find_function(&mut self, key: &str, span: Span) -> EvalResult<Option<Function<'a>>> {
        if let Some(def) = self.function_def(key, span)? {
            return Ok(Some(Function::Puppet(def)));
        }
        if let Some((b, module)) = functions::builtin(key) {
            // A module's function is ported natively, but exists only in
            // the releases of the module that ship it (stdlib 9 dropped
            // `is_string`, and has `stdlib::` functions older ones lack),
            // and runs only where it answers as the shipped file does.
            let runs = match module {
                None => true,
                Some(module) => self.native_port_runs(module, key),
            };
            if runs {
                return Ok(Some(Function::Builtin(b)));
            }
        }
        Ok(self.ruby_function(key, span)?.map(Function::Ruby))
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
        style: CallStyle,
    ) -> EvalResult {
        let key = function_key(name);
        // A call from Puppet code is a frame of Puppet's stack; one by name
        // (from a function or template) is not.
        let framed = !matches!(style, CallStyle::ByName | CallStyle::FromRuby);
        let result = match self.find_function(&key, span)? {
            Some(function) if framed => {
                self.puppet_stack.push((span, false));
                let result = self.call_found(function, args, lambda, span, scope);
                self.puppet_stack.pop();
                result
            }
            Some(function) => self.call_found(function, args, lambda, span, scope),
            // Puppet words a name given at run time differently.
            None if matches!(style, CallStyle::ByName | CallStyle::FromRuby) => {
                let notes = self.unknown_function_notes(&key);
                let message = format!("Unknown function '{name}'");
                return Err(with_notes(fail_as(ErrorKind::UnknownFunction, span, message), notes));
            }
            None => {
                let notes = self.unknown_function_notes(&key);
                let message = format!("Unknown function: '{name}'.");
                return Err(with_notes(settle(fail_as(ErrorKind::UnknownFunction, span, message)), notes));
            }
        };
        match style {
            CallStyle::FromRuby => result,
            _ => result.map_err(|e| attribute_to(e, style.describe())),
        }
    }

    fn call_found(
        &mut self,
        function: Function<'a>,
        args: Vec<Value>,
        lambda: Option<Closure<'a>>,
        span: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult {
        match function {
            Function::Puppet(def) => self.call_puppet_function(def, args, span),
            Function::Builtin(builtin) => functions::call_builtin(self, builtin, args, lambda, span, scope),
            Function::Ruby(loaded) => self.call_ruby_function(loaded, args, lambda, span, scope),
        }
    }

    fn call_puppet_function(&mut self, def: &'a Definition, args: Vec<Value>, span: Span) -> EvalResult {
        self.enter(span)?;
        let local = Scope::new(ScopeKind::Local, Some(self.top.clone()));
        let binder = Binder::Function(&def.name);
        let result = self
            .bind_params(&def.params, Args::Positional(args), &local, &binder, span)
            .and_then(|()| self.eval_block(&def.body, &local).map_err(settle));
        self.leave();
        let value = match result {
            Err(Flow::Return(v, _)) => v,
            other => other?,
        };
        if let Some(rt) = &def.return_type {
            let t = self.eval_type(rt, &local)?;
            if !instance_of(&t, &value)? {
                return Err(fail(
                    span,
                    format!(
                        "value returned from {} has wrong type, {}",
                        def.name,
                        confer_core::mismatch::describe(&t, &value)
                    ),
                ));
            }
        }
        Ok(value)
    }

    /// Calls a lambda with positional arguments; `next(v)` ends it with `v`.
    pub(crate) fn call_lambda(&mut self, closure: &Closure<'a>, args: Vec<Value>, span: Span) -> EvalResult {
        self.call_lambda_with(closure, args.into_iter(), span)
    }

    /// [`Evaluator::call_lambda`] with the arguments from any iterator, so
    /// that an iteration calling the lambda per element builds no vector of
    /// them. The lambda's scope is a spare one when there is one: a scope
    /// that nothing kept after an earlier call is emptied and reused instead
    /// of allocating a new scope and variable table for every element.
    pub(crate) fn call_lambda_with(
        &mut self,
        closure: &Closure<'a>,
        args: impl ExactSizeIterator<Item = Value>,
        span: Span,
    ) -> EvalResult {
        self.enter(span)?;
        let local = Scope::local(self.spare_scopes.pop(), closure.scope.clone());
        // A value of the wrong type is the calling function's error, as Puppet
        // reports it (its block signature rejected the arguments); any other
        // failure here is the lambda's own, already placed.
        let result = self
            .bind_positional(&closure.lambda.params, args, &local, &Binder::Lambda, span)
            .and_then(|()| self.eval_block(&closure.lambda.body, &local).map_err(settle));
        self.leave();
        if let Some(spare) = Scope::recycle(local) {
            self.spare_scopes.push(spare);
        }
        match result {
            Err(Flow::Next(v, _)) => Ok(v),
            other => other,
        }
    }

    /// Evaluates an expression that must produce a type.
    pub(crate) fn eval_type(&mut self, e: &'a Expr, scope: &Rc<Scope>) -> EvalResult<confer_core::Type> {
        match self.eval(e, scope)? {
            Value::Type(t) => Ok(confer_core::Type::clone(&t)),
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
        binder: &Binder<'_>,
        span: Span,
    ) -> EvalResult<()> {
        match args {
            Args::Positional(values) => self.bind_positional(params, values.into_iter(), target, binder, span),
            Args::Named(named) => {
                for key in named.keys() {
                    let known = key.as_str().is_some_and(|k| params.iter().any(|p| &*p.name == k));
                    if !known {
                        let given = key.to_string();
                        let notes = super::suggest::unknown_parameter_note(&given, params.iter().map(|p| &*p.name));
                        return Err(with_notes(fail_as(binder.kind(), span, binder.unknown(&given)), notes));
                    }
                }
                self.bind_container(params, &named, target, binder, span)
            }
        }
    }

    /// Binds a class's or defined resource's parameters, given values and
    /// defaults alike, then reports every value its type refuses and every
    /// parameter left without one together, as Puppet's
    /// `validate_parameters` does: one problem after the label, several
    /// each on a line of its own.
    fn bind_container(
        &mut self,
        params: &'a [Parameter],
        named: &confer_core::HashMap,
        target: &Rc<Scope>,
        binder: &Binder<'_>,
        span: Span,
    ) -> EvalResult<()> {
        let mut problems = Vec::new();
        for p in params {
            let value = match named.get(&Value::string(&*p.name)) {
                Some(v) => v.clone(),
                None => match &p.default {
                    Some(d) => self.eval(d, target)?,
                    None => {
                        problems.push(missing_problem(&p.name));
                        continue;
                    }
                },
            };
            if let Some(te) = &p.type_expr {
                let t = self.eval_type(te, target)?;
                // A bare `Optional` accepts any value of a class's, defined
                // type's or template's parameter (Puppet checks those by
                // assignability, where `Optional` is `Optional[Any]`), but
                // no value but undef of a function's or block's.
                let anything =
                    matches!(t, confer_core::types::Type::Optional(None)) && matches!(binder, Binder::Container(_));
                if !anything && !instance_of(&t, &value)? {
                    problems.push(mismatch_problem(&p.name, &t, &value));
                }
            }
            target
                .assign_shared(&p.name, value)
                .map_err(|_| fail(p.span, format!("the parameter '{}' is declared more than once", p.name)))?;
        }
        match problems.as_slice() {
            [] => Ok(()),
            [one] => Err(fail_as(binder.kind(), span, binder.about(one))),
            many => {
                let message = format!("{}:\n  {}", binder.subject(), many.join("\n  "));
                Err(fail_as(binder.kind(), span, message))
            }
        }
    }

    /// [`Evaluator::bind_params`] for positional arguments.
    fn bind_positional(
        &mut self,
        params: &'a [Parameter],
        mut values: impl ExactSizeIterator<Item = Value>,
        target: &Rc<Scope>,
        binder: &Binder<'_>,
        span: Span,
    ) -> EvalResult<()> {
        let (mut fixed, mut has_rest, mut required) = (0, false, 0);
        for p in params {
            has_rest |= p.captures_rest;
            fixed += usize::from(!p.captures_rest);
            required += usize::from(!p.captures_rest && p.default.is_none());
        }
        let lambda = matches!(binder, Binder::Lambda);
        // A lambda's own binding errors are placed where they arise; only a
        // type mismatch goes to the calling function (see `call_lambda_with`).
        let own = |f: Flow| if lambda { settle(f) } else { f };
        if values.len() > fixed && !has_rest || (values.len() < required && !lambda) {
            let expected = if has_rest {
                format!("at least {required}")
            } else if required == fixed {
                fixed.to_string()
            } else {
                format!("between {required} and {fixed}")
            };
            let noun = if expected == "1" { "argument" } else { "arguments" };
            let message = binder.count(format!("{expected} {noun}"), values.len());
            return Err(own(fail_as(binder.kind(), span, message)));
        }
        for p in params {
            let value = if p.captures_rest {
                Value::array(values.by_ref().collect())
            } else {
                match values.next() {
                    Some(v) => v,
                    None => match &p.default {
                        Some(d) => self.eval(d, target).map_err(own)?,
                        // Puppet points at a lambda's parameter that got no value.
                        None => {
                            let at = if matches!(binder, Binder::Lambda) { p.span } else { span };
                            return Err(own(fail_as(binder.kind(), at, binder.missing(&p.name))));
                        }
                    },
                }
            };
            self.bind_one(p, value, target, binder, span)?;
        }
        Ok(())
    }

    /// Binds one parameter; a type mismatch is reported at the call site
    /// (`span`), where Puppet reports it.
    fn bind_one(
        &mut self,
        p: &'a Parameter,
        value: Value,
        target: &Rc<Scope>,
        binder: &Binder<'_>,
        span: Span,
    ) -> EvalResult<()> {
        if let Some(te) = &p.type_expr {
            let t = self.eval_type(te, target)?;
            let ok = if p.captures_rest {
                match &value {
                    Value::Array(items) => all(items.iter(), |v| instance_of(&t, v))?,
                    _ => false,
                }
            } else {
                instance_of(&t, &value)?
            };
            if !ok {
                return Err(fail_as(binder.kind(), span, binder.mismatch(&p.name, &t, &value)));
            }
        }
        target
            .assign_shared(&p.name, value)
            .map_err(|_| fail(p.span, format!("the parameter '{}' is declared more than once", p.name)))
    }
}
