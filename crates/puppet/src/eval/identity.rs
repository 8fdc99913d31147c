//! A borrowed thing as a map key, by identity: the evaluator's caches belong
//! to one node of the program (a regex literal's matcher, a constant type's
//! value, the collector an expression made) or to one built-in's static
//! table of signatures, not to every equal node or table.
//!
//! The key holds the borrow itself, not an address taken from it: the
//! borrow checker then proves that what it names outlives every map the key
//! is in, so no key can outlive its node and name another one later put at
//! the same address.

use std::hash::{Hash, Hasher};

/// `&'a T`, compared and hashed by the identity of what it borrows.
#[derive(Debug)]
pub(crate) struct Identity<'a, T: ?Sized>(pub(crate) &'a T);

impl<T: ?Sized> Clone for Identity<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: ?Sized> Copy for Identity<'_, T> {}

impl<T: ?Sized> PartialEq for Identity<'_, T> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl<T: ?Sized> Eq for Identity<'_, T> {}

impl<T: ?Sized> Hash for Identity<'_, T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::ptr::hash(self.0, state);
    }
}
