//! `fqdn_rand`: a number that is random across nodes but stable for one
//! node. Puppet seeds Ruby's `Random` (MT19937 initialised by array from the
//! seed's 32-bit words) with the MD5 of `fqdn:max:seed` and draws `rand(max)`;
//! the same generator and draw give the same numbers here.

use confer_core::value::to_s;
use confer_core::Value;
use confer_ruby::random::{ruby_rand, ruby_random};
use md5::Md5;

use super::digests::hex_of;
use super::{Builtin, Call};
use crate::eval::flow::{fail, EvalResult};

/// The random functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[Builtin::legacy("fqdn_rand", -2, fqdn_rand)];

/// Ruby's `String#to_i`: the leading decimal digits, 0 when there are none.
fn ruby_to_i(v: &Value) -> i64 {
    match v {
        Value::Integer(i) => *i,
        Value::Float(f) => *f as i64,
        other => {
            let s = to_s(other);
            let t = s.trim_start();
            let (sign, digits) = match t.strip_prefix('-') {
                Some(rest) => (-1, rest),
                None => (1, t.strip_prefix('+').unwrap_or(t)),
            };
            let n: String = digits.chars().take_while(char::is_ascii_digit).collect();
            n.parse::<i64>().map_or(0, |n| sign * n)
        }
    }
}

/// `fqdn_rand(max, seed = undef, downcase = false)`.
fn fqdn_rand(call: &mut Call<'_, '_>) -> EvalResult {
    let max = ruby_to_i(&call.args[0]);
    let seed = call.args.get(1).map_or(String::new(), to_s);
    let downcase = call.args.get(2).is_some_and(Value::is_truthy);
    if max <= 0 {
        return Err(fail(call.span, format!("fqdn_rand(): invalid argument - {max}")));
    }
    Ok(Value::Integer(fqdn_rand_int(call, max, &seed, downcase)))
}

/// The number `fqdn_rand(max, seed, downcase)` returns, for `max > 0`.
pub(crate) fn fqdn_rand_int(call: &Call<'_, '_>, max: i64, seed: &str, downcase: bool) -> i64 {
    let fqdn = call
        .host
        .variable("facts", call.scope)
        .and_then(|facts| match facts {
            Value::Hash(h) => match h.get(&Value::from("networking")) {
                Some(Value::Hash(n)) => n.get(&Value::from("fqdn")).map(to_s),
                _ => None,
            },
            _ => None,
        })
        .unwrap_or_default();
    let fqdn = if downcase { fqdn.to_lowercase() } else { fqdn };
    md5_rand(&format!("{fqdn}:{max}:{seed}"), max)
}

/// `Random.new(Digest::MD5.hexdigest(text).hex).rand(max)`, the draw of
/// `fqdn_rand` and of stdlib's `seeded_rand`.
pub(crate) fn md5_rand(text: &str, max: i64) -> i64 {
    let hex = hex_of::<Md5>(text.as_bytes());
    let bytes: Vec<u8> =
        (0..hex.len()).step_by(2).filter_map(|i| u8::from_str_radix(&hex[i..i + 2], 16).ok()).collect();
    let mut mt = ruby_random(&bytes);
    ruby_rand(&mut mt, max as u64) as i64
}
