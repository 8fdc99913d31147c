//! Which types describe iterable values, and the element type their iteration
//! produces. Spec: "Iterable".

use super::{IntRange, TupleType, Type};

/// Whether values of `t` can be iterated (Puppet's `iterable?`). An `Integer`
/// type counts, since a non-negative integer iterates `0..n`; a `Type[T]` does
/// when `T` is an enum or a bounded integer range.
pub fn is_iterable(t: &Type) -> bool {
    match t {
        Type::Alias(_) => is_iterable(t.resolved()),
        Type::Type(Some(inner)) => match inner.resolved() {
            Type::Enum(_) => true,
            Type::Integer(r) => r.is_finite(),
            _ => false,
        },
        Type::Enum(_)
        | Type::Integer(_)
        | Type::String(_)
        | Type::Collection(_)
        | Type::Array { .. }
        | Type::Hash { .. }
        | Type::Tuple(_)
        | Type::Struct(_)
        | Type::Iterable(_)
        | Type::Iterator(_) => true,
        _ => false,
    }
}

/// The pair tuple a hash iterates, `Tuple[K, V, 2, 2]`.
fn pair(key: Type, value: Type) -> Type {
    Type::Tuple(TupleType { types: vec![key, value], size: Some(IntRange::exactly(2)) })
}

/// The element type of the `Iterable` that `t` is assignable to (Puppet's
/// `iterable_type(...).element_type`), or `None` when `t` is not iterable or its
/// elements are unconstrained.
pub fn iterable_element(t: &Type) -> Option<Type> {
    match t {
        Type::Alias(_) => iterable_element(t.resolved()),
        Type::Type(Some(inner)) => match inner.resolved() {
            e @ Type::Enum(_) => Some(e.clone()),
            i @ Type::Integer(r) if r.is_finite() => Some(i.clone()),
            _ => None,
        },
        Type::Enum(_) | Type::String(_) => Some(Type::String(super::StringType::Sized(IntRange::exactly(1)))),
        Type::Integer(_) => Some(Type::integer()),
        Type::Iterable(inner) | Type::Iterator(inner) => inner.as_deref().cloned(),
        Type::Array { element, .. } => match **element {
            Type::Any => None,
            ref e => Some(e.clone()),
        },
        Type::Hash { key, value, .. } => {
            if **key == Type::Any && **value == Type::Any || *t == Type::empty_hash() {
                Some(pair(Type::Unit, Type::Unit))
            } else {
                Some(pair((**key).clone(), (**value).clone()))
            }
        }
        Type::Tuple(tt) => Some(Type::variant_of(tt.types.clone())),
        Type::Struct(members) if members.is_empty() => Some(pair(Type::Unit, Type::Unit)),
        Type::Struct(members) => Some(pair(
            Type::variant_of(members.iter().map(struct_key_type).collect()),
            Type::variant_of(members.iter().map(|m| m.value.clone()).collect()),
        )),
        _ => None,
    }
}

/// The key type Puppet keeps for a struct member: the exact string, wrapped in
/// `Optional` when the key may be missing.
pub(crate) fn struct_key_type(m: &super::StructMember) -> Type {
    let key = Type::string_value(m.key.clone());
    if m.optional_key {
        Type::optional(key)
    } else {
        key
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{n, tv, ty};
    use super::*;
    use crate::value::Value;

    #[test]
    fn element_types_of_iterable_types() {
        let show = |t: Type| iterable_element(&t).map(|e| e.to_string());
        assert_eq!(show(Type::string()), Some("String[1, 1]".into()));
        assert_eq!(show(ty("Array", &[n("Integer")])), Some("Integer".into()));
        assert_eq!(show(ty("Array", &[])), None);
        assert_eq!(show(ty("Hash", &[])), Some("Tuple[Unit, Unit, 2, 2]".into()));
        assert_eq!(show(ty("Hash", &[n("String"), n("Integer")])), Some("Tuple[String, Integer, 2, 2]".into()));
        let finite = ty("Integer", &[Value::Integer(1), Value::Integer(3)]);
        assert_eq!(show(ty("Type", &[tv(finite)])), Some("Integer[1, 3]".into()));
        assert_eq!(show(ty("Type", &[n("Integer")])), None);
        assert!(!is_iterable(&Type::Boolean(None)));
        assert!(is_iterable(&ty("Collection", &[])));
    }
}
