//! Binary Strings: the bytes a digest or a decoding gives (Ruby's
//! ASCII-8BIT), which are not text. Module code builds password hashes
//! from them (`Base64.strict_encode64(Digest::SHA1.digest(pw))`,
//! `"#{Digest::MD5.digest(secret + salt)}#{salt}"`), so they join other
//! Strings, go through `Digest`, `Base64` and `pack('m')`, and answer their
//! size and bytes; anything else done to them is refused by name. A binary
//! String never reaches Puppet (whose Strings are text) nor a template's
//! output: that is refused too.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use std::rc::Rc;

use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::value::{Exception, RValue};

/// The bytes of a String value, binary or text.
pub fn bytes_of(v: &RValue) -> Option<Vec<u8>> {
    match v {
        RValue::Bytes(b) => Some(b.to_vec()),
        RValue::Str(s) => Some(s.as_bytes().to_vec()),
        _ => None,
    }
}

/// Bytes in lower-case hex, as `unpack('H*')` and `hexdigest` write them.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A String of `bytes`: text when they are UTF-8, else binary.
pub fn string(bytes: Vec<u8>) -> RValue {
    match String::from_utf8(bytes) {
        Ok(s) => RValue::str(s),
        Err(e) => RValue::Bytes(Rc::from(e.into_bytes())),
    }
}

/// Joins String parts as Ruby does when one is binary: the bytes, unless
/// both a binary part and a text part have non-ASCII bytes, which Ruby
/// refuses (Encoding::CompatibilityError).
pub fn join(parts: &[RValue], at: usize) -> Ev {
    let binary_high = parts.iter().any(|p| matches!(p, RValue::Bytes(b) if !b.is_ascii()));
    let text_high = parts.iter().any(|p| matches!(p, RValue::Str(s) if !s.is_ascii()));
    if binary_high && text_high {
        return err(
            RubyErrorKind::Raised(Exception {
                class: "Encoding::CompatibilityError".into(),
                message: "incompatible character encodings: UTF-8 and ASCII-8BIT".into(),
            }),
            at,
        );
    }
    let mut out = Vec::new();
    for p in parts {
        match p {
            RValue::Bytes(b) => out.extend_from_slice(b),
            other => out.extend_from_slice(other.to_s().as_bytes()),
        }
    }
    Ok(string(out))
}

/// The methods a binary String answers.
pub fn method(bytes: &[u8], name: &str, args: &[RValue], at: usize) -> Ev {
    match (name, args) {
        ("size" | "length" | "bytesize", []) => Ok(RValue::Int(bytes.len() as i64)),
        ("bytes", []) => Ok(RValue::array(bytes.iter().map(|&b| RValue::Int(i64::from(b))).collect())),
        ("empty?", []) => Ok(RValue::Bool(bytes.is_empty())),
        ("to_s" | "to_str" | "b", []) => Ok(RValue::Bytes(Rc::from(bytes))),
        ("+", [other]) => match other {
            RValue::Str(_) | RValue::Bytes(_) => join(&[RValue::Bytes(Rc::from(bytes)), other.clone()], at),
            other => crate::flow::no_implicit(other, "String", at),
        },
        ("unpack" | "unpack1", [RValue::Str(format)]) => {
            let value = match &**format {
                "H*" => RValue::str(hex(bytes)),
                "C*" => RValue::array(bytes.iter().map(|&b| RValue::Int(i64::from(b))).collect()),
                "m" | "m0" => {
                    return err(RubyErrorKind::Unsupported("unpack('m') of a binary String".into()), at);
                }
                other => return err(RubyErrorKind::Unsupported(format!("unpack('{other}')")), at),
            };
            Ok(match (name, value) {
                ("unpack", RValue::Array(items)) => RValue::Array(items),
                ("unpack", other) => RValue::array(vec![other]),
                ("unpack1", RValue::Array(items)) => items.borrow().first().cloned().unwrap_or(RValue::Nil),
                (_, other) => other,
            })
        }
        _ => err(RubyErrorKind::Unsupported(format!("the method String#{name} on a binary (non-UTF-8) String")), at),
    }
}

/// `Array#pack` for the formats module code uses: `m` (Base64 in lines,
/// as `Base64.encode64`), `m0` (Base64 in one line), `C*` (bytes) and `H*`
/// (hex digits to bytes).
pub fn pack(items: &[RValue], format: &str, at: usize) -> Ev {
    let first_bytes = || {
        let first = items.first().unwrap_or(&RValue::Nil);
        bytes_of(first).map_or_else(|| crate::flow::no_implicit(first, "String", at), Ok)
    };
    match format {
        "m" | "m0" => {
            let data = first_bytes()?;
            Ok(RValue::str(if format == "m" {
                crate::binary::encode64(&data)
            } else {
                base64::Engine::encode(&base64::engine::general_purpose::STANDARD, &data)
            }))
        }
        "C*" | "c*" => {
            let mut out = Vec::with_capacity(items.len());
            for v in items {
                match v {
                    RValue::Int(i) => out.push(*i as u8),
                    other => return crate::flow::no_implicit(other, "Integer", at),
                }
            }
            Ok(string(out))
        }
        "H*" => {
            let hex = first_bytes()?;
            let nibble = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
            Ok(string(hex.chunks(2).map(|p| nibble(p[0]) << 4 | p.get(1).map_or(0, |&c| nibble(c))).collect()))
        }
        other => err(RubyErrorKind::Unsupported(format!("Array#pack('{other}')")), at),
    }
}

/// What in `v` cannot become a Puppet value as Puppet would have it: a
/// binary String, an Integer beyond 64 bits, or an object of a class the
/// code defines (whose `to_s` and methods Puppet would keep reaching).
fn unconvertible(v: &RValue) -> Option<String> {
    match v {
        RValue::Bytes(_) | RValue::Wide(_) => Some("a binary (non-UTF-8) String or an Integer beyond 64 bits".into()),
        RValue::Object(o) => Some(format!("an object of the class {} the code defines", o.class)),
        RValue::Array(items) => items.borrow().iter().find_map(unconvertible),
        RValue::Hash(pairs) => pairs.borrow().iter().find_map(|(k, v)| unconvertible(k).or_else(|| unconvertible(v))),
        _ => None,
    }
}

/// The Puppet value of `v`, which must hold nothing [`unconvertible`].
pub fn puppet_value(v: &RValue, at: usize) -> Ev<confer_core::Value> {
    if let Some(what) = unconvertible(v) {
        return err(RubyErrorKind::Unsupported(format!("{what} reaching Puppet")), at);
    }
    Ok(crate::value::to_puppet(v))
}

/// [`puppet_value`] of each of `values`.
pub fn puppet_values(values: &[RValue], at: usize) -> Ev<Vec<confer_core::Value>> {
    values.iter().map(|v| puppet_value(v, at)).collect()
}

/// The error of a binary String (or a wide Integer) reaching Puppet or a
/// template's output.
pub fn refused<T>(at: usize) -> Ev<T> {
    err(
        RubyErrorKind::Unsupported("a binary (non-UTF-8) String or an Integer beyond 64 bits reaching Puppet".into()),
        at,
    )
}

/// Ruby's `Base64.encode64`: lines of 60 characters, each ending in `\n`.
pub(crate) fn encode64(data: &[u8]) -> String {
    let flat = STANDARD.encode(data);
    let mut out = String::with_capacity(flat.len() + flat.len() / 60 + 1);
    for chunk in flat.as_bytes().chunks(60) {
        out.push_str(std::str::from_utf8(chunk).unwrap_or_default());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_joins_ascii_text_but_not_other_text() {
        let bin = RValue::Bytes(Rc::from(vec![0xff, 0x00]));
        let joined = join(&[bin.clone(), RValue::str("ab")], 0);
        assert!(matches!(&joined, Ok(RValue::Bytes(b)) if **b == [0xff, 0x00, b'a', b'b']));
        assert!(join(&[bin, RValue::str("é")], 0).is_err());
        assert_eq!(RValue::Bytes(Rc::from(vec![0xff, b'a'])).inspect(), "\"\\xFFa\"");
    }
}
