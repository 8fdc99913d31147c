//! Puppet's check of class and defined type parameters named after a
//! metaparameter (`$tag`, `$noop`, …), made when a file's definitions are
//! loaded: with a default it warns that the value inherits to everything
//! the definition contains; without one it refuses the definition.

use crate::ast::{Expr, ExprKind, Parameter, Program};

use super::catalog::unplaced;
use super::flow::EvalResult;
use super::Evaluator;

/// Puppet 7's metaparameters (`Puppet::Type.metaparamclass`).
const METAPARAMETERS: &[&str] =
    &["noop", "schedule", "audit", "loglevel", "alias", "tag", "require", "subscribe", "before", "notify", "stage"];

impl Evaluator<'_> {
    /// Checks the parameters of the classes and defined types `program`
    /// defines, as Puppet does when it loads them.
    pub(super) fn check_metaparameter_names(&mut self, program: &Program) -> EvalResult<()> {
        self.check_definitions_in(&program.body, "")
    }

    fn check_definitions_in(&mut self, body: &[Expr], namespace: &str) -> EvalResult<()> {
        for stmt in body {
            let (name, params, nested) = match &stmt.kind {
                ExprKind::ClassDef(class) => (&class.name, &class.params, Some(&class.body)),
                ExprKind::DefineDef(def) => (&def.name, &def.params, None),
                _ => continue,
            };
            let name = name.trim_start_matches("::").to_lowercase();
            let name = if namespace.is_empty() || name.contains("::") { name } else { format!("{namespace}::{name}") };
            self.check_parameters_of(&name, params)?;
            if let Some(body) = nested {
                self.check_definitions_in(body, &name)?;
            }
        }
        Ok(())
    }

    fn check_parameters_of(&mut self, definition: &str, params: &[Parameter]) -> EvalResult<()> {
        for p in params.iter().filter(|p| METAPARAMETERS.contains(&&*p.name)) {
            let param = &p.name;
            if p.default.is_none() {
                return Err(unplaced(format!(
                    "{param} is a metaparameter; please choose another parameter name in the {definition} definition"
                )));
            }
            let message = format!(
                "{param} is a metaparam; this value will inherit to all contained resources in the {definition} definition"
            );
            self.warn_once_keyed(message.clone(), message);
        }
        Ok(())
    }
}
