//! stdlib's password hashes: `pw_hash` (the C library's `crypt(3)` with
//! a modular salt, as Ruby's `String#crypt` in `confer-ruby`), `str2saltedpbkdf2` (PBKDF2
//! with HMAC-SHA512, as macOS user records want) and `str2saltedsha512`
//! (a random 4-byte salt, so its result differs run to run, as in Puppet).
//! Sensitive arguments are unwrapped, as stdlib does; the results are
//! plain strings, as stdlib returns them.

use confer_core::{HashMap, Value};
use sha2::{Digest, Sha512};

use crate::eval::flow::{fail, EvalResult};
use crate::eval::functions::{Builtin, Call};

/// The password functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::legacy("pw_hash", 3, pw_hash),
    // No `:arity`: the function checks the count itself, in its own words.
    Builtin::legacy("str2saltedpbkdf2", -1, str2saltedpbkdf2),
    Builtin::legacy("str2saltedsha512", -1, str2saltedsha512),
];

/// The argument with a Sensitive wrapper removed.
fn unwrapped(v: &Value) -> Value {
    match v {
        Value::Sensitive(inner) => (**inner).clone(),
        other => other.clone(),
    }
}

/// `pw_hash(password, type, salt)`.
fn pw_hash(call: &mut Call<'_, '_>) -> EvalResult {
    let args: Vec<Value> = call.args.iter().map(unwrapped).collect();
    let bad = |m: &str| fail(call.span, format!("pw_hash(): {m}"));
    if !matches!(args[0], Value::String(_) | Value::Undef) {
        return Err(bad("first argument must be a string"));
    }
    let Value::String(kind) = &args[1] else { return Err(bad("second argument must be a string")) };
    let prefix = match kind.to_lowercase().as_str() {
        "md5" => "1",
        "sha-256" => "5",
        "sha-512" => "6",
        "bcrypt" => "2b",
        "bcrypt-a" => "2a",
        "bcrypt-x" => "2x",
        "bcrypt-y" => "2y",
        _ => return Err(bad(&format!("{kind} is not a valid hash type"))),
    };
    let Value::String(salt) = &args[2] else { return Err(bad("third argument must be a string")) };
    if salt.is_empty() {
        return Err(bad("third argument must not be empty"));
    }
    let bcrypt = prefix.starts_with('2');
    let salt_ok = if bcrypt {
        let b = salt.as_bytes();
        b.len() >= 25
            && b[..2].iter().all(u8::is_ascii_digit)
            && b[2] == b'$'
            && b[3..25].iter().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'/'))
    } else {
        salt.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'/'))
    };
    if !salt_ok {
        let doc = if bcrypt { r"match (?-mix:^[0-9]{2}\$[.\/A-Za-z0-9]{22})" } else { "be in the set [a-zA-Z0-9./]" };
        return Err(bad(&format!("characters in salt must {doc}")));
    }
    let password = match &args[0] {
        Value::String(p) if !p.is_empty() => p.clone(),
        _ => return Ok(Value::Undef),
    };
    confer_ruby::crypt::crypt(&password, &format!("${prefix}${salt}"))
        .map(Value::from)
        .ok_or_else(|| fail(call.span, "Invalid argument - crypt"))
}

/// `str2saltedpbkdf2(password, salt, iterations)`.
fn str2saltedpbkdf2(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() != 3 {
        let n = call.args.len();
        return Err(fail(call.span, format!("str2saltedpbkdf2(): wrong number of arguments ({n} for 3)")));
    }
    let args: Vec<Value> = call.args.iter().map(unwrapped).collect();
    let bad = |m: &str| fail(call.span, format!("str2saltedpbkdf2(): {m}"));
    let Value::String(password) = &args[0] else { return Err(bad("first argument must be a string")) };
    let Value::String(salt) = &args[1] else { return Err(bad("second argument must be a string")) };
    if salt.len() < 8 {
        return Err(bad("second argument must be at least 8 bytes long"));
    }
    let Value::Integer(iterations) = args[2] else { return Err(bad("third argument must be an integer")) };
    if !(40_001..70_000).contains(&iterations) {
        return Err(bad("third argument must be between 40,000 and 70,000"));
    }
    let mut key = [0u8; 128];
    pbkdf2::pbkdf2_hmac::<Sha512>(password.as_bytes(), salt.as_bytes(), iterations as u32, &mut key);
    let mut out = HashMap::new();
    out.insert(Value::from("password_hex"), Value::from(hex(&key)));
    out.insert(Value::from("salt_hex"), Value::from(hex(salt.as_bytes())));
    out.insert(Value::from("iterations"), Value::Integer(iterations));
    Ok(Value::hash(out))
}

/// `str2saltedsha512(password)`: a random salt, then SHA-512 of salt and
/// password, both in hex.
fn str2saltedsha512(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() != 1 {
        return Err(fail(
            call.span,
            format!("str2saltedsha512(): Wrong number of arguments passed ({} but we require 1)", call.args.len()),
        ));
    }
    let Value::String(password) = &call.args[0] else {
        return Err(fail(
            call.span,
            format!(
                "str2saltedsha512(): Requires a String argument, you passed: {}",
                super::ruby::class(&call.args[0])
            ),
        ));
    };
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    let seed = (nanos % 0x7fff_fffe).to_le_bytes();
    let mut salted = seed.to_vec();
    salted.extend_from_slice(password.as_bytes());
    let mut out = seed.to_vec();
    out.extend_from_slice(&Sha512::digest(&salted));
    Ok(Value::from(hex(&out)))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn crypt_matches_the_c_library() {
        assert_eq!(pwhash::unix::crypt("test", "$1$1").unwrap(), "$1$1$Bp8CU9Oujr9SSEw53WV6G.");
    }
}
