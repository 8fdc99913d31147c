//! Resources, classes and defined types: what a manifest declares. confer builds
//! the catalog as `puppet apply` compiles it but never applies it to the system;
//! it only reports what applying `notify` resources prints.

use std::collections::{HashMap as StdHashMap, VecDeque};
use std::rc::Rc;

use confer_core::types::params::capitalize_segments;
use confer_core::types::Type;
use confer_core::value::to_s;
use confer_core::{HashMap, Value};

use super::attributes::Attributes;
use super::calls::{Args, Binder};
use super::flow::{fail, fail_as, settle, EvalResult, Flow};
use super::resource::{add_tags_from, references, Resource, ResourceKind, BUILTIN_TYPES};
use super::scope::{Scope, ScopeKind};
use super::tags::{add_tag, merge_tags, valid_tag};
use super::Evaluator;
use crate::ast::{AttributeOp, Definition, Expr, ExprKind, ResourceForm};
use crate::error::ErrorKind;
use crate::log::{Level, LogEvent};
use crate::span::Span;

/// Index of `Stage[main]`, which the catalog starts with.
pub(crate) const STAGE_MAIN: usize = 0;
/// Index of `Class[main]`, the top scope's resource.
pub(crate) const CLASS_MAIN: usize = 2;

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
    pub(crate) resources: Vec<Resource>,
    /// `Type { attr => value }` defaults: the scope they were set in, the
    /// capitalised type, the attributes.
    defaults: Vec<(Rc<Scope>, String, Attributes)>,
    pub(super) index: StdHashMap<(String, String), usize>,
    pending: VecDeque<PendingDefine<'a>>,
    /// Overrides of resources not declared yet, applied when they are (as
    /// Puppet's compiler keeps them), an error if never.
    pub(super) deferred_overrides: Vec<super::overrides::DeferredOverride>,
    /// Parent classes whose resource is in the catalog, added before their
    /// child's, but which are not evaluated yet.
    pub(super) early_classes: StdHashMap<String, usize>,
    /// Classes being evaluated whose scope is not made yet (their parent
    /// is being evaluated first): declaring one again from there finds it,
    /// as Puppet marks a class evaluated before it evaluates its parent.
    pub(super) starting_classes: StdHashMap<String, usize>,
    /// Resources of Ruby types by their namevar's value, which must be
    /// unique per type.
    namevars: StdHashMap<(String, String), usize>,
    /// The collectors evaluated, which collect again until the catalog is
    /// finished.
    pub(crate) collectors: Vec<super::collectors::Collector<'a>>,
    /// The collector made by each collector expression's latest
    /// evaluation, by the expression.
    pub(crate) collector_of: StdHashMap<super::identity::Identity<'a, Expr>, usize>,
    /// Chaining arrows, in the order they were evaluated.
    pub(crate) relationships: Vec<super::relationships::Relationship>,
    /// For a collector that was the right end of an arrow, that arrow's
    /// left end: what the collector stands for as the source of the next
    /// arrow when it collects nothing (Puppet's `EmptyAlternativeAdapter`),
    /// so `a -> Package <| |> ~> b` still makes `a` notify `b`.
    pub(crate) empty_alternatives: StdHashMap<usize, super::relationships::Side>,
    /// The names of the classes evaluated, in order (the catalog's
    /// `classes`).
    pub(crate) class_names: Vec<String>,
}

/// The name of the container a scope declares resources in.
fn container_of(scope: &Scope) -> String {
    match &scope.kind {
        ScopeKind::Top | ScopeKind::Node(_) => "Main".to_string(),
        ScopeKind::Class(name) => capitalize_segments(name),
        // A defined resource sits in the path of the scope that declared it.
        ScopeKind::Resource(ty, title) => {
            let outer = scope.puppet_parent().map_or_else(|| "Main".to_string(), |s| container_of(&s));
            format!("{outer}/{ty}[{title}]")
        }
        ScopeKind::Local => scope.parent.as_deref().map_or_else(|| "Main".to_string(), container_of),
    }
}

/// An error of the catalog as a whole, which Puppet's compiler raises when
/// it finishes, without a place and printed as the message alone.
pub(super) fn unplaced(message: impl Into<String>) -> Flow {
    Flow::from_error(crate::error::PuppetError::new(crate::error::Phase::Loading, message))
}

impl<'a> Evaluator<'a> {
    /// Whether a module on the module path provides the resource type `name`
    /// in Ruby (`lib/puppet/type/<name>.rb`).
    pub(crate) fn module_type_exists(&self, name: &str) -> bool {
        self.module_type(name).is_some()
    }

    /// The resource type `name` a module provides in Ruby, read statically
    /// once per compile.
    pub(crate) fn module_type(&self, name: &str) -> Option<Rc<crate::resource_types::TypeInfo>> {
        if name.contains("::") || name.contains('/') || name.is_empty() {
            return None;
        }
        if let Some(known) = self.module_types.borrow().get(name) {
            return known.clone();
        }
        let file = format!("lib/puppet/type/{name}.rb");
        let found = self
            .env
            .module_files(&file)
            .find_map(|path| crate::resource_types::read_type_file(name, &path).map(Rc::new));
        self.module_types.borrow_mut().insert(name.to_string(), found.clone());
        found
    }

    /// What confer knows of the Ruby resource type `name`: Puppet's own or
    /// a module's.
    pub(crate) fn ruby_type(&self, name: &str) -> Option<Rc<crate::resource_types::TypeInfo>> {
        match crate::resource_types::builtin(name) {
            Some(info) => {
                let mut cache = self.module_types.borrow_mut();
                cache.entry(name.to_string()).or_insert_with(|| Some(Rc::new(info.clone()))).clone()
            }
            None => self.module_type(name),
        }
    }

    /// Whether no defined resource waits to be evaluated.
    pub(super) fn pending_is_empty(&self) -> bool {
        self.catalog.pending.is_empty()
    }

    /// Whether the resource `Type[title]` (capitalised type) is declared.
    pub(crate) fn resource_declared(&self, type_name: &str, title: &str) -> bool {
        self.catalog.index.contains_key(&(type_name.to_string(), title.to_string()))
    }

    /// Whether the class `name` has been declared (evaluated).
    pub(crate) fn class_declared(&self, name: &str) -> bool {
        self.classes.contains_key(&name.trim_start_matches("::").to_lowercase())
    }

    /// Starts the catalog with what Puppet puts first: `Stage[main]`,
    /// `Class[Settings]` and `Class[main]` (the top scope's resource).
    pub(super) fn start_catalog(&mut self) {
        let top = self.top.clone();
        let mut main_params = HashMap::new();
        main_params.insert(Value::from("name"), Value::from("main"));
        for (type_name, title, tags, params, container) in [
            ("Stage", "main", vec!["stage"], main_params.clone(), None),
            ("Class", "Settings", vec!["class", "settings"], HashMap::new(), Some(STAGE_MAIN)),
            ("Class", "main", vec!["class"], main_params, Some(STAGE_MAIN)),
        ] {
            self.catalog.index.insert((type_name.to_string(), title.to_string()), self.catalog.resources.len());
            self.catalog.resources.push(Resource {
                type_name: type_name.into(),
                title: title.into(),
                title_is_text: true,
                attributes: params,
                relationship_places: Vec::new(),
                container: "Main".into(),
                virtual_: false,
                span: Span::default(),
                scope: top.clone(),
                tags: tags.into_iter().map(String::from).collect(),
                exported: false,
                kind: if type_name == "Stage" { ResourceKind::Compilable } else { ResourceKind::Unknown },
                container_index: container,
                contained_by: None,
                contained_before_stage: false,
                located: false,
                tags_settled: true,
            });
        }
        self.catalog.class_names.push("settings".into());
        top.set_resource(CLASS_MAIN);
    }

    /// `tag('a', …)`: tags the resource of the scope it is called in.
    pub(crate) fn tag_scope(&mut self, args: &[Value], scope: &Rc<Scope>, span: Span) -> EvalResult {
        let index = scope.resource().unwrap_or(CLASS_MAIN);
        for a in args.iter().flat_map(references) {
            let tag = to_s(&a);
            if !valid_tag(&tag) {
                return Err(fail(span, format!("Invalid tag '{}'", tag.to_lowercase())));
            }
            add_tag(&mut self.catalog.resources[index].tags, &tag);
        }
        Ok(Value::Undef)
    }

    /// Gives the resource `index` the tags of the resource of the scope it
    /// was declared in, once (Puppet's `add_scope_tags`): classes, nodes and
    /// defined resources when their body runs, other resources when the
    /// catalog is finished.
    pub(super) fn settle_tags(&mut self, index: usize) {
        if self.catalog.resources[index].tags_settled {
            return;
        }
        self.catalog.resources[index].tags_settled = true;
        let Some(from) = self.catalog.resources[index].scope.resource().filter(|&f| f != index) else {
            return;
        };
        let from_tags = self.catalog.resources[from].tags.clone();
        merge_tags(&mut self.catalog.resources[index].tags, &from_tags);
    }

    pub(super) fn bind_class_like(
        &mut self,
        params: &'a [crate::ast::Parameter],
        mut args: HashMap,
        scope: &Rc<Scope>,
        label: &str,
        title: &str,
        span: Span,
    ) -> EvalResult<()> {
        args.retain(|k, _| !k.as_str().is_some_and(|k| crate::resource_types::METAPARAMETERS.contains(&k)));
        // An argument given as undef leaves a parameter with a default to
        // its default, as Puppet's `assign_defaults` does.
        args.retain(|k, v| {
            !matches!(v, Value::Undef) || !params.iter().any(|p| p.default.is_some() && k.as_str() == Some(&*p.name))
        });
        let _ = scope.assign("title", Value::from(title));
        // A defined resource may be given its `name`, which differs from
        // its title then.
        let given_name = match label.starts_with("Class[") {
            false if !params.iter().any(|p| &*p.name == "name") => args.shift_remove(&Value::from("name")),
            _ => None,
        };
        let _ = scope.assign("name", given_name.unwrap_or_else(|| Value::from(title)));
        self.bind_params(params, Args::Named(args), scope, &Binder::Container(label), span)
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
                return Err(unplaced("Somehow looped more than 1000 times while evaluating host catalog"));
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
            let index = self.catalog.index.get(&(p.type_name.clone(), p.title.clone())).copied();
            let caller = index.map(|i| self.catalog.resources[i].scope.clone());
            let kind = ScopeKind::Resource(p.type_name.clone(), p.title.clone());
            let scope = Scope::declared(kind, Some(self.top.clone()), caller.clone());
            if let (Some(index), Some(caller)) = (index, caller) {
                scope.set_resource(index);
                self.bind_module_names(&scope, &p.type_name.to_lowercase(), &caller);
            }
            let label = format!("{}[{}]", p.type_name, p.title);
            // Overrides (`Type['t'] { p => v }`) made since the declaration
            // reach the body: its arguments are the resource's parameters now.
            let args = index.map_or(p.args, |i| self.catalog.resources[i].attributes.clone());
            let result = self
                .bind_class_like(&p.def.params, args, &scope, &label, &p.title, p.container_span)
                // A defined resource's parameters are checked when the catalog
                // evaluates it, where Puppet keeps no column.
                .map_err(|e| super::flow::line_only(super::flow::attribute_to(e, "Resource Statement")))
                .and_then(|()| {
                    if let Some(index) = index {
                        self.record_parameters(index, &p.def.params, &scope);
                        self.settle_tags(index);
                    }
                    self.eval_block(&p.def.body, &scope).map_err(|e| self.wrap_define_error(e, p.container_span))
                });
            self.leave();
            result?;
        }
        Ok(())
    }

    /// An error from a defined resource's body, as Puppet reports it: the
    /// whole error, then the declaration's file and line, as a resource
    /// statement's error with no position of its own.
    fn wrap_define_error(&self, flow: Flow, declared: Span) -> Flow {
        if !matches!(flow, Flow::Error(_) | Flow::Located(_)) {
            return settle(flow);
        }
        let inner = self.to_error(flow);
        let at = self.location(declared);
        Flow::from_error(crate::error::PuppetError::new(
            crate::error::Phase::Evaluation,
            format!("Error while evaluating a Resource Statement, {inner} (file: {}, line: {})", at.file, at.line),
        ))
    }

    /// Prints what `puppet apply` prints when it applies the catalog's `notify`
    /// resources; nothing else is applied.
    pub(super) fn report_catalog(&mut self) {
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
                    confer_core::ruby_compat::inspect(&value),
                    format!("defined 'message' as {}", confer_core::format::parameter_text(&value)),
                ),
                other => (to_s(other), format!("defined 'message' as {}", confer_core::format::parameter_text(other))),
            };
            lines.push(shown);
            lines.push(format!("/Stage[main]/{}/Notify[{}]/message: {change}", r.container, r.title));
        }
        for message in lines {
            self.logger.log(LogEvent { level: Level::Notice, scope: None, message, location: None, notes: Vec::new() });
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn declare_resource(
        &mut self,
        type_name: &str,
        cap: &str,
        title: &Value,
        mut attributes: Attributes,
        form: ResourceForm,
        span: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult<()> {
        let title_is_text = matches!(title, Value::String(_));
        let title = &to_s(title);
        let tag = Value::from("tag");
        let define = self.define_def(type_name, span)?;
        if define.is_none() && !BUILTIN_TYPES.contains(&type_name) && !self.module_type_exists(type_name) {
            let notes = self.unknown_type_notes(type_name);
            let message = format!("Unknown resource type: '{type_name}'");
            return Err(super::flow::with_notes(fail_as(ErrorKind::UnknownResourceType, span, message), notes));
        }
        let key = (cap.to_string(), title.to_string());
        if let Some(&existing) = self.catalog.index.get(&key) {
            return Err(self.duplicate_declaration(&format!("{cap}[{title}]"), Some(existing), span));
        }
        if define.is_none() {
            self.claim_namevar(cap, title, &attributes.values, span)?;
        }
        let virtual_ = form != ResourceForm::Regular;
        let exported = form == ResourceForm::Exported;
        let mut tags = Vec::new();
        if let Some(given) = attributes.values.get(&tag) {
            for t in references(given) {
                let t = to_s(&t);
                if !valid_tag(&t) {
                    return Err(fail(span, format!("Invalid tag '{}'", t.to_lowercase())));
                }
                add_tag(&mut tags, &t);
            }
        }
        add_tag(&mut tags, type_name);
        if title_is_text && valid_tag(title) {
            add_tag(&mut tags, title);
        }
        let defaults = self.resource_defaults(cap, scope);
        if !attributes.values.contains_key(&tag) {
            if let Some(default_tag) = defaults.values.get(&tag) {
                add_tags_from(&mut tags, default_tag);
            }
        }
        attributes.fill_missing(&defaults);
        let Attributes { values: attributes, places } = attributes;
        if self.catalog.resources.len() >= super::limits::MAX_RESOURCES {
            return Err(super::limits::exceeded(span, super::limits::too_many_resources()));
        }
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
            title_is_text,
            attributes,
            relationship_places: places,
            container: container_of(scope),
            virtual_,
            span,
            scope: scope.clone(),
            tags,
            exported,
            kind: if define.is_some() { ResourceKind::Defined } else { ResourceKind::Compilable },
            // Stages stand beside the classes they hold, in no container.
            container_index: (type_name != "stage").then(|| scope.resource().unwrap_or(CLASS_MAIN)),
            contained_by: None,
            contained_before_stage: false,
            located: true,
            tags_settled: false,
        });
        self.apply_deferred_overrides()
    }

    /// Puppet's error for declaring `reference` again at `span`: it names
    /// where the resource `existing` was declared when the catalog knows
    /// that (an `include`d class, a node and the catalog's own resources have
    /// no place).
    pub(super) fn duplicate_declaration(&self, reference: &str, existing: Option<usize>, span: Span) -> Flow {
        let first = existing
            .map(|i| &self.catalog.resources[i])
            .filter(|r| r.located)
            .map(|r| self.location(r.span))
            .map_or_else(String::new, |at| format!(" at (file: {}, line: {})", at.file, at.line));
        let here = self.location(span);
        fail_as(
            ErrorKind::DuplicateDeclaration,
            span,
            format!(
                "Duplicate declaration: {reference} is already declared{first}; cannot redeclare (file: {}, line: {})",
                here.file, here.line
            ),
        )
    }

    /// Two resources of a Ruby type with one namevar may not name the same
    /// thing under different titles (`file { 'a': path => '/x' }` beside
    /// `file { '/x': }`); Puppet refuses the second as an alias of the first.
    fn claim_namevar(&mut self, cap: &str, title: &str, attributes: &HashMap, span: Span) -> EvalResult<()> {
        let Some(info) = self.ruby_type(&cap.to_lowercase()) else {
            return Ok(());
        };
        let [namevar] = info.namevars.as_slice() else {
            return Ok(());
        };
        let value = match attributes.get(&Value::from(namevar.as_str())) {
            Some(Value::String(v)) => v.to_string(),
            _ => title.to_string(),
        };
        let key = (cap.to_string(), value.clone());
        if let Some(&existing) = self.catalog.namevars.get(&key) {
            let first = self.location(self.catalog.resources[existing].span);
            let here = self.location(span);
            let quoted = format!("{value:?}");
            return Err(fail(
                span,
                format!(
                    "Cannot alias {cap}[{title}] to [{quoted}] at (file: {}, line: {}); resource [\"{cap}\", {quoted}] already declared (file: {}, line: {})",
                    here.file, here.line, first.file, first.line
                ),
            ));
        }
        self.catalog.namevars.insert(key, self.catalog.resources.len());
        Ok(())
    }

    /// After a template changed the array or hash `old` in place into
    /// `new`: every resource parameter holding that object holds `new`.
    pub(super) fn replace_object(&mut self, old: &Value, new: &Value) {
        for r in &mut self.catalog.resources {
            for (_, v) in r.attributes.iter_mut() {
                if v.same_object(old) {
                    *v = new.clone();
                }
            }
        }
    }

    /// `Notify { message => 'x' }`: defaults for the resources of that type
    /// declared after it in this scope or the scopes within it.
    pub(super) fn eval_resource_defaults(
        &mut self,
        type_ref: &'a Expr,
        ops: &'a [AttributeOp],
        scope: &Rc<Scope>,
    ) -> EvalResult {
        // The type is resolved first: defaults for a type no one defines
        // are Puppet's "Resource type not found" at the type's name.
        self.eval(type_ref, scope)?;
        let attrs = self.eval_attributes(ops, scope)?;
        if let ExprKind::TypeRef(name) = &type_ref.kind {
            self.catalog.defaults.push((scope.clone(), capitalize_segments(name), attrs));
        }
        Ok(Value::Undef)
    }

    /// The defaults for a new resource of type `cap` declared in `scope`:
    /// those of the scopes around it evaluated so far, the nearest winning.
    /// Puppet gives them when it creates the resource, so a default
    /// written after a declaration does not reach it, and a defined type's
    /// parameters take them.
    pub(super) fn resource_defaults(&self, cap: &str, scope: &Rc<Scope>) -> Attributes {
        let mut found = Attributes::default();
        let mut at = Some(scope.clone());
        while let Some(s) = at {
            for (set_in, type_name, attrs) in self.catalog.defaults.iter().rev() {
                if Rc::ptr_eq(set_in, &s) && type_name == cap {
                    found.fill_missing(attrs);
                }
            }
            at = s.puppet_parent();
        }
        found
    }

    /// `realize(Type['title'], …)`: makes virtual resources real.
    pub(crate) fn realize(&mut self, refs: &[Value]) -> EvalResult {
        let mut missing = Vec::new();
        for r in refs.iter().flat_map(references) {
            match self.declared_index(&r) {
                Some(i) => self.make_real(i),
                None => missing.push(match &r {
                    Value::Type(t) => match &***t {
                        Type::Resource { type_name: Some(n), title: Some(title) } => format!("{n}[{title}]"),
                        _ => to_s(&r),
                    },
                    _ => to_s(&r),
                }),
            }
        }
        if !missing.is_empty() {
            return Err(unplaced(format!("Failed to realize virtual resources {}", missing.join(", "))));
        }
        Ok(Value::Undef)
    }

    /// The catalog index of the resource a `Type['title']` (or
    /// `Class['name']`) value refers to.
    pub(crate) fn declared_index(&self, r: &Value) -> Option<usize> {
        match r {
            Value::Type(t) => match &***t {
                Type::Resource { type_name: Some(n), title: Some(title) } if n.eq_ignore_ascii_case("class") => {
                    self.catalog.index.get(&("Class".to_string(), capitalize_segments(title))).copied()
                }
                Type::Resource { type_name: Some(n), title: Some(title) } => {
                    self.catalog.index.get(&(n.to_string(), title.to_string())).copied()
                }
                Type::Class(Some(name)) => {
                    self.catalog.index.get(&("Class".to_string(), capitalize_segments(name))).copied()
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// Turns a virtual resource into a real one (queueing a defined type's
    /// body).
    pub(super) fn make_real(&mut self, i: usize) {
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
}
