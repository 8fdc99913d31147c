//! Hiera from Puppet code: `lookup()` in all its signatures, the
//! deprecated `hiera()`, `hiera_array()`, `hiera_hash()` and
//! `hiera_include()`, and automatic class parameter binding
//! (`<class>::<param>`), on the `confer-hiera` engine. The engine asks the
//! evaluator for variables and for `new()` (`convert_to`) through
//! [`EvalScope`]; this file is the only place the two meet.

use std::cell::RefCell;
use std::rc::Rc;

use confer_core::mismatch::PathElem;
use confer_core::types::instance_of;
use confer_core::{HashMap, Type, Value};
use confer_hiera::{Found, Hiera, HieraError, Strategy};

use super::{Builtin, Call};
use crate::error::{ErrorKind, PuppetError};
use crate::eval::flow::{fail, fail_as, EvalResult};
use crate::eval::scope::Scope;
use crate::eval::Evaluator;
use crate::span::{Source, Span};
use crate::strict::Strictness;

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
    fn hiera_lookup(
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
    let path: Vec<String> = mismatch
        .path
        .iter()
        .map(|e| match e {
            PathElem::Index(i) => i.to_string(),
            PathElem::Key(k) => confer_core::value::to_s(k),
        })
        .collect();
    let at = origin.locate(&path);
    format!(
        "{at}: the Hiera value of '{key}' (hierarchy level \"{}\", {} layer) does not match Class[{class}] parameter '{param}' of type {t}: {detail}",
        origin.level, origin.layer
    )
}

/// The names, value type, merge and default of a `lookup()` call.
struct LookupRequest {
    names: Vec<String>,
    value_type: Option<Type>,
    merge: Option<Strategy>,
    default: Option<Value>,
    /// `override`: values used before any lookup.
    overrides: HashMap,
    /// `default_values_hash`: values used when nothing is found.
    defaults: HashMap,
}

/// A hash option of the options hash (`override`, `default_values_hash`).
fn hash_option(h: &HashMap, k: &str) -> HashMap {
    match h.get(&Value::from(k)) {
        Some(Value::Hash(m)) => m.to_map(),
        _ => HashMap::new(),
    }
}

fn names_of(v: &Value, fname: &str, span: Span) -> EvalResult<Vec<String>> {
    match v {
        Value::String(s) => Ok(vec![s.to_string()]),
        Value::Array(a) if a.iter().all(|n| matches!(n, Value::String(_))) => {
            Ok(a.iter().map(confer_core::value::to_s).collect())
        }
        other => Err(fail(
            span,
            format!("'{fname}' parameter 'name' expects a value of type String or Array, got {}", other.type_name()),
        )),
    }
}

fn merge_of(v: &Value, span: Span) -> EvalResult<Option<Strategy>> {
    if v.is_undef() {
        return Ok(None);
    }
    Strategy::from_value(v).map(Some).map_err(|e| fail(span, e.to_string()))
}

/// Reads `lookup(name, type?, merge?, default?)`, `lookup(name, options)`
/// and `lookup(options)`.
fn request(args: &[Value], span: Span) -> EvalResult<LookupRequest> {
    let option = |h: &HashMap, k: &str| h.get(&Value::from(k)).cloned().unwrap_or(Value::Undef);
    let type_of = |v: Value| match v {
        Value::Type(t) => Ok(Some(confer_core::Type::clone(&t))),
        Value::Undef => Ok(None),
        other => {
            Err(fail(span, format!("'lookup' parameter 'value_type' expects a Type value, got {}", other.type_name())))
        }
    };
    match args {
        [Value::Hash(h)] => {
            let names = names_of(&option(h, "name"), "lookup", span)?;
            Ok(LookupRequest {
                names,
                value_type: type_of(option(h, "value_type"))?,
                merge: merge_of(&option(h, "merge"), span)?,
                default: h.get(&Value::from("default_value")).cloned(),
                overrides: hash_option(h, "override"),
                defaults: hash_option(h, "default_values_hash"),
            })
        }
        [name, Value::Hash(h)] => Ok(LookupRequest {
            names: names_of(name, "lookup", span)?,
            value_type: type_of(option(h, "value_type"))?,
            merge: merge_of(&option(h, "merge"), span)?,
            default: h.get(&Value::from("default_value")).cloned(),
            overrides: hash_option(h, "override"),
            defaults: hash_option(h, "default_values_hash"),
        }),
        [name, rest @ ..] if rest.len() <= 3 => Ok(LookupRequest {
            names: names_of(name, "lookup", span)?,
            value_type: type_of(rest.first().cloned().unwrap_or(Value::Undef))?,
            merge: merge_of(rest.get(1).unwrap_or(&Value::Undef), span)?,
            default: rest.get(2).cloned(),
            overrides: HashMap::new(),
            defaults: HashMap::new(),
        }),
        _ => Err(fail(span, format!("'lookup' expects between 1 and 4 arguments, got {}", args.len()))),
    }
}

fn type_checked(subject: &str, t: Option<&Type>, v: Value, span: Span) -> EvalResult {
    match t {
        Some(t) if !instance_of(t, &v)? => {
            Err(fail(span, format!("{subject} has wrong type, {}", confer_core::mismatch::describe(t, &v))))
        }
        _ => Ok(v),
    }
}

fn not_found(fname: &str, names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    format!("Function {fname}() did not find a value for the name {}", quoted.join(", "))
}

/// `lookup`, `hiera`, `hiera_array`, `hiera_hash` and `hiera_include`. The
/// signatures are loose: `request` reads Puppet's several forms of
/// `lookup` and words their errors.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::new(
        "lookup",
        &["Any name, Any value_type?, Any merge?, Any default_value?, &Callable[1,1] block?"],
        lookup,
    ),
    Builtin::new("hiera", &[HIERA_SIGNATURE], |call| hiera(call, Strategy::First)),
    Builtin::new("hiera_array", &[HIERA_SIGNATURE], |call| hiera(call, Strategy::Unique)),
    Builtin::new("hiera_hash", &[HIERA_SIGNATURE], |call| hiera(call, Strategy::Hash)),
    Builtin::new("hiera_include", &[HIERA_SIGNATURE], hiera_include),
];

const HIERA_SIGNATURE: &str = "Any key, Any default?, Any override?, &Callable[1,1] block?";

fn lookup(call: &mut Call<'_, '_>) -> EvalResult {
    let span = call.span;
    let scope = call.scope.clone();
    let req = request(&call.args, span)?;
    let given = |h: &HashMap| req.names.iter().find_map(|n| h.get(&Value::from(n.as_str())).cloned());
    if let Some(v) = given(&req.overrides) {
        return type_checked("Value found in override hash", req.value_type.as_ref(), v, span);
    }
    let found = call.ev.hiera_lookup(&req.names, req.merge.clone(), &scope, span)?;
    if let (None, Some(v)) = (&found, given(&req.defaults)) {
        return type_checked("Value found in default values hash", req.value_type.as_ref(), v, span);
    }
    let (subject, value) = match (found, req.default, call.lambda.take()) {
        (Some(f), _, _) => ("Found value", f.value),
        (None, _, Some(lambda)) => {
            let name = Value::from(req.names[0].as_str());
            ("Value returned from default block", call.ev.call_lambda(&lambda, vec![name], span)?)
        }
        (None, Some(d), None) => ("Default value", d),
        (None, None, None) => return Err(fail_as(ErrorKind::LookupFailed, span, not_found("lookup", &req.names))),
    };
    type_checked(subject, req.value_type.as_ref(), value, span)
}

/// The deprecated `hiera_*` functions, by how they `merge`: `hiera` finds
/// the first value, `hiera_array` merges `unique`, `hiera_hash` merges `hash`.
fn hiera(call: &mut Call<'_, '_>, merge: Strategy) -> EvalResult {
    let span = call.span;
    let scope = call.scope.clone();
    let fname = call.name;
    if call.ev.env.strict.level != Strictness::Off {
        // Puppet's words, once a run per function.
        let minor_version = crate::PUPPET_VERSION.rsplit_once('.').map_or(crate::PUPPET_VERSION, |(v, _)| v);
        call.ev.warn_once_unlocated(format!(
            "The function '{fname}' is deprecated in favor of using 'lookup'. See https://puppet.com/docs/puppet/{minor_version}/deprecated_language.html"
        ));
    }
    let first = call.args[0].clone();
    let names = names_of(&first, fname, span)?;
    let found = call.ev.hiera_lookup(&names, Some(merge), &scope, span)?;
    match (found, call.args.get(1).cloned(), call.lambda.take()) {
        (Some(f), _, _) => Ok(f.value),
        (None, _, Some(lambda)) => call.ev.call_lambda(&lambda, vec![first], span),
        (None, Some(d), None) => Ok(d),
        (None, None, None) => Err(fail_as(ErrorKind::LookupFailed, span, not_found(fname, &names))),
    }
}

/// `hiera_include(key)`: declares the classes a `unique` merge of the key names.
fn hiera_include(call: &mut Call<'_, '_>) -> EvalResult {
    let (span, scope) = (call.span, call.scope.clone());
    let value = hiera(call, Strategy::Unique)?;
    let classes = match &value {
        Value::Array(a) => a.iter().map(confer_core::value::to_s).collect(),
        other => vec![confer_core::value::to_s(other)],
    };
    for class in classes {
        call.ev.declare_class(&class, None, span, &scope)?;
    }
    Ok(Value::Undef)
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
