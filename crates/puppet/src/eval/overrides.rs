//! Resource overrides (`Type['title'] { attr => value }`) as Puppet's
//! `Resource#merge` applies them: only the code that declared the resource,
//! or a class inheriting from it, may override it; a subclass's override
//! replaces parameters already set; an override of a resource not declared
//! yet waits for it, and one never matched is an error when the catalog is
//! finished.

use std::rc::Rc;

use confer_core::{HashMap, Value};

use super::attributes::Attributes;
use super::flow::{fail, EvalResult};
use super::resource::references;
use super::scope::{Scope, ScopeKind};
use super::Evaluator;
use crate::ast::{AttributeOp, Expr};
use crate::span::Span;

/// An override waiting for its resource.
pub(super) struct DeferredOverride {
    reference: Value,
    attrs: HashMap,
    places: Vec<(Value, Span)>,
    scope: Rc<Scope>,
    span: Span,
}

impl<'a> Evaluator<'a> {
    /// `Notify['x'] { message => 'y' }`: sets attributes of declared
    /// resources; one not declared yet gets them when it is.
    pub(super) fn eval_resource_override(
        &mut self,
        reference: &'a Expr,
        ops: &'a [AttributeOp],
        scope: &Rc<Scope>,
    ) -> EvalResult {
        let target = self.eval(reference, scope)?;
        let Attributes { values: attrs, places } = self.eval_attributes(ops, scope)?;
        for r in references(&target) {
            match self.declared_index(&r) {
                Some(i) => self.merge_override(i, &attrs, &places, scope, reference.span)?,
                None => self.catalog.deferred_overrides.push(DeferredOverride {
                    reference: r,
                    attrs: attrs.clone(),
                    places: places.clone(),
                    scope: scope.clone(),
                    span: reference.span,
                }),
            }
        }
        Ok(Value::Undef)
    }

    /// Applies the deferred overrides whose resource is declared now.
    pub(super) fn apply_deferred_overrides(&mut self) -> EvalResult<()> {
        if self.catalog.deferred_overrides.is_empty() {
            return Ok(());
        }
        let waiting = std::mem::take(&mut self.catalog.deferred_overrides);
        for o in waiting {
            match self.declared_index(&o.reference) {
                Some(i) => self.merge_override(i, &o.attrs, &o.places, &o.scope, o.span)?,
                None => self.catalog.deferred_overrides.push(o),
            }
        }
        Ok(())
    }

    /// Puppet's error for overrides whose resource was never declared.
    pub(super) fn check_deferred_overrides(&self) -> EvalResult<()> {
        if self.catalog.deferred_overrides.is_empty() {
            return Ok(());
        }
        let names: Vec<String> = self
            .catalog
            .deferred_overrides
            .iter()
            .map(|o| super::relationships::reference_text(&o.reference))
            .collect();
        Err(super::relationships::unlocated(format!("Could not find resource(s) {} for overriding", names.join(", "))))
    }

    /// Puppet's `Resource#merge`: only the code that declared the resource,
    /// or a class inheriting from it, may override it; a subclass's
    /// override replaces parameters already set.
    fn merge_override(
        &mut self,
        i: usize,
        attrs: &HashMap,
        places: &[(Value, Span)],
        scope: &Rc<Scope>,
        span: Span,
    ) -> EvalResult<()> {
        let declared_by = source(&self.catalog.resources[i].scope);
        let by = source(scope);
        let subclass = by != declared_by && self.inherits_from(&by, &declared_by);
        if by != declared_by && !subclass {
            // Puppet finds it when it merges overrides, as the catalog is
            // finished: the message names the place, unlocated.
            let at = self.location(span);
            return Err(super::relationships::unlocated(format!(
                "Only subclasses can override parameters (file: {}, line: {})",
                at.file, at.line
            )));
        }
        let res = &self.catalog.resources[i];
        if let Some(name) = attrs.keys().find(|k| !subclass && res.attributes.contains_key(*k)) {
            let at = self.location(res.span);
            return Err(fail(
                span,
                format!(
                    "Parameter '{name}' is already set on {}[{}] at (file: {}, line: {}); cannot redefine",
                    res.type_name, res.title, at.file, at.line
                ),
            ));
        }
        let res = &mut self.catalog.resources[i];
        res.attributes.extend(attrs.iter().map(|(k, v)| (k.clone(), v.clone())));
        res.relationship_places.extend(places.iter().cloned());
        res.tag_with(attrs.get(&Value::from("tag")));
        Ok(())
    }
}

/// The definition whose code a scope runs, as Puppet's `source` names it:
/// `class:name`, `define:type` (all its instances share it), `node:name`, or
/// `class:main` at the top.
fn source(scope: &Rc<Scope>) -> String {
    let mut s = scope.clone();
    loop {
        match &s.kind {
            ScopeKind::Local => match s.parent.clone() {
                Some(p) => s = p,
                None => return "class:main".into(),
            },
            ScopeKind::Top => return "class:main".into(),
            ScopeKind::Node(n) => return format!("node:{n}"),
            ScopeKind::Class(c) => return format!("class:{c}"),
            ScopeKind::Resource(t, _) => return format!("define:{}", t.to_lowercase()),
        }
    }
}

impl Evaluator<'_> {
    /// Whether the class `child` (a `source`) inherits, at any depth, from
    /// the class `ancestor`.
    fn inherits_from(&self, child: &str, ancestor: &str) -> bool {
        let (Some(child), Some(target)) = (child.strip_prefix("class:"), ancestor.strip_prefix("class:")) else {
            return false;
        };
        let mut class = child.to_string();
        for _ in 0..1000 {
            let Some(parent) = self.defs.classes.get(class.as_str()).and_then(|d| d.parent.as_deref()) else {
                return false;
            };
            class = parent.trim_start_matches("::").to_lowercase();
            if class == target {
                return true;
            }
        }
        false
    }
}
