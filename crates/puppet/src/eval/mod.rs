//! The Puppet evaluator: runs a parsed manifest the way `puppet apply` compiles
//! it, logging what the manifest's functions log, without changing the system.

mod access;
mod arithmetic;
mod attributes;
mod autoload;
mod call_style;
mod calls;
mod catalog;
mod classes;
mod closure;
mod collectors;
mod compile;
mod cycles;
mod destructure;

pub use compile::{compile, compile_sharing};
pub use functions::{builtin_functions, deprecation, FunctionInfo};
pub use hiera::convert_value;
pub use shared_parse::SharedParse;
pub use suggest::is_puppet_function;
mod control;
mod definitions;
mod erb;
mod flow;
mod function_host;
pub(crate) mod functions;
mod hiera;
mod identity;
pub(crate) mod limits;
mod membership;
mod metaparameters;
mod nodes;
mod objects;
mod overrides;
mod places;
mod relationships;
mod resource;
mod resource_expressions;
mod ruby_functions;
mod scope;
mod scope_vars;
pub mod session;
mod shared_parse;
mod suggest;
mod tags;
mod templates;
mod title_parameters;
mod values;
mod variables;

use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::sync::Arc;

use confer_core::types::{self, params::capitalize_segments, Type};
use confer_core::value::{compare, puppet_equals, Comparison, Items};
use confer_core::{Regexp, Value};
use typed_arena::Arena;

use crate::ast::{BinaryOp, Expr, ExprKind, Program, StringPart, UnaryOp};
use crate::environment::Environment;
use crate::error::{ErrorKind, Phase, PuppetError};
use crate::log::{Level, LogEvent, Logger};
use crate::span::{Source, SourceMap, Span};

use catalog::Catalog;
use definitions::Definitions;
use flow::{core_fail, fail, EvalResult, Flow};
use identity::Identity;
use scope::{Scope, ScopeKind};

/// How deeply evaluation may nest (calls, lambdas, class inclusion) before it is
/// stopped with an error instead of exhausting the stack.
const MAX_DEPTH: usize = 200;

/// Evaluates `program` (parsed from `source`) as `puppet apply` would, sending
/// everything it logs to `logger`.
pub fn evaluate(program: &Program, source: &Arc<Source>, logger: &mut dyn Logger) -> Result<(), PuppetError> {
    evaluate_in(program, source, &Rc::new(Environment::bare(Vec::new())), None, logger)
}

/// Evaluates `program` as `puppet apply` would in the environment `env`,
/// whose modules it autoloads, for `node` when one is given (its facts and
/// name).
pub fn evaluate_in(
    program: &Program,
    source: &Arc<Source>,
    env: &Rc<Environment>,
    node: Option<&crate::node::Node>,
    logger: &mut dyn Logger,
) -> Result<(), PuppetError> {
    evaluate_with_state(program, source, env, node, logger).0
}

/// Like `evaluate_in`, also giving the top scope's variables as evaluation
/// left them (after an error too), for tools that report a run's state.
pub fn evaluate_with_state(
    program: &Program,
    source: &Arc<Source>,
    env: &Rc<Environment>,
    node: Option<&crate::node::Node>,
    logger: &mut dyn Logger,
) -> (Result<(), PuppetError>, Vec<(String, Value)>) {
    let arena = Arena::new();
    let mut ev = Evaluator::new(SourceMap::single(source.clone()), &arena, env.clone(), logger);
    ev.defs = Definitions::collect(program);
    if let Some(node) = node {
        ev.node_name = Some(node.name.clone());
        ev.bind_top_scope(node);
    }
    let top = ev.top.clone();
    let result = ev.run(program, &top).map_err(|flow| ev.to_error(flow));
    let mut variables = top.visible();
    variables.sort_by(|a, b| a.0.cmp(&b.0));
    (result, variables)
}

/// Resolves the type alias `name` defined in `program`, evaluating only the
/// aliases it needs. A chain of aliases that only refer to each other is an
/// error.
pub fn resolve_alias(program: &Program, source: &Arc<Source>, name: &str) -> Result<Type, PuppetError> {
    let mut sink = crate::log::Collect::default();
    let arena = Arena::new();
    let env = Rc::new(Environment::bare(Vec::new()));
    let mut ev = Evaluator::new(SourceMap::single(source.clone()), &arena, env, &mut sink);
    ev.defs = Definitions::collect(program);
    ev.strict_names = true;
    let span = program.body.first().map_or_else(Span::default, |e| e.span);
    let resolved = ev.type_named(name, span).map_err(|flow| ev.to_error(flow))?;
    if let Type::Alias(a) = &resolved {
        let mut seen = vec![a.0.name.clone()];
        let mut t = a.0.target();
        while let Some(Type::Alias(next)) = t {
            if seen.contains(&next.0.name) {
                seen.push(next.0.name.clone());
                return Err(PuppetError::new(Phase::Evaluation, format!("Type alias cycle: {}", seen.join(" -> "))));
            }
            seen.push(next.0.name.clone());
            t = next.0.target();
        }
    }
    Ok(resolved)
}

/// The evaluator's state for one manifest.
pub(crate) struct Evaluator<'a> {
    /// Every file read so far; spans find their file here.
    sources: SourceMap,
    /// Files loaded while evaluating live here for the evaluation's length.
    arena: &'a Arena<shared_parse::Loaded>,
    /// Parsed files and Hiera data shared with other compiles, if any.
    shared: Option<&'a SharedParse>,
    /// Files already read, so each is read once.
    loaded_files: HashSet<std::path::PathBuf>,
    /// Where modules are found.
    pub(crate) env: Rc<Environment>,
    /// The node being compiled; `None` for `puppet apply` of a file, where
    /// only `node default` applies.
    node_name: Option<String>,
    /// Whether a module provides the Ruby resource type of each name asked
    /// about, so the module path is searched once per type.
    module_types: std::cell::RefCell<HashMap<String, Option<Rc<crate::resource_types::TypeInfo>>>>,
    /// Whether a module gives a function of this name in Puppet's 4.x API
    /// (`lib/puppet/functions/<name>.rb`), looked up once per compile.
    pub(crate) modern_functions: HashMap<String, bool>,
    /// What modules give of functions, looked up once per name and compile.
    module_functions: ruby_functions::ModuleFunctions,
    /// The methods templates defined (`<% def helper ... end %>`), which
    /// later templates of the compile call, as Ruby keeps them on Puppet's
    /// template wrapper class.
    pub(crate) template_methods: confer_ruby::TemplateMethods,
    /// The ERB template files read so far, compiled, by path.
    pub(crate) erb_templates: HashMap<std::path::PathBuf, (std::sync::Arc<crate::span::Source>, confer_ruby::Compiled)>,
    logger: &'a mut dyn Logger,
    top: Rc<Scope>,
    defs: Definitions<'a>,
    /// Scopes of the classes evaluated so far, by lower-case name.
    classes: HashMap<String, Rc<Scope>>,
    catalog: Catalog<'a>,
    depth: usize,
    /// Warnings Puppet gives once per run (by message, or by deprecation
    /// key), already given.
    warned_once: HashSet<String>,
    /// The EPP templates being rendered, innermost last.
    rendered: Vec<templates::Rendering>,
    /// Variables whose object an ERB template changed in place, by the
    /// scope's address (the `Rc` held keeps it valid) and name: what later
    /// templates of that scope read instead of the Puppet value.
    template_objects: HashMap<(usize, String), (Rc<Scope>, confer_ruby::RValue)>,
    /// The node's Hiera data, read on the first lookup.
    hiera: Option<Rc<confer_hiera::Hiera>>,
    /// How many type alias bodies are being evaluated: in one, a name no
    /// type or alias defines is a `TypeReference`, not an error.
    in_alias: usize,
    /// Whether such a name is an error even in an alias: tools resolving a
    /// schema (`resolve_type_alias`) want a typo reported, not a type that
    /// matches nothing.
    strict_names: bool,
    /// `annotate`'s side table: by annotated object and annotation type, the
    /// object (kept, so its identity stays unique) and its annotation.
    pub(crate) annotations: HashMap<(usize, String), (Value, Value)>,
    /// Each regex literal's matcher, compiled the first time the literal is
    /// evaluated and reused every later time (a lambda evaluates its literals
    /// once per element). Keyed by the literal itself (see `identity`).
    literal_regexps: foldhash::HashMap<Identity<'a, Expr>, Arc<Regexp>>,
    /// Emptied lambda scopes for the next lambda calls to reuse (one per
    /// level of lambda nesting at most), see `call_lambda_with`.
    spare_scopes: Vec<Rc<Scope>>,
    /// The value of each access expression that names a built-in type with
    /// literal parameters (`Pattern[/^a/]`, `Integer[1, 5]`), by its target
    /// like `literal_regexps`: such a type does not depend on
    /// anything a manifest can change, and a lambda evaluates it per element.
    /// `None` marks an access that is not one of them.
    constant_types: foldhash::HashMap<Identity<'a, Expr>, Option<Value>>,
    /// How many unknown-variable warnings got "did you mean" advice: only
    /// the first [`variables::ADVISED_UNKNOWN_VARIABLES`] do, since finding it compares
    /// the name with every visible variable (200,000 warnings took seconds).
    advised_unknown_variables: usize,
    /// Puppet's own stack (`PuppetStack`), innermost last: the main
    /// manifest while it runs (`true`: shown with line 0), then the place of
    /// each function call from Puppet code in progress. stdlib's
    /// `deprecation` names its two innermost frames.
    pub(crate) puppet_stack: Vec<(Span, bool)>,
    /// String literals evaluated inside a lambda or function, by literal
    /// like `literal_regexps` (see `literal_string`).
    literal_strings: foldhash::HashMap<Identity<'a, Expr>, Value>,
    /// The buffer `interpolate` builds strings in, kept between uses.
    interpolation: String,
    /// Built-ins' signatures, read from their declared texts once.
    signatures: functions::signature::Signatures,
}

impl<'a> Evaluator<'a> {
    fn new(
        sources: SourceMap,
        arena: &'a Arena<shared_parse::Loaded>,
        env: Rc<Environment>,
        logger: &'a mut dyn Logger,
    ) -> Evaluator<'a> {
        Evaluator {
            sources,
            arena,
            shared: None,
            loaded_files: HashSet::new(),
            env,
            node_name: None,
            module_types: Default::default(),
            modern_functions: Default::default(),
            module_functions: Default::default(),
            template_methods: Default::default(),
            erb_templates: Default::default(),
            logger,
            top: Self::top_scope(),
            defs: Definitions::default(),
            classes: HashMap::new(),
            catalog: Catalog::default(),
            depth: 0,
            warned_once: Default::default(),
            template_objects: Default::default(),
            rendered: Vec::new(),
            hiera: None,
            in_alias: 0,
            strict_names: false,
            annotations: HashMap::new(),
            literal_regexps: Default::default(),
            spare_scopes: Vec::new(),
            constant_types: Default::default(),
            advised_unknown_variables: 0,
            puppet_stack: Vec::new(),
            literal_strings: Default::default(),
            interpolation: String::new(),
            signatures: Default::default(),
        }
    }

    /// The top scope: `$module_name` is the empty string there, as in
    /// Puppet (code outside modules), and `$caller_module_name` is unset.
    fn top_scope() -> Rc<Scope> {
        let top = Scope::new(ScopeKind::Top, None);
        let _ = top.assign("module_name", Value::from(""));
        top
    }

    /// The main manifest's statements, under its frame of Puppet's stack.
    pub(super) fn eval_main_program(&mut self, program: &'a Program, top: &Rc<Scope>) -> EvalResult<()> {
        let Some(first) = program.body.first() else { return Ok(()) };
        self.puppet_stack.push((first.span, true));
        let result = self.eval_block(&program.body, top);
        self.puppet_stack.pop();
        result.map(|_| ())
    }

    /// Top-level code, then the matching node, then defined resources, then what
    /// applying the catalog prints.
    fn run(&mut self, program: &'a Program, top: &Rc<Scope>) -> EvalResult<()> {
        self.check_metaparameter_names(program)?;
        self.start_catalog();
        self.eval_main_program(program, top)?;
        self.evaluate_node(top)?;
        self.evaluate_generators()?;
        self.finish_catalog()?;
        // `puppet apply` finds cycles when it orders the catalog to apply
        // it, and then applies nothing.
        if let Some(message) = self.cycle_report() {
            return Err(Flow::from_error(PuppetError::new(Phase::Validation, message)));
        }
        self.check_named_values()?;
        self.report_catalog();
        Ok(())
    }

    fn to_error(&self, flow: Flow) -> PuppetError {
        let line_only = matches!(&flow, Flow::Error(f) if f.line_only);
        let (kind, message, span, notes, labels) = match flow {
            Flow::Error(f) => (f.kind, f.message, f.span, f.notes, f.labels),
            Flow::Return(_, span) => {
                let message = "The 'return' function can only be used inside a function or lambda";
                (ErrorKind::Evaluation, message.into(), span, Vec::new(), Vec::new())
            }
            Flow::Next(_, span) => {
                let message = "The 'next' function can only be used inside a lambda or iteration";
                (ErrorKind::Evaluation, message.into(), span, Vec::new(), Vec::new())
            }
            Flow::Break(span) => {
                let message = "break() from context where this is illegal";
                (ErrorKind::Evaluation, message.into(), span, Vec::new(), Vec::new())
            }
            Flow::Located(error) => return *error,
            // Every expression locates what it left undecided (`eval`); one
            // raised outside any, by code the catalog runs after
            // evaluation, has no expression to name.
            Flow::Undecided(u) => {
                return PuppetError::new(Phase::Evaluation, u.to_string()).with_kind(ErrorKind::ResourceLimit)
            }
        };
        let range = self.sources.find(span.start).map(|source| source.local_span(span));
        let mut location = self.location(span);
        if line_only {
            location.column = 0;
        }
        PuppetError {
            phase: Phase::Evaluation,
            kind,
            message,
            location: Some(location),
            span: range,
            labels: labels.into(),
            notes,
        }
    }

    /// Logs an evaluator warning pointing at `span`.
    pub(crate) fn warn(&mut self, span: Span, message: String) {
        let location = Some(self.location(span));
        self.logger.log(LogEvent { level: Level::Warning, scope: None, message, location, notes: Vec::new() });
    }

    /// Logs `message` as a warning without a position, the first time `key`
    /// is seen in the run (Puppet's `deprecation_warning(message, key)`, and
    /// its `warnonce` with the message for key).
    pub(crate) fn warn_once_keyed(&mut self, key: String, message: String) {
        if self.warned_once.insert(key) {
            self.logger.log(LogEvent {
                level: Level::Warning,
                scope: None,
                message,
                location: None,
                notes: Vec::new(),
            });
        }
    }

    /// Logs a warning Puppet gives once per run and without a position (its
    /// console adds a line saying so).
    pub(crate) fn warn_once_unlocated(&mut self, message: String) {
        if !self.warned_once.insert(message.clone()) {
            return;
        }
        let message = format!("{message}\n   (file & line not available)");
        self.logger.log(LogEvent { level: Level::Warning, scope: None, message, location: None, notes: Vec::new() });
    }

    /// Logs Puppet's deprecation warning `key` once a run; Puppet prints it with
    /// the file and line of the first use on a line of its own.
    pub(crate) fn deprecation(&mut self, key: &'static str, span: Span, message: &str) {
        if !self.warned_once.insert(format!("deprecation:{key}")) {
            return;
        }
        let at = self.location(span);
        let message = format!("{message}\n   (file: {}, line: {})", at.file, at.line);
        self.logger.log(LogEvent { level: Level::Warning, scope: None, message, location: None, notes: Vec::new() });
    }

    /// Logs a message from a logging function called in `scope`.
    pub(crate) fn log(&mut self, level: Level, scope: &Scope, message: String) {
        self.logger.log(LogEvent { level, scope: Some(scope.label()), message, location: None, notes: Vec::new() });
    }

    fn enter(&mut self, span: Span) -> EvalResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let message = format!("Evaluation nested deeper than {MAX_DEPTH} levels (runaway recursion?)");
            return Err(limits::exceeded(span, message));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Evaluates statements in order; the value is the last one's, or `undef`.
    pub(crate) fn eval_block(&mut self, body: &'a [Expr], scope: &Rc<Scope>) -> EvalResult {
        let mut last = Value::Undef;
        for stmt in body {
            last = self.eval(stmt, scope)?;
        }
        Ok(last)
    }

    /// Evaluates one expression. A type check or match that the limits on
    /// hostile input left undecided (`Flow::Undecided`) fails here, at the
    /// innermost expression that asked.
    pub(crate) fn eval(&mut self, e: &'a Expr, scope: &Rc<Scope>) -> EvalResult {
        if crate::interrupt::requested() {
            return Err(fail(e.span, crate::interrupt::MESSAGE));
        }
        let value = self.eval_kind(e, scope).map_err(|flow| match flow {
            Flow::Undecided(u) => limits::exceeded(e.span, u.to_string()),
            other => other,
        })?;
        if let Some(limit) = limits::too_large(&value) {
            return Err(limits::exceeded(self.position(e), limit));
        }
        Ok(value)
    }

    fn eval_kind(&mut self, e: &'a Expr, scope: &Rc<Scope>) -> EvalResult {
        let span = e.span;
        match &e.kind {
            ExprKind::Undef => Ok(Value::Undef),
            ExprKind::Default => Ok(Value::Default),
            ExprKind::Boolean(b) => Ok(Value::Boolean(*b)),
            ExprKind::Integer(i) => Ok(Value::Integer(*i)),
            ExprKind::Float(f) => Ok(Value::Float(*f)),
            ExprKind::String(s) => Ok(self.literal_string(e, s)),
            ExprKind::BareWord(w) => Ok(Value::string(w.as_str())),
            ExprKind::Interpolated(parts) => self.interpolate(parts, scope),
            ExprKind::Heredoc { text, .. } => self.eval(text, scope),
            ExprKind::Regex(src) => self.literal_regexp(e, src, span).map(Value::Regexp),
            ExprKind::TypeRef(name) => self.type_named(name, span).map(Value::from_type),
            ExprKind::Variable(name) => self.variable(name, span, scope),
            ExprKind::Array(items) => Ok(Value::array(self.eval_list(items, scope)?)),
            ExprKind::Hash(pairs) => {
                let mut map = confer_core::HashMap::with_capacity(pairs.len());
                for (k, v) in pairs {
                    let key = self.eval(k, scope)?;
                    let value = self.eval(v, scope)?;
                    map.insert(key, value);
                }
                Ok(Value::hash(map))
            }
            ExprKind::Access { target, keys } => self.eval_access(target, keys, span, scope),
            ExprKind::Unary { op, operand } => {
                let v = self.eval(operand, scope)?;
                match op {
                    UnaryOp::Not => Ok(Value::Boolean(!v.is_truthy())),
                    UnaryOp::Neg => {
                        let mut warnings = Vec::new();
                        let r = arithmetic::negate(&v, &mut |_, w| warnings.push(w)).map_err(|e| fail(span, e.message));
                        for w in warnings {
                            self.strict_issue(span, w)?;
                        }
                        r
                    }
                    UnaryOp::Splat => Ok(Value::array(unfold(v))),
                }
            }
            ExprKind::Binary { op, lhs, rhs } => self.eval_binary(*op, lhs, rhs, span, scope),
            ExprKind::Assign { target, value } => {
                let v = self.eval(value, scope)?;
                let at = self.operator_span(target, value);
                let class = match (&target.kind, &v) {
                    (ExprKind::Array(targets), Value::Type(t)) => match &***t {
                        Type::Class(Some(class)) => Some((targets, class)),
                        _ => None,
                    },
                    _ => None,
                };
                match class {
                    Some((targets, class)) => {
                        self.assign_from_class(targets, class, self.position(value), scope, at)?
                    }
                    None => self.assign(target, v.clone(), scope, at)?,
                }
                Ok(v)
            }
            ExprKind::Relationship { op, lhs, rhs } => self.eval_relationship(*op, lhs, rhs, scope),
            ExprKind::Paren(inner) => self.eval(inner, scope),
            ExprKind::If { cond, then_body, else_body } => {
                self.eval_if(cond, then_body, else_body.as_deref(), false, scope)
            }
            ExprKind::Unless { cond, then_body, else_body } => {
                self.eval_if(cond, then_body, else_body.as_deref(), true, scope)
            }
            ExprKind::Case { test, options } => self.eval_case(test, options, scope),
            ExprKind::Selector { test, options } => self.eval_selector(test, options, span, scope),
            ExprKind::Call { callee, args, lambda } => self.eval_call(callee, args, lambda.as_deref(), span, scope),
            ExprKind::MethodCall { receiver, name, args, lambda } => {
                self.eval_method_call(receiver, name, args, lambda.as_deref(), span, scope)
            }
            ExprKind::ClassDef(_)
            | ExprKind::DefineDef(_)
            | ExprKind::FunctionDef(_)
            | ExprKind::PlanDef(_)
            | ExprKind::NodeDef(_)
            | ExprKind::TypeAlias { .. } => Ok(Value::Undef),
            ExprKind::Resource { form, type_name, bodies } => self.eval_resource(*form, type_name, bodies, span, scope),
            ExprKind::ResourceDefaults { type_ref, ops } => self.eval_resource_defaults(type_ref, ops, scope),
            ExprKind::ResourceOverride { reference, ops } => self.eval_resource_override(reference, ops, scope),
            ExprKind::Collector { type_ref, query, ops, exported } => {
                self.eval_collector(e, type_ref, query.as_deref(), ops, *exported, scope)
            }
            ExprKind::RenderString(text) => {
                self.render_text(text);
                Ok(Value::Undef)
            }
            ExprKind::RenderExpr(inner) => {
                let v = self.eval(inner, scope)?;
                self.render_value(&v);
                Ok(Value::Undef)
            }
        }
    }

    /// Evaluates a list of expressions, unfolding `*x` elements in place.
    pub(crate) fn eval_list(&mut self, items: &'a [Expr], scope: &Rc<Scope>) -> EvalResult<Vec<Value>> {
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            if let ExprKind::Unary { op: UnaryOp::Splat, operand } = &item.kind {
                let v = self.eval(operand, scope)?;
                out.extend(unfold(v));
            } else {
                out.push(self.eval(item, scope)?);
            }
        }
        Ok(out)
    }

    /// A double-quoted string's value, built in the evaluator's spare buffer
    /// (taken while in use, so a string interpolated inside one of the
    /// parts gets its own) and copied once into the value.
    fn interpolate(&mut self, parts: &'a [StringPart], scope: &Rc<Scope>) -> EvalResult {
        let mut out = std::mem::take(&mut self.interpolation);
        out.clear();
        for part in parts {
            match part {
                StringPart::Text(t) => out.push_str(t),
                StringPart::Expr(e) => {
                    let v = self.eval(e, scope)?;
                    // Refused before it grows past the limit rather than
                    // after: doubling a string in a loop stops at 128 MiB
                    // more, not 384.
                    let longer = v.as_str().map_or(0, str::len);
                    if out.len() + longer > limits::MAX_STRING_BYTES {
                        return Err(limits::exceeded(self.position(e), limits::string_too_long()));
                    }
                    confer_core::value::push_to_s(&mut out, &v);
                }
            }
        }
        let value = Value::from(out.as_str());
        self.interpolation = out;
        Ok(value)
    }

    /// The value of the string literal `e` (text `s`). Inside a lambda or
    /// function body, which may run many times, it is made once and shared,
    /// as regex literals are; elsewhere a literal is evaluated about once,
    /// and keeping it would only cost.
    fn literal_string(&mut self, e: &'a Expr, s: &str) -> Value {
        if self.depth == 0 {
            return Value::string(s);
        }
        self.literal_strings.entry(Identity(e)).or_insert_with(|| Value::string(s)).clone()
    }

    /// The compiled matcher of the regex literal `e` (source `src`).
    fn literal_regexp(&mut self, e: &'a Expr, src: &str, span: Span) -> EvalResult<Arc<Regexp>> {
        let key = Identity(e);
        if let Some(re) = self.literal_regexps.get(&key) {
            return Ok(re.clone());
        }
        let re = Arc::new(Regexp::new(src).map_err(core_fail(span))?);
        self.literal_regexps.insert(key, re.clone());
        Ok(re)
    }

    /// Binds `target` (a variable, or an array of targets to destructure
    /// into) to `value`; an error is located at `at`, the `=`, as Puppet
    /// locates assignment errors.
    fn assign(&mut self, target: &'a Expr, value: Value, scope: &Rc<Scope>, at: Span) -> EvalResult<()> {
        match &target.kind {
            ExprKind::Variable(name) => {
                if name.contains("::") {
                    return Err(fail(at, format!("Cannot assign to a fully qualified variable '${name}'")));
                }
                if name.chars().all(|c| c.is_ascii_digit()) {
                    return Err(fail(
                        at,
                        format!("Illegal attempt to assign to the numeric match result variable '${name}'"),
                    ));
                }
                // Puppet binds `$facts` and `$trusted` at top scope before any
                // code runs, and never lets `$server_facts` be assigned.
                let reserved = name == "server_facts"
                    || (matches!(name.as_str(), "facts" | "trusted") && Rc::ptr_eq(scope, &self.top));
                if reserved {
                    return Err(fail(at, format!("Attempt to assign to a reserved variable name: '${name}'")));
                }
                scope.assign(name, value).map_err(|e| fail(at, e.message(name)))
            }
            ExprKind::Array(targets) => match value {
                Value::Array(values) => {
                    if targets.len() != values.len() {
                        return Err(fail(
                            at,
                            format!(
                                "Mismatched number of assignable entries and values, expected {}, got {}",
                                targets.len(),
                                values.len()
                            ),
                        ));
                    }
                    for (t, v) in targets.iter().zip(values.iter()) {
                        self.assign(t, v.clone(), scope, at)?;
                    }
                    Ok(())
                }
                Value::Hash(map) => {
                    for t in targets {
                        let ExprKind::Variable(name) = &t.kind else {
                            return Err(fail(at, "Only variables can be assigned from a Hash"));
                        };
                        let Some(v) = map.get(&Value::string(name.as_str())) else {
                            return Err(fail(
                                at,
                                format!("No value for required key '{name}' in assignment to variables from hash"),
                            ));
                        };
                        self.assign(t, v.clone(), scope, at)?;
                    }
                    Ok(())
                }
                // Any other value is one value.
                other => self.assign(target, Value::array(vec![other]), scope, at),
            },
            _ => Err(fail(at, "Illegal attempt to assign to an expression that is not a variable")),
        }
    }

    fn eval_binary(&mut self, op: BinaryOp, lhs: &'a Expr, rhs: &'a Expr, span: Span, scope: &Rc<Scope>) -> EvalResult {
        match op {
            BinaryOp::And => {
                let l = self.eval(lhs, scope)?;
                return Ok(Value::Boolean(l.is_truthy() && self.eval(rhs, scope)?.is_truthy()));
            }
            BinaryOp::Or => {
                let l = self.eval(lhs, scope)?;
                return Ok(Value::Boolean(l.is_truthy() || self.eval(rhs, scope)?.is_truthy()));
            }
            _ => {}
        }
        let l = self.eval(lhs, scope)?;
        let r = self.eval(rhs, scope)?;
        match op {
            BinaryOp::Eq | BinaryOp::Ne => {
                // Two types compare by what they mean (`String[0] == String`);
                // anything else, including types inside arrays, structurally.
                let equal = match (&l, &r) {
                    (Value::Type(a), Value::Type(b)) => types::equals(a, b)?,
                    _ => puppet_equals(&l, &r),
                };
                Ok(Value::Boolean(equal == (op == BinaryOp::Eq)))
            }
            BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => {
                let cmp = match op {
                    BinaryOp::Lt => Comparison::Lt,
                    BinaryOp::Le => Comparison::Le,
                    BinaryOp::Gt => Comparison::Gt,
                    _ => Comparison::Ge,
                };
                compare(cmp, &l, &r).map(Value::Boolean).map_err(core_fail(self.operator_span(lhs, rhs)))
            }
            BinaryOp::Match | BinaryOp::NotMatch => {
                let left = self.position(lhs);
                let matched = self.match_value(&l, &r, (left, rhs.span), scope)?;
                Ok(Value::Boolean(matched == (op == BinaryOp::Match)))
            }
            BinaryOp::In => Ok(Value::Boolean(membership::contains(&l, &r)?)),
            _ => {
                let mut warnings = Vec::new();
                let result = arithmetic::binary(op, &l, &r, &mut |side, w| warnings.push((side, w))).map_err(|e| {
                    let at = match e.at {
                        arithmetic::Place::Expression => span,
                        arithmetic::Place::Operator => self.operator_span(lhs, rhs),
                        arithmetic::Place::Right => self.position(rhs),
                    };
                    fail(at, e.message)
                });
                for (side, w) in warnings {
                    let at = if side == arithmetic::Operand::Left { lhs.span } else { rhs.span };
                    self.strict_issue(at, w)?;
                }
                result
            }
        }
    }

    /// Resolves a capitalised name: a built-in type, a type alias, or otherwise
    /// a resource type.
    pub(crate) fn type_named(&mut self, name: &str, span: Span) -> EvalResult<Type> {
        if let Some(t) = types::by_name(name) {
            return Ok(t);
        }
        self.load_alias(name, span)?;
        if let Some(alias) = self.defs.alias(name) {
            self.resolve_alias(name, span)?;
            // An object type or type set carries the alias's name itself.
            if let Some(t @ (Type::ObjectType(_) | Type::TypeSetType(_))) = alias.target() {
                return Ok(t.clone());
            }
            return Ok(Type::Alias(types::AliasRef(alias)));
        }
        if let Some(member) = self.type_set_member(name) {
            return Ok(member);
        }
        let lower = name.trim_start_matches("::").to_lowercase();
        if !resource::is_resource_type(&lower)
            && self.define_def(&lower, span)?.is_none()
            && !self.module_type_exists(&lower)
        {
            if self.in_alias > 0 && !self.strict_names {
                return Ok(Type::Reference(name.trim_start_matches("::").into()));
            }
            let notes = self.unknown_type_name_notes(name);
            let name = capitalize_segments(name);
            let message = format!("Resource type not found: {name}");
            let kind = ErrorKind::UnknownType { name: name.into() };
            return Err(flow::with_notes(flow::fail_as(kind, span, message), notes));
        }
        Ok(Type::Resource { type_name: Some(capitalize_segments(name).into()), title: None })
    }

    /// Evaluates a type alias's definition the first time it is needed; a
    /// reference to an alias still being resolved (recursion) is left lazy.
    fn resolve_alias(&mut self, name: &str, span: Span) -> EvalResult<()> {
        let Some((alias, expr)) = self.defs.alias_to_resolve(name) else {
            return Ok(());
        };
        self.enter(span)?;
        if let Some(result) = self.define_named_type(&alias, expr, span) {
            self.leave();
            return result;
        }
        let top = self.top.clone();
        self.in_alias += 1;
        let value = self.eval(expr, &top);
        self.in_alias -= 1;
        self.leave();
        match value? {
            Value::Type(t) => {
                alias.resolve(Type::clone(&t));
                if !alias.is_real() {
                    // Puppet raises it while evaluating the name that refers to the alias.
                    let message = format!("Type alias '{name}' cannot be resolved to a real type");
                    return Err(flow::attribute_to(fail(span, message), "Type-Name"));
                }
                Ok(())
            }
            other => Err(fail(expr.span, format!("The type alias '{name}' must be a type, got {}", other.type_name()))),
        }
    }
}

/// The unfold (splat) operator: arrays give their elements, hashes their pairs,
/// anything else itself.
pub(crate) fn unfold(v: Value) -> Vec<Value> {
    match v {
        Value::Array(items) => Arc::try_unwrap(items).map_or_else(|shared| shared.to_vec(), Items::into_vec),
        Value::Hash(map) => map.iter().map(|(k, v)| Value::array(vec![k.clone(), v.clone()])).collect(),
        Value::Iterator(_) => confer_core::value::iterable::elements(&v).map(|e| e.into_values()).unwrap_or_default(),
        other => vec![other],
    }
}
