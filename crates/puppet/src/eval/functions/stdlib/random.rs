//! stdlib's `seeded_rand` and `fqdn_rand_string`: Puppet's deterministic
//! draws (`functions/random.rs`) from a seed string or the node's name.

use confer_core::value::to_s;
use confer_core::Value;

use crate::eval::flow::{fail, EvalResult};
use crate::eval::functions::random::{fqdn_rand_int, md5_rand};
use crate::eval::functions::{Builtin, Call};

/// The random functions.
pub(crate) const FUNCTIONS: &[Builtin] =
    &[Builtin::legacy("seeded_rand", 2, seeded_rand), Builtin::legacy("fqdn_rand_string", -2, fqdn_rand_string)];

/// A positive integer argument as stdlib's `is_integer` accepts it.
fn positive(v: &Value) -> Option<i64> {
    match v {
        Value::Integer(i) if *i > 0 => Some(*i),
        Value::String(s) => s.parse::<i64>().ok().filter(|i| *i > 0),
        _ => None,
    }
}

/// `seeded_rand(max, seed)`.
fn seeded_rand(call: &mut Call<'_, '_>) -> EvalResult {
    let Some(max) = positive(&call.args[0]) else {
        return Err(fail(call.span, "seeded_rand(): first argument must be a positive integer"));
    };
    let Value::String(seed) = &call.args[1] else {
        return Err(fail(call.span, "seeded_rand(): second argument must be a string"));
    };
    Ok(Value::Integer(md5_rand(seed, max)))
}

/// `fqdn_rand_string(length, charset = alphanumerics, seeds...)`.
fn fqdn_rand_string(call: &mut Call<'_, '_>) -> EvalResult {
    let Some(length) = positive(&call.args[0]) else {
        return Err(fail(call.span, "fqdn_rand_string(): first argument must be a positive integer"));
    };
    let charset: Vec<char> = match call.args.get(1) {
        None | Some(Value::Undef) => Vec::new(),
        Some(Value::String(s)) => s.chars().collect(),
        Some(_) => return Err(fail(call.span, "fqdn_rand_string(): second argument must be undef or a string")),
    };
    let charset = if charset.is_empty() { ('0'..='9').chain('A'..='Z').chain('a'..='z').collect() } else { charset };
    let seeds: Vec<String> = call.args.iter().skip(2).map(to_s).collect();
    let mut out = String::new();
    for current in 1..=length {
        let mut parts = seeds.clone();
        parts.push(current.to_string());
        let i = fqdn_rand_int(call, charset.len() as i64, &parts.join(":"), false);
        out.push(charset[i as usize]);
    }
    Ok(Value::from(out))
}
