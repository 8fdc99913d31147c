//! Functions on collections and numbers from Puppet's core library: `length`
//! (`size`), `empty`, `keys`, `values`, `sort`, `join`, `flatten`, `unique`,
//! `dig`, `min`, `max`, `abs`, `round`, `floor`, `ceiling`, `getvar`, `compare`.

use std::cmp::Ordering;

use confer_core::value::{compare, to_s, Comparison};
use confer_core::{HashMap, Value};

use super::{sig, Builtin, Call, Numeric};
use crate::eval::flow::{fail, EvalResult, Flow};

/// The collection and number functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::new("length", &["Collection arg", "String arg", "Binary arg"], length),
    Builtin::new("size", &["Variant[Collection, String, Binary] arg"], length),
    Builtin::new(
        "empty",
        &["Collection coll", "Sensitive[String] str", "String str", "Numeric num", "Binary bin", "Undef x"],
        empty,
    ),
    Builtin::new("keys", &["Hash hsh"], |call| Ok(Value::array(call.arg::<&HashMap>(0)?.keys().cloned().collect()))),
    Builtin::new("values", &["Hash hsh"], |call| {
        Ok(Value::array(call.arg::<&HashMap>(0)?.values().cloned().collect()))
    }),
    Builtin::new("join", &["Array arg, String delimiter?"], join),
    Builtin::new("flatten", &["Any args*"], |call| Ok(Value::array(flatten(&call.args)))),
    Builtin::new(
        "unique",
        &[
            "String string, &Callable[String] block?",
            "Hash hash, &Callable[Any] block?",
            "Array array, &Callable[Any] block?",
            "Iterable iterable, &Callable[Any] block?",
        ],
        unique,
    ),
    Builtin::new(
        "sort",
        &["String string_value, &Callable[2,2] block?", "Array array_value, &Callable[2,2] block?"],
        sort,
    ),
    Builtin::new("dig", &["Optional[Collection] data, Any arg*"], dig),
    Builtin::new("min", &["Any values*", "Any values*, &Callable[2,2] block"], |call| min_max(call, Ordering::Less)),
    Builtin::new("max", &["Any values*", "Any values*, &Callable[2,2] block"], |call| {
        min_max(call, Ordering::Greater)
    }),
    Builtin::dispatch("abs", &[sig("Numeric val", abs), sig("String val", abs_of_string)]),
    Builtin::new("round", &["Numeric val"], |call| to_integer(call, f64::round)),
    Builtin::dispatch(
        "floor",
        &[
            sig("Numeric val", |call| to_integer(call, f64::floor)),
            sig("String val", |call| string_to_integer(call, f64::floor)),
        ],
    ),
    Builtin::dispatch(
        "ceiling",
        &[
            sig("Numeric val", |call| to_integer(call, f64::ceil)),
            sig("String val", |call| string_to_integer(call, f64::ceil)),
        ],
    ),
    Builtin::new(
        "getvar",
        &[
            r"Pattern[/\A(?:::)?(?:[a-z]\w*::)*[a-z_]\w*(?:\.|\Z)/] get_string, Any default_value?, &Callable[1,1] block?",
        ],
        getvar,
    ),
    Builtin::dispatch(
        "compare",
        &[
            sig("Numeric a, Numeric b", compare_fn),
            sig("String a, String b, Boolean ignore_case?", compare_fn),
            sig("SemVer a, SemVer b", compare_fn),
            sig("Numeric a, Variant[Timespan, Timestamp] b", compare_fn),
            sig("Timestamp a, Variant[Timestamp, Numeric] b", compare_fn),
            sig("Timespan a, Variant[Timespan, Numeric] b", compare_fn),
            sig(
                "!Variant[Numeric, String, SemVer, Timestamp, Timespan] a, Variant[Numeric, String, SemVer, Timestamp, Timespan] b, Any ignore_case*",
                compare_mismatch,
            ),
            sig("!Any a, Any b, Any ignore_case*", not_comparable),
        ],
    ),
];

fn expects(call: &Call<'_, '_>, what: &str, got: &Value) -> Flow {
    fail(
        call.span,
        format!("'{}' expects {what}, got {}", call.name, confer_core::types::infer::general_type_name(got)),
    )
}

fn length(call: &mut Call<'_, '_>) -> EvalResult {
    let v = call.arg::<&Value>(0)?;
    let n = match v {
        Value::String(s) => s.chars().count(),
        Value::Array(a) => a.len(),
        Value::Hash(h) => h.len(),
        Value::Binary(b) => b.len(),
        Value::Iterator(_) => confer_core::value::iterable::elements(v)
            .map(|e| e.into_values().len())
            .map_err(|e| fail(call.span, e.to_string()))?,
        other => return Err(expects(call, "a String, a Collection or an Iterable", other)),
    };
    Ok(Value::Integer(n as i64))
}

fn empty(call: &mut Call<'_, '_>) -> EvalResult {
    let v = call.arg::<&Value>(0)?;
    Ok(Value::Boolean(match v {
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Hash(h) => h.is_empty(),
        Value::Undef => true,
        Value::Integer(_) | Value::Float(_) => false,
        other => return Err(expects(call, "a Collection, a String or a Numeric", other)),
    }))
}

/// `join(array, separator = '')`: nested arrays are joined flat, as Ruby does.
fn join(call: &mut Call<'_, '_>) -> EvalResult {
    let items: &[Value] = call.arg(0)?;
    let sep = call.arg::<Option<&str>>(1)?.unwrap_or("");
    // Each element is written into the one result, not into a string of its own.
    let mut out = String::new();
    for (i, item) in flatten(items).iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        confer_core::value::push_to_s(&mut out, item);
    }
    Ok(Value::from(out))
}

/// The elements of `items`, arrays in it replaced by their own, at any depth.
pub(crate) fn flatten(items: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for item in items {
        match item {
            Value::Array(inner) => out.extend(flatten(inner)),
            other => out.push(other.clone()),
        }
    }
    out
}

/// `unique` as Puppet 7 has it: a String's characters, an Array's or any
/// Iterable's elements (an Integer counts from 0) without repeats, the first
/// of each kept; a lambda gives what counts as a repeat. A Hash maps the keys
/// sharing a value (or a lambda's answer) to those values, without repeats.
fn unique(call: &mut Call<'_, '_>) -> EvalResult {
    let v = call.arg::<&Value>(0)?.clone();
    let closure = call.lambda.take();
    /// The items without repeats, by themselves or by the lambda's answer.
    fn uniq<'a>(
        call: &mut Call<'_, 'a>,
        closure: &Option<crate::eval::closure::Closure<'a>>,
        items: Vec<Value>,
    ) -> EvalResult<Vec<Value>> {
        let mut seen: indexmap::IndexMap<Value, Value> = indexmap::IndexMap::new();
        for item in items {
            let key = match closure {
                Some(c) => call.host.call_lambda(c, vec![item.clone()], call.span)?,
                None => item.clone(),
            };
            seen.entry(key).or_insert(item);
        }
        Ok(seen.into_values().collect())
    }
    match &v {
        Value::String(s) => {
            let chars = s.chars().map(|c| Value::from(c.to_string())).collect();
            Ok(Value::from(uniq(call, &closure, chars)?.iter().map(to_s).collect::<String>()))
        }
        Value::Hash(map) => {
            let mut groups: indexmap::IndexMap<Value, (Vec<Value>, Vec<Value>)> = indexmap::IndexMap::new();
            for (k, val) in map.iter() {
                let key = match &closure {
                    Some(c) => call.host.call_lambda(c, vec![val.clone()], call.span)?,
                    None => val.clone(),
                };
                let group = groups.entry(key).or_default();
                group.0.push(k.clone());
                group.1.push(val.clone());
            }
            let mut out = confer_core::HashMap::with_capacity(groups.len());
            for (_, (keys, values)) in groups {
                let mut distinct: indexmap::IndexSet<Value> = indexmap::IndexSet::new();
                distinct.extend(values);
                out.insert(Value::array(keys), Value::array(distinct.into_iter().collect()));
            }
            Ok(Value::hash(out))
        }
        Value::Array(a) => Ok(Value::array(uniq(call, &closure, a.to_vec())?)),
        other => {
            let items = match confer_core::value::iterable::elements(other) {
                Ok(confer_core::value::iterable::Elements::Values(vs)) => vs,
                Ok(confer_core::value::iterable::Elements::Pairs(ps)) => {
                    ps.into_iter().map(|(k, v)| Value::array(vec![k, v])).collect()
                }
                Err(_) => return Err(expects(call, "an Array, a Hash or a String", other)),
            };
            Ok(Value::array(uniq(call, &closure, items)?))
        }
    }
}

/// Ruby's `<=>` on the values `sort` and `min`/`max` accept: numbers with
/// numbers, strings with strings (case-sensitively), arrays with arrays.
fn natural_order(a: &Value, b: &Value) -> Option<Ordering> {
    match (a, b) {
        (Value::String(x), Value::String(y)) => Some(x.cmp(y)),
        // Ruby's `Array#<=>`: element by element, then the shorter first;
        // elements that do not compare make the arrays not compare.
        (Value::Array(x), Value::Array(y)) => {
            for (p, q) in x.iter().zip(y.iter()) {
                match natural_order(p, q)? {
                    Ordering::Equal => {}
                    other => return Some(other),
                }
            }
            Some(x.len().cmp(&y.len()))
        }
        _ => {
            let lt = compare(Comparison::Lt, a, b).ok()?;
            let gt = compare(Comparison::Gt, a, b).ok()?;
            Some(if lt {
                Ordering::Less
            } else if gt {
                Ordering::Greater
            } else {
                Ordering::Equal
            })
        }
    }
}

fn sort(call: &mut Call<'_, '_>) -> EvalResult {
    let (items, is_string): (Vec<Value>, bool) = match call.arg::<&Value>(0)? {
        Value::Array(a) => (a.to_vec(), false),
        Value::String(s) => (s.chars().map(|c| Value::from(c.to_string())).collect(), true),
        other => return Err(expects(call, "an Array or a String", other)),
    };
    let mut failure = None;
    let mut sorted = items;
    if let Some(closure) = call.lambda.take() {
        let span = call.span;
        let host = &mut *call.host;
        sorted.sort_by(|a, b| {
            if failure.is_some() {
                return Ordering::Equal;
            }
            match host.call_lambda(&closure, vec![a.clone(), b.clone()], span) {
                Ok(Value::Integer(n)) => n.cmp(&0),
                Ok(other) => {
                    failure =
                        Some(fail(span, format!("'sort' block must return an Integer, got {}", other.type_name())));
                    Ordering::Equal
                }
                Err(e) => {
                    failure = Some(e);
                    Ordering::Equal
                }
            }
        });
    } else {
        sorted.sort_by(|a, b| {
            natural_order(a, b).unwrap_or_else(|| {
                failure.get_or_insert_with(|| {
                    fail(call.span, format!("comparison of {} with {} failed", a.type_name(), b.type_name()))
                });
                Ordering::Equal
            })
        });
    }
    if let Some(f) = failure {
        return Err(f);
    }
    Ok(if is_string { Value::from(sorted.iter().map(to_s).collect::<String>()) } else { Value::array(sorted) })
}

/// `dig(data, keys...)`: follows keys and indexes; `undef` as soon as one is
/// missing, an error when something in between cannot be dug into.
fn dig(call: &mut Call<'_, '_>) -> EvalResult {
    let (first, keys) = (call.arg::<&Value>(0)?, &call.args[1..]);
    if !matches!(first, Value::Undef | Value::Array(_) | Value::Hash(_)) {
        return Err(fail(
            call.span,
            format!("'dig' parameter 'data' expects a value of type Undef or Collection, got {}", first.type_name()),
        ));
    }
    let mut current = first.clone();
    for (i, key) in keys.iter().enumerate() {
        current = match (&current, key) {
            (Value::Undef, _) | (_, Value::Undef) => return Ok(Value::Undef),
            (Value::Array(a), Value::Integer(n)) => {
                let idx = if *n < 0 { *n + a.len() as i64 } else { *n };
                a.get(usize::try_from(idx).unwrap_or(usize::MAX)).cloned().unwrap_or(Value::Undef)
            }
            (Value::Array(_), _) => Value::Undef,
            (Value::Hash(h), k) => h.get(k).cloned().unwrap_or(Value::Undef),
            (other, _) => {
                return Err(fail(
                    call.span,
                    // The path walked so far as Ruby prints an array, and the
                    // value's exact type.
                    format!(
                        "The given data does not contain a Collection at {}, got '{}'",
                        confer_core::ruby_compat::inspect(&Value::array(keys[..i].to_vec())),
                        confer_core::types::infer::infer(other)
                    ),
                ));
            }
        };
    }
    Ok(current)
}

/// `max`/`min` as Puppet 7's do it: all numbers compare as numbers; all
/// strings compare as strings, except two that look like numbers, which
/// compare as numbers (with a deprecation warning); anything else compares
/// by its text (another warning), so a SemVer or a Timespan compares as its
/// string. A single array stands for its elements; a lambda compares.
/// Among equals the first wins, as Ruby's `Array#max` keeps it. `want` is
/// the order the result has to the others: `Less` for `min`.
fn min_max(call: &mut Call<'_, '_>, want: Ordering) -> EvalResult {
    let values = match call.args.as_slice() {
        [Value::Array(items)] => items.to_vec(),
        _ => call.args.clone(),
    };
    if let Some(closure) = call.lambda.take() {
        let mut best: Option<Value> = None;
        for v in values {
            best = Some(match best {
                None => v,
                Some(b) => match call.host.call_lambda(&closure, vec![v.clone(), b.clone()], call.span)? {
                    Value::Integer(n) if n.cmp(&0) == want => v,
                    Value::Integer(_) => b,
                    other => return Err(fail(call.span, format!("comparison of {} with 0 failed", other.type_name()))),
                },
            });
        }
        return Ok(best.unwrap_or(Value::Undef));
    }
    if values.is_empty() {
        return Err(fail(call.span, format!("{}(): Wrong number of arguments need at least one", call.name)));
    }
    let numbers = values.iter().all(|v| matches!(v, Value::Integer(_) | Value::Float(_)));
    let strings = values.iter().all(|v| matches!(v, Value::String(_)));
    let mut coerced_numbers = false;
    let mut coerced_text = false;
    let mut best = &values[0];
    for v in &values[1..] {
        let order = if numbers {
            natural_order(v, best).unwrap_or(Ordering::Equal)
        } else {
            let (a, b) = (confer_core::ruby_compat::to_s(v), confer_core::ruby_compat::to_s(best));
            match (looks_numeric(&a), looks_numeric(&b)) {
                (Some(x), Some(y)) => {
                    coerced_numbers = true;
                    x.partial_cmp(&y).unwrap_or(Ordering::Equal)
                }
                _ => {
                    coerced_text |= !strings;
                    a.as_bytes().cmp(b.as_bytes())
                }
            }
        };
        if order == want {
            best = v;
        }
    }
    let best = best.clone();
    if coerced_numbers {
        call.host.warn_once(format!(
            "The {}() function's auto conversion of String to Numeric is deprecated - change to convert input before \
             calling, or use lambda",
            call.name
        ));
    }
    if coerced_text {
        call.host.warn_once(format!(
            "The {}() function's auto conversion of Any to String is deprecated - change to convert input before \
             calling, or use lambda",
            call.name
        ));
    }
    Ok(best)
}

/// The number a text stands for when it matches Puppet's
/// `/\A-?\d+([._eE]\d+)?\z/`, as Ruby's `to_f` reads it.
fn looks_numeric(s: &str) -> Option<f64> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    let int_end = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
    if int_end == 0 {
        return None;
    }
    let rest = &digits[int_end..];
    let ok = rest.is_empty()
        || rest.len() > 1 && rest.starts_with(['.', '_', 'e', 'E']) && rest[1..].bytes().all(|b| b.is_ascii_digit());
    if !ok {
        return None;
    }
    s.replace('_', "").parse().ok()
}

/// An Integer from a Float `f`, or the error saying it is outside the range.
fn integer_of(call: &Call<'_, '_>, f: f64) -> EvalResult {
    if f.is_finite() && f.abs() < 9.2e18 {
        Ok(Value::Integer(f as i64))
    } else {
        Err(fail(call.span, format!("'{}' result is outside of the Integer range", call.name)))
    }
}

/// `abs` of a number.
fn abs(call: &mut Call<'_, '_>) -> EvalResult {
    match call.arg::<Numeric>(0)? {
        Numeric::Integer(i) => i
            .checked_abs()
            .map(Value::Integer)
            .ok_or_else(|| fail(call.span, "'abs' result is outside of the Integer range")),
        Numeric::Float(f) => Ok(Value::Float(f.abs())),
    }
}

/// `round`, `floor` and `ceiling` of a number: an Integer stays, a Float is
/// rounded by `op` to an Integer.
fn to_integer(call: &mut Call<'_, '_>, op: fn(f64) -> f64) -> EvalResult {
    match call.arg::<Numeric>(0)? {
        Numeric::Integer(i) => Ok(Value::Integer(i)),
        Numeric::Float(f) => integer_of(call, op(f)),
    }
}

/// Puppet's `abs` of a String: converted, with the deprecation warning
/// Puppet gives once a run, as its `on_string` dispatch does.
fn abs_of_string(call: &mut Call<'_, '_>) -> EvalResult {
    let s = call.arg::<&str>(0)?.to_string();
    call.host.warn_once(
        "The abs() function's auto conversion of String to Numeric is deprecated - change to convert input before calling"
            .to_string(),
    );
    let float = regex_match(&s, r"^-?(?:\d+)(?:\.\d+){1}$");
    let int = regex_match(&s, r"^-?\d+$");
    match (float, int) {
        (true, _) => Ok(Value::Float(s.parse::<f64>().map(f64::abs).unwrap_or(0.0))),
        (false, true) => s
            .parse::<i64>()
            .ok()
            .and_then(i64::checked_abs)
            .map(Value::Integer)
            .ok_or_else(|| fail(call.span, "'abs' result is outside of the Integer range")),
        _ => Err(fail(call.span, "abs(): Requires float or integer to work with - was given non decimal string")),
    }
}

/// Puppet's `floor` and `ceiling` (`op`) of a String: converted as Ruby's
/// `Float()` does, with the deprecation warning Puppet gives once a run, as
/// their `on_string` dispatches do.
fn string_to_integer(call: &mut Call<'_, '_>, op: fn(f64) -> f64) -> EvalResult {
    let name = call.name;
    let s = call.arg::<&str>(0)?.to_string();
    call.host.warn_once(format!(
        "The {name}() function's auto conversion of String to Float is deprecated - change to convert input before calling"
    ));
    match ruby_float(&s) {
        Some(f) if f.is_finite() && f.abs() < 9.2e18 => Ok(Value::Integer(op(f) as i64)),
        _ => Err(fail(call.span, format!("{name}(): cannot convert given value to a floating point value."))),
    }
}

/// Ruby's `Float(s)`: white space around, `_` between digits, a `0x`
/// hexadecimal integer; anything else that Rust's float syntax refuses is
/// refused.
fn ruby_float(s: &str) -> Option<f64> {
    let t = s.trim();
    let (sign, body) = match t.strip_prefix('-') {
        Some(rest) => (-1.0, rest),
        None => (1.0, t.strip_prefix('+').unwrap_or(t)),
    };
    if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        return i64::from_str_radix(hex, 16).ok().map(|n| sign * n as f64);
    }
    let digits_around = |i: usize| {
        let b = body.as_bytes();
        i > 0 && b[i - 1].is_ascii_digit() && b.get(i + 1).is_some_and(u8::is_ascii_digit)
    };
    if body.char_indices().any(|(i, c)| c == '_' && !digits_around(i)) {
        return None;
    }
    let cleaned: String = body.chars().filter(|c| *c != '_').collect();
    let valid = cleaned.starts_with(|c: char| c.is_ascii_digit())
        && !cleaned.ends_with('.')
        && cleaned.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'));
    if !valid {
        return None;
    }
    cleaned.parse::<f64>().ok().map(|f| sign * f)
}

/// Whether `pattern` (Ruby syntax) matches `s`.
fn regex_match(s: &str, pattern: &str) -> bool {
    confer_core::Regexp::new(pattern).is_ok_and(|r| r.is_match(s))
}

/// `getvar('name')` / `getvar('a::b')`: a variable's value, or `undef` without
/// a warning when it does not exist.
fn getvar(call: &mut Call<'_, '_>) -> EvalResult {
    let name = call.arg::<&str>(0)?.to_string();
    let default = call.args.get(1).cloned().unwrap_or(Value::Undef);
    Ok(call.host.variable(name.trim_start_matches('$'), call.scope).unwrap_or(default))
}

/// `compare(a, b, ignore_case = true)`: -1, 0 or 1. Strings compare ignoring
/// case unless told otherwise; numbers with numbers; other kinds are an error.
fn compare_fn(call: &mut Call<'_, '_>) -> EvalResult {
    let (a, b): (&Value, &Value) = (call.arg(0)?, call.arg(1)?);
    let ignore_case = call.arg::<Option<bool>>(2)?.unwrap_or(true);
    let order = match (a, b) {
        (Value::String(x), Value::String(y)) if ignore_case => {
            x.chars().map(|c| c.to_ascii_lowercase()).cmp(y.chars().map(|c| c.to_ascii_lowercase()))
        }
        (Value::String(x), Value::String(y)) => x.cmp(y),
        _ => natural_order(a, b).ok_or_else(|| {
            fail(call.span, format!("'compare' cannot compare {} with {}", a.type_name(), b.type_name()))
        })?,
    };
    Ok(Value::Integer(match order {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }))
}

/// `compare`'s `argument_mismatch` handler for values of a type it cannot
/// compare at all.
fn not_comparable(call: &mut Call<'_, '_>) -> EvalResult {
    let (a, b): (&Value, &Value) = (call.arg(0)?, call.arg(1)?);
    Err(fail(
        call.span,
        format!(
            "compare(): Non comparable type. Only values of the types Numeric, String, Semver, Timestamp and Timestamp can be compared. Got {} and {}",
            a.type_name(),
            b.type_name()
        ),
    ))
}

/// `compare`'s `argument_mismatch` handler for comparable values that no
/// signature takes together.
fn compare_mismatch(call: &mut Call<'_, '_>) -> EvalResult {
    let (a, b, rest) = (&call.args[0], &call.args[1], &call.args[2..]);
    let both_strings = matches!(a, Value::String(_)) && matches!(b, Value::String(_));
    let message = if !rest.is_empty() && !both_strings {
        "compare(): The third argument (ignore case) can only be used when comparing strings".to_string()
    } else if rest.len() > 1 {
        format!("compare(): Accepts at most 3 arguments, got {}", 2 + rest.len())
    } else if let Some(flag) = rest.first().filter(|f| !matches!(f, Value::Boolean(_))) {
        format!("compare(): The third argument (ignore case) must be a Boolean. Got {}", flag.type_name())
    } else if a.type_name() != b.type_name() {
        format!(
            "compare(): Can only compare values of the same type (or for Timestamp/Timespan also against Numeric). Got {} and {}",
            a.type_name(),
            b.type_name()
        )
    } else {
        return Ok(Value::Undef);
    };
    Err(fail(call.span, message))
}
