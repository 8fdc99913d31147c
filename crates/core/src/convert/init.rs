//! `Init[T, args...](value)`: creates a `T` from `value` followed by the
//! `Init` type's own arguments (`Init[Integer, 16]('100')` is
//! `Integer.new('100', 16)`). Without arguments, an array value is spread
//! into `T`'s arguments unless `T` takes an array as its single argument.
//! Spec: "Init".

use crate::types::{InitType, Type};
use crate::Value;

use super::{new_value, ConvertError};

/// Creates the value an `Init` type describes.
pub fn init_value(init: &InitType, args: &[Value]) -> Result<Value, ConvertError> {
    let Some(target) = &init.target else {
        return Err(ConvertError::Unsupported("Init".into()));
    };
    if !constructible(target) {
        return Err(ConvertError::Unsupported(target.to_string()));
    }
    if !init.args.is_empty() {
        let all: Vec<Value> = args.iter().chain(&init.args).cloned().collect();
        return new_value(target, &all);
    }
    match args {
        [Value::Array(items)] if !takes_an_array(target) => new_value(target, items),
        _ => new_value(target, args),
    }
}

/// Whether `t` has a `new` of its own (an Init cannot create an `Any` even
/// from a value that already is one, nor go through `Optional`/`NotUndef`).
fn constructible(t: &Type) -> bool {
    matches!(
        t.resolved(),
        Type::Integer(_)
            | Type::Float { .. }
            | Type::Numeric
            | Type::Boolean(_)
            | Type::String(_)
            | Type::Array { .. }
            | Type::Tuple(_)
            | Type::Hash { .. }
            | Type::Struct(_)
            | Type::Timespan(_)
            | Type::Timestamp(_)
            | Type::SemVer(_)
            | Type::SemVerRange
            | Type::Binary
            | Type::Uri(_)
            | Type::Sensitive(_)
            | Type::Regexp(_)
    )
}

/// Whether one of `t`'s constructors takes an array as its only argument.
fn takes_an_array(t: &Type) -> bool {
    !matches!(
        t.resolved(),
        Type::Integer(_)
            | Type::Float { .. }
            | Type::Numeric
            | Type::Boolean(_)
            | Type::Timespan(_)
            | Type::Timestamp(_)
            | Type::SemVer(_)
            | Type::SemVerRange
            | Type::Uri(_)
            | Type::Regexp(_)
    )
}
