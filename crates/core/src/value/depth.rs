//! How deeply values may nest. Every walk over a value (printing, comparing,
//! type checks, dropping) recurses once per level, so the depth is bounded
//! where deep values can be built — `reduce`'s memo, parsed YAML and JSON —
//! rather than in each walk. Puppet 7.23 itself fails with "stack level too
//! deep" on values a few thousand levels deep.

use super::Value;

/// The deepest nesting a value may have (an array in an array … counts one
/// level each).
pub const MAX_DEPTH: usize = 1000;

/// Whether `v` nests deeper than [`MAX_DEPTH`]. `known` is a container whose
/// depth was measured before (a memo from the previous iteration): meeting it
/// again costs nothing, so re-checking a value built around it is linear in
/// what is new.
pub fn too_deep(v: &Value, known: Option<(&Value, usize)>) -> bool {
    depth_of(v, known, MAX_DEPTH + 1) > MAX_DEPTH
}

/// The nesting depth of `v` (a scalar is 0), counting no further than `cap`.
pub fn depth_of(v: &Value, known: Option<(&Value, usize)>, cap: usize) -> usize {
    // A scalar (most of `reduce`'s memos) needs no walk, nor its list.
    if !matches!(v, Value::Array(_) | Value::Hash(_) | Value::Sensitive(_)) {
        return 0;
    }
    let mut deepest = 0;
    let mut pending = vec![(v, 0usize)];
    while let Some((v, level)) = pending.pop() {
        if let Some((k, depth)) = known {
            if v.same_object(k) {
                deepest = deepest.max(level + depth);
                continue;
            }
        }
        let children: Box<dyn Iterator<Item = &Value>> = match v {
            Value::Array(items) => Box::new(items.iter()),
            Value::Hash(map) => Box::new(map.iter().flat_map(|(k, v)| [k, v])),
            Value::Sensitive(inner) => Box::new(std::iter::once(&**inner)),
            _ => {
                deepest = deepest.max(level);
                continue;
            }
        };
        deepest = deepest.max(level + 1);
        if level + 1 >= cap {
            return cap;
        }
        pending.extend(children.map(|c| (c, level + 1)));
    }
    deepest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_counts_levels_and_reuses_what_it_knows() {
        let mut v = Value::Integer(1);
        for _ in 0..MAX_DEPTH {
            v = Value::array(vec![v]);
        }
        assert_eq!(depth_of(&v, None, usize::MAX), MAX_DEPTH);
        assert!(!too_deep(&v, None));
        let deeper = Value::array(vec![v.clone(), Value::Integer(2)]);
        assert!(too_deep(&deeper, Some((&v, MAX_DEPTH))));
    }
}
