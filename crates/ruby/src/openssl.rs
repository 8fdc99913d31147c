//! The part of Ruby's OpenSSL module functions use to derive and check
//! passwords (postgresql's SCRAM-SHA-256 `postgresql_password`): message
//! digests (`OpenSSL::Digest.new('SHA256').digest(data)`), HMAC
//! (`OpenSSL::HMAC.new(key, digest)`, fed with `<<`, read with `digest`) and
//! PBKDF2 (`OpenSSL::KDF.pbkdf2_hmac`, `OpenSSL::PKCS5.pbkdf2_hmac`).
//! Certificates, keys and ciphers are not modelled: their use is refused.
//! The value it works on is `value/crypto.rs`'s, apart so that `RValue` holds
//! it without depending on these methods.

use std::cell::RefCell;
use std::rc::Rc;

use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::value::crypto::{Algorithm, Crypto};
use crate::value::RValue;

/// The most bytes a key derivation may make, and rounds it may take: a
/// bound on hostile input, far past what passwords use.
const MAX_KEY: i64 = 1 << 16;
const MAX_ROUNDS: i64 = 10_000_000;

fn bytes(v: &RValue, at: usize) -> Ev<Vec<u8>> {
    crate::binary::bytes_of(v).map_or_else(|| crate::flow::no_implicit(v, "String", at), Ok)
}

fn algorithm(v: &RValue, at: usize) -> Ev<Algorithm> {
    let found = match v {
        RValue::Crypto(c) => match &**c {
            Crypto::Digest(a) => Some(*a),
            Crypto::Hmac { .. } => None,
        },
        RValue::Str(s) => Algorithm::named(s),
        _ => None,
    };
    found.map_or_else(|| err(RubyErrorKind::Unsupported(format!("the digest {}", v.inspect())), at), Ok)
}

/// `OpenSSL::…` class methods; `None` for one not modelled.
pub(crate) fn class_method(class: &str, name: &str, args: &[RValue], at: usize) -> Option<Ev> {
    Some(match (class, name, args) {
        ("OpenSSL::Digest", "new", [n]) => match Algorithm::named(&n.to_s()) {
            Some(a) => Ok(RValue::Crypto(Rc::new(Crypto::Digest(a)))),
            None => err(
                RubyErrorKind::Raised(crate::value::Exception {
                    class: "RuntimeError".into(),
                    message: format!("Unsupported digest algorithm ({}).: unknown object name", n.to_s()),
                }),
                at,
            ),
        },
        (c, "new", []) if c.starts_with("OpenSSL::Digest::") => match Algorithm::named(&c["OpenSSL::Digest::".len()..])
        {
            Some(a) => Ok(RValue::Crypto(Rc::new(Crypto::Digest(a)))),
            None => return None,
        },
        ("OpenSSL::HMAC", "new", [key, digest]) => (|| {
            let hmac =
                Crypto::Hmac { algorithm: algorithm(digest, at)?, key: bytes(key, at)?, data: RefCell::default() };
            Ok(RValue::Crypto(Rc::new(hmac)))
        })(),
        ("OpenSSL::HMAC", "digest" | "hexdigest", [digest, key, data]) => (|| {
            let mac = algorithm(digest, at)?.hmac(&bytes(key, at)?, &bytes(data, at)?);
            Ok(output(mac, name == "hexdigest"))
        })(),
        ("OpenSSL::KDF", "pbkdf2_hmac", [password, RValue::Hash(options)]) => (|| {
            let get = |k: &str| crate::value::hash_get(&options.borrow(), &RValue::Sym(Rc::from(k))).cloned();
            let missing = |k: &str| err(RubyErrorKind::Argument(format!("missing keyword: :{k}")), at);
            let Some(salt) = get("salt") else { return missing("salt") };
            let Some(RValue::Int(rounds)) = get("iterations") else { return missing("iterations") };
            let Some(RValue::Int(length)) = get("length") else { return missing("length") };
            let Some(hash) = get("hash") else { return missing("hash") };
            derive(algorithm(&hash, at)?, &bytes(password, at)?, &bytes(&salt, at)?, rounds, length, at)
        })(),
        ("OpenSSL::PKCS5", "pbkdf2_hmac", [password, salt, RValue::Int(rounds), RValue::Int(length), hash]) => {
            (|| derive(algorithm(hash, at)?, &bytes(password, at)?, &bytes(salt, at)?, *rounds, *length, at))()
        }
        _ => return None,
    })
}

fn derive(a: Algorithm, password: &[u8], salt: &[u8], rounds: i64, length: i64, at: usize) -> Ev {
    if !(1..=MAX_ROUNDS).contains(&rounds) || !(0..=MAX_KEY).contains(&length) {
        return err(RubyErrorKind::Limit("a key derivation past confer's limits on hostile input".into()), at);
    }
    let mut out = vec![0u8; length as usize];
    a.pbkdf2(password, salt, rounds as u32, &mut out);
    Ok(RValue::Bytes(Rc::from(out)))
}

fn output(bytes: Vec<u8>, hex: bool) -> RValue {
    if hex {
        RValue::str(crate::binary::hex(&bytes))
    } else {
        RValue::Bytes(Rc::from(bytes))
    }
}

/// What a digest or an HMAC answers.
pub(crate) fn method(c: &Rc<Crypto>, name: &str, args: &[RValue], at: usize) -> Ev {
    match (&**c, name, args) {
        (Crypto::Digest(a), "digest" | "hexdigest", [data]) => {
            Ok(output(a.digest(&bytes(data, at)?), name == "hexdigest"))
        }
        (Crypto::Digest(a), "name", []) => Ok(RValue::str(a.name())),
        (Crypto::Hmac { data, .. }, "<<" | "update", [more]) => {
            let more = bytes(more, at)?;
            if data.borrow().len() + more.len() > crate::flow::MAX_SIZE {
                return err(RubyErrorKind::Limit(crate::flow::too_big()), at);
            }
            data.borrow_mut().extend_from_slice(&more);
            Ok(RValue::Crypto(c.clone()))
        }
        (Crypto::Hmac { algorithm, key, data }, "digest" | "hexdigest", []) => {
            Ok(output(algorithm.hmac(key, &data.borrow()), name == "hexdigest"))
        }
        _ => err(RubyErrorKind::Unsupported(format!("the method {name} of an OpenSSL object")), at),
    }
}
