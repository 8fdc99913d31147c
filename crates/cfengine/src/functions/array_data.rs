//! Associative arrays (`name[k]`, `name[k][j]` variables) turned into a
//! data container, as cf-agent's `VarRefValueToJson` does for the
//! collection functions (`getindices`, `getvalues`, `maparray`, `mergedata`
//! of an array…): the variables in the order its table walks them
//! ([`crate::eval::var_table`]), nested indices as nested objects.

use confer_core::Value;

use super::host::FunctionHost;
use crate::data::value::Rv;

/// An associative array `name[k]...` collected into an object, as cf-agent
/// turns arrays into containers for the collection functions.
pub(crate) fn array_as_data(ctx: &dyn FunctionHost, name: &str) -> Option<Value> {
    let ns = ctx.ns();
    let r = crate::syntax::varref::VarRef::parse_with(name, Some(&ns), None);
    let b = ctx.bundle()?;
    let scope = r.scope.clone().unwrap_or_else(|| b.name.clone());
    let rns = r.ns.clone().unwrap_or_else(|| b.ns.clone());
    let mut root = serde_like::Obj::default();
    let entries: Vec<_> = ctx
        .defined()
        .vars
        .iter()
        .enumerate()
        .filter(|(_, (k, _))| {
            k.scope == scope
                && k.lval == r.lval
                && k.ns.as_deref().unwrap_or("default") == rns
                && k.indices.len() >= r.indices.len()
                && k.indices[..r.indices.len()] == r.indices[..]
        })
        .map(|(pos, (k, var))| (pos, k, var))
        .collect();
    let depth = r.indices.len();
    let found = entries.iter().any(|(_, k, _)| k.indices.len() > depth);
    // `VarRefValueToJson` keeps the last key it set: the variable named by
    // the reference itself (`sys.ipv4` beside `sys.ipv4[lo]`), when the walk
    // meets it, overwrites the top-level entry of that key.
    let mut last_key: Option<String> = None;
    for (_, k, var) in crate::eval::var_table::sort_as_walked(entries, ctx.defined().vars.len()) {
        let leaf = match &var.rval {
            Rv::Scalar(s) => Value::String(s.to_string().into()),
            Rv::List(l) => {
                Value::array(l.iter().filter_map(|i| i.as_scalar().map(|s| Value::String(s.into()))).collect())
            }
            Rv::Container(c) => c.clone(),
            Rv::FnCall(_) => continue,
        };
        if k.indices.len() == depth {
            if let Some(key) = &last_key {
                root.insert(std::slice::from_ref(key), leaf);
            }
            continue;
        }
        last_key = k.indices.last().cloned();
        root.insert(&k.indices[depth..], leaf);
    }
    found.then(|| root.into_value())
}

/// A small ordered tree used to turn array variables into containers.
mod serde_like {

    use confer_core::{HashMap, Value};

    /// An object under construction.
    #[derive(Default)]
    pub struct Obj(Vec<(String, Node)>);

    enum Node {
        Leaf(Value),
        Obj(Obj),
    }

    impl Obj {
        /// Inserts `leaf` at `path`.
        pub fn insert(&mut self, path: &[String], leaf: Value) {
            let Some((first, rest)) = path.split_first() else {
                return;
            };
            let pos = self.0.iter().position(|(k, _)| k == first);
            if rest.is_empty() {
                // cf-agent does not replace a container with a scalar (CFE-2536).
                match pos {
                    Some(p) if matches!(self.0[p].1, Node::Obj(_)) => {}
                    Some(p) => self.0[p].1 = Node::Leaf(leaf),
                    None => self.0.push((first.clone(), Node::Leaf(leaf))),
                }
                return;
            }
            let p = match pos {
                Some(p) => p,
                None => {
                    self.0.push((first.clone(), Node::Obj(Obj::default())));
                    self.0.len() - 1
                }
            };
            if let Node::Leaf(_) = self.0[p].1 {
                self.0[p].1 = Node::Obj(Obj::default());
            }
            if let Node::Obj(o) = &mut self.0[p].1 {
                o.insert(rest, leaf);
            }
        }

        /// The finished object.
        pub fn into_value(self) -> Value {
            let mut m = HashMap::new();
            for (k, n) in self.0 {
                let v = match n {
                    Node::Leaf(v) => v,
                    Node::Obj(o) => o.into_value(),
                };
                m.insert(Value::String(k.into()), v);
            }
            Value::hash(m)
        }
    }
}
