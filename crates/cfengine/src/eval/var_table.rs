//! The order in which cf-agent walks its variable table, which is the order
//! of everything it collects from an array variable (`getindices`,
//! `getvalues`, `mergedata` of `x[i]` variables…). cf-agent keeps the
//! global variables in libntech's hash map (`VarMap`, a `Map` over
//! `VarRefHash`): a walk visits the buckets in index order and, inside a
//! bucket, the newest entry first. The bucket of a variable is its
//! `VarRefHash` masked by the table's size, which starts at 128 buckets
//! (`DEFAULT_HASHMAP_INIT_SIZE`) and doubles whenever more than three
//! quarters are used (hash_map.c's `MAX_LOAD_FACTOR`), so the order depends
//! on how many variables exist at the moment of the walk, as in cf-agent.
//!
//! The table's size and chains are replayed from the variables' insertion
//! order; a variable removed since (a bundle's arrays cleared on return)
//! no longer counts, where in cf-agent the table may not have shrunk.

use std::collections::BTreeMap;

use crate::eval::defined::VarKey;

/// `DEFAULT_HASHMAP_INIT_SIZE`: the buckets of the table when it stops
/// being a small array map.
const INITIAL_BUCKETS: usize = 128;

/// One step of the Jenkins one-at-a-time hash over `bytes`, which
/// cf-agent feeds as (signed) `char`s.
fn mix(mut h: u32, bytes: &[u8]) -> u32 {
    for &b in bytes {
        h = h.wrapping_add(b as i8 as i32 as u32);
        h = h.wrapping_add(h << 10);
        h ^= h >> 6;
    }
    h
}

/// var_expressions.c's `VarRefHash` of a qualified reference: namespace
/// (`default` for the special scopes, which have none), scope, name, and
/// each index after a `]` separator (so that `v[te][st]` and `v[t][e][s][t]`
/// differ).
pub fn var_ref_hash(k: &VarKey) -> u32 {
    let mut h = mix(0, k.ns.as_deref().unwrap_or("default").as_bytes());
    h = mix(h, k.scope.as_bytes());
    h = mix(h, k.lval.as_bytes());
    for i in &k.indices {
        h = mix(h, b"]");
        h = mix(h, i.as_bytes());
    }
    h = h.wrapping_add(h << 3);
    h ^= h >> 11;
    h.wrapping_add(h << 15)
}

/// An entry collected from the table: its position in insertion order,
/// its key, and what the caller keeps with it.
pub type Entry<'a, T> = (usize, &'a VarKey, T);

/// The chains of the replayed table by bucket, each chain's head last, with
/// each entry's hash.
type Chains<'a, T> = BTreeMap<usize, Vec<(u32, Entry<'a, T>)>>;

/// Puts `entries` (each with its variable's key and its position in
/// insertion order) into the order of a walk over the table once it holds
/// `len` variables, by replaying their insertion: each entry goes to the
/// head of its bucket's chain, and each time the table grows, libntech
/// moves the chains bucket by bucket, head first, to the heads of the new
/// chains (which reverses entries that stay together). Only the entries
/// collected are replayed; the others matter only by their number.
pub fn sort_as_walked<T>(entries: Vec<Entry<T>>, len: usize) -> Vec<Entry<T>> {
    let mut entries = entries;
    entries.sort_by_key(|e| e.0);
    let mut chains: Chains<T> = BTreeMap::new();
    let mut size = INITIAL_BUCKETS;
    let grow = |chains: &mut Chains<T>, size: &mut usize, count: usize| {
        while count > *size * 3 / 4 {
            *size <<= 1;
            let mask = *size - 1;
            let old = std::mem::take(chains);
            for (_, chain) in old {
                for item in chain.into_iter().rev() {
                    chains.entry(item.0 as usize & mask).or_default().push(item);
                }
            }
        }
    };
    for e in entries {
        // The entry is the table's `e.0 + 1`th variable: the table has grown
        // for every variable before it, then takes it, then may grow again.
        let count = e.0 + 1;
        grow(&mut chains, &mut size, count - 1);
        let h = var_ref_hash(e.1);
        chains.entry(h as usize & (size - 1)).or_default().push((h, e));
        grow(&mut chains, &mut size, count);
    }
    grow(&mut chains, &mut size, len);
    chains.into_values().flat_map(|chain| chain.into_iter().rev().map(|(_, e)| e)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(ns: Option<&str>, scope: &str, lval: &str, indices: &[&str]) -> VarKey {
        VarKey {
            ns: ns.map(str::to_string),
            scope: scope.into(),
            lval: lval.into(),
            indices: indices.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn default_namespace_hashes_as_cf_agent_constant() {
        // var_expressions.c uses 1195645448 for an unset namespace: the
        // hash of "default" before the final avalanche.
        assert_eq!(mix(0, b"default"), 1_195_645_448);
        assert_eq!(var_ref_hash(&key(None, "sys", "os", &[])), var_ref_hash(&key(Some("default"), "sys", "os", &[])));
    }

    #[test]
    fn indices_are_separated() {
        assert_ne!(
            var_ref_hash(&key(None, "s", "v", &["te", "st"])),
            var_ref_hash(&key(None, "s", "v", &["t", "est"]))
        );
    }

    #[test]
    fn walk_follows_buckets_then_chains() {
        let a = key(None, "s", "input", &["a"]);
        let b = key(None, "s", "input", &["b"]);
        let bucket = |k: &VarKey, size: usize| var_ref_hash(k) as usize & (size - 1);
        let walked: Vec<usize> = sort_as_walked(vec![(0, &a, ()), (1, &b, ())], 2).into_iter().map(|e| e.0).collect();
        let expected = if bucket(&a, 128) <= bucket(&b, 128) { [0, 1] } else { [1, 0] };
        assert_eq!(walked, expected);
    }
}
