//! A lambda as a value handed to a function: its syntax and the scope it
//! was written in. Its own module because both sides of a call hold it —
//! the evaluator that makes and runs it (`calls`) and the function library
//! and its dispatcher that check and pass it on — and neither should need
//! the other's module to name it.

use std::rc::Rc;

use super::scope::Scope;
use crate::ast::Lambda;

/// A lambda together with the scope it was written in.
#[derive(Clone)]
pub(crate) struct Closure<'a> {
    /// The lambda's syntax.
    pub lambda: &'a Lambda,
    /// The scope it captures.
    pub scope: Rc<Scope>,
}

impl Closure<'_> {
    /// How many parameters the lambda declares (not counting a `*rest`).
    pub fn arity(&self) -> usize {
        self.lambda.params.iter().filter(|p| !p.captures_rest).count()
    }

    /// Whether the lambda can be called with `n` arguments: at least its
    /// required parameters, at most all of them (any number with a `*rest`).
    pub fn accepts(&self, n: usize) -> bool {
        let params = &self.lambda.params;
        let required = params.iter().filter(|p| p.default.is_none() && !p.captures_rest).count();
        let rest = params.iter().any(|p| p.captures_rest);
        required <= n && (rest || n <= self.arity())
    }
}
