//! Integer and Float methods templates call (`+`, `<=>`, `to_s(2)`,
//! `even?`), declared as one table (see `contract.rs`). Integer arithmetic
//! that overflows 64 bits is an error, never a wrong answer.

use crate::contract::{Arity, Call, Method, Table, Takes};
use crate::error::RubyErrorKind;
use crate::flow::{err, Ctl, Ev};
use crate::value::RValue;

/// A numeric method's implementation.
type NumericFn = fn(&Call<'_>) -> Ev;

/// A row of any arity.
const fn row(names: &'static [&'static str], run: NumericFn) -> Method<NumericFn> {
    Method { names, arity: Arity::Unchecked, takes: Takes::AnyBlock, run }
}

/// A row of one argument: the operators.
const fn operator(names: &'static [&'static str], run: NumericFn) -> Method<NumericFn> {
    Method { names, arity: Arity::Exactly(1), takes: Takes::AnyBlock, run }
}

/// Every Integer and Float method confer answers.
static NUMERIC_METHODS: Table<NumericFn> = Table::new(&[
    row(&["positive?"], |c| Ok(RValue::Bool(as_f(c.recv).is_some_and(|f| f > 0.0)))),
    row(&["negative?"], |c| Ok(RValue::Bool(as_f(c.recv).is_some_and(|f| f < 0.0)))),
    row(&["even?", "odd?"], |c| match c.recv {
        RValue::Int(i) => Ok(RValue::Bool((i % 2 == 0) == (c.name == "even?"))),
        _ => missing(c),
    }),
    row(&["abs"], |c| {
        Ok(match c.recv {
            RValue::Int(i) => RValue::Int(i.checked_abs().ok_or_else(|| overflow(c.at))?),
            RValue::Float(f) => RValue::Float(f.abs()),
            other => other.clone(),
        })
    }),
    row(&["to_i", "to_int", "floor", "truncate"], |c| {
        Ok(match c.recv {
            RValue::Float(f) => RValue::Int(*f as i64),
            other => other.clone(),
        })
    }),
    row(&["to_f"], |c| Ok(RValue::Float(as_f(c.recv).unwrap_or(0.0)))),
    row(&["to_s"], |c| match (c.recv, c.args) {
        (RValue::Int(i), [RValue::Int(base)]) if (2..=36).contains(base) => {
            Ok(RValue::str(int_to_base(*i, *base as u32)))
        }
        _ => err(
            RubyErrorKind::Argument(format!(
                "invalid radix {}",
                c.args.first().map(RValue::inspect).unwrap_or_default()
            )),
            c.at,
        ),
    }),
    row(&["zero?"], |c| Ok(RValue::Bool(as_f(c.recv) == Some(0.0)))),
    row(&["chr"], chr),
    row(&["-@"], |c| {
        Ok(match c.recv {
            RValue::Int(i) => RValue::Int(-i),
            RValue::Float(f) => RValue::Float(-f),
            other => other.clone(),
        })
    }),
    operator(&["<<", ">>", "&", "|", "^"], bits),
    operator(&["+", "-", "*", "/", "%", "<", ">", "<=", ">=", "<=>", "**"], arithmetic),
]);

/// Calls the Integer or Float method `name` on `recv`.
pub(crate) fn method(recv: &RValue, name: &str, args: &[RValue], at: usize) -> Ev {
    let Some(row) = NUMERIC_METHODS.find(name) else {
        return crate::missing::missing_method(recv, name, at);
    };
    row.admit(name, args.len(), false, at)?(&Call { recv, name, args, block: None, at })
}

fn as_f(v: &RValue) -> Option<f64> {
    match v {
        RValue::Int(i) => Some(*i as f64),
        RValue::Float(f) => Some(*f),
        _ => None,
    }
}

fn overflow(at: usize) -> Ctl {
    Ctl::Err(crate::RubyError::new(RubyErrorKind::Limit("integer overflow".into()), at))
}

fn missing(c: &Call<'_>) -> Ev {
    crate::missing::missing_method(c.recv, c.name, c.at)
}

fn chr(c: &Call<'_>) -> Ev {
    if !c.args.is_empty() {
        return missing(c);
    }
    match c.recv {
        RValue::Int(i @ 0..=127) => Ok(RValue::str(char::from(*i as u8).to_string())),
        RValue::Int(128..=255) => err(RubyErrorKind::Unsupported("binary (non-UTF-8) strings".into()), c.at),
        RValue::Int(i) => err(
            RubyErrorKind::Raised(crate::value::Exception {
                class: "RangeError".into(),
                message: format!("{i} out of char range"),
            }),
            c.at,
        ),
        _ => missing(c),
    }
}

/// The Integer bit operators; a shift that loses bits is an overflow.
fn bits(c: &Call<'_>) -> Ev {
    let (RValue::Int(a), RValue::Int(b)) = (c.recv, &c.args[0]) else {
        return err(RubyErrorKind::Type(format!("{} can't be coerced into Integer", c.args[0].class_name())), c.at);
    };
    let (a, b) = (*a, *b);
    let shifted = |left: bool| {
        let by = u32::try_from(b.unsigned_abs()).unwrap_or(u32::MAX);
        if left == (b >= 0) {
            a.checked_shl(by).filter(|r| r >> by == a)
        } else {
            Some(a.checked_shr(by).unwrap_or(if a < 0 { -1 } else { 0 }))
        }
    };
    let out = match c.name {
        "<<" => shifted(true),
        ">>" => shifted(false),
        "&" => Some(a & b),
        "|" => Some(a | b),
        _ => Some(a ^ b),
    };
    out.map(RValue::Int).map_or_else(|| err(RubyErrorKind::Limit("integer overflow".into()), c.at), Ok)
}

/// Arithmetic and comparison: Integer with Integer stays Integer (Ruby's
/// floored division and modulo), anything with a Float is a Float.
fn arithmetic(c: &Call<'_>) -> Ev {
    let (name, at, other) = (c.name, c.at, &c.args[0]);
    if let (RValue::Int(a), RValue::Int(b)) = (c.recv, other) {
        let (a, b) = (*a, *b);
        return Ok(match name {
            "+" => RValue::Int(a.checked_add(b).ok_or_else(|| overflow(at))?),
            "-" => RValue::Int(a.checked_sub(b).ok_or_else(|| overflow(at))?),
            "*" => RValue::Int(a.checked_mul(b).ok_or_else(|| overflow(at))?),
            "/" | "%" if b == 0 => return err(RubyErrorKind::Argument("divided by 0".into()), at),
            "/" => RValue::Int(
                a.div_euclid(b) - if (a % b != 0) && ((a < 0) != (b < 0)) && a.rem_euclid(b) == 0 { 1 } else { 0 },
            ),
            "%" => RValue::Int(a - b * (a as f64 / b as f64).floor() as i64),
            "**" => RValue::Int(u32::try_from(b).ok().and_then(|e| a.checked_pow(e)).ok_or_else(|| overflow(at))?),
            "<=>" => RValue::Int(a.cmp(&b) as i64),
            op => RValue::Bool(match op {
                "<" => a < b,
                ">" => a > b,
                "<=" => a <= b,
                _ => a >= b,
            }),
        });
    }
    let (Some(a), Some(b)) = (as_f(c.recv), as_f(other)) else {
        return err(
            RubyErrorKind::Type(format!("{} can't be coerced into {}", other.class_name(), c.recv.class_name())),
            at,
        );
    };
    Ok(match name {
        "+" => RValue::Float(a + b),
        "-" => RValue::Float(a - b),
        "*" => RValue::Float(a * b),
        "/" => RValue::Float(a / b),
        "%" => RValue::Float(a - b * (a / b).floor()),
        "**" => RValue::Float(a.powf(b)),
        "<=>" => a.partial_cmp(&b).map_or(RValue::Nil, |o| RValue::Int(o as i64)),
        "<" => RValue::Bool(a < b),
        ">" => RValue::Bool(a > b),
        "<=" => RValue::Bool(a <= b),
        _ => RValue::Bool(a >= b),
    })
}

/// An integer written in `base` (2–36), lower-case digits, as
/// `Integer#to_s(base)`.
fn int_to_base(i: i64, base: u32) -> String {
    let mut n = i.unsigned_abs();
    let mut digits = Vec::new();
    loop {
        digits.push(std::char::from_digit((n % base as u64) as u32, base).unwrap_or('0'));
        n /= base as u64;
        if n == 0 {
            break;
        }
    }
    if i < 0 {
        digits.push('-');
    }
    digits.iter().rev().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_a_method_of_ruby_integer_or_float() {
        for row in NUMERIC_METHODS.rows() {
            for name in row.names {
                let known = |class| crate::missing::ruby_has(class, name) == Some(true);
                assert!(known("Integer") || known("Float"), "{name}");
            }
        }
    }
}
