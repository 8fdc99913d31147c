//! Functions modules write in Ruby, found by Puppet's autoloader rules and
//! run by `confer-ruby`: a 4.x function `mod::name` from
//! `<mod>/lib/puppet/functions/mod/name.rb`, a global one from any module's
//! `lib/puppet/functions/name.rb`, then a 3.x one from any module's
//! `lib/puppet/parser/functions/name.rb`, in module path order. A 4.x call
//! is dispatched on Puppet types by the same code as confer's built-ins
//! (Puppet's dispatcher and its error words); a 3.x call gets its
//! arguments as Puppet's `Runtime3FunctionArgumentConverter` maps them.
//!
//! A native port runs instead where it was measured to answer as the file
//! does (`native_ports`): this is for every other function.

use std::collections::HashMap;
use std::path::PathBuf;
use std::rc::Rc;

use confer_core::types::instance_of;
use confer_core::Value;
use confer_ruby::{Api, Callee, Dispatch, Repeat, RubyError, RubyErrorKind, RubyFunction, Source};

use super::closure::Closure;
use super::erb::PuppetHost;
use super::flow::{fail, fail_as, EvalResult};
use super::functions::dispatch;
use super::functions::signature::{self, Block, Param, Signature};
use super::scope::Scope;
use super::Evaluator;
use crate::environment::Environment;
use crate::error::ErrorKind;
use crate::native_ports;
use crate::span::Span;

/// A function loaded from a module's Ruby file.
pub(crate) struct Loaded {
    /// What the file defines.
    function: RubyFunction,
    /// The file and the module files it requires, for errors' file, line
    /// and column.
    sources: Rc<Vec<Source>>,
    /// The regular dispatches' signatures (types resolved on first call)
    /// and the indices of those dispatches; then the argument-mismatch
    /// ones.
    signatures: std::cell::RefCell<Option<Rc<Signatures>>>,
}

/// What the modules on the module path give of functions, by name: the
/// Ruby functions loaded (or none), and whether the native port of a
/// module's function runs.
#[derive(Default)]
pub(crate) struct ModuleFunctions {
    loaded: HashMap<String, Option<Rc<Loaded>>>,
    ported: HashMap<String, bool>,
}

struct Signatures {
    regular: Vec<(usize, Rc<Signature>)>,
    mismatch: Vec<(usize, Rc<Signature>)>,
}

impl Loaded {
    /// The error of `e`, raised by the Ruby code of this function: Ruby's
    /// own exceptions read as Puppet reports them (their message); confer's
    /// refusals name the construct and where it is.
    fn error(&self, e: &RubyError, span: Span) -> super::flow::Flow {
        match &e.kind {
            RubyErrorKind::Syntax(_) | RubyErrorKind::Unsupported(_) | RubyErrorKind::Limit(_) => {
                let (path, line, column) = located(&self.sources, e.at);
                fail(
                    span,
                    format!(
                        "confer cannot run the Ruby function '{}': {} (file: {path}, line: {line}, column: {column})",
                        self.function.name, e.kind,
                    ),
                )
            }
            _ if is_script_error(e) => script_error(&self.sources, e),
            other => fail(span, other.to_string()),
        }
    }
}

/// Whether `e` is a Ruby `ScriptError` raised by the code (see
/// [`script_error`]).
fn is_script_error(e: &RubyError) -> bool {
    matches!(&e.kind, RubyErrorKind::Raised(raised) if confer_ruby::is_script_error(&raised.class))
}

/// A `LoadError` (a `require` that finds nothing) or another Ruby
/// `ScriptError`: not a `StandardError`, so Puppet's evaluator does not
/// wrap it, and the run stops on Ruby's message alone. confer adds where
/// in the Ruby file it happened.
fn script_error(sources: &[Source], e: &RubyError) -> super::flow::Flow {
    let (file, line, column) = located(sources, e.at);
    let mut error = crate::error::PuppetError::new(crate::error::Phase::Loading, e.kind.to_string());
    error.location = Some(crate::log::Location { file: file.into(), line, column });
    super::flow::Flow::Located(Box::new(error))
}

impl<'a> Evaluator<'a> {
    /// The Ruby function `key` (lower case, no leading `::`) a module on
    /// the module path defines, loaded once per compile; a file that does
    /// not load is an error at the call.
    pub(crate) fn ruby_function(&mut self, key: &str, span: Span) -> EvalResult<Option<Rc<Loaded>>> {
        if let Some(found) = self.module_functions.loaded.get(key) {
            return Ok(found.clone());
        }
        let found = match self.ruby_function_file(key) {
            Some(path) => {
                let (wanted, others) = load(&self.env, &path, key, span)?;
                // The other functions of a 3.x file exist once it is loaded.
                for other in others {
                    let name = other.function.name.trim_start_matches("::").to_string();
                    self.module_functions.loaded.entry(name).or_insert_with(|| Some(Rc::new(other)));
                }
                Some(Rc::new(wanted))
            }
            None => None,
        };
        self.module_functions.loaded.insert(key.to_string(), found.clone());
        Ok(found)
    }

    /// Whether the native port of `key`, a function of `module`, runs:
    /// where the module ships the function, and (see `native_ports`) the
    /// port was measured to answer as the file the module ships does.
    /// Looked up once per compile.
    pub(crate) fn native_port_runs(&mut self, module: &str, key: &str) -> bool {
        if let Some(&runs) = self.module_functions.ported.get(key) {
            return runs;
        }
        let shipped = native_ports::shipped(self.env.module_dir(module).as_deref(), key);
        let runs = native_ports::port_runs(&self.env.native_ports, key, &shipped);
        self.module_functions.ported.insert(key.to_string(), runs);
        runs
    }

    /// Where Puppet's loaders find the Ruby function `key`.
    /// The 3.x function `key` of a module that also ships a 4.x function
    /// of that name (stdlib's `validate_*` wrappers): what Ruby's
    /// `scope.function_key` calls, where Puppet code calls the 4.x one.
    /// Loaded once per compile.
    pub(crate) fn legacy_beside_modern(&mut self, key: &str, span: Span) -> EvalResult<Option<Rc<Loaded>>> {
        if !self.env.has_modern_function(key) {
            return Ok(None);
        }
        let cache = format!("{key} (3.x)");
        if let Some(found) = self.module_functions.loaded.get(&cache) {
            return Ok(found.clone());
        }
        let found = match self.env.module_files(&format!("lib/puppet/parser/functions/{key}.rb")).next() {
            Some(path) => Some(Rc::new(load(&self.env, &path, key, span)?.0)),
            None => None,
        };
        self.module_functions.loaded.insert(cache, found.clone());
        Ok(found)
    }

    fn ruby_function_file(&self, key: &str) -> Option<PathBuf> {
        let segments: Vec<&str> = key.split("::").collect();
        if segments
            .iter()
            .any(|s| s.is_empty() || !s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'))
        {
            return None;
        }
        if let [module, ..] = segments.as_slice() {
            if segments.len() > 1 {
                let path = self
                    .env
                    .module_dir(module)?
                    .join("lib/puppet/functions")
                    .join(format!("{}.rb", segments.join("/")));
                return path.is_file().then_some(path);
            }
        }
        self.env
            .module_files(&format!("lib/puppet/functions/{key}.rb"))
            .next()
            .or_else(|| self.env.module_files(&format!("lib/puppet/parser/functions/{key}.rb")).next())
    }

    /// Calls a loaded Ruby function from `scope`.
    pub(crate) fn call_ruby_function(
        &mut self,
        loaded: Rc<Loaded>,
        args: Vec<Value>,
        lambda: Option<Closure<'a>>,
        span: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult {
        match &loaded.function.api {
            Api::Legacy { rvalue, arity } => {
                let name = &loaded.function.name;
                let n = args.len() as i64;
                if *arity >= 0 && n != *arity {
                    return Err(fail(span, format!("{name}(): Wrong number of arguments given ({n} for {arity})")));
                }
                if *arity < 0 && n < (arity + 1).abs() {
                    let min = (arity + 1).abs();
                    return Err(fail(
                        span,
                        format!("{name}(): Wrong number of arguments given ({n} for minimum {min})"),
                    ));
                }
                let args: Vec<Value> =
                    args.into_iter().map(|a| if a.is_undef() { Value::from("") } else { a }).collect();
                let result = self.run_ruby(&loaded, Callee::Legacy, &args, scope.clone(), span, None)?;
                Ok(if *rvalue { result } else { Value::Undef })
            }
            Api::Modern { dispatches, scope_first, .. } => {
                let sigs = self.ruby_signatures(&loaded, span)?;
                let regular: Vec<Rc<Signature>> = sigs.regular.iter().map(|(_, s)| s.clone()).collect();
                // A function whose own `call` passes the scope first is
                // dispatched on the scope (a value its first parameter,
                // `Any`, accepts) and the arguments, as Puppet counts them.
                let dispatched: Vec<Value> = match scope_first {
                    true => std::iter::once(Value::Undef).chain(args.iter().cloned()).collect(),
                    false => args.clone(),
                };
                let index = match dispatch::select(&loaded.function.name, &regular, &dispatched, lambda.as_ref())? {
                    Ok(i) => sigs.regular[i].0,
                    Err(message) => {
                        let mut handler = None;
                        for (i, s) in &sigs.mismatch {
                            if dispatch::accepts(s, &dispatched, lambda.as_ref())? {
                                handler = Some(i);
                                break;
                            }
                        }
                        let Some(i) = handler else {
                            return Err(fail_as(ErrorKind::FunctionArguments, span, message));
                        };
                        let d = &dispatches[*i];
                        let top = self.top.clone();
                        let said = self.run_ruby(&loaded, Callee::Method(&d.method), &args, top, span, lambda)?;
                        let text = confer_core::value::to_s(&said);
                        let message = format!("'{}' {text}", loaded.function.name);
                        return Err(fail_as(ErrorKind::FunctionArguments, span, message));
                    }
                };
                let d: &Dispatch = &dispatches[index];
                let (callee, in_scope) = if d.scope_param || *scope_first {
                    (Callee::WithScope(&d.method), scope.clone())
                } else {
                    (Callee::Method(&d.method), self.top.clone())
                };
                let value = self.run_ruby(&loaded, callee, &args, in_scope, span, lambda)?;
                if let Some(rt) = &d.return_type {
                    let t = signature::parse_type(self, rt, span)?;
                    if !instance_of(&t, &value)? {
                        return Err(fail(
                            span,
                            format!(
                                "value returned from function '{}' {}",
                                d.method,
                                confer_core::mismatch::describe(&t, &value)
                            ),
                        ));
                    }
                }
                Ok(value)
            }
        }
    }

    fn run_ruby(
        &mut self,
        loaded: &Loaded,
        callee: Callee<'_>,
        args: &[Value],
        scope: Rc<Scope>,
        span: Span,
        lambda: Option<Closure<'a>>,
    ) -> EvalResult {
        self.enter(span)?;
        let given = lambda.is_some();
        let mut host = PuppetHost::new(self, scope, span, lambda);
        let result = loaded.function.call(callee, args, given, &mut host);
        let result = result.map_err(|e| host.raised_again(&e).unwrap_or_else(|| loaded.error(&e, span)));
        self.leave();
        result
    }

    /// The signatures of a 4.x function's dispatches, their types resolved
    /// in this environment (with the function's `local_types`).
    fn ruby_signatures(&mut self, loaded: &Loaded, span: Span) -> EvalResult<Rc<Signatures>> {
        if let Some(s) = loaded.signatures.borrow().clone() {
            return Ok(s);
        }
        let Api::Modern { dispatches, local_types, .. } = &loaded.function.api else {
            return Ok(Rc::new(Signatures { regular: vec![], mismatch: vec![] }));
        };
        let mut out = Signatures { regular: vec![], mismatch: vec![] };
        // `local_types` are aliases of the function's own, which its
        // signatures name (and errors print as `Name = Type`).
        let mut locals: Vec<(String, confer_core::types::Type)> = Vec::new();
        for (name, target) in local_types {
            let alias = confer_core::types::TypeAlias::new(name.clone());
            alias.resolve(signature::parse_type_with(self, target, span, &locals)?);
            locals.push((name.clone(), confer_core::types::Type::Alias(confer_core::types::AliasRef(alias))));
        }
        for (i, d) in dispatches.iter().enumerate() {
            let mut params = Vec::new();
            for p in &d.params {
                let ty = signature::parse_type_with(self, &p.type_text, span, &locals)?;
                let repeat = match p.repeat {
                    Repeat::Once => signature::Repeat::Once,
                    Repeat::Optional => signature::Repeat::Optional,
                    Repeat::Many => signature::Repeat::Many,
                    Repeat::AtLeastOnce => signature::Repeat::AtLeastOnce,
                };
                params.push(Param { name: p.name.clone(), ty, repeat });
            }
            let block = match d.block.as_ref() {
                Some(b) => {
                    let (min, max) = signature::block_counts(&b.type_text);
                    // Puppet prints a Callable block type by its formatter,
                    // and leaves out one of another type (a Variant).
                    let ty = signature::parse_type_with(self, &b.type_text, span, &locals)?;
                    let text = match ty {
                        confer_core::types::Type::Callable(..) => ty.to_string(),
                        _ => String::new(),
                    };
                    Some(Block { text, name: b.name.clone(), min, max, optional: b.optional })
                }
                None => None,
            };
            let sig = Rc::new(Signature { params, block });
            if d.mismatch {
                out.mismatch.push((i, sig));
            } else {
                out.regular.push((i, sig));
            }
        }
        let out = Rc::new(out);
        *loaded.signatures.borrow_mut() = Some(out.clone());
        Ok(out)
    }
}

/// The file, line and column of the offset `at` among `sources`.
fn located(sources: &[Source], at: usize) -> (String, usize, usize) {
    match Source::locate(sources, at) {
        Some((source, offset)) => {
            let (line, column) = confer_ruby::line_col(&source.text, offset);
            (source.path.clone(), line, column)
        }
        None => (String::new(), 0, 0),
    }
}

/// The module file `require 'spec'` loads, as Ruby finds it on the load
/// path Puppet gives it (each module's `lib`, in module path order), or
/// `require_relative 'spec'` from the file `requiring`: only files under a
/// module's `lib`, the code Puppet itself would load.
fn required_file(env: &Environment, spec: &str, requiring: Option<&str>) -> Option<(String, String)> {
    let file = if spec.ends_with(".rb") { spec.to_string() } else { format!("{spec}.rb") };
    let path = match requiring {
        Some(from) => {
            let resolved = std::path::Path::new(from).parent()?.join(&file).canonicalize().ok()?;
            env.within_module(&resolved)?.starts_with("lib").then_some(resolved)?
        }
        None => env.module_files(&format!("lib/{file}")).next()?,
    };
    let text = std::fs::read_to_string(&path).ok()?;
    Some((path.display().to_string(), text))
}

/// Reads and loads a function file, with the module files it requires; one
/// whose declared name is not the one its path gives is Puppet's loader
/// error. The function `key` the file at `path` defines, and the others it
/// defines beside it (a 3.x file may define several).
fn load(env: &Environment, path: &PathBuf, key: &str, span: Span) -> EvalResult<(Loaded, Vec<Loaded>)> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| fail(span, format!("Could not read the Ruby function file {}: {e}", path.display())))?;
    let mut sources = vec![Source { base: 0, path: path.display().to_string(), text }];
    let loaded = RubyFunction::load_all_with(&mut sources, &mut |spec, requiring| required_file(env, spec, requiring));
    let mut functions = loaded.map_err(|e| {
        if is_script_error(&e) {
            return script_error(&sources, &e);
        }
        let (file, line, column) = located(&sources, e.at);
        fail(
            span,
            format!(
                "confer cannot load the Ruby function '{key}': {} (file: {file}, line: {line}, column: {column})",
                e.kind
            ),
        )
    })?;
    let Some(at) = functions.iter().position(|f| f.name.trim_start_matches("::") == key) else {
        let defined = functions.last().map(|f| f.name.clone()).unwrap_or_default();
        return Err(fail(
            span,
            format!("The function '{defined}' was loaded from {} but the file should define '{key}'", path.display()),
        ));
    };
    let sources = Rc::new(sources);
    let loaded = |function| Loaded { function, sources: sources.clone(), signatures: Default::default() };
    let wanted = loaded(functions.remove(at));
    Ok((wanted, functions.into_iter().map(loaded).collect()))
}
