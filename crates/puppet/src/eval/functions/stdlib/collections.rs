//! stdlib's functions on arrays and hashes: `pick`, `merge`, `concat`,
//! `union`, `difference`, `delete`, `prefix`, `has_key`, `range`, … in the
//! wording of stdlib's Ruby code.

use confer_core::undecided::any;
use confer_core::value::to_s;
use confer_core::{HashMap, Value};

use super::ruby::{class, inspect};
use crate::eval::flow::{fail, EvalResult, Flow};
use crate::eval::functions::{sig, Builtin, Call};

/// The collection functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::legacy("pick", -1, pick),
    Builtin::legacy("pick_default", -1, pick_default),
    Builtin::legacy("any2array", -1, any2array),
    Builtin::dispatch(
        "merge",
        &[
            sig("Variant[Hash[Scalar, Any], Undef, String[0, 0]] args*", merge),
            sig("Iterable args*, &Callable[3,3] block", |call| merge_with_block(call, true)),
            sig("Iterable args*, &Callable[2,2] block", |call| merge_with_block(call, false)),
        ],
    ),
    Builtin::legacy("deep_merge", -1, deep_merge),
    Builtin::legacy("concat", -1, concat),
    Builtin::legacy("union", -1, union),
    Builtin::legacy("difference", -1, difference),
    Builtin::legacy("intersection", -1, intersection),
    Builtin::legacy("delete", -1, delete),
    Builtin::legacy("delete_regex", -1, delete_regex),
    Builtin::legacy("delete_values", -1, delete_values),
    Builtin::legacy("delete_undef_values", -1, delete_undef_values),
    Builtin::legacy("has_key", -1, has_key),
    Builtin::legacy("join_keys_to_values", -1, join_keys_to_values),
    Builtin::legacy("prefix", -1, |call| affix(call, |affix, s| format!("{affix}{s}"))),
    Builtin::legacy("suffix", -1, |call| affix(call, |affix, s| format!("{s}{affix}"))),
    Builtin::legacy("hash", -1, hash),
    Builtin::legacy("zip", -1, zip),
];

fn parse_error(call: &Call<'_, '_>, message: impl Into<String>) -> Flow {
    fail(call.span, message.into())
}

/// Whether stdlib counts the value as missing: `undef` or `''`.
fn missing(v: &Value) -> bool {
    matches!(v, Value::Undef) || v.as_str() == Some("")
}

/// `pick(a, b, ...)`: the first value that is neither undef nor empty.
fn pick(call: &mut Call<'_, '_>) -> EvalResult {
    call.args
        .iter()
        .find(|v| !missing(v))
        .cloned()
        .ok_or_else(|| parse_error(call, "pick(): must receive at least one non empty value"))
}

/// `pick_default(a, ..., default)`: like `pick`, the last argument whatever it is.
fn pick_default(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.is_empty() {
        return Err(parse_error(call, "Must receive at least one argument."));
    }
    Ok(call.args.iter().find(|v| !missing(v)).cloned().unwrap_or_else(|| call.args[call.args.len() - 1].clone()))
}

/// `any2array(v...)`: an array: the arguments, an array as it is, a hash's
/// pairs flattened.
fn any2array(call: &mut Call<'_, '_>) -> EvalResult {
    Ok(match call.args.as_slice() {
        [] => Value::array(Vec::new()),
        [Value::Array(a)] => Value::Array(a.clone()),
        // `return [] if arguments == ['']` (an undef argument is '' too).
        [Value::String(s)] if s.is_empty() => Value::array(Vec::new()),
        [Value::Hash(h)] => Value::array(h.iter().flat_map(|(k, v)| [k.clone(), v.clone()]).collect()),
        args => Value::array(args.to_vec()),
    })
}

/// `merge(h1, h2, ...)`: later keys win; undef and `''` are skipped.
fn merge(call: &mut Call<'_, '_>) -> EvalResult {
    let mut out = HashMap::new();
    for a in &call.args {
        if let Value::Hash(h) = a {
            out.extend(h.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
    }
    Ok(Value::hash(out))
}

/// `merge(iterable) |$merged, $element|`: the block gets the hash merged so
/// far and each element of the first argument (with its key or index when it
/// takes three parameters, `three`); hashes it returns are merged.
fn merge_with_block(call: &mut Call<'_, '_>, three: bool) -> EvalResult {
    let closure = call.require_lambda()?;
    let mut out = HashMap::new();
    let items = confer_core::value::iterable::elements(&call.args[0]).map_err(|e| fail(call.span, e.to_string()))?;
    let elements: Vec<(Value, Value)> = match items {
        confer_core::value::iterable::Elements::Pairs(ps) => {
            ps.into_iter().map(|(k, v)| (k.clone(), if three { v } else { Value::array(vec![k, v]) })).collect()
        }
        confer_core::value::iterable::Elements::Values(vs) => {
            vs.into_iter().enumerate().map(|(i, v)| (Value::Integer(i as i64), v)).collect()
        }
    };
    for (k, v) in elements {
        let acc = Value::hash(out.clone());
        let args = if three { vec![acc, k, v] } else { vec![acc, v] };
        if let Value::Hash(h) = call.host.call_lambda(&closure, args, call.span)? {
            out.extend(h.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
    }
    Ok(Value::hash(out))
}

/// `deep_merge(h1, h2, ...)`: merges nested hashes key by key.
fn deep_merge(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() < 2 {
        return Err(parse_error(
            call,
            format!("deep_merge(): wrong number of arguments ({}; must be at least 2)", call.args.len()),
        ));
    }
    fn merge_into(into: &mut HashMap, from: &HashMap) {
        for (k, v) in from.iter() {
            match (into.get_mut(k), v) {
                (Some(Value::Hash(old)), Value::Hash(new)) => {
                    let mut merged = old.to_map();
                    merge_into(&mut merged, new);
                    *old = std::sync::Arc::new(merged.into());
                }
                _ => {
                    into.insert(k.clone(), v.clone());
                }
            }
        }
    }
    let mut out = HashMap::new();
    for a in &call.args {
        match a {
            Value::Hash(h) => merge_into(&mut out, h),
            v if missing(v) => {}
            other => {
                return Err(parse_error(
                    call,
                    format!("deep_merge: unexpected argument type {}, only expects hash arguments", class(other)),
                ))
            }
        }
    }
    Ok(Value::hash(out))
}

fn items(v: &Value) -> Vec<Value> {
    match v {
        Value::Array(a) => a.to_vec(),
        other => vec![other.clone()],
    }
}

/// `concat(a, b, ...)`: the first array followed by the others' elements.
fn concat(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() < 2 {
        return Err(parse_error(
            call,
            format!("concat(): Wrong number of arguments given ({} for < 2)", call.args.len()),
        ));
    }
    let Value::Array(first) = &call.args[0] else {
        return Err(parse_error(call, "concat(): Requires array to work with"));
    };
    let mut out = first.to_vec();
    for a in &call.args[1..] {
        out.extend(items(a));
    }
    Ok(Value::array(out))
}

fn dedup(values: Vec<Value>) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    for v in values {
        if !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// `union(a, b, ...)`: the arrays' distinct elements, in order.
fn union(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() < 2 {
        return Err(parse_error(
            call,
            format!("union(): Wrong number of arguments given ({} for < 2)", call.args.len()),
        ));
    }
    let mut all = Vec::new();
    for a in &call.args {
        let Value::Array(items) = a else {
            return Err(parse_error(call, "union(): Every parameter must be an array"));
        };
        all.extend(items.iter().cloned());
    }
    Ok(Value::array(dedup(all)))
}

fn two_arrays<'c>(call: &'c Call<'_, '_>, name: &str) -> EvalResult<(&'c [Value], &'c [Value])> {
    if call.args.len() != 2 {
        return Err(parse_error(
            call,
            format!("{name}(): Wrong number of arguments given ({} for 2)", call.args.len()),
        ));
    }
    match (&call.args[0], &call.args[1]) {
        (Value::Array(a), Value::Array(b)) => Ok((a, b)),
        (a, b) if name == "intersection" => {
            Err(parse_error(call, format!("{name}(): Requires 2 arrays, got {} and {}", class(a), class(b))))
        }
        _ => Err(parse_error(call, format!("{name}(): Requires 2 arrays"))),
    }
}

/// `difference(a, b)`: the elements of `a` not in `b`.
fn difference(call: &mut Call<'_, '_>) -> EvalResult {
    let (a, b) = two_arrays(call, "difference")?;
    Ok(Value::array(dedup(a.iter().filter(|x| !b.contains(x)).cloned().collect())))
}

/// `intersection(a, b)`: the elements of `a` also in `b`.
fn intersection(call: &mut Call<'_, '_>) -> EvalResult {
    let (a, b) = two_arrays(call, "intersection")?;
    Ok(Value::array(dedup(a.iter().filter(|x| b.contains(x)).cloned().collect())))
}

/// `delete(collection, items)`: removes elements, keys or substrings.
fn delete(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() != 2 {
        return Err(parse_error(call, format!("delete(): Wrong number of arguments given {} for 2", call.args.len())));
    }
    let gone = items(&call.args[1]);
    Ok(match &call.args[0] {
        Value::Array(a) => Value::array(a.iter().filter(|x| !gone.contains(x)).cloned().collect()),
        Value::Hash(h) => {
            Value::hash(h.iter().filter(|(k, _)| !gone.contains(k)).map(|(k, v)| (k.clone(), v.clone())).collect())
        }
        Value::String(s) => {
            let mut out = s.to_string();
            for g in &gone {
                out = out.replace(&to_s(g), "");
            }
            Value::from(out)
        }
        other => {
            return Err(parse_error(
                call,
                format!(
                    "delete(): First argument must be an Array, String, or Hash. Given an argument of class {}.",
                    class(other)
                ),
            ))
        }
    })
}

/// `delete_values(hash, value)`: the hash without entries of that value.
fn delete_values(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() != 2 {
        return Err(parse_error(
            call,
            format!("delete_values(): Wrong number of arguments given ({} of 2)", call.args.len()),
        ));
    }
    let Value::Hash(h) = &call.args[0] else {
        return Err(parse_error(
            call,
            format!(
                "delete_values(): First argument must be a Hash. Given an argument of class {}.",
                class(&call.args[0])
            ),
        ));
    };
    let gone = &call.args[1];
    Ok(Value::hash(h.iter().filter(|(_, v)| *v != gone).map(|(k, v)| (k.clone(), v.clone())).collect()))
}

/// `delete_undef_values(collection)`: without undef elements or values.
fn delete_undef_values(call: &mut Call<'_, '_>) -> EvalResult {
    match call.args.first() {
        None => Err(parse_error(
            call,
            format!("delete_undef_values(): Wrong number of arguments given ({})", call.args.len()),
        )),
        Some(Value::Array(a)) => Ok(Value::array(a.iter().filter(|v| !v.is_undef()).cloned().collect())),
        Some(Value::Hash(h)) => {
            Ok(Value::hash(h.iter().filter(|(_, v)| !v.is_undef()).map(|(k, v)| (k.clone(), v.clone())).collect()))
        }
        Some(other) => Err(parse_error(
            call,
            format!("delete_undef_values(): expected an array or hash, got {} type  {} ", to_s(other), class(other)),
        )),
    }
}

/// `has_key(hash, key)`.
fn has_key(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() != 2 {
        return Err(parse_error(
            call,
            format!("has_key(): wrong number of arguments ({}; must be 2)", call.args.len()),
        ));
    }
    match &call.args[0] {
        Value::Hash(h) => Ok(Value::Boolean(h.contains_key(&call.args[1]))),
        other => Err(parse_error(
            call,
            format!(
                "has_key(): expects the first argument to be a hash, got {} which is of type {}",
                inspect(other),
                class(other)
            ),
        )),
    }
}

/// `join_keys_to_values(hash, separator)`: `key<sep>value` strings, one per
/// value when a value is an array.
fn join_keys_to_values(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() != 2 {
        return Err(parse_error(
            call,
            format!("join_keys_to_values(): Takes exactly two arguments, but {} given.", call.args.len()),
        ));
    }
    let Value::Hash(h) = &call.args[0] else {
        return Err(parse_error(
            call,
            format!(
                "join_keys_to_values(): The first argument must be a hash, but a {} was given.",
                class(&call.args[0])
            ),
        ));
    };
    let Value::String(sep) = &call.args[1] else {
        return Err(parse_error(
            call,
            format!(
                "join_keys_to_values(): The second argument must be a string, but a {} was given.",
                class(&call.args[1])
            ),
        ));
    };
    let mut out = Vec::new();
    for (k, v) in h.iter() {
        match v {
            Value::Array(items) => {
                out.extend(items.iter().map(|i| Value::from(format!("{}{sep}{}", to_s(k), ruby_to_s(i)))))
            }
            other => out.push(Value::from(format!("{}{sep}{}", to_s(k), ruby_to_s(other)))),
        }
    }
    Ok(Value::array(out))
}

/// Ruby's `to_s`, where `undef` (nil) is the empty string.
fn ruby_to_s(v: &Value) -> String {
    if v.is_undef() {
        String::new()
    } else {
        to_s(v)
    }
}

/// `prefix(array_or_hash, p)` and `suffix(array_or_hash, s)`: each string
/// (or key) with the affix `attach`ed.
fn affix(call: &mut Call<'_, '_>, attach: fn(&str, &str) -> String) -> EvalResult {
    let name = call.name;
    if call.args.is_empty() {
        return Err(parse_error(call, format!("{name}(): Wrong number of arguments given (0 for 1)")));
    }
    let affix = match call.args.get(1) {
        None | Some(Value::Undef) => String::new(),
        Some(Value::String(s)) => s.to_string(),
        Some(other) => {
            return Err(parse_error(
                call,
                format!("{name}(): expected second argument to be a String, got {}", inspect(other)),
            ));
        }
    };
    let apply = |s: &Value| {
        let s = to_s(s);
        Value::from(attach(&affix, &s))
    };
    match &call.args[0] {
        Value::Array(a) => Ok(Value::array(a.iter().map(apply).collect())),
        Value::Hash(h) => Ok(Value::hash(h.iter().map(|(k, v)| (apply(k), v.clone())).collect())),
        other => Err(parse_error(
            call,
            format!("{name}(): expected first argument to be an Array or a Hash, got {}", inspect(other)),
        )),
    }
}

/// `hash([k1, v1, k2, v2])`: a hash from alternating keys and values.
fn hash(call: &mut Call<'_, '_>) -> EvalResult {
    let Some(arg) = call.args.first() else {
        return Err(parse_error(call, "hash(): Wrong number of arguments given (0 for 1)"));
    };
    let Value::Array(a) = arg else {
        return Err(parse_error(call, "hash(): Requires array to work with"));
    };
    let flat: Vec<Value> = a.iter().flat_map(items).collect();
    if !flat.len().is_multiple_of(2) {
        return Err(parse_error(call, "hash(): Unable to compute hash from array given"));
    }
    Ok(Value::hash(flat.chunks(2).map(|c| (c[0].clone(), c[1].clone())).collect()))
}

/// `zip(a, b, flatten?)`: pairs of elements at the same index.
fn zip(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() < 2 {
        return Err(parse_error(call, format!("zip(): Wrong number of arguments given ({} for 2)", call.args.len())));
    }
    let (Value::Array(a), Value::Array(b)) = (&call.args[0], &call.args[1]) else {
        return Err(parse_error(call, "zip(): Requires array to work with"));
    };
    let flatten = call.args.get(2).is_some_and(|f| matches!(f, Value::Boolean(true)) || f.as_str() == Some("true"));
    let pairs: Vec<Value> = a
        .iter()
        .enumerate()
        .map(|(i, x)| Value::array(vec![x.clone(), b.get(i).cloned().unwrap_or(Value::Undef)]))
        .collect();
    Ok(Value::array(if flatten { pairs.iter().flat_map(items).collect() } else { pairs }))
}

/// The walk of stdlib's `dig` and `try_get_value` (dig44's): each key
/// indexes a hash, or an array when it is an integer (negative from the
/// end); a missing step or an `undef` gives `default`.
pub(super) fn dig_path(data: &Value, path: &[Value], default: Value) -> Value {
    let mut current = data.clone();
    for key in path {
        current = match (&current, key) {
            (Value::Hash(h), k) => h.get(k).cloned().unwrap_or(Value::Undef),
            (Value::Array(a), Value::Integer(i)) => {
                let i = if *i < 0 { *i + a.len() as i64 } else { *i };
                usize::try_from(i).ok().and_then(|i| a.get(i).cloned()).unwrap_or(Value::Undef)
            }
            _ => return default,
        };
        if current.is_undef() {
            return default;
        }
    }
    current
}

/// `delete_regex(collection, patterns)`: the elements (or hash keys) matching
/// `\b<pattern>\b` removed.
fn delete_regex(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() != 2 {
        return Err(parse_error(
            call,
            format!("delete_regex(): Wrong number of arguments given {} for 2", call.args.len()),
        ));
    }
    let mut regexps = Vec::new();
    for p in items(&call.args[1]) {
        regexps.push(
            confer_core::Regexp::new(&format!("\\b{}\\b", to_s(&p))).map_err(|e| fail(call.span, e.to_string()))?,
        );
    }
    let matches = |v: &Value| match v.as_str() {
        Some(s) => any(regexps.iter(), |r| Ok(r.try_captures(s)?.is_some())),
        None => Ok(false),
    };
    match &call.args[0] {
        Value::Array(a) => {
            let mut kept_items = Vec::new();
            for x in a.iter() {
                if !matches(x)? {
                    kept_items.push(x.clone());
                }
            }
            Ok(Value::array(kept_items))
        }
        Value::Hash(h) => {
            let mut kept = confer_core::HashMap::new();
            for (k, v) in h.iter() {
                if !matches(k)? {
                    kept.insert(k.clone(), v.clone());
                }
            }
            Ok(Value::hash(kept))
        }
        other => Err(parse_error(
            call,
            format!(
                "delete_regex(): First argument must be an Array, Hash, or String. Given an argument of class {}.",
                class(other)
            ),
        )),
    }
}
