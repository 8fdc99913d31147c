//! Object types built from their declarations, their instances and their
//! string forms (expected texts from Puppet 7.23; see tests/puppet/objects).

use std::sync::Arc;

use super::{ObjectExtension, ObjectType};
use crate::types::{assignable, instance_of, Type};
use crate::value::object::new_object;
use crate::value::{HashMap, Value};

fn hash(pairs: Vec<(&str, Value)>) -> HashMap {
    pairs.into_iter().map(|(k, v)| (Value::from(k), v)).collect()
}

fn ty(t: Type) -> Value {
    Value::from_type(t)
}

fn point() -> Arc<ObjectType> {
    let attrs = hash(vec![
        ("x", ty(Type::integer())),
        ("y", Value::hash(hash(vec![("type", ty(Type::integer())), ("value", Value::Integer(0))]))),
    ]);
    Arc::new(ObjectType::from_init_hash(Some("Point"), &hash(vec![("attributes", Value::hash(attrs))])).unwrap())
}

#[test]
fn a_declaration_prints_in_puppets_form() {
    assert_eq!(
        Type::ObjectType(point()).to_string(),
        "Object[{name => 'Point', attributes => {'x' => Integer, 'y' => {type => Integer, value => 0}}}]"
    );
}

#[test]
fn new_takes_required_attributes_first_and_hides_defaults() {
    let p = point();
    let a = new_object(&p, &[Value::Integer(1)]).unwrap();
    assert_eq!(a.to_string(), "Point({'x' => 1})");
    let b = new_object(&p, &[Value::hash(hash(vec![("y", Value::Integer(2)), ("x", Value::Integer(1))]))]).unwrap();
    assert_eq!(b.to_string(), "Point({'x' => 1, 'y' => 2})");
    assert_ne!(a, b);
    assert_eq!(a, new_object(&p, &[Value::Integer(1), Value::Integer(0)]).unwrap());
    assert!(new_object(&p, &[Value::from("one")]).is_err());
    assert_eq!(
        new_object(&p, &[Value::Integer(1), Value::Integer(2), Value::Integer(3)]).unwrap_err().0,
        "'new_Point' expects between 1 and 2 arguments, got 3"
    );
}

#[test]
fn subtypes_are_assignable_to_their_parents_only() {
    let p = point();
    let child = ObjectType::from_init_hash(
        Some("Point3"),
        &hash(vec![
            ("parent", ty(Type::ObjectType(p.clone()))),
            ("attributes", Value::hash(hash(vec![("z", ty(Type::integer()))]))),
        ]),
    )
    .unwrap();
    let child = Arc::new(child);
    assert!(assignable(&Type::ObjectType(p.clone()), &Type::ObjectType(child.clone())).unwrap());
    assert!(!assignable(&Type::ObjectType(child.clone()), &Type::ObjectType(p.clone())).unwrap());
    let c = new_object(&child, &[Value::Integer(1), Value::Integer(3)]).unwrap();
    assert_eq!(c.to_string(), "Point3({'x' => 1, 'z' => 3})");
    assert!(instance_of(&Type::ObjectType(p), &c).unwrap());
}

#[test]
fn redefining_an_inherited_attribute_needs_override() {
    let parent = ty(Type::ObjectType(point()));
    let err = ObjectType::from_init_hash(
        Some("Sub"),
        &hash(vec![("parent", parent), ("attributes", Value::hash(hash(vec![("x", ty(Type::integer()))])))]),
    )
    .unwrap_err();
    assert_eq!(err, "attribute Sub[x] attempts to override attribute Point[x] without having override => true");
}

#[test]
fn type_parameters_print_positionally_up_to_two() {
    let t = ObjectType::from_init_hash(
        Some("T"),
        &hash(vec![("type_parameters", Value::hash(hash(vec![("a", ty(Type::string())), ("b", ty(Type::string()))])))]),
    )
    .unwrap();
    let e = ObjectExtension::new(Arc::new(t), &[Value::Default, Value::from("x")]).unwrap();
    assert_eq!(Type::ObjectExt(Arc::new(e)).to_string(), "T[default, 'x']");
}
