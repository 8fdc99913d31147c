//! `md5`, `sha1`, `sha256` and `digest`: hex digests of a value's string
//! form, computed with RustCrypto's hashes.

use confer_core::Value;
use md5::Md5;
use sha1::Sha1;
use sha2::{Digest, Sha256};

use super::{Builtin, Call};
use crate::eval::flow::{fail, EvalResult};

/// The digest functions (Puppet 3 functions of one argument).
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::legacy("md5", 1, hex::<Md5>),
    Builtin::legacy("sha1", 1, hex::<Sha1>),
    Builtin::legacy("sha256", 1, hex::<Sha256>),
    Builtin::legacy("digest", 1, digest),
];

/// The digest of a String argument; Ruby's digests take nothing else.
fn hex<D: Digest>(call: &mut Call<'_, '_>) -> EvalResult {
    match &call.args[0] {
        Value::String(s) => Ok(Value::from(hex_of::<D>(s.as_bytes()))),
        other => Err(fail(
            call.span,
            format!("no implicit conversion of {} into String", super::ruby::conversion_name(other)),
        )),
    }
}

/// The lower-case hex digest of `bytes`.
pub(crate) fn hex_of<D: Digest>(bytes: &[u8]) -> String {
    D::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// `digest(v)`: the digest of Puppet's `digest_algorithm` setting, whose
/// default in Puppet 7 is SHA-256.
fn digest(call: &mut Call<'_, '_>) -> EvalResult {
    hex::<Sha256>(call)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_are_lower_case_hex() {
        assert_eq!(hex_of::<Md5>(b"abc"), "900150983cd24fb0d6963f7d28e17f72");
        assert_eq!(hex_of::<Sha1>(b"abc"), "a9993e364706816aba3e25717850c26c9cd0d89d");
    }
}
