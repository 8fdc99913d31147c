//! Relationships: chaining arrows (`->`, `~>`, `<-`, `<~`), which Puppet
//! turns into `before`/`notify` parameters when the catalog is finished, and
//! the check that every resource a relationship parameter names exists.

use std::rc::Rc;

use confer_core::types::params::capitalize_segments;
use confer_core::Value;

use super::flow::{EvalResult, Flow};
use super::scope::Scope;
use super::Evaluator;
use crate::ast::{Expr, ExprKind, RelationOp};
use crate::error::{Phase, PuppetError};

/// A chaining arrow, evaluated when the catalog is finished: each source
/// gets the targets in its `before` (`->`) or `notify` (`~>`) parameter.
pub(crate) struct Relationship {
    pub(crate) sources: Side,
    pub(crate) targets: Side,
    pub(crate) param: &'static str,
}

/// One end of a chaining arrow: resource references, or a collector, whose
/// resources are known only when the catalog is finished.
#[derive(Clone)]
pub(crate) enum Side {
    /// The references the operand evaluated to.
    References(Vec<Value>),
    /// The collector (index into the catalog's collectors).
    Collector(usize),
}

impl<'a> Evaluator<'a> {
    /// `a -> b`, `a ~> b`, `a <- b`, `a <~ b`: recorded, and made into
    /// `before`/`notify` parameters when the catalog is finished. The value
    /// is the right side, so that arrows chain (the left one when the right
    /// names nothing, as Puppet's relationship operator answers).
    pub(super) fn eval_relationship(
        &mut self,
        op: RelationOp,
        lhs: &'a Expr,
        rhs: &'a Expr,
        scope: &Rc<Scope>,
    ) -> EvalResult {
        let left = self.eval(lhs, scope)?;
        let left_side = self.side_of(lhs, &left);
        let right = self.eval(rhs, scope)?;
        let right_side = self.side_of(rhs, &right);
        let right_is_empty = matches!(&right_side, Side::References(refs) if refs.is_empty());
        if let Side::Collector(id) = right_side {
            self.catalog.empty_alternatives.insert(id, left_side.clone());
        }
        let (sources, targets, param) = match op {
            RelationOp::Before => (left_side, right_side, "before"),
            RelationOp::Notify => (left_side, right_side, "notify"),
            RelationOp::Require => (right_side, left_side, "before"),
            RelationOp::Subscribe => (right_side, left_side, "notify"),
        };
        self.catalog.relationships.push(Relationship { sources, targets, param });
        Ok(if right_is_empty { left } else { right })
    }

    /// What an arrow's operand stands for: a collector (also at the end of
    /// a chain `a -> Type <| |>`), or the references it evaluated to.
    fn side_of(&self, e: &'a Expr, value: &Value) -> Side {
        match &e.kind {
            ExprKind::Collector { .. } => match self.catalog.collector_of.get(&super::identity::Identity(e)) {
                Some(&id) => Side::Collector(id),
                None => Side::References(flatten_references(value)),
            },
            ExprKind::Relationship { rhs, .. } | ExprKind::Paren(rhs) => self.side_of(rhs, value),
            _ => Side::References(flatten_references(value)),
        }
    }

    /// Makes each recorded arrow's sources point at its targets.
    pub(super) fn evaluate_relationships(&mut self) -> EvalResult<()> {
        let relationships = std::mem::take(&mut self.catalog.relationships);
        for rel in &relationships {
            let targets = self.side_references(&rel.targets);
            for source in &self.source_references(&rel.sources) {
                for target in &targets {
                    self.add_relationship(source, target, rel.param)?;
                }
            }
        }
        Ok(())
    }

    /// The references an arrow's source stands for: a collector that
    /// collected nothing stands for the left end of the arrow it ended, and
    /// so on leftwards (Puppet's `leftmost_alternative`).
    fn source_references(&self, side: &Side) -> Vec<Value> {
        let mut side = side;
        loop {
            let refs = self.side_references(side);
            match side {
                Side::Collector(id) if refs.is_empty() => match self.catalog.empty_alternatives.get(id) {
                    // An alternative is the left end of an earlier arrow,
                    // so it names an earlier collector: the walk ends.
                    Some(alternative) => side = alternative,
                    None => return refs,
                },
                _ => return refs,
            }
        }
    }

    fn add_relationship(&mut self, source: &Value, target: &Value, param: &str) -> EvalResult<()> {
        let Some(s) = self.declared_index(source) else {
            return Err(unlocated(format!(
                "Could not find resource '{}' for relationship on '{}'",
                reference_text(source),
                reference_text(target)
            )));
        };
        if self.declared_index(target).is_none() {
            return Err(unlocated(format!(
                "Could not find resource '{}' for relationship from '{}'",
                reference_text(target),
                reference_text(source)
            )));
        }
        let key = Value::from(param);
        let attrs = &mut self.catalog.resources[s].attributes;
        let mut list = match attrs.get(&key) {
            None | Some(Value::Undef) => Vec::new(),
            Some(Value::Array(items)) => items.to_vec(),
            Some(other) => vec![other.clone()],
        };
        list.push(Value::from(reference_text(target)));
        attrs.insert(key, Value::array(list));
        Ok(())
    }

    /// Puppet's relationship validator: every resource a `before`,
    /// `require`, `notify` or `subscribe` parameter names must be in the
    /// catalog.
    pub(super) fn check_relationship_parameters(&self) -> EvalResult<()> {
        for r in self.catalog.resources.iter().filter(|r| !r.virtual_) {
            for (key, value) in r.attributes.iter() {
                let param = confer_core::value::to_s(key);
                if !matches!(param.as_str(), "before" | "require" | "notify" | "subscribe") {
                    continue;
                }
                for target in relationship_values(value) {
                    let found = self.reference_index(&target);
                    if found.is_none_or(|i| self.catalog.resources[i].virtual_) {
                        // Puppet names the line the parameter was set on.
                        let set_at = r.relationship_places.iter().rev().find(|(k, _)| k.as_str() == Some(&param));
                        let at = self.location(set_at.map_or(r.span, |(_, at)| *at));
                        return Err(unlocated(format!(
                            "Could not find resource '{}' in parameter '{param}' (file: {}, line: {})",
                            reference_text(&target),
                            at.file,
                            at.line
                        )));
                    }
                }
            }
        }
        Ok(())
    }

    /// The catalog index of a relationship target: a reference value or its
    /// `Type[title]` text.
    pub(super) fn reference_index(&self, target: &Value) -> Option<usize> {
        match target {
            Value::String(text) => {
                let (ty, title) = parse_reference(text)?;
                self.declared_index(&Value::from_type(confer_core::Type::Resource {
                    type_name: Some(ty.into()),
                    title: Some(title.into()),
                }))
            }
            other => self.declared_index(other),
        }
    }
}

/// The resource references in a relationship's side: a reference, or the
/// references in (nested) arrays; other values (undef, an empty
/// collector) name nothing.
fn flatten_references(v: &Value) -> Vec<Value> {
    match v {
        Value::Array(items) => items.iter().flat_map(flatten_references).collect(),
        Value::Type(_) => vec![v.clone()],
        Value::Runtime(r) => runtime_reference(r),
        _ => Vec::new(),
    }
}

/// The reference a resource from Ruby (`stdlib::str2resource`) stands for.
pub(super) fn runtime_reference(r: &confer_core::value::runtime::RuntimeObject) -> Vec<Value> {
    r.reference().map(Value::from_type).into_iter().collect()
}

/// The references in a relationship parameter's value (a reference, a
/// `Type[title]` string, or arrays of them).
pub(super) fn relationship_values(v: &Value) -> Vec<Value> {
    match v {
        Value::Array(items) => items.iter().flat_map(relationship_values).collect(),
        Value::Undef => Vec::new(),
        Value::Runtime(r) if r.reference().is_some() => runtime_reference(r),
        other => vec![other.clone()],
    }
}

/// `Type[title]` read from text, the type capitalised as Puppet does.
fn parse_reference(text: &str) -> Option<(String, String)> {
    let open = text.find('[')?;
    let title = text[open + 1..].strip_suffix(']')?;
    Some((capitalize_segments(&text[..open]), title.to_string()))
}

/// A reference as Puppet writes it in errors and in `before`/`notify`
/// (`Notify[a]`, `Class[Name]`).
pub(super) fn reference_text(v: &Value) -> String {
    match v {
        Value::Type(t) => match &***t {
            confer_core::Type::Resource { type_name: Some(ty), title: Some(title) } => format!("{ty}[{title}]"),
            confer_core::Type::Class(Some(name)) => format!("Class[{}]", capitalize_segments(name)),
            other => other.to_string(),
        },
        other => confer_core::value::to_s(other),
    }
}

/// An error Puppet finds when the catalog is finished: its message names
/// the places, and it has no position of its own.
pub(super) fn unlocated(message: String) -> Flow {
    Flow::from_error(PuppetError::new(Phase::Validation, message))
}
