//! Compiling a node's catalog, as `puppet catalog compile` does: the
//! environment's main manifests with the node's facts in the top scope, the
//! node definition that matches, the defined resources they declare; then
//! the relationships and tags are settled and the catalog is built.

use std::rc::Rc;

use confer_core::Value;
use typed_arena::Arena;

use super::flow::{fail, EvalResult};
use super::resource::ResourceKind;
use super::shared_parse::SharedParse;
use super::Evaluator;
use crate::catalog::{self, Catalog};
use crate::environment::Environment;
use crate::error::PuppetError;
use crate::log::Logger;
use crate::node::Node;
use crate::span::{SourceMap, Span};

/// Compiles the catalog of `node` in `env`.
pub fn compile(env: &Rc<Environment>, node: &Node, logger: &mut dyn Logger) -> Result<Catalog, PuppetError> {
    let arena = Arena::new();
    let mut ev = Evaluator::new(SourceMap::default(), &arena, env.clone(), logger);
    ev.node_name = Some(node.name.clone());
    let result = ev.compile_node(node);
    result.map_err(|flow| ev.to_error(flow))
}

/// Compiles the catalog of `node` in `env` as [`compile`] does, taking the
/// parsed manifests and Hiera's files from `shared`, which the compiles of
/// other nodes (on other threads too) fill and use: a fleet parses each
/// file once.
pub fn compile_sharing(
    env: &Rc<Environment>,
    node: &Node,
    shared: &SharedParse,
    logger: &mut dyn Logger,
) -> Result<Catalog, PuppetError> {
    let arena = Arena::new();
    let mut ev = Evaluator::new(SourceMap::beside_shared(), &arena, env.clone(), logger);
    ev.shared = Some(shared);
    ev.node_name = Some(node.name.clone());
    let result = ev.compile_node(node);
    result.map_err(|flow| ev.to_error(flow))
}

impl<'a> Evaluator<'a> {
    fn compile_node(&mut self, node: &Node) -> EvalResult<Catalog> {
        self.bind_top_scope(node);
        self.start_catalog();
        let mut programs = Vec::new();
        let files = self.env.manifest_files().map_err(|e| fail(Span::default(), format!("The main manifest {e}")))?;
        for path in files {
            if let Some(program) = self.load_main_manifest(&path)? {
                programs.push(program);
            }
        }
        let top = self.top.clone();
        for program in programs {
            self.eval_main_program(program, &top)?;
        }
        self.evaluate_node(&top)?;
        self.evaluate_generators()?;
        self.finish_catalog()?;
        // Puppet finds cycles only when an agent applies the catalog; a
        // compile warns of them and still gives the catalog.
        if let Some(message) = self.cycle_report() {
            self.logger.log(crate::log::LogEvent {
                level: crate::log::Level::Warning,
                scope: None,
                message,
                location: None,
                notes: Vec::new(),
            });
        }
        Ok(self.build_catalog(node))
    }

    /// Reads one main manifest file, adding its definitions; its top-level
    /// code is run by the caller once every main manifest is read.
    fn load_main_manifest(&mut self, path: &std::path::Path) -> EvalResult<Option<&'a crate::ast::Program>> {
        if !self.loaded_files.insert(path.to_path_buf()) {
            return Ok(None);
        }
        let program = self.parse_manifest(path, Span::default())?;
        self.defs.collect_definitions(program);
        self.check_metaparameter_names(program)?;
        Ok(Some(program))
    }

    /// The top scope of a compile: every fact as a variable, `$facts`,
    /// `$trusted`, `$server_facts`, `$environment`, `$clientcert`, and the
    /// `settings` class's variables.
    pub(super) fn bind_top_scope(&mut self, node: &Node) {
        let top = self.top.clone();
        if let Value::Hash(facts) = &node.facts {
            for (k, v) in facts.iter() {
                if let Value::String(name) = k {
                    if is_variable_name(name) && !matches!(&**name, "facts" | "trusted" | "server_facts") {
                        let _ = top.assign(name, v.clone());
                    }
                }
            }
        }
        let env_name = self.env.name.clone();
        let _ = top.assign("facts", node.facts.clone());
        let _ = top.assign("trusted", node.trusted());
        let _ = top.assign("server_facts", node.server_facts(&env_name));
        let _ = top.assign("environment", Value::from(env_name.as_str()));
        if node.fact("clientcert").is_none() {
            let _ = top.assign("clientcert", Value::from(node.name.as_str()));
        }
        for name in ["name", "title"] {
            let _ = top.assign(name, Value::from("main"));
        }
        let settings = super::scope::Scope::new(super::scope::ScopeKind::Class("settings".into()), Some(top));
        let _ = settings.assign("environment", Value::from(env_name.as_str()));
        let _ = settings.assign("certname", Value::from(node.name.as_str()));
        self.classes.insert("settings".into(), settings);
    }

    /// What Puppet does when evaluation is over: relationships become
    /// `before`/`notify` parameters, and each resource takes the tags of
    /// the resource it was declared in.
    pub(super) fn finish_catalog(&mut self) -> EvalResult<()> {
        self.check_deferred_overrides()?;
        self.evaluate_relationships()?;
        for i in 0..self.catalog.resources.len() {
            self.settle_tags(i);
        }
        self.check_parameters()?;
        self.inherit_metaparameters();
        self.check_relationship_parameters()
    }

    /// Refuses a parameter the resource's Ruby type does not have, as
    /// Puppet does when it finishes each resource.
    fn check_parameters(&self) -> EvalResult<()> {
        for r in self.catalog.resources.iter().filter(|r| !r.virtual_ && r.kind == ResourceKind::Compilable) {
            let Some(info) = self.ruby_type(&r.type_name.to_lowercase()) else {
                continue;
            };
            if let Some(name) = r.attributes.keys().map(confer_core::value::to_s).find(|k| !info.accepts(k)) {
                let at = self.location(r.span);
                let here = format!("(file: {}, line: {})", at.file, at.line);
                let notes = self.unknown_attribute_notes(&r.type_name, &name);
                return Err(super::flow::with_notes(
                    super::relationships::unlocated(format!(
                        "no parameter named '{name}' {here} on {}[{}] {here}",
                        r.type_name, r.title
                    )),
                    notes,
                ));
            }
        }
        Ok(())
    }

    /// Puppet's `add_resource_metaparams`: walking the containment graph
    /// down from `Class[main]` breadth-first, each resource takes the
    /// non-relationship metaparameters (`noop`, `schedule`, `audit`,
    /// `loglevel`, `alias`, `tag`, `stage`) its containers set and it does
    /// not. Classes hang from their stage, not from `Class[main]`, so only
    /// what top scope and node definitions declare is walked.
    fn inherit_metaparameters(&mut self) {
        const INHERITED: [&str; 7] = ["noop", "schedule", "audit", "loglevel", "alias", "tag", "stage"];
        let resources = &mut self.catalog.resources;
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); resources.len()];
        for (i, r) in resources.iter().enumerate() {
            if r.virtual_ {
                continue;
            }
            for from in [r.container_index, r.contained_by].into_iter().flatten() {
                children[from].push(i);
            }
        }
        let own = |r: &super::resource::Resource| -> Vec<(Value, Value)> {
            INHERITED
                .iter()
                .filter_map(|p| {
                    let key = Value::from(*p);
                    r.attributes.get(&key).filter(|v| !matches!(v, Value::Undef)).map(|v| (key, v.clone()))
                })
                .collect()
        };
        let mut data: Vec<Option<Vec<(Value, Value)>>> = vec![None; resources.len()];
        let mut seen = vec![false; resources.len()];
        let mut queue = std::collections::VecDeque::from([super::catalog::CLASS_MAIN]);
        while let Some(node) = queue.pop_front() {
            if std::mem::replace(&mut seen[node], true) {
                continue;
            }
            for &target in &children[node] {
                let source_data = data[node].clone().unwrap_or_else(|| own(&resources[node]));
                if source_data.is_empty() {
                    continue;
                }
                data[node].get_or_insert_with(|| source_data.clone());
                for (k, v) in &source_data {
                    let attrs = &mut resources[target].attributes;
                    if matches!(attrs.get(k), None | Some(Value::Undef)) {
                        attrs.insert(k.clone(), v.clone());
                    }
                }
                let mut merged = source_data;
                for (k, v) in own(&resources[target]) {
                    match merged.iter_mut().find(|(mk, _)| *mk == k) {
                        Some(slot) => slot.1 = v,
                        None => merged.push((k, v)),
                    }
                }
                data[target] = Some(merged);
            }
            queue.extend(children[node].iter().copied());
        }
    }

    /// The catalog: real resources in order, their containment edges, the
    /// classes and the catalog's tags.
    fn build_catalog(&self, node: &Node) -> Catalog {
        let mut resources = Vec::new();
        let mut positions = vec![None; self.catalog.resources.len()];
        for (i, r) in self.catalog.resources.iter().enumerate() {
            if r.virtual_ {
                continue;
            }
            positions[i] = Some(resources.len());
            let location = r.located.then(|| self.location(r.span));
            let sensitive_parameters = r
                .attributes
                .iter()
                .filter(|(_, v)| matches!(v, Value::Sensitive(_)))
                .map(|(k, _)| confer_core::value::to_s(k))
                .collect();
            let parameters = self.catalog_parameters(i, r);
            resources.push(catalog::Resource {
                type_name: r.type_name.clone(),
                title: r.title.clone(),
                tags: r.tags.clone(),
                file: location.as_ref().map(|l| l.file.to_string()),
                line: location.map(|l| l.line),
                exported: r.exported,
                kind: match r.kind {
                    ResourceKind::Compilable => "compilable_type",
                    ResourceKind::Defined => "defined_type",
                    ResourceKind::Class => "class",
                    ResourceKind::Unknown => "unknown",
                },
                parameters,
                sensitive_parameters,
            });
        }
        let mut edges = Vec::new();
        for (i, r) in self.catalog.resources.iter().enumerate() {
            let Some(to) = positions[i] else { continue };
            let containers = if r.contained_before_stage {
                [r.contained_by, r.container_index]
            } else {
                [r.container_index, r.contained_by]
            };
            for from in containers.into_iter().flatten() {
                if let Some(from) = positions[from] {
                    edges.push((from, to));
                }
            }
        }
        let mut tags = Vec::new();
        for name in &self.catalog.class_names {
            super::tags::add_tag(&mut tags, name);
        }
        // Then the kinds of resources that carried those names, as the
        // reference orders them: `node` when a node definition was used,
        // `class` when a class other than `settings` was.
        if self.catalog.resources.iter().any(|r| r.type_name == "Node") {
            super::tags::add_tag(&mut tags, "node");
        }
        if self.catalog.resources.iter().skip(super::catalog::CLASS_MAIN + 1).any(|r| r.type_name == "Class") {
            super::tags::add_tag(&mut tags, "class");
        }
        Catalog {
            tags,
            name: node.name.clone(),
            environment: self.env.name.clone(),
            version: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs() as i64),
            catalog_uuid: uuid::Uuid::new_v4().to_string(),
            resources,
            edges,
            classes: self.catalog.class_names.clone(),
        }
    }
}

/// A name that can be a Puppet variable (facts with other names are only
/// in `$facts`).
fn is_variable_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}
