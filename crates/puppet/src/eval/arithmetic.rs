//! The arithmetic operators `+ - * / % << >>` and unary minus, including Puppet's
//! automatic conversion of numeric strings (with a warning) and its container
//! forms (array concatenation and removal, hash merge and removal).

use confer_core::ruby_compat::float_to_s;
use confer_core::value::ruby_equals;
use confer_core::{HashMap, Value};

use crate::ast::BinaryOp;

/// A number taken from an operand. An integer is held in 128 bits: a numeric
/// string beyond 64 bits converts (Ruby makes it a Bignum, with the usual
/// warning), and only the result must fit Puppet's 64-bit range.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Num {
    Int(i128),
    Float(f64),
}

/// Parses a string as Puppet converts it for arithmetic: optional sign,
/// decimal, `0x` hex, `0` octal, or a float; surrounding blanks are ignored.
/// Binary (`0b101`), which `Integer()` reads, is refused here as in Puppet.
fn parse_number(s: &str) -> Option<Num> {
    let t = s.trim();
    let (neg, body) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let int = |digits: &str, radix: u32| -> Option<Num> {
        if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
            return None;
        }
        let magnitude = i128::from_str_radix(digits, radix).ok()?;
        Some(Num::Int(if neg { -magnitude } else { magnitude }))
    };
    if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        return int(hex, 16);
    }
    if body.len() > 1 && body.starts_with('0') && body.chars().all(|c| c.is_ascii_digit()) {
        return int(&body[1..], 8);
    }
    if !body.is_empty() && body.chars().all(|c| c.is_ascii_digit()) {
        return int(body, 10);
    }
    let looks_float = body.chars().next().is_some_and(|c| c.is_ascii_digit())
        && body.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '-' | '+'))
        && !body.ends_with('.');
    if looks_float {
        let f: f64 = body.parse().ok()?;
        return Some(Num::Float(if neg { -f } else { f }));
    }
    None
}

/// Which operand a coercion warning is about; Puppet points at that operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// The left operand (or the only one, for unary minus).
    Left,
    /// The right operand.
    Right,
}

/// The number an operand stands for; strings convert with a warning.
fn to_num(v: &Value, side: Operand, warn: &mut dyn FnMut(Operand, String)) -> Result<Num, String> {
    match v {
        Value::Integer(i) => Ok(Num::Int(i128::from(*i))),
        Value::Float(f) => Ok(Num::Float(*f)),
        Value::String(s) => match parse_number(s) {
            Some(n) => {
                let shown = match n {
                    Num::Int(i) => i.to_string(),
                    Num::Float(f) => float_to_s(f),
                };
                warn(side, format!("The string '{s}' was automatically coerced to the numerical value {shown}"));
                Ok(n)
            }
            None => Err(format!("The value '{s}' cannot be converted to Numeric.")),
        },
        other => Err(format!("The value '{other}' cannot be converted to Numeric.")),
    }
}

/// Puppet's `coerce_numeric`: a number, or a numeric string converted (with
/// the warning `warn` is given); anything else fails with Puppet's message.
pub(super) fn coerce_numeric(v: &Value, warn: &mut dyn FnMut(String)) -> Result<Value, String> {
    let shown = match v {
        Value::Undef => String::new(),
        other => confer_core::value::to_s(other),
    };
    let n = to_num(v, Operand::Left, &mut |_, w| warn(w))
        .map_err(|_| format!("The value '{shown}' cannot be converted to Numeric."))?;
    Ok(num_value(n))
}

/// Puppet's `Utils.to_n` of a string: its number, if it is one.
pub(super) fn string_number(s: &str) -> Option<Value> {
    parse_number(s).map(num_value)
}

fn num_value(n: Num) -> Value {
    match n {
        Num::Int(i) => i64::try_from(i).map_or(Value::Float(i as f64), Value::Integer),
        Num::Float(f) => Value::Float(f),
    }
}

/// An arithmetic error: Puppet's message, and where Puppet places it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpError {
    /// Puppet's message.
    pub message: String,
    /// Where Puppet locates it.
    pub at: Place,
}

/// Where Puppet locates an arithmetic error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The expression's start (operands that do not fit the operator).
    Expression,
    /// The operator, for errors raised while it is applied (an integer
    /// result out of range, and the Ruby errors Puppet rescues as "Error
    /// while evaluating a '+' expression, …").
    Operator,
    /// The right operand (a division by zero, a right operand that is
    /// not a number).
    Right,
}

impl OpError {
    /// An error Puppet locates at the operator.
    fn at_operator(message: impl Into<String>) -> OpError {
        OpError { message: message.into(), at: Place::Operator }
    }

    /// An error Puppet locates at the right operand.
    fn at_right(message: impl Into<String>) -> OpError {
        OpError { message: message.into(), at: Place::Right }
    }
}

impl From<String> for OpError {
    fn from(message: String) -> OpError {
        OpError { message, at: Place::Expression }
    }
}

impl From<&str> for OpError {
    fn from(message: &str) -> OpError {
        OpError::from(message.to_string())
    }
}

fn overflow(op: BinaryOp, exact: i128) -> OpError {
    let (bound, sign) = if exact < 0 { ("min", '-') } else { ("max", '+') };
    OpError::at_operator(format!(
        "A '{}' expression resulted in a value outside of Puppet Integer {bound} range, got '{sign}0x{:x}'",
        op.symbol(),
        exact.unsigned_abs()
    ))
}

fn checked_float(op: BinaryOp, f: f64) -> Result<Value, OpError> {
    if f.is_infinite() {
        Err(format!("The result of the {} expression is Infinity", op.symbol()).into())
    } else if f.is_nan() {
        Err(format!("The result of the {} expression is NaN", op.symbol()).into())
    } else {
        Ok(Value::Float(f))
    }
}

/// Evaluates `lhs op rhs` for an arithmetic operator. Warnings about converted
/// strings go to `warn`; errors are Puppet's messages.
pub fn binary(op: BinaryOp, lhs: &Value, rhs: &Value, warn: &mut dyn FnMut(Operand, String)) -> Result<Value, OpError> {
    if let (Value::Integer(x), Value::Integer(y)) = (lhs, rhs) {
        if let Some(n) = int_op_in_range(op, *x, *y) {
            return Ok(Value::Integer(n));
        }
    }
    match (op, lhs) {
        (BinaryOp::Add, Value::Array(a)) => return Ok(concat(a, rhs)),
        (BinaryOp::Sub, Value::Array(a)) => return Ok(array_remove(a, rhs)),
        (BinaryOp::Shl, Value::Array(a)) => {
            let mut out = a.to_vec();
            out.push(rhs.clone());
            return Ok(Value::array(out));
        }
        (BinaryOp::Add, Value::Hash(h)) => return hash_merge(h, rhs),
        (_, Value::Timestamp(t)) => return timestamp_op(op, *t, rhs, warn),
        // Addition commutes: a duration or a number of seconds plus a moment.
        (BinaryOp::Add, Value::Timespan(_) | Value::Integer(_) | Value::Float(_))
            if matches!(rhs, Value::Timestamp(_)) =>
        {
            return timestamp_op(op, timestamp_nanos(rhs), lhs, warn)
        }
        (BinaryOp::Sub, Value::Timespan(_)) if matches!(rhs, Value::Timestamp(_)) => {
            return Err(OpError::at_operator(
                "Error while evaluating a '-' expression, A Timestamp cannot be subtracted from a Timespan",
            ))
        }
        (_, Value::Integer(_) | Value::Float(_)) if matches!(rhs, Value::Timestamp(_)) => {
            return Err(format!(
                "Operator '{}' is not applicable to {} when right side is a Timestamp.",
                op.symbol(),
                if matches!(lhs, Value::Integer(_)) { "an Integer" } else { "a Float" }
            )
            .into())
        }
        (BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div, Value::Timespan(t)) => {
            return timespan_op(op, t.nanos, rhs)
                .map(|nanos| Value::Timespan(confer_core::value::timespan::TimeBound { nanos, float: false }))
                .map_err(OpError::from)
        }
        (BinaryOp::Add, Value::Uri(base)) => {
            let reference = match rhs {
                Value::Uri(r) => (**r).clone(),
                Value::String(s) => confer_core::value::uri::Uri::parse(s).map_err(|e| e.to_string())?,
                other => {
                    return Err(
                        format!("A URI can only be merged with a URI or a String, got {}", other.type_name()).into()
                    )
                }
            };
            // Resolving fails inside the operator, which Puppet reports there.
            return base
                .resolve(&reference)
                .map(|u| Value::Uri(std::sync::Arc::new(u)))
                .map_err(|e| OpError::at_operator(e.to_string()));
        }
        (BinaryOp::Sub, Value::Hash(h)) => return Ok(hash_remove(h, rhs)),
        (_, Value::SemVer(_)) => {
            return Err(format!("Operator '{}' is not applicable to a Semver.", op.symbol()).into())
        }
        _ => {}
    }
    let a = to_num(lhs, Operand::Left, warn)?;
    let b = to_num(rhs, Operand::Right, warn).map_err(OpError::at_right)?;
    if let (BinaryOp::Shl | BinaryOp::Shr, Num::Int(x), Num::Float(y)) = (op, a, b) {
        // Puppet truncates a float shift count: `21 << 1.0` is 42.
        return int_op(op, x, y as i128);
    }
    match (a, b) {
        (Num::Int(x), Num::Int(y)) => int_op(op, x, y),
        (x, y) => {
            let (x, y) = (as_f64(x), as_f64(y));
            match op {
                BinaryOp::Add => checked_float(op, x + y),
                BinaryOp::Sub => checked_float(op, x - y),
                BinaryOp::Mul => checked_float(op, x * y),
                BinaryOp::Div => checked_float(op, x / y),
                BinaryOp::Mod => Err("Operator '%' is not applicable to a Float.".into()),
                BinaryOp::Shl | BinaryOp::Shr => {
                    Err(format!("Operator '{}' is not applicable to a Float.", op.symbol()).into())
                }
                _ => Err(format!("Operator '{}' is not arithmetic", op.symbol()).into()),
            }
        }
    }
}

fn as_f64(n: Num) -> f64 {
    match n {
        Num::Int(i) => i as f64,
        Num::Float(f) => f,
    }
}

/// [`int_op`] in 64 bits, for the common case of a result in range: `None`
/// when it is not (or the divisor is 0, or the operator is a shift), and
/// the general path then computes the result or words the error. Floor
/// division and a modulo with the divisor's sign, as Ruby's.
fn int_op_in_range(op: BinaryOp, x: i64, y: i64) -> Option<i64> {
    match op {
        BinaryOp::Add => x.checked_add(y),
        BinaryOp::Sub => x.checked_sub(y),
        BinaryOp::Mul => x.checked_mul(y),
        BinaryOp::Div => {
            let q = x.checked_div(y)?;
            Some(if x % y != 0 && ((x < 0) != (y < 0)) { q - 1 } else { q })
        }
        BinaryOp::Mod => {
            let r = x.checked_rem(y)?;
            Some(if r != 0 && ((r < 0) != (y < 0)) { r + y } else { r })
        }
        _ => None,
    }
}

/// Integer arithmetic with Ruby's floored division and modulo, and an error for
/// any result outside 64 bits.
fn int_op(op: BinaryOp, x: i128, y: i128) -> Result<Value, OpError> {
    // Beyond 128 bits the result is out of range anyway; it shows saturated.
    let exact: i128 = match op {
        BinaryOp::Add => x.saturating_add(y),
        BinaryOp::Sub => x.saturating_sub(y),
        BinaryOp::Mul => x.saturating_mul(y),
        BinaryOp::Div | BinaryOp::Mod if y == 0 => return Err(OpError::at_right("Division by 0")),
        BinaryOp::Div => {
            let q = x / y;
            if x % y != 0 && ((x < 0) != (y < 0)) {
                q - 1
            } else {
                q
            }
        }
        BinaryOp::Mod => {
            let r = x % y;
            if r != 0 && ((r < 0) != (y < 0)) {
                r + y
            } else {
                r
            }
        }
        BinaryOp::Shl => return shift(op, x, y),
        BinaryOp::Shr => return shift(op, x, y.saturating_neg()),
        _ => return Err(format!("Operator '{}' is not arithmetic", op.symbol()).into()),
    };
    i64::try_from(exact).map(Value::Integer).map_err(|_| overflow(op, exact))
}

/// `x << n` for positive `n`, `x >> -n` otherwise, as Ruby shifts.
fn shift(op: BinaryOp, x: i128, n: i128) -> Result<Value, OpError> {
    // Zero shifted any distance is zero (found by fuzzing: `0 >> -1061`
    // shifted a 1 past 128 bits to compute it).
    if x == 0 {
        return Ok(Value::Integer(0));
    }
    // Shifted past 128 bits, the result shows saturated.
    let saturated = if x < 0 { i128::MIN } else { i128::MAX };
    if n >= 0 {
        if x != 0 && n >= 64 {
            let shown = if n < 120 { x.checked_mul(1i128 << n).unwrap_or(saturated) } else { saturated };
            return Err(overflow(op, shown));
        }
        let exact = x.checked_mul(1i128 << n).unwrap_or(saturated);
        i64::try_from(exact).map(Value::Integer).map_err(|_| overflow(op, exact))
    } else {
        let exact = x >> n.saturating_neg().min(127);
        i64::try_from(exact).map(Value::Integer).map_err(|_| overflow(op, exact))
    }
}

/// Timespan arithmetic: `+`/`-` with a timespan or seconds, `*`/`/` by a
/// number.
fn timespan_op(op: BinaryOp, nanos: i128, rhs: &Value) -> Result<i128, String> {
    let seconds = |v: &Value| -> Option<f64> {
        match v {
            Value::Integer(i) => Some(*i as f64),
            Value::Float(f) => Some(*f),
            _ => None,
        }
    };
    let other = match rhs {
        Value::Timespan(t) => Some(t.nanos),
        v => seconds(v).map(|s| (s * 1e9).round() as i128),
    };
    match (op, other) {
        (BinaryOp::Add, Some(n)) => Ok(nanos + n),
        (BinaryOp::Sub, Some(n)) => Ok(nanos - n),
        (BinaryOp::Mul, _) if seconds(rhs).is_some() => {
            Ok((nanos as f64 * seconds(rhs).unwrap_or(1.0)).round() as i128)
        }
        (BinaryOp::Div, _) if seconds(rhs).is_some_and(|s| s != 0.0) => {
            Ok((nanos as f64 / seconds(rhs).unwrap_or(1.0)).round() as i128)
        }
        _ => Err(format!("A Timespan cannot be combined with a {} by '{}'", rhs.type_name(), op.symbol())),
    }
}

fn timestamp_nanos(v: &Value) -> i128 {
    match v {
        Value::Timestamp(t) => *t,
        _ => 0,
    }
}

/// Timestamp arithmetic (Spec: "Timestamp"; Puppet's `Timestamp#+`/`#-`): a
/// moment plus or minus a Timespan or seconds is a moment, a moment minus a
/// moment is a Timespan; fractions of seconds below a nanosecond are cut.
fn timestamp_op(
    op: BinaryOp,
    nanos: i128,
    rhs: &Value,
    warn: &mut dyn FnMut(Operand, String),
) -> Result<Value, OpError> {
    use confer_core::value::timespan::TimeBound;
    use confer_core::value::timestamp::{add, from_float_seconds, from_seconds};
    let other = match (op, rhs) {
        (BinaryOp::Add, Value::Timestamp(_)) => {
            return Err(OpError::at_operator(
                "Error while evaluating a '+' expression, A Timestamp cannot be added to a Timestamp",
            ))
        }
        (BinaryOp::Sub, Value::Timestamp(t)) => {
            return nanos
                .checked_sub(*t)
                .map(|nanos| Value::Timespan(TimeBound { nanos, float: false }))
                .ok_or_else(|| "Timestamp arithmetic overflowed".into())
        }
        (BinaryOp::Add | BinaryOp::Sub, Value::Timespan(span)) => span.nanos,
        (BinaryOp::Add | BinaryOp::Sub, v) => match to_num(v, Operand::Right, warn).map_err(OpError::at_right)? {
            Num::Int(i) => from_seconds(i64::try_from(i).map_err(|_| overflow(op, i))?),
            Num::Float(f) => from_float_seconds(f).map_err(|e| e.to_string())?,
        },
        _ => return Err(format!("Operator '{}' is not applicable to a Timestamp.", op.symbol()).into()),
    };
    let other = if op == BinaryOp::Sub { other.checked_neg().unwrap_or(i128::MAX) } else { other };
    add(nanos, other).map(Value::Timestamp).map_err(|e| e.to_string().into())
}

/// `-v`: numbers negate, numeric strings convert first.
pub fn negate(v: &Value, warn: &mut dyn FnMut(Operand, String)) -> Result<Value, OpError> {
    match to_num(v, Operand::Left, warn)? {
        Num::Int(i) => {
            let exact = i.saturating_neg();
            i64::try_from(exact).map(Value::Integer).map_err(|_| overflow(BinaryOp::Sub, exact))
        }
        Num::Float(f) => Ok(Value::Float(-f)),
    }
}

/// `array + x`: an array or hash operand contributes its elements (a hash its
/// `[key, value]` pairs); anything else is appended.
fn concat(a: &[Value], rhs: &Value) -> Value {
    let mut out = a.to_vec();
    match rhs {
        Value::Array(b) => out.extend(b.iter().cloned()),
        Value::Hash(h) => out.extend(h.iter().map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))),
        other => out.push(other.clone()),
    }
    Value::array(out)
}

/// `array - x`: removes every element equal (by Ruby's `==`: `1` equals `1.0`,
/// `'a'` does not equal `'A'`) to `x`, or to any element of `x` when it is an
/// array.
fn array_remove(a: &[Value], rhs: &Value) -> Value {
    let removed: Vec<Value> = match rhs {
        Value::Array(b) => b.to_vec(),
        Value::Hash(h) => h.iter().map(|(k, v)| Value::array(vec![k.clone(), v.clone()])).collect(),
        other => vec![other.clone()],
    };
    Value::array(a.iter().filter(|x| !removed.iter().any(|r| ruby_equals(x, r))).cloned().collect())
}

/// `hash + x`: merges a hash, or an array of pairs or of alternating keys and
/// values; the right side wins and new keys keep their order at the end.
fn hash_merge(h: &HashMap, rhs: &Value) -> Result<Value, OpError> {
    let mut out = h.clone();
    match rhs {
        Value::Hash(r) => out.extend(r.iter().map(|(k, v)| (k.clone(), v.clone()))),
        // Ruby's `Hash[*array]` raises this inside the operator.
        Value::Array(items) => out.extend(confer_core::convert::hash_entries(items).ok_or_else(|| {
            OpError::at_operator("Error while evaluating a '+' expression, odd number of arguments for Hash")
        })?),
        // Puppet's own words for anything else, at the operator.
        _ => {
            return Err(OpError::at_operator(
                "Error while evaluating a '+' expression, Can only append Array or Hash to a Hash",
            ))
        }
    }
    Ok(Value::hash(out))
}

/// `hash - x`: removes the key `x`, the keys of a hash, or each key in an array.
fn hash_remove(h: &HashMap, rhs: &Value) -> Value {
    let keys: Vec<Value> = match rhs {
        Value::Array(b) => b.to_vec(),
        Value::Hash(r) => r.keys().cloned().collect(),
        other => vec![other.clone()],
    };
    Value::hash(h.iter().filter(|(k, _)| !keys.contains(k)).map(|(k, v)| (k.clone(), v.clone())).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(op: BinaryOp, a: Value, b: Value) -> Result<Value, String> {
        binary(op, &a, &b, &mut |_, _| {}).map_err(|e| e.message)
    }

    #[test]
    fn integer_shortcut_agrees_with_the_general_path() {
        assert_eq!(int_op_in_range(BinaryOp::Mod, -7, 3), Some(2));
        assert_eq!(int_op_in_range(BinaryOp::Div, -7, 2), Some(-4));
        assert_eq!(int_op_in_range(BinaryOp::Add, i64::MAX, 1), None);
        let values = [i64::MIN, i64::MIN + 1, -1001, -7, -2, -1, 0, 1, 2, 7, 1000, 4611686018427387904, i64::MAX];
        let ops = [BinaryOp::Add, BinaryOp::Sub, BinaryOp::Mul, BinaryOp::Div, BinaryOp::Mod, BinaryOp::Shl];
        for op in ops {
            for x in values {
                for y in values {
                    // Where the shortcut gives up, the general path runs.
                    if let Some(n) = int_op_in_range(op, x, y) {
                        assert_eq!(int_op(op, i128::from(x), i128::from(y)), Ok(Value::Integer(n)), "{x} {op:?} {y}");
                    }
                }
            }
        }
    }

    #[test]
    fn integer_division_floors_like_ruby() {
        assert_eq!(eval(BinaryOp::Div, (-7).into(), 2.into()), Ok(Value::Integer(-4)));
        assert_eq!(eval(BinaryOp::Mod, (-7).into(), 2.into()), Ok(Value::Integer(1)));
        assert_eq!(eval(BinaryOp::Mod, 7.into(), (-2).into()), Ok(Value::Integer(-1)));
        assert_eq!(eval(BinaryOp::Div, 7.into(), 2.into()), Ok(Value::Integer(3)));
    }

    #[test]
    fn overflow_is_reported_with_the_exact_result() {
        assert_eq!(
            eval(BinaryOp::Add, i64::MAX.into(), 1.into()),
            Err("A '+' expression resulted in a value outside of Puppet Integer max range, got '+0x8000000000000000'"
                .into())
        );
        assert_eq!(
            eval(BinaryOp::Shl, 1.into(), 64.into()),
            Err(
                "A '<<' expression resulted in a value outside of Puppet Integer max range, got '+0x10000000000000000'"
                    .into()
            )
        );
    }

    #[test]
    fn numeric_strings_convert_with_a_warning() {
        let mut warnings = Vec::new();
        let r = binary(BinaryOp::Add, &"0x10".into(), &1.into(), &mut |_, w| warnings.push(w));
        assert_eq!(r, Ok(Value::Integer(17)));
        assert_eq!(warnings, vec!["The string '0x10' was automatically coerced to the numerical value 16"]);
        assert!(eval(BinaryOp::Add, "abc".into(), 1.into()).is_err());
    }

    #[test]
    fn zero_shifts_any_distance() {
        for n in [-1061, 127, 128, 1_000_000, i64::MAX] {
            assert_eq!(eval(BinaryOp::Shl, 0.into(), n.into()), Ok(Value::Integer(0)), "{n}");
            assert_eq!(eval(BinaryOp::Shr, 0.into(), n.into()), Ok(Value::Integer(0)), "{n}");
        }
    }

    #[test]
    fn shift_counts_may_be_floats() {
        assert_eq!(eval(BinaryOp::Shl, 21.into(), 1.0.into()), Ok(Value::Integer(42)));
        assert!(eval(BinaryOp::Shr, 123.2.into(), 3.into()).is_err());
    }

    #[test]
    fn float_errors() {
        assert!(eval(BinaryOp::Div, 1.0.into(), 0.into()).is_err());
        assert!(eval(BinaryOp::Mod, 5.5.into(), 2.into()).is_err());
        assert_eq!(eval(BinaryOp::Div, 7.0.into(), 2.into()), Ok(Value::Float(3.5)));
    }

    #[test]
    fn array_removal_uses_puppet_equality() {
        let r = eval(BinaryOp::Sub, Value::array(vec![1.into()]), Value::array(vec![1.0.into()]));
        assert_eq!(r, Ok(Value::array(vec![])));
    }
}
