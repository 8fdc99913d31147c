//! Integers beyond 64 bits (`RValue::Wide`, always past `i64::MAX`): what
//! module code does with them — print them, compare them, take a remainder
//! (`hexdigest(x).hex % n`), add or multiply non-negative numbers — and the
//! parsing that makes them (`"…".hex`, `to_i(16)`).

use std::rc::Rc;

use num_bigint::BigUint;

use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::value::ordering::{compare, comparison};
use crate::value::RValue;

/// `n` as Ruby's Integer: an `Int` when it fits, else `Wide`.
pub(crate) fn integer(n: BigUint) -> RValue {
    match i64::try_from(&n) {
        Ok(i) => RValue::Int(i),
        Err(_) => RValue::Wide(Rc::new(n)),
    }
}

/// Ruby's reading of the integer at the start of `text` in `radix`
/// (`String#to_i(radix)`, `hex`, `oct`): white space, a sign, the radix's
/// prefix, digits with single underscores between them; 0 when there are
/// none. A negative number beyond 64 bits is refused.
pub(crate) fn parse_leading(text: &str, radix: u32, at: usize) -> Ev {
    let t = text.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let (negative, t) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let prefix = match radix {
        16 => ["0x", "0X"],
        2 => ["0b", "0B"],
        8 => ["0o", "0O"],
        _ => ["", ""],
    };
    let t = prefix.iter().filter(|p| !p.is_empty()).find_map(|p| t.strip_prefix(p)).unwrap_or(t);
    let mut digits = String::new();
    let mut last_underscore = false;
    for c in t.chars() {
        if c == '_' && !last_underscore && !digits.is_empty() {
            last_underscore = true;
            continue;
        }
        if !c.is_digit(radix) {
            break;
        }
        last_underscore = false;
        digits.push(c);
    }
    let n = BigUint::parse_bytes(digits.as_bytes(), radix).unwrap_or_default();
    match (negative, integer(n)) {
        (false, v) => Ok(v),
        (true, RValue::Int(i)) => Ok(RValue::Int(-i)),
        (true, _) => err(RubyErrorKind::Unsupported("negative Integers beyond 64 bits".into()), at),
    }
}

/// What a `Wide` Integer answers.
pub(crate) fn method(i: &Rc<BigUint>, name: &str, args: &[RValue], at: usize) -> Ev {
    let wide = RValue::Wide(i.clone());
    match (name, args) {
        ("to_s" | "inspect", []) => Ok(RValue::str(i.to_string())),
        ("to_s", [RValue::Int(base)]) if (2..=36).contains(base) => Ok(RValue::str(i.to_str_radix(*base as u32))),
        ("to_i" | "to_int" | "abs", []) => Ok(wide),
        ("even?", []) => Ok(RValue::Bool(!i.bit(0))),
        ("odd?", []) => Ok(RValue::Bool(i.bit(0))),
        ("bit_length", []) => Ok(RValue::Int(i.bits() as i64)),
        ("%" | "modulo", [RValue::Int(m)]) if *m > 0 => Ok(integer(&**i % BigUint::from(*m as u64))),
        ("+", [RValue::Int(m)]) if *m >= 0 => Ok(integer(&**i + BigUint::from(*m as u64))),
        ("*", [RValue::Int(m)]) if *m >= 0 => Ok(integer(&**i * BigUint::from(*m as u64))),
        ("+", [RValue::Wide(m)]) => Ok(integer(&**i + &**m)),
        ("==", [other]) => Ok(RValue::Bool(wide.equals(other))),
        ("<=>", [other]) => Ok(compare(&wide, other).map_or(RValue::Nil, |o| comparison(name, o))),
        ("<" | ">" | "<=" | ">=", [other]) => match compare(&wide, other) {
            Some(o) => Ok(comparison(name, o)),
            None => {
                err(RubyErrorKind::Argument(format!("comparison of Integer with {} failed", other.class_name())), at)
            }
        },
        _ => err(RubyErrorKind::Unsupported(format!("Integer#{name} beyond 64 bits")), at),
    }
}
