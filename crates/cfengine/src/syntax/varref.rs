//! Variable references `ns:scope.lval[i][j]`, parsed as var_expressions.c's
//! `VarRefParseFromNamespaceAndScope` does.

use std::fmt;

/// The scopes that are not bundles.
pub fn is_special_scope(scope: &str) -> bool {
    matches!(scope, "const" | "edit" | "match" | "mon" | "sys" | "this" | "body" | "def")
}

/// `this.` variables that really live in the `this` scope; any other
/// `this.x` means the unqualified `x`.
fn is_this_special(lval: &str) -> bool {
    matches!(
        lval,
        "promiser"
            | "handle"
            | "bundle"
            | "namespace"
            | "promise_filename"
            | "promise_dirname"
            | "promise_linenumber"
            | "promiser_uid"
            | "promiser_gid"
            | "promiser_pid"
            | "promiser_ppid"
            | "with"
            | "k"
            | "v"
            | "this"
            | "callers_promisers"
            | "callers_string"
            | "service_policy"
    )
}

/// A parsed variable reference.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VarRef {
    /// Namespace; `None` for the special scopes.
    pub ns: Option<String>,
    /// Bundle name or special scope; `None` when unqualified.
    pub scope: Option<String>,
    /// The variable's name.
    pub lval: String,
    /// Array indices.
    pub indices: Vec<String>,
}

impl VarRef {
    /// Parses a promiser as a `vars` promise names its variable: the
    /// namespace and scope default to `bundle`'s (`default` outside one).
    pub fn in_bundle(promiser: &str, bundle: Option<&crate::syntax::ast::Bundle>) -> VarRef {
        let ns = bundle.map_or("default", |b| b.ns.as_str());
        let scope = bundle.map_or("default", |b| b.name.as_str());
        VarRef::parse_with(promiser, Some(ns), Some(scope))
    }

    /// Parses `name`, defaulting namespace and scope to `ns`/`scope`.
    pub fn parse_with(name: &str, ns: Option<&str>, scope: Option<&str>) -> VarRef {
        Self::parse_sep(name, ns, scope, ':', '.')
    }

    /// Parses with custom separators (the iteration engine's mangled names).
    pub fn parse_sep(name: &str, ns: Option<&str>, scope: Option<&str>, ns_sep: char, scope_sep: char) -> VarRef {
        let idx_start = name.find('[');
        let before = |p: usize| idx_start.is_none_or(|i| p < i);
        let (ref_ns, rest) = match name.find(ns_sep) {
            Some(p) if before(p) => (Some(&name[..p]), &name[p + ns_sep.len_utf8()..]),
            _ => (None, name),
        };
        let rest_idx = rest.find('[');
        let (ref_scope, lval_part) = match rest.find(scope_sep) {
            Some(p) if rest_idx.is_none_or(|i| p < i) => (Some(&rest[..p]), &rest[p + scope_sep.len_utf8()..]),
            _ => (None, rest),
        };
        let (lval, indices) = match lval_part.find('[') {
            Some(p) => (lval_part[..p].to_string(), parse_indices(&lval_part[p..])),
            None => (lval_part.to_string(), vec![]),
        };
        let mut ns = ns;
        let mut ref_scope = ref_scope.map(str::to_string);
        if let Some(s) = &ref_scope {
            if is_special_scope(s) {
                ns = None;
            }
            if s == "this" && !is_this_special(&lval) {
                ref_scope = None;
            }
        }
        let ns = match ref_ns {
            Some(n) => Some(n.to_string()),
            None => ns.map(str::to_string),
        };
        let scope = ref_scope.or_else(|| scope.map(str::to_string));
        VarRef { ns, scope, lval, indices }
    }

    /// Parses an unqualified-by-default reference.
    pub fn parse(name: &str) -> VarRef {
        Self::parse_with(name, None, None)
    }

    /// Whether a scope was given.
    pub fn is_qualified(&self) -> bool {
        self.scope.is_some()
    }

    /// The same reference without indices.
    pub fn indexless(&self) -> VarRef {
        VarRef { indices: vec![], ..self.clone() }
    }

    /// `lval[i][j]`, without namespace or scope.
    pub fn name_with_indices(&self) -> String {
        let mut s = self.lval.clone();
        for i in &self.indices {
            s.push('[');
            s.push_str(i);
            s.push(']');
        }
        s
    }
}

/// Splits `[a][b[c]]` into `a`, `b[c]` (nested brackets stay in an index).
fn parse_indices(s: &str) -> Vec<String> {
    let mut out = vec![];
    let mut depth = 0usize;
    let mut cur = String::new();
    for c in s.chars() {
        match c {
            '[' => {
                if depth > 0 {
                    cur.push(c);
                }
                depth += 1;
            }
            ']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    out.push(std::mem::take(&mut cur));
                } else {
                    cur.push(c);
                }
            }
            _ if depth > 0 => cur.push(c),
            _ => {}
        }
    }
    out
}

impl fmt::Display for VarRef {
    /// `ns:scope.lval[i]` with the parts that are set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let (Some(ns), Some(_)) = (&self.ns, &self.scope) {
            write!(f, "{ns}:")?;
        }
        if let Some(s) = &self.scope {
            write!(f, "{s}.")?;
        }
        f.write_str(&self.name_with_indices())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_qualified() {
        let r = VarRef::parse("ns:b.x[k][j]");
        assert_eq!(r.ns.as_deref(), Some("ns"));
        assert_eq!(r.scope.as_deref(), Some("b"));
        assert_eq!(r.lval, "x");
        assert_eq!(r.indices, vec!["k", "j"]);
        let r = VarRef::parse("x[a.b]");
        assert_eq!(r.scope, None);
        assert_eq!(r.indices, vec!["a.b"]);
        let r = VarRef::parse("this.foo");
        assert_eq!(r.scope, None);
    }
}
