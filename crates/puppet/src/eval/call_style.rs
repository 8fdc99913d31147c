//! How a function was called, which Puppet names in its error messages:
//! known to the call sites (the evaluator, templates, Ruby functions) and to
//! the dispatcher, apart from both.

/// How a function was called; Puppet names it in error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CallStyle {
    /// `f(x)` or `f x`.
    Function,
    /// `x.f`.
    Method,
    /// By name through `call()` or a Deferred value.
    ByName,
    /// By name from Ruby (`call_function` in a function, `scope.call_function`
    /// in a template): the error reaches the Ruby code as the function
    /// raised it, and the Puppet call around that code words it once.
    FromRuby,
}
