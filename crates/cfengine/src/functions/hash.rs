//! Digest functions (evalfunction.c's `FnCallHandlerHash`, `FnCallHashMatch`,
//! `FnCallHashToInt`, `FnCallCanonify`): hash, file_hash, hashmatch,
//! hash_to_int, canonifyuniquely. The digests are RustCrypto's.

use crate::eval::message::ErrorKind;
use md5::Md5;
use sha1::Sha1;
use sha2::{Digest, Sha224, Sha256, Sha384, Sha512};

use super::host::FunctionHost;
use crate::data::value::Rv;
use crate::syntax::ast::FnCall;

use super::{arg_int, arg_str, class_result, Failed, FnResult};

/// The digest of `data` with the named algorithm, as libntech's
/// `HashString` makes it: the six OpenSSL digests by their exact names.
/// Other names are an error, and the digest printed is what cf-agent
/// prints then: all zeros the length of the method's digest (`sha` 20
/// bytes, `crypt` 64), or nothing (`best`, an unknown name).
fn digest(ctx: &mut dyn FunctionHost, method: &str, data: &[u8]) -> Vec<u8> {
    match method {
        "md5" => Md5::digest(data).to_vec(),
        "sha1" => Sha1::digest(data).to_vec(),
        "sha224" => Sha224::digest(data).to_vec(),
        "sha256" => Sha256::digest(data).to_vec(),
        "sha384" => Sha384::digest(data).to_vec(),
        "sha512" => Sha512::digest(data).to_vec(),
        "crypt" => {
            ctx.error(
                ErrorKind::Function,
                "The crypt support is not presently implemented, please use another algorithm instead",
            );
            vec![0; 64]
        }
        other => {
            // The method's place in libntech's `CF_DIGEST_TYPES`.
            let (id, len) = match other {
                "sha" => (6, 20),
                "best" => (7, 0),
                _ => (9, 0),
            };
            ctx.error(ErrorKind::Function, format!("Could not determine function for file hashing (type={id})"));
            vec![0; len]
        }
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A file's content, read whole (a hash needs every byte) but refused when
/// it is not a regular file, so a device or FIFO cannot stall the run.
fn file_bytes(ctx: &mut dyn FunctionHost, path: &str) -> Option<Vec<u8>> {
    let m = std::fs::metadata(&*super::host_path(ctx, path)?).ok()?;
    if !m.is_file() {
        return None;
    }
    super::bounded_read(ctx, path, 0).ok()
}

/// `hash(text, algorithm)`: the hex digest.
pub(super) fn hash(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    Ok(Rv::scalar(hex(&digest(ctx, arg_str(a, 1), arg_str(a, 0).as_bytes()))))
}

/// `file_hash(path, algorithm)`: the hex digest of a file's content.
pub(super) fn file_hash(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let bytes = file_bytes(ctx, arg_str(a, 0)).ok_or(Failed)?;
    Ok(Rv::scalar(hex(&digest(ctx, arg_str(a, 1), &bytes))))
}

/// `hashmatch(path, algorithm, hex)`: whether the file's digest is `hex`.
pub(super) fn hashmatch(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let bytes = file_bytes(ctx, arg_str(a, 0)).unwrap_or_default();
    class_result(hex(&digest(ctx, arg_str(a, 1), &bytes)) == arg_str(a, 2))
}

/// `hash_to_int(from, to, text)`: `from` plus the first 8 bytes of the
/// text's SHA-256 (little-endian) modulo the range, the bounds in either
/// order; equal bounds give that bound.
pub(super) fn hash_to_int(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    let (x, y) = (arg_int(ctx, f, a, 0)?, arg_int(ctx, f, a, 1)?);
    let (from, to) = if x <= y { (x, y) } else { (y, x) };
    let range = to - from;
    if range == 0 {
        return Ok(Rv::scalar(from.to_string()));
    }
    let d = Sha256::digest(arg_str(a, 2).as_bytes());
    let mut first = [0u8; 8];
    first.copy_from_slice(&d[..8]);
    let n = u64::from_le_bytes(first) % range.unsigned_abs();
    Ok(Rv::scalar((from + n as i64).to_string()))
}

/// `canonifyuniquely(text)`: `text_<sha1 hex>`, canonified.
pub(super) fn canonifyuniquely(_: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let s = arg_str(a, 0);
    Ok(Rv::scalar(crate::syntax::class_expr::canonify(&format!("{s}_{}", hex(&Sha1::digest(s.as_bytes()))))))
}
