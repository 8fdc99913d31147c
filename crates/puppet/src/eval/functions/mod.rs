//! Built-in functions, grouped by family. Each family answers `None` for names
//! it does not know, so that dispatch stays a chain of small lookups.

mod chaining;
mod collections;
mod control;
mod defined;
mod iteration;
mod logging;
mod lookup;
mod strings;
mod typing;

use std::rc::Rc;

pub use lookup::convert_value;

use confer_core::Value;

use super::calls::Closure;
use super::flow::{fail, EvalResult};
use super::scope::Scope;
use super::Evaluator;
use crate::span::Span;

/// A call to a built-in: the evaluator, arguments, block and call site.
pub(crate) struct Call<'e, 'a> {
    /// The evaluator, for logging, lambdas and the catalog.
    pub ev: &'e mut Evaluator<'a>,
    /// The function's name.
    pub name: &'e str,
    /// The evaluated arguments.
    pub args: Vec<Value>,
    /// The lambda, if one was given.
    pub lambda: Option<Closure<'a>>,
    /// The call's position.
    pub span: Span,
    /// The scope the call was made in.
    pub scope: &'e Rc<Scope>,
}

impl<'a> Call<'_, 'a> {
    /// An error for a call with the wrong number of arguments.
    pub fn arity_error(&self, expected: &str) -> super::flow::Flow {
        let got = if self.args.is_empty() { "none".to_string() } else { self.args.len().to_string() };
        fail(self.span, format!("'{}' expects {expected}, got {got}", self.name))
    }

    /// The lambda, or an error saying the function needs one.
    pub fn require_lambda(&mut self) -> EvalResult<Closure<'a>> {
        self.lambda.take().ok_or_else(|| fail(self.span, format!("'{}' expects a block", self.name)))
    }
}

/// Calls the built-in `name`, or returns `None` if there is no such built-in.
pub(crate) fn call_builtin<'a>(
    ev: &mut Evaluator<'a>,
    name: &str,
    args: Vec<Value>,
    lambda: Option<Closure<'a>>,
    span: Span,
    scope: &Rc<Scope>,
) -> Option<EvalResult> {
    let call = Call { ev, name, args, lambda, span, scope };
    type Family = for<'e, 'a> fn(Call<'e, 'a>) -> Result<EvalResult, Call<'e, 'a>>;
    let families: [Family; 10] = [
        logging::call,
        defined::call,
        control::call,
        iteration::call,
        chaining::call,
        collections::call,
        strings::call,
        typing::call,
        super::catalog::call_class_function,
        lookup::call,
    ];
    let mut call = call;
    for family in families {
        match family(call) {
            Ok(result) => return Some(result),
            Err(unhandled) => call = unhandled,
        }
    }
    None
}
