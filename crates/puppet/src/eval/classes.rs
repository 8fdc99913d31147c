//! Declaring classes (`include`, `require`, `contain`, `class { 'x': }`):
//! each evaluated once, as a `Class[...]` catalog resource in its stage,
//! its parent's resource added first and evaluated when it is.

use std::rc::Rc;

use confer_core::types::params::capitalize_segments;
use confer_core::types::Type;
use confer_core::{HashMap, Value};

use confer_core::value::to_s;

use super::catalog::{CLASS_MAIN, STAGE_MAIN};
use super::flow::{fail, fail_as, settle, EvalResult};
use super::functions::Inclusion;
use super::resource::{references, Resource, ResourceKind};
use super::scope::{Scope, ScopeKind};
use super::tags::add_tag;
use super::Evaluator;
use crate::error::ErrorKind;
use crate::span::Span;

impl<'a> Evaluator<'a> {
    /// Evaluates a class once; declaring it again with parameters is an error.
    /// Returns the class's catalog resource.
    pub(crate) fn declare_class(
        &mut self,
        name: &str,
        params: Option<HashMap>,
        span: Span,
        from: &Rc<Scope>,
    ) -> EvalResult<Option<usize>> {
        let key = name.trim_start_matches("::").to_lowercase();
        if self.classes.contains_key(&key) || self.catalog.starting_classes.contains_key(&key) {
            let cap = capitalize_segments(&key);
            let existing = self.catalog.index.get(&("Class".to_string(), cap.clone())).copied();
            if params.is_some() {
                return Err(self.duplicate_declaration(&format!("Class[{cap}]"), existing, span));
            }
            return Ok(existing);
        }
        let Some(def) = self.class_def(&key, span)? else {
            // A compile names the node it was looking for the class for.
            let for_node = self.node_name.as_ref().map_or_else(String::new, |n| format!(" for {n}"));
            let message = format!("Could not find class ::{key}{for_node}");
            return Err(fail_as(ErrorKind::UnknownClass, span, message));
        };
        self.place_ancestors(def, &key, span, from)?;
        let index = match self.catalog.early_classes.remove(&key) {
            Some(i) => i,
            None => self.add_class_resource(&key, params.as_ref(), span, from),
        };
        let parent_scope = match &def.parent {
            Some(parent) => {
                self.catalog.starting_classes.insert(key.clone(), index);
                let declared = self.declare_class(parent, None, span, from);
                self.catalog.starting_classes.remove(&key);
                declared?;
                self.classes.get(&parent.trim_start_matches("::").to_lowercase()).cloned()
            }
            None => None,
        };
        self.enter(span)?;
        // Puppet's class scope hangs under its parent class's, else under
        // the scope that declared it (for resource defaults).
        let scope = match &parent_scope {
            Some(parent) => Scope::new(ScopeKind::Class(key.clone()), Some(parent.clone())),
            None => Scope::declared(ScopeKind::Class(key.clone()), Some(self.top.clone()), Some(from.clone())),
        };
        self.classes.insert(key.clone(), scope.clone());
        self.catalog.class_names.push(key.clone());
        let label = format!("Class[{}]", capitalize_segments(&key));
        scope.set_resource(index);
        // Puppet's caller is the class scope's parent: the inherited class's
        // scope, else the declaring one (`Scope#parent_module_name`).
        self.bind_module_names(&scope, &key, parent_scope.as_deref().unwrap_or(from));
        let args = self.data_bindings(&key, &def.params, params.unwrap_or_default(), span);
        let result = args.and_then(|args| self.bind_class_like(&def.params, args, &scope, &label, &key, span));
        let result = result.and_then(|()| {
            // A parameter named `stage` with a default places the class too.
            self.record_parameters(index, &def.params, &scope);
            let stage = self.stage_of(index, span)?;
            self.catalog.resources[index].container_index = Some(stage);
            self.settle_tags(index);
            self.eval_block(&def.body, &scope).map(|_| ()).map_err(settle)
        });
        self.leave();
        result.map(|()| Some(index))
    }

    /// Puts the classes `def` (the class `key`) inherits from in the catalog,
    /// the root's first, as Puppet's `ensure_in_catalog` recurses into the
    /// parent before the child; each parent is evaluated with its child.
    fn place_ancestors(
        &mut self,
        def: &crate::ast::ClassDef,
        key: &str,
        span: Span,
        from: &Rc<Scope>,
    ) -> EvalResult<()> {
        let mut ancestors: Vec<String> = Vec::new();
        let mut next = def.parent.clone();
        while let Some(parent) = next.take() {
            let parent_key = parent.trim_start_matches("::").to_lowercase();
            let known = self.classes.contains_key(&parent_key)
                || self.catalog.early_classes.contains_key(&parent_key)
                || ancestors.contains(&parent_key)
                || parent_key == key;
            if known {
                break;
            }
            let Some(parent_def) = self.class_def(&parent_key, span)? else { break };
            next = parent_def.parent.clone();
            ancestors.push(parent_key);
        }
        for parent_key in ancestors.into_iter().rev() {
            let i = self.add_class_resource(&parent_key, None, span, from);
            self.catalog.early_classes.insert(parent_key, i);
        }
        Ok(())
    }

    /// `include`, `contain` and `require`: declares the classes `names`.
    /// Puppet puts every one in the catalog before it evaluates the first
    /// (`evaluate_classes`), which orders their edges.
    pub(crate) fn include_classes(
        &mut self,
        names: &[String],
        how: Inclusion,
        span: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult<()> {
        if names.len() > 1 {
            for name in names {
                self.place_class(name, span, scope)?;
            }
        }
        for name in names {
            let index = self.declare_class(name, None, span, scope)?;
            match how {
                Inclusion::Include => {}
                // The resource whose code called `require` depends on the
                // class: Puppet appends it to that resource's `require`
                // parameter.
                Inclusion::Require => {
                    let declarer = scope.resource().unwrap_or(CLASS_MAIN);
                    let key = Value::from("require");
                    let attributes = &mut self.catalog.resources[declarer].attributes;
                    let mut required: Vec<Value> = attributes.get(&key).map(references).unwrap_or_default();
                    let class = name.trim_start_matches("::").to_lowercase();
                    required.push(Value::from_type(Type::Class(Some(class.into()))));
                    attributes.insert(key, Value::array(required));
                }
                Inclusion::Contain => {
                    if let (Some(container), Some(index)) = (scope.resource(), index) {
                        if container != index && container != CLASS_MAIN {
                            let starting = self.catalog.starting_classes.values().any(|&i| i == index);
                            let r = &mut self.catalog.resources[index];
                            r.contained_by = Some(container);
                            r.contained_before_stage = starting;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Puts the class `name` (and its ancestors) in the catalog without
    /// evaluating it, as Puppet does for each class an `include` names
    /// before evaluating any; `declare_class` then evaluates it. A class
    /// already there, or that does not exist, is left to `declare_class`.
    pub(crate) fn place_class(&mut self, name: &str, span: Span, from: &Rc<Scope>) -> EvalResult<()> {
        let key = name.trim_start_matches("::").to_lowercase();
        let known = self.classes.contains_key(&key)
            || self.catalog.starting_classes.contains_key(&key)
            || self.catalog.early_classes.contains_key(&key);
        if known {
            return Ok(());
        }
        let Some(def) = self.class_def(&key, span)? else { return Ok(()) };
        self.place_ancestors(def, &key, span, from)?;
        let i = self.add_class_resource(&key, None, span, from);
        self.catalog.early_classes.insert(key, i);
        Ok(())
    }

    /// Adds `Class[Name]` to the catalog: given parameters first, the
    /// defaults are added once bound.
    fn add_class_resource(&mut self, key: &str, params: Option<&HashMap>, span: Span, from: &Rc<Scope>) -> usize {
        let title = capitalize_segments(key);
        let mut tags = Vec::new();
        add_tag(&mut tags, "class");
        add_tag(&mut tags, key);
        let index = self.catalog.resources.len();
        self.catalog.index.insert(("Class".to_string(), title.clone()), index);
        self.catalog.resources.push(Resource {
            type_name: "Class".into(),
            title: title.clone(),
            title_is_text: true,
            attributes: params.cloned().unwrap_or_default(),
            relationship_places: Vec::new(),
            container: title,
            virtual_: false,
            span,
            scope: from.clone(),
            tags,
            exported: false,
            kind: if params.is_some() { ResourceKind::Class } else { ResourceKind::Unknown },
            container_index: Some(STAGE_MAIN),
            contained_by: None,
            contained_before_stage: false,
            located: params.is_some(),
            tags_settled: false,
        });
        index
    }

    /// The stage a class resource is in: its `stage` parameter, or main.
    fn stage_of(&mut self, index: usize, span: Span) -> EvalResult<usize> {
        let stage = match self.catalog.resources[index].attributes.get(&Value::from("stage")) {
            None | Some(Value::Undef) => return Ok(STAGE_MAIN),
            Some(v) => to_s(v),
        };
        match self.catalog.index.get(&("Stage".to_string(), stage.clone())) {
            Some(&i) => Ok(i),
            None => {
                let r = &self.catalog.resources[index];
                Err(fail(span, format!("Could not find stage {stage} specified by {}[{}]", r.type_name, r.title)))
            }
        }
    }

    /// Records a class's or defined resource's bound parameters after the
    /// ones given: the defaults, in declaration order, except undef ones.
    pub(super) fn record_parameters(&mut self, index: usize, params: &'a [crate::ast::Parameter], scope: &Rc<Scope>) {
        let attributes = &mut self.catalog.resources[index].attributes;
        for p in params {
            let key = Value::from(&*p.name);
            if attributes.contains_key(&key) {
                if let Some(v) = scope.lookup_own(&p.name) {
                    attributes.insert(key, v);
                }
                continue;
            }
            match scope.lookup_own(&p.name) {
                None | Some(Value::Undef) => {}
                Some(v) => {
                    attributes.insert(key, v);
                }
            }
        }
    }
}
