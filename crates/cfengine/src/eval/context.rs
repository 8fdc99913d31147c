//! The evaluation context (eval_context.c): a run's state, by owner — the
//! policy it runs, the settings it was started with, what evaluation has
//! defined (variables, classes), where evaluation is (the stack), what the
//! agent's promises have done, what halts the run — and the output
//! cf-agent prints. Each part is a type of its own module; the context
//! holds them and the operations that span them (defining a class checks
//! the abort classes, expansion reads the stack and the variables).

use crate::eval::agent_state::AgentState;
use crate::eval::defined::{Defined, VarKey};
use crate::eval::frames::Stack;
use crate::eval::halt::Halt;
use crate::eval::message::{ErrorKind, Level, Message};
use crate::eval::run_settings::RunSettings;
use std::sync::Arc;

use crate::data::json;
use crate::data::value::{DataType, Rv, Variable};
use crate::eval::expand::{self, Resolved};
use crate::functions::regex::full_match;
use crate::syntax::ast::{Bundle, Policy};
use crate::syntax::class_expr;
use crate::syntax::varref::{is_special_scope, VarRef};

/// Where what a run says goes.
pub trait Sink {
    /// One line as cf-agent prints it (`R: ...`, `   error: ...`).
    fn line(&mut self, line: &str);

    /// One message of the run; a sink that prints text prints its line.
    fn message(&mut self, m: &Message) {
        self.line(&m.render());
    }

    /// A located error, as cf-promises prints it (`F:L:C: error: …` and
    /// the source line); a sink for tools takes its parts instead.
    fn diagnostic(&mut self, d: &crate::diagnostic::Diagnostic) {
        for l in d.to_string().lines() {
            self.line(l);
        }
    }
}

impl Sink for Vec<String> {
    fn line(&mut self, line: &str) {
        self.push(line.to_string());
    }
}

/// The evaluation context.
pub struct EvalContext<'s> {
    /// The policy being run.
    pub policy: Arc<Policy>,
    /// What the run was started with.
    pub settings: RunSettings,
    /// The variables and classes evaluation has defined.
    pub defined: Defined,
    /// Where evaluation is: the bundle stack, the promise being kept.
    pub stack: Stack,
    /// What the agent's promises have done so far this run.
    pub agent: AgentState,
    /// What stops the run or the bundle: abort classes, a fatal error,
    /// the work budget, an oversized string.
    pub halt: Halt,
    /// Output.
    pub out: &'s mut dyn Sink,
    /// Whether an error was logged (for the exit code of `validate`).
    pub errors: usize,
    /// What confer refused to do that cf-agent would have done (run a
    /// command, reach the network), each reported once.
    pub refusals: std::collections::BTreeSet<String>,
    /// The regular expressions the run's functions and checks compiled.
    pub(crate) regexes: crate::functions::regex_cache::RegexCache,
}

/// cf-agent's exit code when an abort class stopped the run
/// (`EC_EVAL_ABORTED`).
pub const EC_EVAL_ABORTED: i32 = 6;

/// Upper bound on promise iterations in one run.
pub const MAX_WORK: u64 = 20_000_000;

impl<'s> EvalContext<'s> {
    /// A fresh context for `policy`.
    pub fn new(policy: Arc<Policy>, out: &'s mut dyn Sink) -> EvalContext<'s> {
        EvalContext {
            policy,
            settings: RunSettings::started_here(),
            defined: Defined::default(),
            stack: Stack::default(),
            agent: AgentState::default(),
            halt: Halt::default(),
            out,
            errors: 0,
            refusals: Default::default(),
            regexes: Default::default(),
        }
    }

    /// Logs an error of the family `kind`.
    pub fn error(&mut self, kind: ErrorKind, msg: impl AsRef<str>) {
        self.errors += 1;
        self.out.message(&Message::Error(kind, msg.as_ref()));
    }

    /// Logs cf-agent's fatal error (`FatalError`) of the family `kind` and
    /// ends the run.
    pub fn fatal(&mut self, kind: ErrorKind, msg: impl AsRef<str>) {
        self.error(kind, msg);
        self.halt.aborted = Some(1);
    }

    /// Logs an error for something confer refuses to do, the first time
    /// only (a promise is evaluated on every pass).
    pub fn refuse(&mut self, msg: String) {
        self.error_once(ErrorKind::Refused, msg);
    }

    /// Logs an error the first time it is said only.
    fn error_once(&mut self, kind: ErrorKind, msg: String) {
        if !self.refusals.contains(&msg) {
            self.error(kind, &msg);
            self.refusals.insert(msg);
        }
    }

    /// Where the promise being evaluated is, for confer's own errors:
    /// `in promise 'FILE' near line N`, as cf-agent locates a promise.
    pub fn promise_location(&self) -> String {
        let file = self.bundle().map(|b| b.file.to_string()).unwrap_or_default();
        let line = self.stack.promise.as_ref().map_or(0, |p| p.line);
        format!("in promise '{file}' near line {line}")
    }

    /// Reports a string that grew past confer's limit (see `oversized`), at
    /// the promise being evaluated, and stops the run as cf-agent stops
    /// when its allocation fails; whether it did.
    pub fn stop_if_oversized(&mut self) -> bool {
        if !self.halt.oversized.take() {
            return false;
        }
        let at = self.promise_location();
        self.error_once(
            ErrorKind::Limit,
            format!(
                "A string would grow past confer's limit of {} bytes (cf-agent runs out of memory), {at}",
                expand::MAX_SCALAR_BYTES
            ),
        );
        self.halt.aborted = Some(1);
        true
    }

    /// Logs an `info:` line, under `-I` only.
    pub fn info(&mut self, msg: impl AsRef<str>) {
        if self.settings.inform {
            self.out.message(&Message::Log(Level::Info, msg.as_ref()));
        }
    }

    /// A change made to the machine (cf-agent's `RecordChange`): said
    /// under `-I`, and kept for the run's change report.
    pub fn record_change(&mut self, msg: String) {
        self.info(&msg);
        self.agent.file_changes.push(msg);
    }

    /// Logs a `notice:` line.
    pub fn notice(&mut self, msg: impl AsRef<str>) {
        self.out.message(&Message::Log(Level::Notice, msg.as_ref()));
    }

    /// Logs a `warning:` line.
    pub fn warning(&mut self, msg: impl AsRef<str>) {
        self.out.message(&Message::Log(Level::Warning, msg.as_ref()));
    }

    /// Logs a `verbose:` line (the caller knows the run is verbose).
    pub fn verbose(&mut self, msg: impl AsRef<str>) {
        self.out.message(&Message::Log(Level::Verbose, msg.as_ref()));
    }

    /// The innermost bundle.
    pub fn bundle(&self) -> Option<&Arc<Bundle>> {
        self.stack.bundles.last().map(|f| &f.bundle)
    }

    /// Namespace of the innermost bundle.
    pub fn ns(&self) -> String {
        self.bundle().map_or_else(|| "default".to_string(), |b| b.ns.clone())
    }

    /// The global-table key for a qualified reference.
    pub fn key(&self, r: &VarRef) -> Option<VarKey> {
        let scope = r.scope.clone()?;
        let ns = if is_special_scope(&scope) { None } else { Some(r.ns.clone().unwrap_or_else(|| "default".into())) };
        Some(VarKey { ns, scope, lval: r.lval.clone(), indices: r.indices.clone() })
    }

    /// Defines or replaces a variable.
    pub fn put(&mut self, r: &VarRef, rval: Rv, ty: DataType, tags: &[&str]) {
        let Some(k) = self.key(r) else {
            return;
        };
        let tags = Arc::new(tags.iter().map(|t| Arc::from(*t)).collect());
        self.defined.vars.insert(k, Variable { rval, ty, tags, comment: None });
    }

    /// Whether `n` is a hard class (the agent defined it, tagged so).
    pub fn is_hard_class(&self, n: &str) -> bool {
        self.defined.class_tags.get(n).is_some_and(|t| t.iter().any(|x| x == "hardclass"))
    }

    /// Sets the comment of a defined variable.
    pub fn set_comment(&mut self, r: &VarRef, comment: &str) {
        if let Some(v) = self.key(r).and_then(|k| self.defined.vars.get_mut(&k)) {
            v.comment = Some(Arc::from(comment));
        }
    }

    /// Defines a variable in a special scope (`sys`, `const`, ...).
    pub fn put_special(&mut self, scope: &str, lval: &str, value: &str) {
        let r = VarRef { ns: None, scope: Some(scope.into()), lval: lval.into(), indices: vec![] };
        self.put(&r, Rv::scalar(value), DataType::String, &["source=agent"]);
    }

    /// An environment variable: the run's own value, else the process's.
    pub fn getenv(&self, name: &str) -> Option<String> {
        match self.settings.env.iter().rev().find(|(k, _)| k == name) {
            Some((_, v)) => Some(v.clone()),
            None => std::env::var(name).ok(),
        }
    }

    /// Removes every variable of a special scope (`match` before a new
    /// regex match sets it, as `EvalContextVariableClearMatch`).
    pub fn clear_scope(&mut self, scope: &str) {
        self.defined.vars.retain(|k, _| !(k.ns.is_none() && k.scope == scope));
    }

    /// Removes a variable.
    pub fn remove(&mut self, r: &VarRef) {
        if let Some(k) = self.key(r) {
            self.defined.vars.shift_remove(&k);
        }
    }

    fn get_exact(&self, r: &VarRef) -> Option<&Variable> {
        let scope = r.scope.as_deref()?;
        if scope == "this" {
            return self.stack.this.get(&r.name_with_indices());
        }
        let k = self.key(r)?;
        self.defined.vars.get(&k)
    }

    /// `VariableResolve2`: the exact variable, or for an indexed reference
    /// the container at its base name.
    fn resolve2(&self, r: &VarRef) -> Option<Variable> {
        if let Some(v) = self.get_exact(r) {
            return Some(v.clone());
        }
        if !r.indices.is_empty() {
            let base = r.indexless();
            if let Some(v) = self.get_exact(&base) {
                if v.ty == DataType::Container {
                    if let Rv::Container(c) = &v.rval {
                        let child = json::select(c, &r.indices)?;
                        return Some(Variable {
                            rval: Rv::Container(child.clone()),
                            ty: DataType::Container,
                            tags: v.tags.clone(),
                            comment: None,
                        });
                    }
                }
            }
        }
        None
    }

    /// `EvalContextVariableGet`: resolves a reference from the current
    /// promise or bundle.
    pub fn get(&self, r: &VarRef) -> Option<Variable> {
        if r.is_qualified() {
            if let Some(v) = self.resolve2(r) {
                return Some(v);
            }
            if r.scope.as_deref() != Some("this") {
                return None;
            }
        } else if self.stack.promise.is_some() {
            let mut t = r.clone();
            t.scope = Some("this".into());
            t.ns = None;
            if let Some(v) = self.resolve2(&t) {
                return Some(v);
            }
        }
        let b = self.bundle()?;
        let q = VarRef {
            ns: Some(r.ns.clone().unwrap_or_else(|| b.ns.clone())),
            scope: Some(b.name.clone()),
            lval: r.lval.clone(),
            indices: r.indices.clone(),
        };
        self.resolve2(&q)
    }

    /// Resolves the text of a reference as it appears inside `$(...)`.
    pub fn lookup(&self, name: &str) -> Option<Variable> {
        if let Some(v) = self.stack.this.get(name) {
            return Some(v.clone());
        }
        let ns = self.ns();
        let r = VarRef::parse_with(name, Some(&ns), None);
        self.get(&r)
    }

    /// `ExpandScalar` in the current context.
    pub fn expand(&self, s: &str) -> String {
        if !s.contains('$') {
            return s.to_string();
        }
        let expanded = expand::expand_scalar(s, &mut |name| match self.lookup(name) {
            Some(v) => match &v.rval {
                Rv::Scalar(s) => Resolved::Text(s.to_string()),
                Rv::Container(c) => match json::primitive_to_string(c) {
                    Some(t) if crate::data::json::is_primitive(c) => Resolved::Text(t),
                    _ => Resolved::NotScalar,
                },
                _ => Resolved::NotScalar,
            },
            None => Resolved::Undefined,
        });
        expanded.unwrap_or_else(|expand::Oversized| {
            self.halt.oversized.set(true);
            s.to_string()
        })
    }

    /// Whether the class `name` (possibly `ns:name`) is defined.
    pub fn class_defined(&self, name: &str) -> bool {
        let name = name.trim();
        if name == "any" {
            return true;
        }
        let (ns, n) = match name.split_once(':') {
            Some((ns, n)) => (ns.to_string(), n),
            None => (self.ns(), name),
        };
        let qualified = if ns == "default" { n.to_string() } else { format!("{ns}:{n}") };
        if self.defined.classes.contains(&qualified) {
            return true;
        }
        // Hard classes live in the default namespace and are seen from all.
        if ns != "default" && self.defined.classes.contains(n) && self.is_hard_class(n) {
            return true;
        }
        self.stack.bundles.last().is_some_and(|f| f.classes.contains(&qualified))
    }

    /// Evaluates a class expression (after expanding variables in it).
    /// `None` when it does not parse or still holds unexpanded references.
    pub fn eval_class_expr(&self, expr: &str) -> Option<bool> {
        if class_expr::words_without_operator(expr) {
            return None;
        }
        let e = class_expr::parse(expr).ok()?;
        let mut bad = false;
        // `EvalExpression`: a name that is (or expands to) `true` or `false`
        // is that value, whatever classes are defined.
        let literal = |n: &str| match n {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        };
        let v = e.eval(&mut |n| {
            if n.contains('$') || n.contains('@') {
                let x = self.expand(n);
                if x.contains('$') {
                    bad = true;
                    return false;
                }
                return literal(&x).unwrap_or_else(|| self.class_defined(&crate::syntax::class_expr::canonify(&x)));
            }
            literal(n).unwrap_or_else(|| self.class_defined(n))
        });
        (!bad).then_some(v)
    }

    /// Defines a class globally (in the current namespace) or for the bundle,
    /// with its tags.
    pub fn define_class(&mut self, name: &str, bundle_scope: bool, tags: Vec<String>) {
        let ns = self.ns();
        let (ns, n) = match name.split_once(':') {
            Some((ns, n)) => (ns.to_string(), n.to_string()),
            None => (ns, name.to_string()),
        };
        let q = if ns == "default" { n.clone() } else { format!("{ns}:{n}") };
        self.before_define(&q);
        self.defined.class_tags.insert(q.clone(), tags);
        if bundle_scope {
            if let Some(f) = self.stack.bundles.last_mut() {
                f.classes.insert(q);
                self.after_define(&n);
                return;
            }
        }
        self.defined.classes.insert(q);
        self.after_define(&n);
    }

    /// Ends the run because `class`, matching an `abortclasses` regex, was
    /// defined (`EvalContextHeapAddAbort`).
    pub fn abort_on_class(&mut self, class: &str) {
        self.notice(format!("cf-agent aborted on defined class '{class}'"));
        self.halt.aborted = Some(EC_EVAL_ABORTED);
    }

    /// Whether `name` (qualified) fully matches one of `regexes`.
    fn matches_any(&mut self, regexes: &[String], name: &str) -> bool {
        regexes.iter().any(|re| full_match(self, re, name).unwrap_or(false))
    }

    /// The checks made as a class is about to be defined: an
    /// `abortbundleclasses` regex it matches aborts the current bundle, an
    /// `abortclasses` regex the run (`EvalContextClassPutTagsSet`).
    fn before_define(&mut self, qualified: &str) {
        if self.halt.abort_classes.is_empty() && self.halt.abort_bundle_classes.is_empty() {
            return;
        }
        let bundle_regexes = self.halt.abort_bundle_classes.clone();
        if self.matches_any(&bundle_regexes, qualified) {
            let bundle = self.bundle().map_or_else(|| "(unknown)".to_string(), |b| b.name.clone());
            self.error(ErrorKind::Abort, format!("Bundle '{bundle}' aborted on defined class '{qualified}'"));
            self.halt.bundle_aborted = true;
        }
        let regexes = self.halt.abort_classes.clone();
        if self.matches_any(&regexes, qualified) {
            self.abort_on_class(qualified);
        }
    }

    /// The check made once a class is defined: an `abortbundleclasses` item
    /// that is a class expression now true aborts the current bundle
    /// (`EvalContextStackFrameAddSoft`).
    fn after_define(&mut self, name: &str) {
        if self.halt.bundle_aborted || self.halt.abort_bundle_classes.is_empty() {
            return;
        }
        let exprs = self.halt.abort_bundle_classes.clone();
        for e in &exprs {
            if class_expr::parse(e).is_err() {
                self.error(ErrorKind::Abort, format!("Unable to parse class expression '{e}'"));
                continue;
            }
            if self.eval_class_expr(e) == Some(true) {
                self.error(ErrorKind::Abort, format!("Setting abort for '{e}' when setting class '{name}'"));
                self.halt.bundle_aborted = true;
                break;
            }
        }
    }

    /// Counts work; `false` once the run has done too much.
    pub fn spend(&mut self, n: u64) -> bool {
        self.halt.budget += n;
        if self.halt.budget > MAX_WORK {
            if self.halt.aborted.is_none() {
                self.fatal(
                    ErrorKind::Limit,
                    "Evaluation stopped: the policy does too much work (confer's iteration bound)",
                );
            }
            return false;
        }
        true
    }
}
