//! Puppet's `==` and ordering operators.

use std::cmp::Ordering;

use super::Value;
use crate::error::CoreError;
use crate::types;

/// Puppet's `==`: strings compare case-insensitively, integers equal floats of the
/// same value, arrays and hashes compare element by element with these same rules
/// (hash keys are still looked up exactly), and values of unrelated kinds are
/// simply unequal.
pub fn puppet_equals(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::String(x), Value::String(y)) => str_casecmp(x, y) == Ordering::Equal,
        (Value::Integer(x), Value::Float(y)) | (Value::Float(y), Value::Integer(x)) => (*x as f64) == *y,
        (Value::Float(x), Value::Float(y)) => x == y,
        // A Timestamp equals its number of seconds since the epoch.
        (Value::Timestamp(t), n @ (Value::Integer(_) | Value::Float(_)))
        | (n @ (Value::Integer(_) | Value::Float(_)), Value::Timestamp(t)) => *t as f64 / 1e9 == seconds(n),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| puppet_equals(p, q))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| puppet_equals(v, w)))
        }
        // Ruby's `URI#==` compares normalised URIs (its `eql?`, for hash keys, does not).
        (Value::Uri(x), Value::Uri(y)) => x.normalized_parts() == y.normalized_parts(),
        _ => a == b,
    }
}

/// One of the ordering operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl Comparison {
    /// The operator as written in source.
    pub fn symbol(self) -> &'static str {
        match self {
            Comparison::Lt => "<",
            Comparison::Le => "<=",
            Comparison::Gt => ">",
            Comparison::Ge => ">=",
        }
    }
}

/// Evaluates `a <op> b`. Numbers compare with numbers, strings with strings
/// (ignoring case), and types by assignability, which is only a partial order:
/// `Integer[1,10] < Integer[0,5]` and its reverse are both false, and `<` needs
/// the types to differ in Puppet's sense (`Optional[String] < Variant[String,
/// Undef]` is false: each is assignable to the other). Anything else is
/// an error naming both types, as Puppet reports it.
pub fn compare(op: Comparison, a: &Value, b: &Value) -> Result<bool, CoreError> {
    if let (Value::Type(x), Value::Type(y)) = (a, b) {
        let (sub, sup) = match op {
            Comparison::Lt | Comparison::Le => (x, y),
            Comparison::Gt | Comparison::Ge => (y, x),
        };
        let within = types::assignable(sup, sub)?;
        return Ok(match op {
            Comparison::Le | Comparison::Ge => within,
            Comparison::Lt | Comparison::Gt => within && !types::equals(sub, sup)?,
        });
    }
    // A type compares by assignability, and no value is assignable to or from one.
    if let Value::Type(_) = a {
        return Ok(false);
    }
    let incomparable = || {
        // Puppet names both values by their labels, and says why by the left side.
        let cause = match a {
            Value::Integer(_) | Value::Float(_) => "A Numeric is not comparable to non Numeric",
            Value::String(_) => "A String is not comparable to a non String",
            Value::Default => "Symbol not comparable to non Symbol",
            _ => "Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable",
        };
        CoreError::Operand(format!(
            "Comparison of: {} {} {}, is not possible. Caused by '{cause}'.",
            super::label(a),
            op.symbol(),
            super::label(b)
        ))
    };
    let ordering = match (a, b) {
        (Value::Integer(x), Value::Integer(y)) => Some(x.cmp(y)),
        (Value::Integer(x), Value::Float(y)) => (*x as f64).partial_cmp(y),
        (Value::Float(x), Value::Integer(y)) => x.partial_cmp(&(*y as f64)),
        (Value::Float(x), Value::Float(y)) => x.partial_cmp(y),
        (Value::String(x), Value::String(y)) => Some(str_casecmp(x, y)),
        (Value::Timespan(x), Value::Timespan(y)) => Some(x.nanos.cmp(&y.nanos)),
        // Build metadata does not take part in the order of versions.
        (Value::SemVer(x), Value::SemVer(y)) => Some(x.cmp_precedence(y)),
        (Value::SemVer(_), _) | (_, Value::SemVer(_)) => {
            return Err(CoreError::Operand(format!(
                "Comparison of: {} {} {}, is not possible. Caused by 'Versions not comparable to non Versions'.",
                types::infer::general_type_name(a),
                op.symbol(),
                types::infer::general_type_name(b)
            )))
        }
        (Value::Timestamp(x), Value::Timestamp(y)) => Some(x.cmp(y)),
        // A Timestamp compares with seconds since the epoch, and with nothing else.
        (Value::Timestamp(x), Value::Integer(_) | Value::Float(_)) => (*x as f64 / 1e9).partial_cmp(&seconds(b)),
        (Value::Integer(_) | Value::Float(_), Value::Timestamp(y)) => seconds(a).partial_cmp(&(*y as f64 / 1e9)),
        (Value::Timestamp(_), _) | (_, Value::Timestamp(_)) => {
            return Err(CoreError::Operand(format!(
                "Comparison of: {} {} {}, is not possible. Caused by 'Timestamps are only comparable to Timestamps, Integers, and Floats'.",
                types::infer::general_type_name(a),
                op.symbol(),
                types::infer::general_type_name(b)
            )))
        }
        // A Timespan compares with a number of seconds.
        (Value::Timespan(x), Value::Integer(_) | Value::Float(_)) => (x.nanos as f64 / 1e9).partial_cmp(&seconds(b)),
        (Value::Integer(_) | Value::Float(_), Value::Timespan(y)) => seconds(a).partial_cmp(&(y.nanos as f64 / 1e9)),
        _ => None,
    }
    .ok_or_else(incomparable)?;
    Ok(match op {
        Comparison::Lt => ordering == Ordering::Less,
        Comparison::Le => ordering != Ordering::Greater,
        Comparison::Gt => ordering == Ordering::Greater,
        Comparison::Ge => ordering != Ordering::Less,
    })
}

fn seconds(v: &Value) -> f64 {
    match v {
        Value::Integer(i) => *i as f64,
        Value::Float(f) => *f,
        _ => f64::NAN,
    }
}

/// Case-insensitive ordering of two strings as Ruby's `casecmp` does it: only
/// ASCII letters fold (`'é' == 'É'` is false in Puppet).
fn str_casecmp(a: &str, b: &str) -> Ordering {
    a.chars().map(|c| c.to_ascii_lowercase()).cmp(b.chars().map(|c| c.to_ascii_lowercase()))
}

/// Ruby's `==`, which Puppet uses to remove array elements: numbers compare by
/// value across Integer and Float, strings exactly, containers element-wise.
pub fn ruby_equals(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Integer(x), Value::Float(y)) | (Value::Float(y), Value::Integer(x)) => (*x as f64) == *y,
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| ruby_equals(p, q))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| ruby_equals(v, w)))
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_equal_ignoring_case() {
        assert!(puppet_equals(&"Abc".into(), &"aBC".into()));
        assert!(!puppet_equals(&"1".into(), &Value::Integer(1)));
    }

    #[test]
    fn only_ascii_letters_fold() {
        assert!(!puppet_equals(&"é".into(), &"É".into()));
        assert!(puppet_equals(&"Straße".into(), &"STRAßE".into()));
    }

    #[test]
    fn ruby_equality_is_case_sensitive() {
        assert!(!ruby_equals(&"a".into(), &"A".into()));
        assert!(ruby_equals(&Value::Integer(1), &Value::Float(1.0)));
    }

    #[test]
    fn integer_equals_float_of_same_value() {
        assert!(puppet_equals(&Value::Integer(1), &Value::Float(1.0)));
        assert_ne!(Value::Integer(1), Value::Float(1.0));
    }

    #[test]
    fn mixed_kinds_do_not_compare() {
        assert!(compare(Comparison::Lt, &"a".into(), &Value::Integer(1)).is_err());
        assert_eq!(compare(Comparison::Lt, &"a".into(), &"B".into()), Ok(true));
    }
}
