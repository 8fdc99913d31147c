//! Resources, classes and defined types: what a manifest declares. confer builds
//! the catalog as `puppet apply` compiles it but never applies it to the system;
//! it only reports what applying `notify` resources prints.

use std::collections::{HashMap as StdHashMap, VecDeque};
use std::rc::Rc;

use confer_core::types::params::capitalize_segments;
use confer_core::types::Type;
use confer_core::value::to_s;
use confer_core::{HashMap, Value};

use super::calls::{Args, Binder};
use super::flow::{fail, settle, EvalResult};
use super::functions::Call;
use super::scope::{Scope, ScopeKind};
use super::Evaluator;
use crate::ast::{AttributeOp, Definition, Expr, ExprKind, ResourceBody, ResourceForm};
use crate::log::{Level, LogEvent};
use crate::span::Span;

/// Resource types that Puppet itself provides, accepted without a definition.
const BUILTIN_TYPES: &[&str] = &[
    "augeas",
    "cron",
    "exec",
    "file",
    "filebucket",
    "group",
    "host",
    "mount",
    "notify",
    "package",
    "resources",
    "schedule",
    "scheduled_task",
    "selboolean",
    "selmodule",
    "service",
    "ssh_authorized_key",
    "sshkey",
    "stage",
    "tidy",
    "user",
    "whit",
    "yumrepo",
    "zfs",
    "zone",
    "zpool",
];

/// Attributes every resource accepts, which are not parameters of a define.
const METAPARAMETERS: &[&str] = &[
    "alias",
    "audit",
    "before",
    "consume",
    "export",
    "loglevel",
    "noop",
    "notify",
    "require",
    "schedule",
    "stage",
    "subscribe",
    "tag",
];

/// Whether Puppet itself provides the resource type `name` (lower case).
pub(crate) fn is_resource_type(name: &str) -> bool {
    BUILTIN_TYPES.contains(&name)
}

/// A declared resource.
struct Resource {
    type_name: String,
    title: String,
    attributes: HashMap,
    /// The class or defined resource that declared it, as Puppet names it in
    /// resource paths (`Main`, `Foo::Bar`, `Mytype[title]`).
    container: String,
    virtual_: bool,
    span: Span,
    /// The scope that declared it, where resource defaults are looked up.
    scope: Rc<Scope>,
}

/// A defined-type instance waiting to be evaluated; Puppet evaluates their
/// bodies after the code that declared them has finished.
struct PendingDefine<'a> {
    def: &'a Definition,
    type_name: String,
    title: String,
    args: HashMap,
    container_span: Span,
}

/// The resources declared so far.
#[derive(Default)]
pub(crate) struct Catalog<'a> {
    resources: Vec<Resource>,
    /// `Type { attr => value }` defaults: the scope they were set in, the
    /// capitalised type, the attributes.
    defaults: Vec<(Rc<Scope>, String, HashMap)>,
    index: StdHashMap<(String, String), usize>,
    pending: VecDeque<PendingDefine<'a>>,
}

/// The resource references a value names: itself, or the elements of an
/// array (`realize([Notify['a'], Notify['b']])`).
fn references(v: &Value) -> Vec<Value> {
    match v {
        Value::Array(items) => items.to_vec(),
        other => vec![other.clone()],
    }
}

/// The name of the container a scope declares resources in.
fn container_of(scope: &Scope) -> String {
    match &scope.kind {
        ScopeKind::Top | ScopeKind::Node(_) => "Main".to_string(),
        ScopeKind::Class(name) => capitalize_segments(name),
        ScopeKind::Resource(ty, title) => format!("{ty}[{title}]"),
        ScopeKind::Local => scope.parent.as_deref().map_or_else(|| "Main".to_string(), container_of),
    }
}

fn class_names(args: &[Value], span: Span) -> EvalResult<Vec<String>> {
    let mut names = Vec::new();
    for a in args {
        match a {
            Value::String(s) => names.push(s.to_string()),
            Value::Array(items) => names.extend(class_names(items, span)?),
            Value::Type(t) => match &**t {
                Type::Class(Some(n)) => names.push(n.to_string()),
                Type::Resource { type_name: Some(n), title: None } => names.push(n.to_lowercase()),
                Type::Resource { type_name: Some(n), title: Some(title) } if n.eq_ignore_ascii_case("class") => {
                    names.push(title.to_string())
                }
                other => return Err(fail(span, format!("Cannot use {other} as a class name"))),
            },
            other => return Err(fail(span, format!("Cannot use {} as a class name", other.type_name()))),
        }
    }
    Ok(names)
}

/// `include`, `contain` and `require`.
pub(crate) fn call_class_function<'e, 'a>(call: Call<'e, 'a>) -> Result<EvalResult, Call<'e, 'a>> {
    if call.name == "realize" {
        let span = call.span;
        return Ok(call.ev.realize(&call.args, span));
    }
    if !matches!(call.name, "include" | "contain" | "require") {
        return Err(call);
    }
    let span = call.span;
    Ok(class_names(&call.args, span).and_then(|names| {
        for name in names {
            call.ev.declare_class(&name, None, span)?;
        }
        Ok(Value::Undef)
    }))
}

impl<'a> Evaluator<'a> {
    /// Whether the resource `Type[title]` (capitalised type) is declared.
    pub(crate) fn resource_declared(&self, type_name: &str, title: &str) -> bool {
        self.catalog.index.contains_key(&(type_name.to_string(), title.to_string()))
    }

    /// Whether the class `name` has been declared (evaluated).
    pub(crate) fn class_declared(&self, name: &str) -> bool {
        self.classes.contains_key(&name.trim_start_matches("::").to_lowercase())
    }

    /// Evaluates a class once; declaring it again with parameters is an error.
    pub(crate) fn declare_class(&mut self, name: &str, params: Option<HashMap>, span: Span) -> EvalResult<()> {
        let key = name.trim_start_matches("::").to_lowercase();
        if self.classes.contains_key(&key) {
            if params.is_some() {
                return Err(fail(
                    span,
                    format!("Duplicate declaration: Class[{}] is already declared", capitalize_segments(&key)),
                ));
            }
            return Ok(());
        }
        let Some(def) = self.defs.classes.get(&key).copied() else {
            return Err(fail(span, format!("Could not find class ::{key}")));
        };
        let parent_scope = match &def.parent {
            Some(parent) => {
                self.declare_class(parent, None, span)?;
                self.classes.get(&parent.trim_start_matches("::").to_lowercase()).cloned()
            }
            None => None,
        };
        self.enter(span)?;
        let scope = Scope::new(ScopeKind::Class(key.clone()), Some(parent_scope.unwrap_or_else(|| self.top.clone())));
        self.classes.insert(key.clone(), scope.clone());
        let label = format!("Class[{}]", capitalize_segments(&key));
        let result = self
            .bind_class_like(&def.params, params.unwrap_or_default(), &scope, &label, &key, span)
            .and_then(|()| self.eval_block(&def.body, &scope).map(|_| ()).map_err(settle));
        self.leave();
        result
    }

    fn bind_class_like(
        &mut self,
        params: &'a [crate::ast::Parameter],
        mut args: HashMap,
        scope: &Rc<Scope>,
        label: &str,
        title: &str,
        span: Span,
    ) -> EvalResult<()> {
        args.retain(|k, _| !k.as_str().is_some_and(|k| METAPARAMETERS.contains(&k)));
        for special in ["title", "name"] {
            let _ = scope.assign(special, Value::from(title));
        }
        self.bind_params(params, Args::Named(args), scope, &Binder::Container(label), span)
    }

    /// Evaluates the node definition that applies: confer has no host name, so
    /// that is `node default`.
    pub(super) fn evaluate_node(&mut self, top: &Rc<Scope>) -> EvalResult<()> {
        if self.defs.nodes.is_empty() {
            return Ok(());
        }
        let node =
            self.defs.nodes.iter().copied().find(|n| n.matchers.iter().any(|m| matches!(m.kind, ExprKind::Default)));
        let Some(node) = node else {
            let span = self.defs.nodes[0].matchers.first().map_or_else(Span::default, |m| m.span);
            return Err(fail(span, "Could not find node statement with name 'default'"));
        };
        let scope = Scope::new(ScopeKind::Node("default".into()), Some(top.clone()));
        self.eval_block(&node.body, &scope)?;
        Ok(())
    }

    /// Evaluates queued defined resources, including any they declare in turn,
    /// round by round as Puppet's compiler does, and fails as it fails when a
    /// defined type keeps declaring new instances (`define d() { d { "${title}x": } }`).
    pub(super) fn evaluate_pending_resources(&mut self) -> EvalResult<()> {
        const MAX_ROUNDS: usize = 1000;
        let mut rounds = 0;
        while !self.catalog.pending.is_empty() {
            rounds += 1;
            if rounds > MAX_ROUNDS {
                let at = self.catalog.pending.front().map_or_else(Span::default, |p| p.container_span);
                return Err(fail(at, "Somehow looped more than 1000 times while evaluating host catalog"));
            }
            for _ in 0..self.catalog.pending.len() {
                self.evaluate_pending_define()?;
            }
        }
        Ok(())
    }

    fn evaluate_pending_define(&mut self) -> EvalResult<()> {
        if let Some(p) = self.catalog.pending.pop_front() {
            self.enter(p.container_span)?;
            let scope = Scope::new(ScopeKind::Resource(p.type_name.clone(), p.title.clone()), Some(self.top.clone()));
            let label = format!("{}[{}]", p.type_name, p.title);
            let result = self
                .bind_class_like(&p.def.params, p.args, &scope, &label, &p.title, p.container_span)
                .map_err(|e| super::flow::attribute_to(e, "Resource Statement"))
                .and_then(|()| self.eval_block(&p.def.body, &scope).map_err(settle));
            self.leave();
            result?;
        }
        Ok(())
    }

    /// Prints what `puppet apply` prints when it applies the catalog's `notify`
    /// resources; nothing else is applied.
    pub(super) fn report_catalog(&mut self) {
        self.apply_resource_defaults();
        let mut lines = Vec::new();
        for r in self.catalog.resources.iter().filter(|r| !r.virtual_ && r.type_name == "Notify") {
            // An undef message is the title; of an array only the first
            // element is used (notify's message is a single value).
            let value = match r.attributes.get(&Value::from("message")) {
                None | Some(Value::Undef) => Value::from(r.title.as_str()),
                Some(Value::Array(items)) => items.first().cloned().unwrap_or_else(|| Value::from(r.title.as_str())),
                Some(v) => v.clone(),
            };
            let (shown, change) = match &value {
                Value::Sensitive(_) => (to_s(&value), "changed [redacted] to [redacted]".to_string()),
                Value::Hash(_) | Value::Array(_) => (
                    confer_core::format::ruby_inspect(&value),
                    format!("defined 'message' as {}", confer_core::format::parameter_text(&value)),
                ),
                other => (to_s(other), format!("defined 'message' as {}", confer_core::format::parameter_text(other))),
            };
            lines.push(shown);
            lines.push(format!("/Stage[main]/{}/Notify[{}]/message: {change}", r.container, r.title));
        }
        for message in lines {
            self.logger.log(LogEvent { level: Level::Notice, scope: None, message, location: None });
        }
    }

    fn eval_attributes(&mut self, ops: &'a [AttributeOp], scope: &Rc<Scope>) -> EvalResult<HashMap> {
        let mut attrs = HashMap::new();
        for op in ops {
            match op {
                AttributeOp::Set { name, value, span, .. } => {
                    let v = self.eval(value, scope)?;
                    if attrs.insert(Value::from(name.as_str()), v).is_some() {
                        return Err(fail(*span, format!("The attribute '{name}' has already been set")));
                    }
                }
                AttributeOp::Splat { value, span } => match self.eval(value, scope)? {
                    Value::Hash(map) => attrs.extend(map.iter().map(|(k, v)| (k.clone(), v.clone()))),
                    Value::Undef => {}
                    other => {
                        return Err(fail(
                            *span,
                            format!("The value of '* =>' must be a Hash, got {}", other.type_name()),
                        ))
                    }
                },
            }
        }
        Ok(attrs)
    }

    pub(super) fn eval_resource(
        &mut self,
        form: ResourceForm,
        type_expr: &'a Expr,
        bodies: &'a [ResourceBody],
        scope: &Rc<Scope>,
    ) -> EvalResult {
        let type_name = match &type_expr.kind {
            ExprKind::BareWord(n) | ExprKind::TypeRef(n) => n.trim_start_matches("::").to_lowercase(),
            _ => match self.eval(type_expr, scope)? {
                Value::String(s) => s.to_lowercase(),
                Value::Type(t) => match &*t {
                    Type::Resource { type_name: Some(n), title: None } => n.to_lowercase(),
                    _ => return Err(fail(type_expr.span, format!("{t} is not a resource type"))),
                },
                other => return Err(fail(type_expr.span, format!("{} is not a resource type", other.type_name()))),
            },
        };
        let mut refs = Vec::new();
        for body in bodies {
            let titles = match self.eval(&body.title, scope)? {
                Value::Array(items) => items.to_vec(),
                other => vec![other],
            };
            let attrs = self.eval_attributes(&body.ops, scope)?;
            for title in titles {
                let Value::String(title) = title else {
                    return Err(fail(
                        body.title.span,
                        format!("A resource title must be a String, got {}", title.type_name()),
                    ));
                };
                if type_name == "class" {
                    self.declare_class(&title, Some(attrs.clone()), body.span)
                        .map_err(|e| super::flow::attribute_to(e, "Resource Statement"))?;
                    refs.push(Value::from_type(Type::Class(Some(title.to_lowercase().into()))));
                    continue;
                }
                let cap = capitalize_segments(&type_name);
                self.declare_resource(&type_name, &cap, &title, attrs.clone(), form, body.span, scope)?;
                refs.push(Value::from_type(Type::Resource { type_name: Some(cap.into()), title: Some(title) }));
            }
        }
        Ok(if refs.len() == 1 { refs.pop().unwrap_or(Value::Undef) } else { Value::array(refs) })
    }

    #[allow(clippy::too_many_arguments)]
    fn declare_resource(
        &mut self,
        type_name: &str,
        cap: &str,
        title: &str,
        attributes: HashMap,
        form: ResourceForm,
        span: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult<()> {
        let define = self.defs.defines.get(type_name).copied();
        if define.is_none() && !BUILTIN_TYPES.contains(&type_name) {
            return Err(fail(span, format!("Resource type not found: {cap}")));
        }
        let key = (cap.to_string(), title.to_string());
        if let Some(&existing) = self.catalog.index.get(&key) {
            let at = self.location(self.catalog.resources[existing].span);
            return Err(fail(
                span,
                format!(
                    "Duplicate declaration: {cap}[{title}] is already declared at (file: {}, line: {}); cannot redeclare",
                    at.file, at.line
                ),
            ));
        }
        let virtual_ = form != ResourceForm::Regular;
        if let (Some(def), false) = (define, virtual_) {
            self.catalog.pending.push_back(PendingDefine {
                def,
                type_name: cap.to_string(),
                title: title.to_string(),
                args: attributes.clone(),
                container_span: span,
            });
        }
        self.catalog.index.insert(key, self.catalog.resources.len());
        self.catalog.resources.push(Resource {
            type_name: cap.to_string(),
            title: title.to_string(),
            attributes,
            container: container_of(scope),
            virtual_,
            span,
            scope: scope.clone(),
        });
        Ok(())
    }

    /// `Notify { message => 'x' }`: defaults for the resources of that type
    /// declared in this scope or the scopes within it, applied when the
    /// catalog is finished (so they also reach resources declared earlier).
    pub(super) fn eval_resource_defaults(
        &mut self,
        type_ref: &'a Expr,
        ops: &'a [AttributeOp],
        scope: &Rc<Scope>,
    ) -> EvalResult {
        let attrs = self.eval_attributes(ops, scope)?;
        if let ExprKind::TypeRef(name) = &type_ref.kind {
            self.catalog.defaults.push((scope.clone(), capitalize_segments(name), attrs));
        }
        Ok(Value::Undef)
    }

    /// Gives each resource the defaults of the scopes around it for the
    /// attributes it does not set itself; the nearest scope wins.
    fn apply_resource_defaults(&mut self) {
        let defaults = std::mem::take(&mut self.catalog.defaults);
        for r in &mut self.catalog.resources {
            let mut scope = Some(r.scope.clone());
            while let Some(s) = scope {
                for (at, type_name, attrs) in defaults.iter().rev() {
                    if Rc::ptr_eq(at, &s) && *type_name == r.type_name {
                        for (k, v) in attrs.iter() {
                            if !r.attributes.contains_key(k) {
                                r.attributes.insert(k.clone(), v.clone());
                            }
                        }
                    }
                }
                scope = s.parent.clone();
            }
        }
        self.catalog.defaults = defaults;
    }

    /// `realize(Type['title'], …)`: makes virtual resources real.
    pub(crate) fn realize(&mut self, refs: &[Value], span: Span) -> EvalResult {
        let mut missing = Vec::new();
        for r in refs.iter().flat_map(references) {
            match self.declared_index(&r) {
                Some(i) => self.make_real(i),
                None => missing.push(match &r {
                    Value::Type(t) => match &**t {
                        Type::Resource { type_name: Some(n), title: Some(title) } => format!("{n}[{title}]"),
                        _ => to_s(&r),
                    },
                    _ => to_s(&r),
                }),
            }
        }
        if !missing.is_empty() {
            return Err(fail(span, format!("Failed to realize virtual resources {}", missing.join(", "))));
        }
        Ok(Value::Undef)
    }

    /// The catalog index of the resource a `Type['title']` value refers to.
    fn declared_index(&self, r: &Value) -> Option<usize> {
        match r {
            Value::Type(t) => match &**t {
                Type::Resource { type_name: Some(n), title: Some(title) } => {
                    self.catalog.index.get(&(n.to_string(), title.to_string())).copied()
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// Turns a virtual resource into a real one (queueing a defined type's
    /// body).
    fn make_real(&mut self, i: usize) {
        if !self.catalog.resources[i].virtual_ {
            return;
        }
        self.catalog.resources[i].virtual_ = false;
        let r = &self.catalog.resources[i];
        if let Some(def) = self.defs.defines.get(&r.type_name.to_lowercase()).copied() {
            self.catalog.pending.push_back(PendingDefine {
                def,
                type_name: r.type_name.clone(),
                title: r.title.clone(),
                args: r.attributes.clone(),
                container_span: r.span,
            });
        }
    }

    /// `Notify['x'] { message => 'y' }`: sets attributes of declared resources.
    pub(super) fn eval_resource_override(
        &mut self,
        reference: &'a Expr,
        ops: &'a [AttributeOp],
        scope: &Rc<Scope>,
    ) -> EvalResult {
        let target = self.eval(reference, scope)?;
        let attrs = self.eval_attributes(ops, scope)?;
        for r in references(&target) {
            let Some(i) = self.declared_index(&r) else {
                return Err(fail(
                    reference.span,
                    format!("Cannot override {}: it is not a declared resource", to_s(&r)),
                ));
            };
            let res = &self.catalog.resources[i];
            if let Some(name) = attrs.keys().find(|k| res.attributes.contains_key(*k)) {
                let at = self.location(res.span);
                return Err(fail(
                    reference.span,
                    format!(
                        "Parameter '{name}' is already set on {}[{}] at (file: {}, line: {}); cannot redefine",
                        res.type_name, res.title, at.file, at.line
                    ),
                ));
            }
            self.catalog.resources[i].attributes.extend(attrs.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
        Ok(Value::Undef)
    }
}

impl<'a> Evaluator<'a> {
    /// `Type <| query |>`: realises the matching virtual resources (and, for
    /// defined types, queues their bodies). The query compares attributes (and
    /// `title`) with `==`/`!=`, combined with `and`/`or`.
    pub(super) fn eval_collector(
        &mut self,
        type_ref: &'a Expr,
        query: Option<&'a Expr>,
        ops: &'a [AttributeOp],
        scope: &Rc<Scope>,
    ) -> EvalResult {
        let overrides = self.eval_attributes(ops, scope)?;
        let ExprKind::TypeRef(name) = &type_ref.kind else {
            return Err(fail(type_ref.span, "A collector needs a resource type"));
        };
        let cap = capitalize_segments(name);
        for i in 0..self.catalog.resources.len() {
            if self.catalog.resources[i].type_name != cap {
                continue;
            }
            let selected = match query {
                Some(q) => self.query_matches(q, i, scope)?,
                None => true,
            };
            if selected {
                // The collector's block overrides what the resource set.
                let res = &mut self.catalog.resources[i];
                res.attributes.extend(overrides.iter().map(|(k, v)| (k.clone(), v.clone())));
                self.make_real(i);
            }
        }
        Ok(Value::Undef)
    }

    fn query_matches(&mut self, q: &'a Expr, index: usize, scope: &Rc<Scope>) -> EvalResult<bool> {
        use crate::ast::BinaryOp;
        match &q.kind {
            ExprKind::Paren(inner) => self.query_matches(inner, index, scope),
            ExprKind::Binary { op: BinaryOp::And, lhs, rhs } => {
                Ok(self.query_matches(lhs, index, scope)? && self.query_matches(rhs, index, scope)?)
            }
            ExprKind::Binary { op: BinaryOp::Or, lhs, rhs } => {
                Ok(self.query_matches(lhs, index, scope)? || self.query_matches(rhs, index, scope)?)
            }
            ExprKind::Binary { op: op @ (BinaryOp::Eq | BinaryOp::Ne), lhs, rhs } => {
                let ExprKind::BareWord(attr) = &lhs.kind else {
                    return Err(fail(lhs.span, "A collector query compares an attribute name with a value"));
                };
                let wanted = self.eval(rhs, scope)?;
                let r = &self.catalog.resources[index];
                let actual = if attr == "title" {
                    Some(Value::from(r.title.as_str()))
                } else {
                    r.attributes.get(&Value::from(attr.as_str())).cloned()
                };
                let equal = match &actual {
                    Some(Value::Array(items)) => items.iter().any(|v| confer_core::value::puppet_equals(v, &wanted)),
                    Some(v) => confer_core::value::puppet_equals(v, &wanted),
                    None => false,
                };
                Ok(equal == (*op == BinaryOp::Eq))
            }
            _ => Err(fail(q.span, "A collector query may only use ==, !=, and, or and parentheses")),
        }
    }
}
