//! Collectors (`Type <| query |> { overrides }`): Puppet evaluates them
//! lazily and again until nothing new is found, so a collector also
//! realizes virtual resources declared after it, and an arrow to a
//! collector relates every resource it ends up with.

use std::collections::HashSet;
use std::rc::Rc;

use confer_core::types::params::capitalize_segments;
use confer_core::value::to_s;
use confer_core::{HashMap, Type, Value};

use super::flow::{fail, EvalResult};
use super::relationships::Side;
use super::resource::{references, BUILTIN_TYPES};
use super::scope::Scope;
use super::Evaluator;
use crate::ast::{AttributeOp, Expr, ExprKind};

/// How many rounds of collecting and evaluating defined resources a compile
/// may take before it is stopped (each round must find something new).
const MAX_ROUNDS: usize = 10_000;

/// One evaluated collector.
pub(crate) struct Collector<'a> {
    type_name: String,
    query: Option<&'a Expr>,
    scope: Rc<Scope>,
    overrides: HashMap,
    /// An exported collector (`<<| |>>`): without storeconfigs, which
    /// confer has not, Puppet's collects nothing.
    exported: bool,
    /// The resources it has collected, in the order it found them.
    pub(crate) collected: Vec<usize>,
    /// The same, to ask in constant time whether a resource is among them
    /// (every round rescans the catalog).
    seen: HashSet<usize>,
}

impl<'a> Evaluator<'a> {
    /// `Type <| query |>`: realizes the matching virtual resources (and, for
    /// defined types, queues their bodies), now and whenever more match.
    /// The value is the resources collected so far.
    pub(super) fn eval_collector(
        &mut self,
        expr: &'a Expr,
        type_ref: &'a Expr,
        query: Option<&'a Expr>,
        ops: &'a [AttributeOp],
        exported: bool,
        scope: &Rc<Scope>,
    ) -> EvalResult {
        if exported {
            // Without storeconfigs (confer has none) Puppet collects
            // nothing, and says so.
            let message =
                "You cannot collect exported resources without storeconfigs being set; the collection will be ignored";
            self.warn(expr.span, message.into());
        }
        let ExprKind::TypeRef(name) = &type_ref.kind else {
            return Err(fail(type_ref.span, "A collector needs a resource type"));
        };
        let lower = name.trim_start_matches("::").to_lowercase();
        if self.define_def(&lower, type_ref.span)?.is_none()
            && !BUILTIN_TYPES.contains(&lower.as_str())
            && !self.module_type_exists(&lower)
        {
            let what = if exported { "Exported Query" } else { "Virtual Query" };
            let unknown = fail(expr.span, format!("Resource type {lower} doesn't exist"));
            return Err(super::flow::attribute_to(unknown, what));
        }
        let overrides = self.eval_attributes(ops, scope)?.values;
        let id = self.catalog.collectors.len();
        self.catalog.collectors.push(Collector {
            type_name: capitalize_segments(name),
            query,
            scope: scope.clone(),
            overrides,
            exported,
            collected: Vec::new(),
            seen: HashSet::new(),
        });
        self.catalog.collector_of.insert(super::identity::Identity(expr), id);
        self.collect(id)?;
        Ok(Value::array(self.collected_references(id)))
    }

    /// Runs collector `id` over the resources it has not collected yet;
    /// whether it found any.
    fn collect(&mut self, id: usize) -> EvalResult<bool> {
        let (type_name, query, scope) = {
            let c = &self.catalog.collectors[id];
            if c.exported {
                return Ok(false);
            }
            (c.type_name.clone(), c.query, c.scope.clone())
        };
        let mut found = false;
        for i in 0..self.catalog.resources.len() {
            if self.catalog.resources[i].type_name != type_name || self.catalog.collectors[id].seen.contains(&i) {
                continue;
            }
            let selected = match query {
                Some(q) => self.query_matches(q, i, &scope)?,
                None => true,
            };
            if selected {
                // The collector's block overrides what the resource set.
                let overrides = self.catalog.collectors[id].overrides.clone();
                let r = &mut self.catalog.resources[i];
                r.attributes.extend(overrides.iter().map(|(k, v)| (k.clone(), v.clone())));
                r.tag_with(overrides.get(&Value::from("tag")));
                self.catalog.collectors[id].collected.push(i);
                self.catalog.collectors[id].seen.insert(i);
                self.make_real(i);
                found = true;
            }
        }
        Ok(found)
    }

    /// References to what collector `id` has collected.
    fn collected_references(&self, id: usize) -> Vec<Value> {
        self.catalog.collectors[id]
            .collected
            .iter()
            .map(|&i| {
                let r = &self.catalog.resources[i];
                Value::from_type(Type::Resource {
                    type_name: Some(r.type_name.as_str().into()),
                    title: Some(r.title.as_str().into()),
                })
            })
            .collect()
    }

    /// Puppet's generator loop: evaluates queued defined resources and runs
    /// every collector again, until a round finds nothing new.
    pub(super) fn evaluate_generators(&mut self) -> EvalResult<()> {
        for _ in 0..MAX_ROUNDS {
            self.evaluate_pending_resources()?;
            let mut found = false;
            for id in 0..self.catalog.collectors.len() {
                found |= self.collect(id)?;
            }
            if !found && self.pending_is_empty() {
                return Ok(());
            }
        }
        Err(fail(crate::span::Span::default(), format!("Collecting resources did not settle in {MAX_ROUNDS} rounds")))
    }

    /// The references one end of an arrow stands for, now that the catalog
    /// is finished.
    pub(super) fn side_references(&self, side: &Side) -> Vec<Value> {
        match side {
            Side::References(refs) => refs.clone(),
            Side::Collector(id) => self.collected_references(*id),
        }
    }
}

impl<'a> Evaluator<'a> {
    /// Whether resource `index` has one of the tags `wanted` names, or will
    /// have it from the resources around it (Puppet's `raw_tagged?`, which
    /// collectors ask before a resource has taken its container's tags).
    fn raw_tagged(&self, index: usize, wanted: &Value) -> bool {
        let wanted: Vec<String> = references(wanted).iter().map(|t| to_s(t).to_lowercase()).collect();
        let mut at = Some(index);
        let mut seen = 0;
        while let Some(i) = at {
            let r = &self.catalog.resources[i];
            if r.tags.iter().any(|t| wanted.contains(t)) {
                return true;
            }
            seen += 1;
            at = r.scope.resource().filter(|&c| c != i && seen < self.catalog.resources.len());
        }
        false
    }

    pub(super) fn query_matches(&mut self, q: &'a Expr, index: usize, scope: &Rc<Scope>) -> EvalResult<bool> {
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
                if attr == "tag" {
                    return Ok(self.raw_tagged(index, &wanted) == (*op == BinaryOp::Eq));
                }
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
