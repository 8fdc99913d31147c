//! Hiera for the compile: the node's engine, made on first use, asked by
//! `lookup()` and the `hiera_*` functions (`functions::lookup`, through the
//! function host) and for automatic class parameter binding
//! (`<class>::<param>`). The engine asks the evaluator for variables and
//! for `new()` (`convert_to`) through [`EvalScope`]; this file is the only
//! place the two meet.

use std::cell::RefCell;
use std::rc::Rc;

use confer_core::types::instance_of;
use confer_core::{HashMap, Type, Value};
use confer_hiera::{Found, Hiera, HieraError, Strategy};

use super::flow::{fail, EvalResult};
use super::scope::Scope;
use super::Evaluator;
use crate::error::{ErrorKind, PuppetError};
use crate::span::{Source, Span};

/// The evaluator and calling scope, as the engine's [`confer_hiera::Scope`].
struct EvalScope<'s, 'a> {
    ev: RefCell<&'s mut Evaluator<'a>>,
    scope: Rc<Scope>,
    span: Span,
}

impl confer_hiera::Scope for EvalScope<'_, '_> {
    fn variable(&self, name: &str) -> Option<Value> {
        match name.rsplit_once("::") {
            Some((class, var)) if !class.is_empty() => {
                let ev = self.ev.borrow();
                ev.classes.get(&class.to_lowercase()).and_then(|s| s.lookup_own(var))
            }
            _ => self.scope.lookup(name),
        }
    }

    fn undefined_variable(&self, name: &str) -> Result<(), String> {
        self.ev.borrow_mut().undefined_variable_asked(format!("Undefined variable '{name}'; "))
    }

    fn convert(&self, type_name: &str, value: &Value, args: &[Value]) -> Result<Value, String> {
        let mut ev = self.ev.borrow_mut();
        let source = Source::new("<convert_to>", type_name.to_string());
        let program = crate::validate(&source).map_err(|e| e.message)?;
        let program: &crate::ast::Program = ev.arena.alloc(crate::eval::shared_parse::Loaded::Own(program));
        let Some(expr) = program.body.first() else { return Err(format!("'{type_name}' is not a type")) };
        let t = ev.eval_type(expr, &self.scope).map_err(|f| ev.to_error(f).message)?;
        let mut all = vec![value.clone()];
        all.extend(args.iter().cloned());
        ev.construct(&Value::from_type(t), all, self.span).map_err(|f| ev.to_error(f).message)
    }
}

impl<'a> Evaluator<'a> {
    /// The node's Hiera engine, made on first use from the environment.
    fn hiera_engine(&mut self) -> Rc<Hiera> {
        let env = self.env.clone();
        let shared = self.shared.map(|s| s.hiera());
        self.hiera
            .get_or_insert_with(|| {
                let hiera = Hiera::new(env.dir.as_deref(), env.modulepath.clone(), None);
                Rc::new(match shared {
                    Some(files) => hiera.sharing(files),
                    None => hiera,
                })
            })
            .clone()
    }

    /// Looks up the first of `names` that is found, in `scope`.
    pub(crate) fn hiera_lookup(
        &mut self,
        names: &[String],
        merge: Option<Strategy>,
        scope: &Rc<Scope>,
        span: Span,
    ) -> EvalResult<Option<Found>> {
        let hiera = self.hiera_engine();
        let eval_scope = EvalScope { ev: RefCell::new(self), scope: scope.clone(), span };
        let mut inv = hiera.invocation(&eval_scope);
        let mut result = Ok(None);
        for name in names {
            result = inv.lookup(name, merge.clone());
            if !matches!(result, Ok(None)) {
                break;
            }
        }
        drop(inv);
        let ev = eval_scope.ev.into_inner();
        for w in hiera.take_warnings() {
            ev.warn_once_unlocated(w);
        }
        result.map_err(|e| hiera_error(e, span))
    }

    /// Automatic parameter binding: each parameter of class `class` not
    /// given in `args` is looked up as `<class>::<param>`. A found value of
    /// the wrong type is reported at its place in the data first, then as
    /// the class parameter it was meant for.
    pub(crate) fn data_bindings(
        &mut self,
        class: &str,
        params: &'a [crate::ast::Parameter],
        mut args: HashMap,
        span: Span,
    ) -> EvalResult<HashMap> {
        let top = self.top.clone();
        for p in params {
            let key = Value::from(&*p.name);
            if args.contains_key(&key) {
                continue;
            }
            let name = format!("{class}::{}", p.name);
            // A key found with a null value binds `undef`, as in Puppet.
            let Some(found) = self.hiera_lookup(std::slice::from_ref(&name), None, &top, span)? else { continue };
            if let Some(te) = &p.type_expr {
                let t = self.eval_type(te, &top)?;
                if !instance_of(&t, &found.value)? {
                    return Err(fail(span, located_mismatch(class, &p.name, &name, &t, &found)));
                }
            }
            args.insert(key, found.value);
        }
        Ok(args)
    }
}

/// "FILE:LINE:COLUMN: Hiera value of 'k' (hierarchy level …) does not fit
/// Class[X] parameter 'p' of type T: expects …".
fn located_mismatch(class: &str, param: &str, key: &str, t: &Type, found: &Found) -> String {
    let mismatch = confer_core::mismatch::explain(t, &found.value);
    let detail = confer_core::mismatch::describe(t, &found.value);
    let class = confer_core::types::params::capitalize_segments(class);
    let what = format!("Class[{class}]: parameter '{param}' {detail}");
    let Some(origin) = &found.origin else { return what };
    let path = mismatch.path_segments();
    let at = confer_hiera::Place(&origin.locate(&path)).to_string();
    format!(
        "{at}: the Hiera value of '{key}' (hierarchy level \"{}\", {} layer) does not match Class[{class}] parameter '{param}' of type {t}: {detail}",
        origin.level, origin.layer
    )
}

/// `convert_to` outside a compile (`confer puppet lookup`): `new(Type,
/// value, args…)` in an evaluator of its own.
pub fn convert_value(type_name: &str, value: &Value, args: &[Value]) -> Result<Value, String> {
    use confer_hiera::Scope as _;
    let mut sink = crate::log::Collect::default();
    let arena = typed_arena::Arena::new();
    let env = Rc::new(crate::environment::Environment::bare(Vec::new()));
    let mut ev = Evaluator::new(crate::span::SourceMap::default(), &arena, env, &mut sink);
    let top = ev.top.clone();
    let scope = EvalScope { ev: RefCell::new(&mut ev), scope: top, span: Span::default() };
    scope.convert(type_name, value, args)
}

/// The evaluation error of a failed lookup. Two Puppet reports unwrapped:
/// a lookup nested past its stack (Ruby's `SystemStackError`) and a data
/// file holding what is not data (its `TypeAssertionError`).
fn hiera_error(e: HieraError, span: Span) -> crate::eval::flow::Flow {
    match e {
        HieraError::TooDeep { stack } => {
            let error = crate::error::PuppetError::new(crate::error::Phase::Loading, "stack level too deep");
            let note = crate::log::Note::text(format!(
                "lookups nested {} deep through interpolation, from '{}' to '{}'",
                stack.len(),
                stack.first().map_or("", String::as_str),
                stack.last().map_or("", String::as_str)
            ));
            let error = PuppetError { notes: vec![note], ..error.with_kind(ErrorKind::ResourceLimit) };
            crate::eval::flow::Flow::Located(Box::new(error))
        }
        e @ (HieraError::NotData { .. } | HieraError::Syntax { .. }) => crate::eval::flow::Flow::Located(Box::new(
            crate::error::PuppetError::new(crate::error::Phase::Data, e.to_string()),
        )),
        other => fail(span, other.to_string()),
    }
}
