//! Iteration over values, and lazy iterators. Spec: "Iterable", "Iterator" —
//! arrays give their elements, hashes their entries, strings their characters,
//! an integer `n` the numbers `0..n`, `Integer[a, b]` its members and an enum
//! type its strings; an iterator is a recipe over such a source (reversed,
//! stepped) that produces elements only when something consumes it.

use std::ops::RangeInclusive;
use std::sync::Arc;

use super::Value;
use crate::error::CoreError;
use crate::types::Type;

/// The most elements an integer or range iteration may produce, so that a typo
/// like `Integer[0, 9999999999]` fails instead of running for hours.
pub const MAX_ITERATIONS: i64 = 10_000_000;

/// The elements of an iterable value.
#[derive(Clone, Debug)]
pub enum Elements {
    /// Single values (arrays, strings, counts, ranges, enums).
    Values(Vec<Value>),
    /// Key/value entries (hashes).
    Pairs(Vec<(Value, Value)>),
}

impl Elements {
    /// The elements as values; hash entries become `[key, value]` arrays.
    pub fn into_values(self) -> Vec<Value> {
        match self {
            Elements::Values(vs) => vs,
            Elements::Pairs(ps) => ps.into_iter().map(|(k, v)| Value::array(vec![k, v])).collect(),
        }
    }

    /// How many elements (entries, for a hash) there are.
    pub fn len(&self) -> usize {
        match self {
            Elements::Values(vs) => vs.len(),
            Elements::Pairs(ps) => ps.len(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn reverse(&mut self) {
        match self {
            Elements::Values(vs) => vs.reverse(),
            Elements::Pairs(ps) => ps.reverse(),
        }
    }

    fn step(self, n: usize) -> Elements {
        match self {
            Elements::Values(vs) => Elements::Values(vs.into_iter().step_by(n).collect()),
            Elements::Pairs(ps) => Elements::Pairs(ps.into_iter().step_by(n).collect()),
        }
    }
}

/// One transformation an iterator applies to its source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IterOp {
    /// `reverse_each`: the elements in reverse order.
    Reverse,
    /// `step(n)`: every `n`th element, starting with the first.
    Step(usize),
}

/// A lazy iterator value: a source and the transformations to apply.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Iteration {
    /// The iterated value.
    pub source: Value,
    /// Transformations, applied in order.
    pub ops: Vec<IterOp>,
}

impl Iteration {
    /// An iterator over `source` that applies `op`; chaining onto an iterator
    /// extends its recipe instead of nesting.
    pub fn chain(source: Value, op: IterOp) -> Value {
        let iteration = match source {
            Value::Iterator(it) => {
                let mut ops = it.ops.clone();
                ops.push(op);
                Iteration { source: it.source.clone(), ops }
            }
            other => Iteration { source: other, ops: vec![op] },
        };
        Value::Iterator(Arc::new(iteration))
    }
}

/// The integers an iteration over `v` gives when `v` is a count (`n`: `0`
/// to `n - 1`) or an `Integer` range type: what [`elements`] lists for it,
/// without the list (an iteration can take them one at a time). `None` for
/// any other value.
pub fn integer_range(v: &Value) -> Option<Result<RangeInclusive<i64>, CoreError>> {
    let range = |from: i64, to: i64| -> Result<RangeInclusive<i64>, CoreError> {
        if to.saturating_sub(from) >= MAX_ITERATIONS {
            return Err(CoreError::Operand(format!("refusing to iterate over more than {MAX_ITERATIONS} values")));
        }
        Ok(from..=to)
    };
    match v {
        Value::Integer(n) => Some(range(0, n.saturating_sub(1))),
        Value::Type(t) => match t.resolved() {
            Type::Integer(r) => Some(match (r.from, r.to) {
                (Some(from), Some(to)) => range(from, to),
                _ => Err(CoreError::Operand(format!("the type {t} is an unbounded range and cannot be iterated"))),
            }),
            _ => None,
        },
        _ => None,
    }
}

/// The elements of `v`, or an error saying why it cannot be iterated.
pub fn elements(v: &Value) -> Result<Elements, CoreError> {
    if let Some(range) = integer_range(v) {
        return Ok(Elements::Values(range?.map(Value::Integer).collect()));
    }
    match v {
        Value::Array(items) => Ok(Elements::Values(items.to_vec())),
        Value::String(s) => Ok(Elements::Values(s.chars().map(|c| Value::from(c.to_string())).collect())),
        Value::Hash(map) => Ok(Elements::Pairs(map.iter().map(|(k, v)| (k.clone(), v.clone())).collect())),
        Value::Iterator(it) => {
            let mut elems = elements(&it.source)?;
            for op in &it.ops {
                elems = match op {
                    IterOp::Reverse => {
                        elems.reverse();
                        elems
                    }
                    IterOp::Step(n) => elems.step(*n),
                };
            }
            Ok(elems)
        }
        Value::Type(t) => match t.resolved() {
            // An unparameterised `Enum` iterates over nothing, as in Puppet.
            Type::Enum(e) => Ok(Elements::Values(e.values.iter().cloned().map(Value::String).collect())),
            _ => Err(CoreError::Operand(format!("the type {t} is not iterable"))),
        },
        other => Err(CoreError::Operand(format!("a {} value is not iterable", other.type_name()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(v: &[i64]) -> Value {
        Value::array(v.iter().map(|i| Value::Integer(*i)).collect())
    }

    #[test]
    fn iterators_compose_lazily() {
        let it = Iteration::chain(ints(&[1, 2, 3, 4, 5]), IterOp::Reverse);
        let it = Iteration::chain(it, IterOp::Step(2));
        let Value::Iterator(inner) = &it else { panic!("an iterator") };
        assert_eq!(inner.ops, vec![IterOp::Reverse, IterOp::Step(2)]);
        assert_eq!(elements(&it).unwrap().into_values(), ints(&[5, 3, 1]).as_array().unwrap().to_vec());
    }

    #[test]
    fn counts_and_ranges() {
        assert_eq!(elements(&Value::Integer(3)).unwrap().into_values().len(), 3);
        let huge = Value::from_type(Type::Integer(crate::types::IntRange::new(Some(0), Some(i64::MAX))));
        assert!(elements(&huge).is_err());
        let open = Value::from_type(Type::Integer(crate::types::IntRange::new(Some(0), None)));
        assert!(elements(&open).is_err());
    }
}
