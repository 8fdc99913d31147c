//! Puppet's `==` between two types: equal when they are the same type or when
//! each is assignable to the other (`Optional[String] == Variant[String, Undef]`
//! is true, `Integer[1, 10] == Integer[2, 3]` is false).

use super::{assignable, Type};
use crate::undecided::Undecided;

/// Whether `a == b` holds for two types in the Puppet language.
pub fn equals(a: &Type, b: &Type) -> Result<bool, Undecided> {
    Ok(a == b || (assignable(b, a)? && assignable(a, b)?))
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{n, ty};
    use super::*;
    use crate::value::Value;

    #[test]
    fn mutually_assignable_types_are_equal() {
        let opt = ty("Optional", &[n("String")]);
        let var = ty("Variant", &[n("String"), n("Undef")]);
        assert!(equals(&opt, &var).unwrap());
        assert_ne!(opt, var);
        assert!(equals(&ty("String", &[Value::Integer(0)]), &Type::string()).unwrap());
        let a = ty("Integer", &[Value::Integer(1), Value::Integer(10)]);
        let b = ty("Integer", &[Value::Integer(2), Value::Integer(3)]);
        assert!(!equals(&a, &b).unwrap());
    }
}
