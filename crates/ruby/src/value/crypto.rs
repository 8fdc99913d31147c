//! An OpenSSL digest or HMAC object module code made, and the digest
//! algorithms it names. Their methods and classes are `openssl.rs`'s.

use hmac::{Hmac, Mac};
use std::cell::RefCell;

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

    pub(crate) fn name(self) -> &'static str {
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

    pub(crate) fn hmac(self, key: &[u8], data: &[u8]) -> Vec<u8> {
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

    pub(crate) fn pbkdf2(self, password: &[u8], salt: &[u8], rounds: u32, out: &mut [u8]) {
        match self {
            Algorithm::Md5 => pbkdf2::pbkdf2_hmac::<md5::Md5>(password, salt, rounds, out),
            Algorithm::Sha1 => pbkdf2::pbkdf2_hmac::<sha1::Sha1>(password, salt, rounds, out),
            Algorithm::Sha256 => pbkdf2::pbkdf2_hmac::<sha2::Sha256>(password, salt, rounds, out),
            Algorithm::Sha384 => pbkdf2::pbkdf2_hmac::<sha2::Sha384>(password, salt, rounds, out),
            Algorithm::Sha512 => pbkdf2::pbkdf2_hmac::<sha2::Sha512>(password, salt, rounds, out),
        }
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
