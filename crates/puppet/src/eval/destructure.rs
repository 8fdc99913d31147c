//! `[$a, $b] = Class['c']`: assigning a declared class's variables to the
//! variables of the same names.

use std::rc::Rc;

use super::flow::{fail, EvalResult};
use super::scope::Scope;
use super::Evaluator;
use crate::ast::{Expr, ExprKind};
use crate::span::Span;

impl<'a> Evaluator<'a> {
    /// Assigns to each of `targets` the variable of the same name of the
    /// class `class`, which must have been evaluated; errors are placed as
    /// Puppet places them: a class not declared at `class_span`, a variable
    /// the class does not have at its target.
    pub(super) fn assign_from_class(
        &mut self,
        targets: &'a [Expr],
        class: &str,
        class_span: Span,
        scope: &Rc<Scope>,
        at: Span,
    ) -> EvalResult<()> {
        let name = class.trim_start_matches("::").to_lowercase();
        let Some(class_scope) = self.classes.get(&name).cloned() else {
            return Err(fail(class_span, format!("Resource not found: Class['{name}']")));
        };
        for target in targets {
            let ExprKind::Variable(var) = &target.kind else {
                return Err(fail(at, "Only variables can be assigned from a class"));
            };
            let Some(value) = class_scope.lookup_own(var) else {
                return Err(fail(
                    target.span,
                    format!("No value for required variable '${name}::{var}' in assignment to variables from class reference"),
                ));
            };
            self.assign(target, value, scope, at)?;
        }
        Ok(())
    }
}
