//! Classes, defined types, functions, type aliases and nodes, collected before
//! evaluation: Puppet lets a manifest use a definition that appears later.

use std::cell::Cell;
use std::collections::HashMap;
use std::sync::Arc;

use confer_core::types::TypeAlias;

use crate::ast::{ClassDef, Definition, Expr, ExprKind, NodeDef, Program};

/// One type alias: its shared handle and the expression that defines it.
struct AliasDef<'a> {
    alias: Arc<TypeAlias>,
    expr: &'a Expr,
    started: Cell<bool>,
}

/// Every definition in a manifest, by lower-case (for aliases: as written) name.
#[derive(Default)]
pub struct Definitions<'a> {
    /// Classes by fully qualified lower-case name.
    pub classes: HashMap<String, &'a ClassDef>,
    /// Defined resource types by lower-case name.
    pub defines: HashMap<String, &'a Definition>,
    /// Puppet-language functions by lower-case name.
    pub functions: HashMap<String, &'a Definition>,
    /// Node definitions in order.
    pub nodes: Vec<&'a NodeDef>,
    /// The classes and defined types (lower-case names) read from a
    /// module's files: their `$module_name` is their name's first segment.
    pub in_modules: std::collections::HashSet<String>,
    aliases: HashMap<String, AliasDef<'a>>,
}

impl<'a> Definitions<'a> {
    /// Collects the definitions of `program`, naming classes nested in classes
    /// after their enclosing class (`outer::inner`).
    pub fn collect(program: &'a Program) -> Definitions<'a> {
        let mut defs = Definitions::default();
        defs.collect_definitions(program);
        defs
    }

    /// Adds the definitions of another file (an autoloaded one, or one of
    /// several main manifests).
    pub fn collect_definitions(&mut self, program: &'a Program) {
        self.collect_from(&program.body, "");
    }

    /// Adds the definitions of a module's file.
    pub fn collect_module_definitions(&mut self, program: &'a Program) {
        let before: std::collections::HashSet<String> =
            self.classes.keys().chain(self.defines.keys()).cloned().collect();
        self.collect_from(&program.body, "");
        let added: Vec<String> =
            self.classes.keys().chain(self.defines.keys()).filter(|k| !before.contains(*k)).cloned().collect();
        self.in_modules.extend(added);
    }

    fn collect_from(&mut self, body: &'a [Expr], namespace: &str) {
        let qualify = |name: &str| {
            let name = name.trim_start_matches("::").to_lowercase();
            if namespace.is_empty() || name.contains("::") {
                name
            } else {
                format!("{namespace}::{name}")
            }
        };
        for stmt in body {
            match &stmt.kind {
                ExprKind::ClassDef(class) => {
                    let name = qualify(&class.name);
                    self.classes.insert(name.clone(), class);
                    self.collect_from(&class.body, &name);
                }
                ExprKind::DefineDef(def) => {
                    self.defines.insert(qualify(&def.name), def);
                }
                ExprKind::FunctionDef(def) | ExprKind::PlanDef(def) => {
                    self.functions.insert(def.name.trim_start_matches("::").to_lowercase(), def);
                }
                ExprKind::NodeDef(node) => self.nodes.push(node),
                ExprKind::TypeAlias { name, type_expr } => {
                    self.aliases.insert(
                        name.to_lowercase(),
                        AliasDef { alias: TypeAlias::new(name.clone()), expr: type_expr, started: Cell::new(false) },
                    );
                }
                _ => {}
            }
        }
    }

    /// The names of the aliases defined, as written.
    pub fn alias_names(&self) -> impl Iterator<Item = &str> {
        self.aliases.values().map(|a| a.alias.name.as_str())
    }

    /// The alias named `name` (compared case-insensitively), if one is defined.
    pub fn alias(&self, name: &str) -> Option<Arc<TypeAlias>> {
        self.aliases.get(&name.to_lowercase()).map(|a| a.alias.clone())
    }

    /// The alias and its defining expression if it has not started resolving yet;
    /// marks it as started so that recursive references stay lazy.
    pub fn alias_to_resolve(&self, name: &str) -> Option<(Arc<TypeAlias>, &'a Expr)> {
        let def = self.aliases.get(&name.to_lowercase())?;
        if def.started.replace(true) {
            return None;
        }
        Some((def.alias.clone(), def.expr))
    }
}
