//! An object of a class module code defined: its class and instance
//! variables. What the interpreter does with classes and objects is
//! `objects.rs`'s.

use crate::value::RValue;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// An object of a class the code defined.
#[derive(Debug)]
pub struct Object {
    /// Its class, by qualified name.
    pub class: Rc<str>,
    /// Its instance variables.
    pub ivars: RefCell<HashMap<String, RValue>>,
}

impl Object {
    /// Ruby's `inspect` of an object with no `inspect` of its own.
    pub fn inspect(&self) -> String {
        format!("#<{}>", self.class)
    }
}

/// The key an instance method is kept under.
pub(crate) fn instance_key(class: &str, name: &str) -> String {
    format!("{class}#{name}")
}
