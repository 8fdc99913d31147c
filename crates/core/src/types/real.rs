//! Whether a type alias stands for a real type: `type T = T`,
//! `type A = B type B = A` and `type T = Variant[T, T]` describe no value, and
//! Puppet refuses them when they are resolved instead of answering `false`.

use std::collections::HashSet;

use super::{Type, TypeAlias};

impl TypeAlias {
    /// Puppet's `AssertOtherTypeAcceptor`: the alias is real when following
    /// aliases and `Variant` members from its target reaches some other type.
    /// An alias still being resolved counts as real (Puppet stands a type
    /// reference in for it meanwhile), and so does one not yet resolved.
    pub fn is_real(&self) -> bool {
        let Some(target) = self.target() else { return true };
        let mut seen: HashSet<&str> = HashSet::from([self.name.as_str()]);
        let mut pending = vec![target];
        while let Some(t) = pending.pop() {
            match t {
                Type::Alias(a) => match a.0.target() {
                    None => return true,
                    Some(target) if seen.insert(a.0.name.as_str()) => pending.push(target),
                    Some(_) => {}
                },
                Type::Variant(members) => pending.extend(members.0.iter()),
                _ => return true,
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{AliasRef, Unordered};

    #[test]
    fn aliases_of_only_themselves_are_not_real() {
        let t = TypeAlias::new("T");
        t.resolve(Type::Variant(Unordered(vec![Type::Alias(AliasRef(t.clone())), Type::Alias(AliasRef(t.clone()))])));
        assert!(!t.is_real());
        let tree = TypeAlias::new("Tree");
        tree.resolve(Type::Variant(Unordered(vec![
            Type::Integer(Default::default()),
            Type::Alias(AliasRef(tree.clone())),
        ])));
        assert!(tree.is_real());
    }
}
