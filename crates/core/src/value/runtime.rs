//! Values of the implementation language that Ruby code hands to Puppet
//! and Puppet keeps as they are:
//! - a Symbol (`:a`, which Psych reads from a plain `:a` in YAML) is
//!   `Runtime[ruby, 'Symbol']`, shown as its name, equal only to the same
//!   Symbol;
//! - a catalog resource (`Puppet::Resource`, what `scope.findresource`
//!   returns to `stdlib::str2resource`) is shown as `File[foo]` (where a
//!   reference written in Puppet shows `File['foo']`), its type is that
//!   reference's `Type[File['foo']]`, and it refers to the resource where a
//!   reference would.

use std::sync::Arc;

use crate::types::Type;

/// A Ruby object Puppet does not convert.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuntimeObject {
    /// A Ruby Symbol, by name.
    Symbol(Arc<str>),
    /// A `Puppet::Resource`: its type (capitalised) and title.
    Resource {
        /// `File`, `Apache::Vhost`.
        type_name: Arc<str>,
        /// The title.
        title: Arc<str>,
    },
}

impl RuntimeObject {
    /// The Ruby Symbol `name`.
    pub fn symbol(name: impl Into<Arc<str>>) -> RuntimeObject {
        RuntimeObject::Symbol(name.into())
    }

    /// Its Ruby class.
    pub fn class(&self) -> &'static str {
        match self {
            RuntimeObject::Symbol(_) => "Symbol",
            RuntimeObject::Resource { .. } => "Puppet::Resource",
        }
    }

    /// What Ruby's `to_s` gives: a Symbol's name, a resource's `Type[title]`.
    pub fn text(&self) -> String {
        match self {
            RuntimeObject::Symbol(name) => name.to_string(),
            RuntimeObject::Resource { type_name, title } => format!("{type_name}[{title}]"),
        }
    }

    /// The Symbol's name, when this is one.
    pub fn symbol_name(&self) -> Option<&str> {
        match self {
            RuntimeObject::Symbol(name) => Some(name),
            RuntimeObject::Resource { .. } => None,
        }
    }

    /// The reference a resource stands for (`File['foo']`), which Puppet
    /// infers as its type and follows in relationships.
    pub fn reference(&self) -> Option<Type> {
        match self {
            RuntimeObject::Resource { type_name, title } => {
                Some(Type::Resource { type_name: Some(type_name.clone()), title: Some(title.clone()) })
            }
            RuntimeObject::Symbol(_) => None,
        }
    }
}
