//! Instances of object types (`MyType('hello', 23)`): immutable, shared
//! through `Arc`, created by `new` as the class Puppet generates for a
//! Puppet-language object type creates them (`RubyGenerator`): positionally
//! (required attributes first, then those with defaults) or from one hash.
//! Spec: "Object Type, TypeSet".

use std::sync::Arc;

use super::{HashMap, Value};
use crate::types::object::{AttributeKind, ObjectType};
use crate::types::{instance_of, Type};

/// An object: its type and the values of the attributes `new` takes.
#[derive(Clone, Debug)]
pub struct ObjectValue {
    /// The object's type.
    pub ty: Arc<ObjectType>,
    /// One value per init parameter, in the type's attribute order (defaults
    /// filled in).
    pub values: Vec<(Arc<str>, Value)>,
    /// The size of `values` with shared parts written out (see `expanded`).
    expanded: u64,
}

/// What reading a member of an object can give.
#[derive(Debug)]
pub enum Member {
    /// An attribute's value.
    Value(Value),
    /// A member Puppet needs a Ruby implementation for; the message says so.
    Unimplemented(String),
    /// No such member.
    Unknown,
}

/// Why `new` refused its arguments (the text after Puppet's prefix).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewError(pub String);

impl ObjectValue {
    /// An object of type `ty` with these attribute values.
    pub fn new(ty: Arc<ObjectType>, values: Vec<(Arc<str>, Value)>) -> ObjectValue {
        let slot = std::mem::size_of::<Value>() as u64;
        let expanded = values
            .iter()
            .fold(slot, |sum, (name, v)| sum.saturating_add(name.len() as u64).saturating_add(v.expanded_size()));
        ObjectValue { ty, values, expanded }
    }

    /// The bytes the object would take with no part shared
    /// ([`Value::expanded_size`]).
    pub fn expanded_size(&self) -> u64 {
        self.expanded
    }

    /// The value of attribute or function `name` (`$o.name`).
    pub fn member(&self, name: &str) -> Member {
        if let Some((_, v)) = self.values.iter().find(|(n, _)| &**n == name) {
            return Member::Value(v.clone());
        }
        if let Some(a) = self.ty.attribute(name) {
            return match (a.kind, &a.value) {
                (Some(AttributeKind::Constant), Some(v)) => Member::Value(v.clone()),
                _ => Member::Unimplemented(format!("no method is implemented for derived {}", a.label())),
            };
        }
        match self.ty.all_functions().into_iter().find(|f| &*f.name == name) {
            Some(f) => Member::Unimplemented(format!("no method is implemented for {}", f.label())),
            None => Member::Unknown,
        }
    }

    /// The attribute value `name` when the object has one (for type
    /// parameter checks).
    pub fn attribute_value(&self, name: &str) -> Option<Value> {
        match self.member(name) {
            Member::Value(v) => Some(v),
            _ => None,
        }
    }

    /// The hash Puppet prints an object with: every attribute given to `new`
    /// whose value is not its default (`_pcore_init_hash`).
    pub fn init_hash(&self) -> Value {
        let mut h = HashMap::new();
        for (name, v) in &self.values {
            let default = self.ty.attribute(name).and_then(|a| a.value.clone());
            if default.as_ref() != Some(v) {
                h.insert(Value::String(name.clone()), v.clone());
            }
        }
        Value::hash(h)
    }

    /// Equality as the generated class's `eql?`: each level of the hierarchy
    /// that declares something compares the type (when it includes it) and
    /// its equality attributes; with nothing declared anywhere, identity.
    pub fn equals(a: &Arc<ObjectValue>, b: &Arc<ObjectValue>) -> bool {
        let mut declared = false;
        let lineage = a.ty.lineage();
        for (i, level) in lineage.iter().enumerate() {
            let parent_includes = i > 0 && lineage[i - 1].equality_include_type;
            let include_type = level.equality_include_type && !parent_includes;
            let names = level.own_equality_names();
            if names.is_empty() && !include_type {
                continue;
            }
            declared = true;
            if include_type && a.ty != b.ty {
                return false;
            }
            for n in names {
                match (a.attribute_value(&n), b.attribute_value(&n)) {
                    (Some(x), Some(y)) if x == y => {}
                    _ => return false,
                }
            }
        }
        declared || Arc::ptr_eq(a, b)
    }

    /// The type Puppet infers for the object: its type, with the values of
    /// its type parameters when it has any (`MyType['hello']`).
    pub fn infer(&self) -> Type {
        let params = self.ty.all_type_parameters();
        if params.is_empty() {
            return Type::ObjectType(self.ty.clone());
        }
        let values: Vec<(Arc<str>, Value)> =
            params.iter().map(|p| (p.name.clone(), self.attribute_value(&p.name).unwrap_or(Value::Undef))).collect();
        Type::ObjectExt(Arc::new(crate::types::object::ObjectExtension { base: self.ty.clone(), parameters: values }))
    }
}

/// Puppet's wording for a call count outside what `new_T` accepts.
fn arity(fname: &str, min: usize, max: usize, got: usize) -> String {
    let expects = if min == max {
        format!("{min} argument{}", if min == 1 { "" } else { "s" })
    } else {
        format!("between {min} and {max} arguments")
    };
    format!("'{fname}' expects {expects}, got {got}")
}

/// `T.new(args)` / `T(args)` for an object type.
pub fn new_object(ty: &Arc<ObjectType>, args: &[Value]) -> Result<Value, NewError> {
    let Some(name) = ty.name.clone() else {
        return Err(NewError(format!(
            "Creation of new instance of type '{}' is not supported",
            Type::ObjectType(ty.clone())
        )));
    };
    let fname = format!("new_{name}");
    let params = ty.init_params();
    let required = params.iter().filter(|a| a.value.is_none()).count();
    let (min, max) = (required.min(1), params.len().max(1));
    if args.len() < min || args.len() > max {
        return Err(NewError(arity(&fname, min, max, args.len())));
    }
    if let [Value::Hash(h)] = args {
        if let Some(values) = from_hash(&params, h).map_err(|u| NewError(u.to_string()))? {
            inherited_initializers(ty)?;
            return Ok(Value::Object(Arc::new(ObjectValue::new(ty.clone(), values))));
        }
    }
    if args.len() >= required && args.len() <= params.len() {
        let fits = crate::undecided::all(params.iter().zip(args), |(a, v)| instance_of(&a.ty, v))
            .map_err(|u| NewError(u.to_string()))?;
        if fits {
            let values = params
                .iter()
                .enumerate()
                .map(|(i, a)| {
                    (a.name.clone(), args.get(i).cloned().or_else(|| a.value.clone()).unwrap_or(Value::Undef))
                })
                .collect();
            inherited_initializers(ty)?;
            return Ok(Value::Object(Arc::new(ObjectValue::new(ty.clone(), values))));
        }
    }
    let struct_members: Vec<String> = params
        .iter()
        .map(|a| {
            let key = crate::value::puppet_quote(&a.name);
            let key = if a.value.is_some() { format!("Optional[{key}]") } else { key };
            format!("{key} => {}", a.ty)
        })
        .collect();
    let positional: Vec<String> = params.iter().map(|a| format!("{} {}", a.ty, a.name)).collect();
    Err(NewError(format!(
        "The function '{fname}' was called with arguments it does not accept. It expects one of:\n  (Struct[{{{}}}] hash)\n  ({})",
        struct_members.join(", "),
        positional.join(", ")
    )))
}

/// Puppet's generated class for a subtype hands its parent's initializer
/// the inherited attributes it did not override (`RubyGenerator`), so Ruby
/// refuses to create an instance of a type that overrides a required
/// inherited attribute; this reproduces that refusal.
fn inherited_initializers(ty: &ObjectType) -> Result<(), NewError> {
    let lineage = ty.lineage();
    for pair in lineage.windows(2) {
        let (parent, level) = (pair[0], pair[1]);
        if level.attributes.iter().all(|a| a.kind == Some(AttributeKind::Derived)) {
            continue;
        }
        let given = level.init_params().iter().filter(|a| *a.container != *level.label()).count();
        let inherited = parent.init_params();
        let required = inherited.iter().filter(|a| a.value.is_none()).count();
        if given < required || given > inherited.len() {
            let expected = if required == inherited.len() {
                required.to_string()
            } else {
                format!("{required}..{}", inherited.len())
            };
            return Err(NewError(format!("wrong number of arguments (given {given}, expected {expected})")));
        }
    }
    Ok(())
}

/// Attribute values by name, in the order of the type's parameters.
type AttributeValues = Vec<(Arc<str>, Value)>;

/// The values from an init hash, when it has exactly the keys `new` takes
/// (required ones present) with values of the right types.
fn from_hash(
    params: &[&crate::types::object::Attribute],
    h: &HashMap,
) -> Result<Option<AttributeValues>, crate::undecided::Undecided> {
    for k in h.keys() {
        let known = k.as_str().is_some_and(|s| params.iter().any(|a| &*a.name == s));
        if !known {
            return Ok(None);
        }
    }
    let mut values = Vec::with_capacity(params.len());
    for a in params {
        let v = match h.get(&Value::String(a.name.clone())) {
            Some(v) => {
                if !instance_of(&a.ty, v)? {
                    return Ok(None);
                }
                v.clone()
            }
            None => match a.value.clone() {
                Some(v) => v,
                None => return Ok(None),
            },
        };
        values.push((a.name.clone(), v));
    }
    Ok(Some(values))
}
