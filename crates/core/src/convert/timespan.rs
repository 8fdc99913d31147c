//! `Timespan.new`: from seconds, from days/hours/minutes/seconds (and
//! fractions) given separately or in a hash, or from a string and formats.

use super::{invalid, ConvertError};
use crate::value::timespan::{from_fields, parse, parse_with, TimeBound};
use crate::Value;

fn formats(v: Option<&Value>) -> Result<Vec<String>, ConvertError> {
    match v {
        None | Some(Value::Undef) => Ok(Vec::new()),
        Some(Value::String(f)) => Ok(vec![f.to_string()]),
        Some(Value::Array(items)) if !items.is_empty() => Ok(items.iter().map(crate::value::to_s).collect()),
        Some(other) => Err(invalid(format!(
            "Timespan formats must be a String or a non-empty Array of Strings, got {}",
            crate::value::to_s(other)
        ))),
    }
}

/// The nanoseconds in `seconds`: Ruby fails on an infinite product (with
/// FloatDomainError's message, `Infinity`), and confer also where the count
/// leaves the i128 it keeps rather than saturate (docs/deviations.md).
fn float_nanos(seconds: f64) -> Result<i128, ConvertError> {
    // Ruby truncates the product (`(seconds * NSECS_PER_SEC).to_i`).
    let nanos = (seconds * 1e9).trunc();
    if nanos.is_nan() {
        return Err(invalid("NaN"));
    }
    if nanos.is_infinite() {
        return Err(invalid(if nanos < 0.0 { "-Infinity" } else { "Infinity" }));
    }
    // 2^127: the first magnitude an i128 cannot hold.
    if nanos.abs() >= 2f64.powi(127) {
        return Err(invalid(format!(
            "Timespan of {} seconds is out of range (confer keeps at most 2^127 nanoseconds)",
            crate::ruby_compat::float_to_s(seconds)
        )));
    }
    Ok(nanos as i128)
}

/// Creates a Timespan.
pub fn timespan(args: &[Value]) -> Result<Value, ConvertError> {
    let from_string = |s: &str, f: Option<&Value>| match f {
        Some(Value::String(one)) => parse_with(s, one).map_err(|e| invalid(e.to_string())),
        _ => parse(s, &formats(f)?).map_err(|e| invalid(e.to_string())),
    };
    let bound = match args {
        [Value::Integer(i)] => TimeBound { nanos: i128::from(*i) * 1_000_000_000, float: false },
        [Value::Float(f)] => TimeBound { nanos: float_nanos(*f)?, float: true },
        [Value::String(s)] => from_string(s, None)?,
        [Value::String(s), f] => from_string(s, Some(f))?,
        [Value::Hash(h)] if h.contains_key(&Value::from("string")) => {
            let s = h.get(&Value::from("string")).map(crate::value::to_s).unwrap_or_default();
            from_string(&s, h.get(&Value::from("format")))?
        }
        [Value::Hash(h)] => {
            // The constructor's signature names its keys (a `Timespan[{…}]`
            // type parameter ignores others).
            const KEYS: [&str; 8] =
                ["days", "hours", "minutes", "seconds", "milliseconds", "microseconds", "nanoseconds", "negative"];
            if let Some((k, _)) = h.iter().find(|(k, _)| !k.as_str().is_some_and(|k| KEYS.contains(&k))) {
                return Err(invalid(format!(
                    "Timespan.new does not take the key '{}' (expected one of {})",
                    crate::value::to_s(k),
                    KEYS.join(", ")
                )));
            }
            from_fields(h)
        }
        parts if (4..=7).contains(&parts.len()) && parts.iter().all(|p| matches!(p, Value::Integer(_))) => {
            let n: Vec<i128> =
                parts.iter().map(|p| if let Value::Integer(i) = p { i128::from(*i) } else { 0 }).collect();
            let get = |i: usize| n.get(i).copied().unwrap_or(0);
            let nanos = (((((get(0) * 24 + get(1)) * 60 + get(2)) * 60 + get(3)) * 1000 + get(4)) * 1000 + get(5))
                * 1000
                + get(6);
            TimeBound { nanos, float: false }
        }
        _ => return Err(invalid("Timespan.new expects seconds, a String (and formats), a Hash or 4 to 7 Integers")),
    };
    Ok(Value::Timespan(bound))
}
