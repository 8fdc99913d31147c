//! The part of Ruby's OpenSSL module functions use to derive and check
//! passwords (postgresql's SCRAM-SHA-256 `postgresql_password`): message
//! digests (`OpenSSL::Digest.new('SHA256').digest(data)`), HMAC
//! (`OpenSSL::HMAC.new(key, digest)`, fed with `<<`, read with `digest`) and
//! PBKDF2 (`OpenSSL::KDF.pbkdf2_hmac`, `OpenSSL::PKCS5.pbkdf2_hmac`).
//! Certificates, keys and ciphers are not modelled: their use is refused.

use std::cell::RefCell;
use std::rc::Rc;

use hmac::{Hmac, Mac};

use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::value::RValue;

/// A digest algorithm object or an HMAC being fed.
#[derive(Debug)]
pub enum Crypto {
    /// `OpenSSL::Digest.new(name)`: the algorithm, by OpenSSL's name.
    Digest(Algorithm),
    /// `OpenSSL::HMAC.new(key, digest)` and the data given to it so far.
    Hmac { algorithm: Algorithm, key: Vec<u8>, data: RefCell<Vec<u8>> },
}

/// The digests modelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Algorithm {
    Md5,
    Sha1,
    Sha256,
    Sha384,
    Sha512,
}

impl Algorithm {
    /// The algorithm OpenSSL's name (any case, with or without a dash) names;
    /// `Digest::` classes are named so too (`Digest::SHA256`).
    pub(crate) fn named(name: &str) -> Option<Algorithm> {
        Some(match name.to_ascii_uppercase().replace('-', "").as_str() {
            "MD5" => Algorithm::Md5,
            "SHA1" => Algorithm::Sha1,
            "SHA256" => Algorithm::Sha256,
            "SHA384" => Algorithm::Sha384,
            "SHA512" => Algorithm::Sha512,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Algorithm::Md5 => "MD5",
            Algorithm::Sha1 => "SHA1",
            Algorithm::Sha256 => "SHA256",
            Algorithm::Sha384 => "SHA384",
            Algorithm::Sha512 => "SHA512",
        }
    }

    pub(crate) fn digest(self, data: &[u8]) -> Vec<u8> {
        use sha2::Digest;
        match self {
            Algorithm::Md5 => md5::Md5::digest(data).to_vec(),
            Algorithm::Sha1 => sha1::Sha1::digest(data).to_vec(),
            Algorithm::Sha256 => sha2::Sha256::digest(data).to_vec(),
            Algorithm::Sha384 => sha2::Sha384::digest(data).to_vec(),
            Algorithm::Sha512 => sha2::Sha512::digest(data).to_vec(),
        }
    }

    fn hmac(self, key: &[u8], data: &[u8]) -> Vec<u8> {
        fn run<M: Mac + hmac::digest::KeyInit>(key: &[u8], data: &[u8]) -> Vec<u8> {
            let mut mac = <M as hmac::digest::KeyInit>::new_from_slice(key)
                .unwrap_or_else(|_| unreachable!("HMAC takes a key of any length"));
            mac.update(data);
            mac.finalize().into_bytes().to_vec()
        }
        match self {
            Algorithm::Md5 => run::<Hmac<md5::Md5>>(key, data),
            Algorithm::Sha1 => run::<Hmac<sha1::Sha1>>(key, data),
            Algorithm::Sha256 => run::<Hmac<sha2::Sha256>>(key, data),
            Algorithm::Sha384 => run::<Hmac<sha2::Sha384>>(key, data),
            Algorithm::Sha512 => run::<Hmac<sha2::Sha512>>(key, data),
        }
    }

    fn pbkdf2(self, password: &[u8], salt: &[u8], rounds: u32, out: &mut [u8]) {
        match self {
            Algorithm::Md5 => pbkdf2::pbkdf2_hmac::<md5::Md5>(password, salt, rounds, out),
            Algorithm::Sha1 => pbkdf2::pbkdf2_hmac::<sha1::Sha1>(password, salt, rounds, out),
            Algorithm::Sha256 => pbkdf2::pbkdf2_hmac::<sha2::Sha256>(password, salt, rounds, out),
            Algorithm::Sha384 => pbkdf2::pbkdf2_hmac::<sha2::Sha384>(password, salt, rounds, out),
            Algorithm::Sha512 => pbkdf2::pbkdf2_hmac::<sha2::Sha512>(password, salt, rounds, out),
        }
    }
}

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

impl Crypto {
    /// Its Ruby class.
    pub fn class_name(&self) -> &'static str {
        match self {
            Crypto::Digest(_) => "OpenSSL::Digest",
            Crypto::Hmac { .. } => "OpenSSL::HMAC",
        }
    }
}
