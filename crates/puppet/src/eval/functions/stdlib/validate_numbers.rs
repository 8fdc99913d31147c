//! stdlib's `validate_integer` and `validate_numeric`: a value (or each
//! element of an array) must read as a number (Ruby's `Integer()` or
//! `Float()` of its text) within optional bounds, with stdlib's messages —
//! which show the converted number, not the argument as written.

use confer_core::convert::{parse_float, parse_integer};
use confer_core::ruby_compat::float_to_s;
use confer_core::value::to_s;
use confer_core::Value;

use super::ruby::{class, inspect};
use super::validate::use_validate_legacy;
use crate::eval::flow::{fail, EvalResult};
use crate::eval::functions::{Builtin, Call, Deprecation};

/// The number validations.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::legacy("validate_integer", -1, |call| validate(call, &INTEGER))
        .deprecated(use_validate_legacy!("validate_integer", "Stdlib::Compat::Integer")),
    Builtin::legacy("validate_numeric", -1, |call| validate(call, &NUMERIC))
        .deprecated(use_validate_legacy!("validate_numeric", "Stdlib::Compat::Numeric")),
];

/// A number as the function reads it: Ruby `Integer` or `Float`.
#[derive(Clone, Copy, PartialEq, PartialOrd)]
enum Number {
    Int(i64),
    Float(f64),
}

impl Number {
    fn text(self) -> String {
        match self {
            Number::Int(i) => i.to_string(),
            Number::Float(f) => float_to_s(f),
        }
    }

    fn value(self) -> f64 {
        match self {
            Number::Int(i) => i as f64,
            Number::Float(f) => f,
        }
    }
}

/// Which of the two functions is running.
struct Kind {
    name: &'static str,
    integer: bool,
    /// `an Integer` / `a Numeric`, as the messages say.
    article: &'static str,
}

impl Kind {
    fn read(&self, v: &Value) -> Option<Number> {
        let text = to_s(v);
        let text = text.trim();
        if self.integer {
            parse_integer(text, None).ok().map(Number::Int)
        } else {
            parse_float(text).ok().map(Number::Float)
        }
    }
}

/// `validate_integer`.
const INTEGER: Kind = Kind { name: "validate_integer", integer: true, article: "an Integer" };

/// `validate_numeric`.
const NUMERIC: Kind = Kind { name: "validate_numeric", integer: false, article: "a Numeric" };

/// `validate_integer(value, max?, min?)` and `validate_numeric`, as `kind` says.
fn validate(call: &mut Call<'_, '_>, kind: &Kind) -> EvalResult {
    let name = kind.name;
    let n = call.args.len();
    if n == 0 || n > 3 {
        return Err(fail(call.span, format!("{name}(): Wrong number of arguments; must be 1, 2 or 3, got {n}")));
    }
    let max = match call.args.get(1) {
        None => None,
        Some(m) if n > 2 && to_s(m).is_empty() => None,
        Some(m) => Some(kind.read(m).ok_or_else(|| bad_bound(call, kind, "second", m))?),
    };
    let min = match call.args.get(2) {
        None => None,
        Some(m) => Some(kind.read(m).ok_or_else(|| bad_bound(call, kind, "third", m))?),
    };
    if let (Some(lo), Some(hi)) = (min, max) {
        if lo.value() > hi.value() {
            return Err(fail(
                call.span,
                format!(
                    "{name}(): Expected second argument to be larger than third argument, got {} < {}",
                    hi.text(),
                    lo.text()
                ),
            ));
        }
    }
    let input = call.args[0].clone();
    let check = |shown: &str, num: Number| -> Result<(), String> {
        if let Some(hi) = max.filter(|hi| num.value() > hi.value()) {
            return Err(format!("{name}(): Expected {shown} to be smaller or equal to {}, got {shown}.", hi.text()));
        }
        if let Some(lo) = min.filter(|lo| num.value() < lo.value()) {
            return Err(format!("{name}(): Expected {shown} to be greater or equal to {}, got {shown}.", lo.text()));
        }
        Ok(())
    };
    match &input {
        Value::Array(items) => {
            for (pos, item) in items.iter().enumerate() {
                let num = (!matches!(item, Value::Hash(_))).then(|| kind.read(item)).flatten().ok_or_else(|| {
                    fail(
                        call.span,
                        format!(
                            "{name}(): Expected element at array position {pos} to be {}, got {}",
                            kind.article,
                            class(item)
                        ),
                    )
                })?;
                check(&inspect(&input), num).map_err(|m| fail(call.span, m))?;
            }
        }
        // stdlib's validate_numeric names validate_integer here.
        Value::Hash(_) => {
            return Err(fail(
                call.span,
                format!("validate_integer(): Expected first argument to be {} or Array, got Hash", kind.article),
            ))
        }
        other => {
            let num = kind.read(other).ok_or_else(|| {
                fail(
                    call.span,
                    format!("{name}(): Expected first argument to be {} or Array, got {}", kind.article, class(other)),
                )
            })?;
            check(&num.text(), num).map_err(|m| fail(call.span, m))?;
        }
    }
    Ok(Value::Undef)
}

/// A bound that is not a number. stdlib converts the bound to text before
/// reading it, so the class it names is always `String`.
fn bad_bound(call: &Call<'_, '_>, kind: &Kind, which: &str, bound: &Value) -> crate::eval::flow::Flow {
    fail(
        call.span,
        format!(
            "{}(): Expected {which} argument to be unset or {}, got {}:String",
            kind.name,
            kind.article,
            to_s(bound)
        ),
    )
}
