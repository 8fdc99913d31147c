//! A 4.x function that defines its own `call`: Puppet then calls it with
//! the calling scope first, in place of the dispatcher. stdlib's wrappers
//! (`validate_legacy`, the `validate_*` and `is_*` shims) all write the one
//! form that hands the dispatcher `[scope] + args`, so their dispatches'
//! first parameter is the scope:
//!
//! ```ruby
//! def call(scope, *args)
//!   manipulated_args = [scope] + args
//!   self.class.dispatcher.dispatch(self, scope, manipulated_args)
//! end
//! ```
//!
//! That form is run as dispatching on `[scope] + args`; any other `call`
//! would need the dispatcher as a Ruby object, and is refused.

use crate::ast::{DefParam, Kind, Node, ParamKind};

/// Whether `def call(params) body` is the form above (with the scope and
/// the arguments under any names, the array built inline or first in a
/// variable).
pub(super) fn passes_scope_first(params: &[DefParam], body: &[Node]) -> bool {
    let [scope, args] = params else { return false };
    if scope.kind != ParamKind::Required || args.kind != ParamKind::Rest {
        return false;
    }
    let prepended = |n: &Node| match &n.kind {
        Kind::Call { recv: Some(lhs), name, args: rhs, block: None } if name == "+" => {
            matches!(&lhs.kind, Kind::Array(items) if matches!(items.as_slice(), [s] if is_name(s, &scope.name)))
                && matches!(rhs.as_slice(), [a] if is_name(a, &args.name))
        }
        _ => false,
    };
    match body {
        [last] => dispatches(last, &scope.name, &prepended),
        [first, last] => match &first.kind {
            Kind::Assign(target, value) => match &target.kind {
                Kind::Local(var) if prepended(value) => dispatches(last, &scope.name, &|n| is_name(n, var)),
                _ => false,
            },
            _ => false,
        },
        _ => false,
    }
}

/// Whether `n` is `self.class.dispatcher.dispatch(self, scope, X)` with
/// `X` as `given` wants it.
fn dispatches(n: &Node, scope: &str, given: &dyn Fn(&Node) -> bool) -> bool {
    let Kind::Call { recv: Some(recv), name, args, block: None } = &n.kind else { return false };
    let [this, s, x] = args.as_slice() else { return false };
    name == "dispatch"
        && is_call(recv, "dispatcher").is_some_and(|r| is_call(r, "class").is_some_and(|r| is_name(r, "self")))
        && is_name(this, "self")
        && is_name(s, scope)
        && given(x)
}

/// The receiver of `n` when it is `recv.name` without arguments.
fn is_call<'n>(n: &'n Node, method: &str) -> Option<&'n Node> {
    match &n.kind {
        Kind::Call { recv: Some(recv), name, args, block: None } if name == method && args.is_empty() => Some(recv),
        _ => None,
    }
}

/// Whether `n` is the local variable (or, unassigned, the bare name) `name`.
fn is_name(n: &Node, name: &str) -> bool {
    match &n.kind {
        Kind::Local(l) => l == name,
        Kind::Call { recv: None, name: m, args, block: None } => m == name && args.is_empty(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call_method(text: &str) -> (Vec<DefParam>, Vec<Node>) {
        let program = crate::parse_program(text).expect("parses");
        match program.into_iter().next().map(|n| n.kind) {
            Some(Kind::Def(_, params, body)) => (params, body),
            other => panic!("not a def: {other:?}"),
        }
    }

    #[test]
    fn stdlibs_form_passes_the_scope_first() {
        for text in [
            "def call(scope, *args)\n  manipulated_args = [scope] + args\n  self.class.dispatcher.dispatch(self, scope, manipulated_args)\nend",
            "def call(s, *a)\n  self.class.dispatcher.dispatch(self, s, [s] + a)\nend",
        ] {
            let (params, body) = call_method(text);
            assert!(passes_scope_first(&params, &body), "{text}");
        }
    }

    #[test]
    fn any_other_call_is_not_that_form() {
        for text in [
            "def call(scope, *args)\n  self.class.dispatcher.dispatch(self, scope, args)\nend",
            "def call(scope, *args)\n  Puppet.notice('x')\n  self.class.dispatcher.dispatch(self, scope, [scope] + args)\nend",
            "def call(scope, args)\n  self.class.dispatcher.dispatch(self, scope, [scope] + args)\nend",
        ] {
            let (params, body) = call_method(text);
            assert!(!passes_scope_first(&params, &body), "{text}");
        }
    }
}
