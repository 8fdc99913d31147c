//! Puppet's `==` between two types: equal when they are the same type or when
//! each is assignable to the other (`Optional[String] == Variant[String, Undef]`
//! is true, `Integer[1, 10] == Integer[2, 3]` is false).

use super::{assignable, Type};

/// Whether `a == b` holds for two types in the Puppet language.
pub fn equals(a: &Type, b: &Type) -> bool {
    a == b || (assignable(b, a) && assignable(a, b))
}
