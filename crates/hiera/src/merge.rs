//! Merge strategies (`first`, `unique`, `hash`, `deep`) as Puppet's
//! `MergeStrategy` classes apply them, and the `deep_merge` gem's algorithm
//! that `deep` delegates to — knockouts, `merge_hash_arrays` and
//! `sort_merged_arrays` included, quirks and all, because the result must be
//! the one Puppet gives.

use confer_core::{HashMap, Value};
use indexmap::IndexSet;

use crate::error::HieraError;

/// Options of the `deep` strategy.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DeepOptions {
    /// Values (and array elements) starting with this prefix remove what
    /// they name from lower-priority data.
    pub knockout_prefix: Option<String>,
    /// Sort arrays after merging them.
    pub sort_merged_arrays: bool,
    /// Merge arrays of hashes element by element.
    pub merge_hash_arrays: bool,
}

/// A merge strategy.
#[derive(Clone, Debug, PartialEq)]
pub enum Strategy {
    /// The first value found wins (`first`, and `default`).
    First,
    /// Arrays flattened and concatenated, duplicates removed.
    Unique,
    /// Hashes merged on their top-level keys.
    Hash,
    /// Hashes and arrays merged recursively.
    Deep(DeepOptions),
}

fn get<'v>(h: &'v HashMap, k: &str) -> Option<&'v Value> {
    h.get(&Value::from(k))
}

impl Strategy {
    /// The strategy a `merge` argument or lookup option names: a string, or
    /// a hash with `strategy` and the deep options.
    pub fn from_value(v: &Value) -> Result<Strategy, HieraError> {
        let err = |message: String| HieraError::Merge { message };
        let (name, options) = match v {
            Value::Undef => return Ok(Strategy::First),
            Value::String(s) => (s.to_string(), None),
            Value::Hash(h) => match get(h, "strategy") {
                Some(Value::String(s)) => (s.to_string(), Some(h)),
                _ => {
                    return Err(err("The hash given as 'merge' must contain the name of a strategy in string form for the key 'strategy'".into()))
                }
            },
            other => return Err(err(format!("Unknown merge strategy: '{}'", confer_core::value::to_s(other)))),
        };
        Ok(match name.as_str() {
            "first" | "default" => Strategy::First,
            "unique" => Strategy::Unique,
            "hash" => Strategy::Hash,
            "deep" => {
                let mut o = DeepOptions::default();
                if let Some(h) = options {
                    o.knockout_prefix = get(h, "knockout_prefix").and_then(Value::as_str).map(str::to_string);
                    o.sort_merged_arrays = get(h, "sort_merged_arrays").is_some_and(Value::is_truthy);
                    o.merge_hash_arrays = get(h, "merge_hash_arrays").is_some_and(Value::is_truthy);
                }
                if o.knockout_prefix.as_deref() == Some("") {
                    return Err(err("knockout_prefix cannot be an empty string in deep_merge!".into()));
                }
                Strategy::Deep(o)
            }
            other => return Err(err(format!("Unknown merge strategy: '{other}'"))),
        })
    }

    /// The strategy's name, as `--explain` prints it.
    pub fn name(&self) -> &'static str {
        match self {
            Strategy::First => "first",
            Strategy::Unique => "unique",
            Strategy::Hash => "hash",
            Strategy::Deep(_) => "deep",
        }
    }

    /// What a strategy does with the only value found (`merge_single`).
    pub fn single(&self, v: Value) -> Value {
        match (self, &v) {
            (Strategy::Unique, Value::Array(items)) => Value::array(uniq(items.iter().cloned())),
            _ => v,
        }
    }

    /// What a strategy does with the first of several values (`convert_value`).
    pub fn first_of_many(&self, v: Value) -> Value {
        match self {
            Strategy::Unique => Value::array(flatten(&v)),
            _ => v,
        }
    }

    /// Merges `higher` (found first) with `lower` (`checked_merge(e1, e2)`).
    pub fn merge(&self, higher: Value, lower: Value) -> Result<Value, HieraError> {
        match self {
            Strategy::First => Ok(higher),
            Strategy::Unique => {
                for (what, v) in [("first", &higher), ("second", &lower)] {
                    if matches!(v, Value::Hash(_)) {
                        return Err(HieraError::Merge {
                            message: format!(
                                "The {what} element of the merge expects a value of type Scalar or Array, got Hash"
                            ),
                        });
                    }
                }
                Ok(Value::array(uniq(flatten(&higher).into_iter().chain(flatten(&lower)))))
            }
            Strategy::Hash => {
                let (Value::Hash(h), Value::Hash(l)) = (&higher, &lower) else {
                    let (what, v) =
                        if matches!(higher, Value::Hash(_)) { ("second", &lower) } else { ("first", &higher) };
                    return Err(HieraError::Merge {
                        message: format!("The {what} element of the merge expects a Hash value, got {}", v.type_name()),
                    });
                };
                let mut out = l.to_map();
                for (k, v) in h.iter() {
                    out.insert(k.clone(), v.clone());
                }
                Ok(Value::hash(out))
            }
            Strategy::Deep(o) => Ok(deep_merge(&higher, lower, o)),
        }
    }
}

fn flatten(v: &Value) -> Vec<Value> {
    match v {
        Value::Array(items) => items.iter().flat_map(flatten).collect(),
        other => vec![other.clone()],
    }
}

fn uniq(items: impl Iterator<Item = Value>) -> Vec<Value> {
    items.collect::<IndexSet<Value>>().into_iter().collect()
}

/// Ruby truthiness of a merge destination (`nil` and `false` are empty).
fn present(v: &Value) -> bool {
    !matches!(v, Value::Undef | Value::Boolean(false))
}

/// `DeepMerge.deep_merge!(source, dest)`: `source` has priority.
pub fn deep_merge(source: &Value, dest: Value, o: &DeepOptions) -> Value {
    if source.is_undef() {
        return dest;
    }
    if !present(&dest) {
        return source.clone();
    }
    match source {
        Value::Hash(src) => match dest {
            Value::Hash(d) => {
                let mut d = d.to_map();
                for (k, v) in src.iter() {
                    let merged = match d.get(k).filter(|dv| present(dv)) {
                        Some(dv) => deep_merge(v, dv.clone(), o),
                        None => deep_merge(v, v.clone(), o),
                    };
                    d.insert(k.clone(), merged);
                }
                Value::hash(d)
            }
            // Ruby overwrites the destination with the source at the first
            // key, then merges each later key with itself.
            dest => match overwrite_unmergeables(source, dest, o) {
                Value::Hash(h) => {
                    let mut out = h.to_map();
                    for (k, v) in src.iter().skip(1) {
                        out.insert(k.clone(), deep_merge(v, v.clone(), o));
                    }
                    Value::hash(out)
                }
                other => other,
            },
        },
        Value::Array(src) => {
            let mut src: Vec<Value> = src.to_vec();
            let mut dest = dest;
            if let Some(ko) = &o.knockout_prefix {
                let marker = Value::from(ko.as_str());
                if src.contains(&marker) {
                    dest = clear_or_nil(dest);
                    src.retain(|x| x != &marker);
                }
            }
            let Value::Array(d) = dest else { return overwrite_unmergeables(&Value::array(src), dest, o) };
            let mut d: Vec<Value> = d.to_vec();
            if let Some(ko) = &o.knockout_prefix {
                src.retain(|item| match item.as_str().and_then(|s| s.strip_prefix(ko.as_str())) {
                    Some(stripped) => {
                        let stripped = Value::from(stripped);
                        d.retain(|x| x != &stripped && x != item);
                        false
                    }
                    None => true,
                });
            }
            let all_hashes = |a: &[Value]| a.iter().all(|v| matches!(v, Value::Hash(_)));
            let mut merged = if o.merge_hash_arrays && all_hashes(&src) && all_hashes(&d) {
                let mut list: Vec<Value> = d
                    .iter()
                    .enumerate()
                    .map(|(i, dv)| deep_merge(src.get(i).unwrap_or(&Value::hash(HashMap::new())), dv.clone(), o))
                    .collect();
                list.extend(src.iter().skip(d.len()).cloned());
                list
            } else {
                uniq(d.into_iter().chain(src))
            };
            if o.sort_merged_arrays {
                sort(&mut merged);
            }
            Value::array(merged)
        }
        _ => overwrite_unmergeables(source, dest, o),
    }
}

/// Ruby's `sort` on strings or on numbers; a mix is left as it is (Ruby
/// would raise).
fn sort(items: &mut [Value]) {
    if items.iter().all(|v| matches!(v, Value::String(_))) {
        items.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
    } else if items.iter().all(|v| matches!(v, Value::Integer(_) | Value::Float(_))) {
        let num = |v: &Value| match v {
            Value::Integer(i) => *i as f64,
            Value::Float(f) => *f,
            _ => 0.0,
        };
        items.sort_by(|a, b| num(a).total_cmp(&num(b)));
    }
}

fn clear_or_nil(v: Value) -> Value {
    match v {
        Value::Array(_) => Value::array(Vec::new()),
        Value::Hash(_) => Value::hash(HashMap::new()),
        Value::String(_) => Value::from(""),
        _ => Value::Undef,
    }
}

fn overwrite_unmergeables(source: &Value, _dest: Value, o: &DeepOptions) -> Value {
    let Some(ko) = &o.knockout_prefix else { return source.clone() };
    match source {
        Value::String(s) => match s.strip_prefix(ko.as_str()) {
            Some(_) => Value::from(""),
            None => source.clone(),
        },
        Value::Array(items) => Value::array(
            items.iter().filter(|i| !i.as_str().is_some_and(|s| s.starts_with(ko.as_str()))).cloned().collect(),
        ),
        _ => source.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use confer_core::value::to_s;

    fn arr(items: &[&str]) -> Value {
        Value::array(items.iter().map(|s| Value::from(*s)).collect())
    }

    #[test]
    fn unique_flattens_and_keeps_first_occurrences() {
        let m = Strategy::Unique.merge(arr(&["a", "b"]), arr(&["b", "c"])).unwrap();
        assert_eq!(to_s(&m), "[a, b, c]");
    }

    #[test]
    fn deep_arrays_keep_the_lower_order_and_knock_out() {
        let o = DeepOptions { knockout_prefix: Some("--".into()), ..Default::default() };
        let m = deep_merge(&arr(&["--b", "d"]), arr(&["a", "b", "c"]), &o);
        assert_eq!(to_s(&m), "[a, c, d]");
    }

    #[test]
    fn hash_merge_keeps_the_lower_keys_first() {
        let mut h = HashMap::new();
        h.insert(Value::from("b"), Value::Integer(2));
        let mut l = HashMap::new();
        l.insert(Value::from("a"), Value::Integer(1));
        l.insert(Value::from("b"), Value::Integer(0));
        let m = Strategy::Hash.merge(Value::hash(h), Value::hash(l)).unwrap();
        assert_eq!(to_s(&m), "{a => 1, b => 2}");
    }
}
