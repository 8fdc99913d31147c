//! `Array.new` and `Hash.new` (also behind `Tuple` and `Struct`).

use super::{invalid, ConvertError};
use crate::value::iterable::elements;
use crate::{HashMap, Value};

/// `Array.new(value, wrap = false)`: arrays stay, hashes become `[key, value]`
/// pairs, other iterables give their elements; with `wrap`, anything that is
/// not an array becomes a one-element array.
pub fn array(args: &[Value]) -> Result<Value, ConvertError> {
    let (v, wrap) = match args {
        [v] => (v, false),
        [v, Value::Boolean(w)] => (v, *w),
        _ => return Err(invalid(format!("'new' for Array expects 1 or 2 arguments, got {}", args.len()))),
    };
    match v {
        Value::Array(_) => Ok(v.clone()),
        _ if wrap => Ok(Value::array(vec![v.clone()])),
        _ => elements(v).map(|e| Value::array(e.into_values())).map_err(|_| {
            invalid(format!(
                "'new_array' Value of type {} cannot be converted to Array",
                crate::types::infer::infer_generalized(v)
            ))
        }),
    }
}

/// `Hash.new(value)`: a hash stays; an array of `[key, value]` pairs or of
/// alternating keys and values becomes a hash; other iterables go through
/// their array form.
pub fn hash(args: &[Value]) -> Result<Value, ConvertError> {
    let [v] = args else {
        return Err(invalid(format!("'new' for Hash expects 1 argument, got {}", args.len())));
    };
    let items = match v {
        Value::Hash(_) => return Ok(v.clone()),
        Value::Array(items) => items.to_vec(),
        other => elements(other)
            .map(|e| e.into_values())
            .map_err(|_| invalid(format!("Value of type {} cannot be converted to Hash", other.type_name())))?,
    };
    let out = hash_entries(&items).ok_or_else(|| invalid("odd number of arguments for Hash"))?;
    Ok(Value::hash(out))
}

/// The entries an array stands for as a hash: `[[k, v], ...]` pairs, or
/// alternating keys and values; `None` for an odd number of elements.
pub fn hash_entries(items: &[Value]) -> Option<HashMap> {
    let mut out = HashMap::new();
    let pairs = items.iter().all(|i| matches!(i, Value::Array(p) if p.len() == 2));
    if pairs && !items.is_empty() {
        for i in items {
            if let Value::Array(p) = i {
                out.insert(p[0].clone(), p[1].clone());
            }
        }
    } else if items.len().is_multiple_of(2) {
        for chunk in items.chunks(2) {
            out.insert(chunk[0].clone(), chunk[1].clone());
        }
    } else {
        return None;
    }
    Some(out)
}
