//! Object types: user-defined types with named, typed attributes, a parent,
//! declared equality and type parameters, as Puppet 7.23's `PObjectType`
//! builds them from their initialisation hash (`_pcore_init_from_hash`).
//! Spec: "Object Type, TypeSet".
//!
//! An object type is immutable once built: the evaluator creates it from the
//! evaluated hash of `type X = Object[{...}]` with the alias's name, and a
//! reference to a type still being defined (a recursive attribute type, a
//! parent) stays an alias that resolves later.

mod display;
mod extension;
mod init;

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use super::Type;
use crate::value::Value;

pub use extension::ObjectExtension;

/// What kind of attribute a member is. Spec: "Object Type, TypeSet" (kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttributeKind {
    /// A value fixed by the type; never given to `new`.
    Constant,
    /// Computed by an implementation; never given to `new`.
    Derived,
    /// Given to `new`, or else computed.
    GivenOrDerived,
    /// Refers to an object contained elsewhere.
    Reference,
}

impl AttributeKind {
    /// The kind named `s` as written in an attribute's `kind`.
    pub fn parse(s: &str) -> Option<AttributeKind> {
        Some(match s {
            "constant" => AttributeKind::Constant,
            "derived" => AttributeKind::Derived,
            "given_or_derived" => AttributeKind::GivenOrDerived,
            "reference" => AttributeKind::Reference,
            _ => return None,
        })
    }

    /// The name Puppet writes for the kind.
    pub fn name(self) -> &'static str {
        match self {
            AttributeKind::Constant => "constant",
            AttributeKind::Derived => "derived",
            AttributeKind::GivenOrDerived => "given_or_derived",
            AttributeKind::Reference => "reference",
        }
    }
}

/// One attribute of an object type (Puppet's `PAttribute`).
#[derive(Clone, Debug, PartialEq)]
pub struct Attribute {
    /// The attribute's name.
    pub name: Arc<str>,
    /// The type of its values.
    pub ty: Type,
    /// Its kind; `None` for a plain attribute.
    pub kind: Option<AttributeKind>,
    /// Its default (or constant) value; `None` when it has none, so `new`
    /// requires it.
    pub value: Option<Value>,
    /// Whether a subtype may not override it (always for constants).
    pub is_final: bool,
    /// Whether it overrides an inherited attribute.
    pub is_override: bool,
    /// Its annotations, as given.
    pub annotations: Option<Value>,
    /// The name of the object type that declares it (for `D[a]` labels).
    pub container: Arc<str>,
}

impl Attribute {
    /// Puppet's `label`: `attribute MyType[a]`.
    pub fn label(&self) -> String {
        format!("attribute {}[{}]", self.container, self.name)
    }

    /// Whether `new` takes this attribute (not a constant nor derived).
    pub fn is_init_param(&self) -> bool {
        !matches!(self.kind, Some(AttributeKind::Constant | AttributeKind::Derived))
    }
}

/// One function declared by an object type (Puppet's `PFunction`); Puppet
/// needs a Ruby implementation to call it.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    /// The function's name.
    pub name: Arc<str>,
    /// Its `Callable` type.
    pub ty: Type,
    /// The declaration as written (a type, or a hash with `type` and more).
    pub(crate) spec: Value,
    /// Whether it overrides an inherited function.
    pub is_override: bool,
    /// Whether a subtype may not override it.
    pub is_final: bool,
    /// The name of the object type that declares it.
    pub container: Arc<str>,
}

impl Function {
    /// Puppet's `label`: `function MyType[f]`.
    pub fn label(&self) -> String {
        format!("function {}[{}]", self.container, self.name)
    }
}

/// One type parameter (`MyType['hello']`).
#[derive(Clone, Debug, PartialEq)]
pub struct TypeParameter {
    /// The parameter's name.
    pub name: Arc<str>,
    /// The type of its values (always optional, as Puppet makes it).
    pub ty: Type,
    /// The declaration as written, which is how Puppet prints it.
    pub(crate) spec: Value,
}

/// An object type (`Object[{name => 'MyType', attributes => {...}}]`).
#[derive(Clone, Debug)]
pub struct ObjectType {
    /// The type's name; `None` for an anonymous `Object[{...}]`.
    pub name: Option<Arc<str>>,
    /// The parent type: an object type, or an alias that resolves to one.
    pub parent: Option<Type>,
    /// The type parameters declared here.
    pub type_parameters: Vec<TypeParameter>,
    /// The attributes declared here, in declaration order.
    pub attributes: Vec<Attribute>,
    /// The functions declared here.
    pub functions: Vec<Function>,
    /// The attributes that decide equality, when declared.
    pub equality: Option<Vec<Arc<str>>>,
    /// Whether instances of different types are never equal.
    pub equality_include_type: bool,
    /// `checks`, kept as given.
    pub checks: Option<Value>,
    /// `annotations`, kept as given.
    pub annotations: Option<Value>,
}

/// Named object types are the same type when their names are (Puppet's
/// `hash` and, in practice, `eql?`); anonymous ones compare by content.
impl PartialEq for ObjectType {
    fn eq(&self, other: &Self) -> bool {
        match (&self.name, &other.name) {
            (Some(a), Some(b)) => a == b,
            (None, None) => {
                self.parent == other.parent
                    && self.type_parameters == other.type_parameters
                    && self.attributes == other.attributes
                    && self.functions == other.functions
                    && self.equality == other.equality
            }
            _ => false,
        }
    }
}

impl Eq for ObjectType {}

impl Hash for ObjectType {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name.hash(state);
        self.attributes.len().hash(state);
    }
}

impl ObjectType {
    /// An object type with a name (or none) and nothing else.
    pub fn bare(name: Option<Arc<str>>) -> ObjectType {
        ObjectType {
            name,
            parent: None,
            type_parameters: Vec::new(),
            attributes: Vec::new(),
            functions: Vec::new(),
            equality: None,
            equality_include_type: true,
            checks: None,
            annotations: None,
        }
    }

    /// The name used in messages and labels: the name, or `Object`.
    pub fn label(&self) -> &str {
        self.name.as_deref().unwrap_or("Object")
    }

    /// The parent as an object type, following aliases.
    pub fn resolved_parent(&self) -> Option<&ObjectType> {
        match self.parent.as_ref()?.resolved() {
            Type::ObjectType(o) => Some(o),
            _ => None,
        }
    }

    /// The chain of types from the root ancestor down to this one.
    pub fn lineage(&self) -> Vec<&ObjectType> {
        let mut chain = vec![self];
        let mut t = self;
        while let Some(p) = t.resolved_parent() {
            if chain.len() > 64 || chain.iter().any(|c| std::ptr::eq(*c, p)) {
                break;
            }
            chain.push(p);
            t = p;
        }
        chain.reverse();
        chain
    }

    /// Every attribute, inherited ones first; an override keeps the place of
    /// the attribute it replaces (Ruby's hash merge).
    pub fn all_attributes(&self) -> Vec<&Attribute> {
        let mut all: Vec<&Attribute> = Vec::new();
        for t in self.lineage() {
            for a in &t.attributes {
                match all.iter_mut().find(|x| x.name == a.name) {
                    Some(slot) => *slot = a,
                    None => all.push(a),
                }
            }
        }
        all
    }

    /// Every function, inherited ones first.
    pub fn all_functions(&self) -> Vec<&Function> {
        let mut all: Vec<&Function> = Vec::new();
        for t in self.lineage() {
            for f in &t.functions {
                match all.iter_mut().find(|x| x.name == f.name) {
                    Some(slot) => *slot = f,
                    None => all.push(f),
                }
            }
        }
        all
    }

    /// Every type parameter, inherited ones first.
    pub fn all_type_parameters(&self) -> Vec<&TypeParameter> {
        let mut all: Vec<&TypeParameter> = Vec::new();
        for t in self.lineage() {
            for p in &t.type_parameters {
                match all.iter_mut().find(|x| x.name == p.name) {
                    Some(slot) => *slot = p,
                    None => all.push(p),
                }
            }
        }
        all
    }

    /// The attribute named `name`, inherited or not.
    pub fn attribute(&self, name: &str) -> Option<&Attribute> {
        self.all_attributes().into_iter().find(|a| &*a.name == name)
    }

    /// What `new` takes positionally: the required attributes first, then
    /// those with a default (Puppet's `parameter_info`).
    pub fn init_params(&self) -> Vec<&Attribute> {
        let (opt, required): (Vec<&Attribute>, Vec<&Attribute>) =
            self.all_attributes().into_iter().filter(|a| a.is_init_param()).partition(|a| a.value.is_some());
        required.into_iter().chain(opt).collect()
    }

    /// Whether `self` is `other` or one of its ancestors.
    pub fn is_ancestor_of(&self, other: &ObjectType) -> bool {
        other.lineage().contains(&self)
    }

    /// Whether a parent chain leads back to this type.
    pub fn inherits_from_itself(&self) -> bool {
        let mut t = self;
        for _ in 0..64 {
            match t.resolved_parent() {
                Some(p) if p == self && p.name.is_some() => return true,
                Some(p) => t = p,
                None => return false,
            }
        }
        true
    }
}

#[cfg(test)]
mod tests;
