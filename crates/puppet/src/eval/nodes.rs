//! Node definitions: which one applies to the node being compiled (its
//! name, then regexps, then `default`), and the `Node[...]` resource it
//! evaluates as.

use std::rc::Rc;

use confer_core::HashMap;

use super::catalog::CLASS_MAIN;
use super::flow::{fail, EvalResult, Flow};
use super::resource::{Resource, ResourceKind};
use super::scope::{Scope, ScopeKind};
use super::tags::{add_tag, valid_tag};
use super::Evaluator;
use crate::ast::ExprKind;
use crate::span::Span;

impl<'a> Evaluator<'a> {
    /// Evaluates the node definition that applies to the node being
    /// compiled: one naming it, else the first whose regexp matches it, else
    /// `node default`. `puppet apply` of a file has no node name, so there
    /// only `default` applies.
    pub(super) fn evaluate_node(&mut self, top: &Rc<Scope>) -> EvalResult<()> {
        if self.defs.nodes.is_empty() {
            return Ok(());
        }
        let Some((node, name)) = self.matching_node()? else {
            let span = self.defs.nodes[0].matchers.first().map_or_else(Span::default, |m| m.span);
            let wanted = self.node_name.clone().unwrap_or_else(|| "default".into());
            if self.node_name.is_some() {
                // A compile reports this before evaluating, without a position.
                return Err(Flow::from_error(crate::error::PuppetError::new(
                    crate::error::Phase::Validation,
                    format!("Could not find node statement with name 'default' or '{wanted}'"),
                )));
            }
            return Err(fail(span, "Could not find node statement with name 'default'"));
        };
        let scope = Scope::new(ScopeKind::Node(name.clone()), Some(top.clone()));
        let mut tags = Vec::new();
        add_tag(&mut tags, "node");
        if valid_tag(&name) {
            add_tag(&mut tags, &name);
        }
        let index = self.catalog.resources.len();
        self.catalog.index.insert(("Node".to_string(), name.clone()), index);
        self.catalog.resources.push(Resource {
            type_name: "Node".into(),
            title: name.clone(),
            title_is_text: true,
            attributes: HashMap::new(),
            relationship_places: Vec::new(),
            container: "Main".into(),
            virtual_: false,
            span: node.matchers.first().map_or_else(Span::default, |m| m.span),
            scope: top.clone(),
            tags,
            exported: false,
            kind: ResourceKind::Unknown,
            container_index: Some(CLASS_MAIN),
            contained_by: None,
            contained_before_stage: false,
            located: false,
            tags_settled: false,
        });
        self.catalog.class_names.push(name.to_lowercase());
        scope.set_resource(index);
        self.settle_tags(index);
        self.eval_block(&node.body, &scope)?;
        Ok(())
    }

    /// The node definition for this node and the name it matched by. A
    /// regexp whose match the backtracking limit leaves undecided is an
    /// error at the regexp, never "no match" (which would fall to `node
    /// default` where Puppet matches).
    fn matching_node(&self) -> EvalResult<Option<(&'a crate::ast::NodeDef, String)>> {
        let nodes = &self.defs.nodes;
        if let Some(wanted) = &self.node_name {
            for node in nodes {
                for m in &node.matchers {
                    let name = match &m.kind {
                        ExprKind::String(s) | ExprKind::BareWord(s) => s,
                        _ => continue,
                    };
                    if name.eq_ignore_ascii_case(wanted) {
                        return Ok(Some((node, name.to_lowercase())));
                    }
                }
            }
            for node in nodes {
                for m in &node.matchers {
                    if let ExprKind::Regex(src) = &m.kind {
                        let matched = match confer_core::Regexp::new(src) {
                            Ok(re) => re.try_is_match(wanted).map_err(|e| fail(m.span, e.to_string()))?,
                            Err(_) => false,
                        };
                        if matched {
                            // Puppet names a regexp node after its pattern's
                            // word characters.
                            let name: String = src
                                .to_lowercase()
                                .chars()
                                .filter(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | ':' | '.'))
                                .collect();
                            return Ok(Some((node, format!("__node_regexp__{}", name.trim_start_matches('.')))));
                        }
                    }
                }
            }
        }
        Ok(nodes
            .iter()
            .copied()
            .find(|n| n.matchers.iter().any(|m| matches!(m.kind, ExprKind::Default)))
            .map(|n| (n, "default".to_string())))
    }
}
