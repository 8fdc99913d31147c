//! stdlib's `seeded_rand`, `seeded_rand_string`, `fqdn_rand_string`,
//! `fqdn_rotate` and `fqdn_uuid`: Puppet's deterministic draws
//! (`functions/random.rs`) from a seed string or the node's name; and
//! `shuffle`, which Ruby draws from its unseeded generator.

use confer_core::value::to_s;
use confer_core::Value;

use crate::eval::flow::{fail, EvalResult};
use sha2::{Digest, Sha256};

use crate::eval::functions::random::{fqdn_rand_int, md5_rand};
use crate::eval::functions::{Builtin, Call};
use confer_ruby::random::{ruby_rand, ruby_random};

/// The random functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::legacy("seeded_rand", 2, seeded_rand),
    Builtin::legacy("fqdn_rand_string", -2, fqdn_rand_string),
    Builtin::new("seeded_rand_string", &["Integer[1] length, String seed, String[2] charset?"], seeded_rand_string),
    Builtin::legacy("fqdn_rotate", -1, |call| reorder(call, rotate)),
    Builtin::legacy("shuffle", -1, |call| reorder(call, shuffle)),
    Builtin::legacy("fqdn_uuid", -1, fqdn_uuid),
];

/// `seeded_rand_string(length, seed, charset?)`: `Random.new` seeded with
/// the SHA-256 of the seed, one draw per character.
fn seeded_rand_string(call: &mut Call<'_, '_>) -> EvalResult {
    let (length, seed): (i64, &str) = (call.arg(0)?, call.arg(1)?);
    let charset: Vec<char> = match call.arg::<Option<&str>>(2)? {
        Some(c) => c.chars().collect(),
        None => ('0'..='9').chain('a'..='z').chain('A'..='Z').collect(),
    };
    if length > MAX_STRING {
        return Err(fail(call.span, format!("seeded_rand_string(): a length over {MAX_STRING} is refused")));
    }
    let digest: Vec<u8> = Sha256::digest(seed.as_bytes()).to_vec();
    let mut mt = ruby_random(&digest);
    let out: String = (0..length).map(|_| charset[ruby_rand(&mut mt, charset.len() as u64) as usize]).collect();
    Ok(Value::from(out))
}

/// The longest random string confer makes.
const MAX_STRING: i64 = 1 << 20;

/// `fqdn_rotate(value, seeds...)` and `shuffle(value)`: an array or a
/// string's characters reordered by `how`.
fn reorder(call: &mut Call<'_, '_>, how: fn(&mut Call<'_, '_>, &mut [Value])) -> EvalResult {
    let name = call.name;
    let Some(value) = call.args.first().cloned() else {
        return Err(fail(call.span, format!("{name}(): Wrong number of arguments given (0 for 1)")));
    };
    let (mut items, string): (Vec<Value>, bool) = match &value {
        Value::Array(items) => (items.to_vec(), false),
        Value::String(s) => (s.chars().map(|c| Value::from(c.to_string())).collect(), true),
        _ => return Err(fail(call.span, format!("{name}(): Requires either array or string to work with"))),
    };
    if items.len() <= 1 {
        return Ok(value);
    }
    how(call, &mut items);
    Ok(if string { Value::from(items.iter().map(to_s).collect::<String>()) } else { Value::array(items) })
}

/// `shuffle`'s order: Fisher-Yates with Ruby's unseeded `rand`, so it
/// differs run to run as it does in Puppet.
fn shuffle(_: &mut Call<'_, '_>, items: &mut [Value]) {
    let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let mut mt = ruby_random(&seed.to_be_bytes());
    let n = items.len();
    for i in 0..n {
        let j = ruby_rand(&mut mt, (n - i) as u64) as usize + i;
        items.swap(i, j);
    }
}

/// `fqdn_rotate`'s order: rotated by an offset drawn from the node's name
/// and the seeds (the arguments after the first).
fn rotate(call: &mut Call<'_, '_>, items: &mut [Value]) {
    let fqdn = call.host.variable("::fqdn", call.scope).map_or(String::new(), |v| to_s(&v));
    // Ruby's `[fqdn, seeds].join(':')`: the seeds array always adds a
    // separator, even when empty.
    let seeds: Vec<String> = call.args[1..].iter().map(ruby_join_text).collect();
    let offset = md5_rand(&format!("{fqdn}:{}", seeds.join(":")), items.len() as i64) as usize;
    items.rotate_left(offset);
}

/// The text Ruby's `Array#join` gives an element (nested arrays joined
/// with the same separator).
fn ruby_join_text(v: &Value) -> String {
    match v {
        Value::Array(items) => items.iter().map(ruby_join_text).collect::<Vec<_>>().join(":"),
        Value::Undef => String::new(),
        other => to_s(other),
    }
}

/// `fqdn_uuid(fqdn)`: the version 5 (SHA-1, DNS namespace) UUID of a name.
fn fqdn_uuid(call: &mut Call<'_, '_>) -> EvalResult {
    match call.args.len() {
        0 => return Err(fail(call.span, "fqdn_uuid: No arguments given")),
        1 => {}
        n => return Err(fail(call.span, format!("fqdn_uuid: Too many arguments given ({n})"))),
    }
    // stdlib hashes the argument as a Ruby String.
    let Value::String(name) = &call.args[0] else {
        let v = &call.args[0];
        return Err(fail(
            call.span,
            format!("no implicit conversion of {} into String", super::super::ruby::conversion_name(v)),
        ));
    };
    Ok(Value::from(uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_DNS, name.as_bytes()).to_string()))
}

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
