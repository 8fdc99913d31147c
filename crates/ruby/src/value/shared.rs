//! The objects of Arrays and Hashes: shared, as Ruby's are, so a change in
//! place (`<<`, `h[k] = v`, `merge!`, `delete`) is seen through every
//! reference — a variable, an element of another Array, a method's
//! parameter, the value a block returned. Module code relies on it
//! (`overlay(hash1[key], value)` changing the caller's nested hash).
//!
//! Each object also records its expanded size: the bytes it would take with
//! its shared parts written out. A template doubling `a = [a, a]` in a loop
//! holds a few kilobytes but prints, compares and flattens 2^n elements, so
//! the interpreter refuses a value past its limit (`interp::bounded`). The
//! size is kept as the object changes, from its elements' recorded sizes.
//!
//! Every change in place is counted in the [`Changes`] of the interpreter
//! that makes it, which a run compares to tell whether any object it read
//! may have changed.
//!
//! An object never contains itself: Ruby allows it (and prints `[[...]]`),
//! confer refuses the change that would make it, so every walk over a value
//! ends.

use std::cell::{Cell, Ref, RefCell};
use std::collections::HashSet;

use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::value::pairs::Pairs;
use crate::value::RValue;

/// How many changes in place an interpreter made: each method below that
/// changes an object takes its interpreter's count and adds one to it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Changes(u64);

impl Changes {
    fn count(&mut self) {
        self.0 = self.0.wrapping_add(1);
    }
}

/// The size one value slot takes, which every value counts once.
const SLOT: u64 = std::mem::size_of::<RValue>() as u64;

/// An Array's elements or a Hash's pairs, changed in place, and their
/// expanded size.
#[derive(Debug)]
pub struct Shared<T> {
    inner: RefCell<T>,
    size: Cell<u64>,
}

/// What a collection's contents are made of, for their expanded size.
pub trait Contents {
    /// The expanded size of all the values held.
    fn size(&self) -> u64;
    /// Calls `f` on every value held (keys and values of a Hash).
    fn each_value(&self, f: &mut dyn FnMut(&RValue) -> bool) -> bool;
}

impl Contents for Vec<RValue> {
    fn size(&self) -> u64 {
        self.iter().fold(SLOT, |sum, v| sum.saturating_add(v.expanded_size()))
    }
    fn each_value(&self, f: &mut dyn FnMut(&RValue) -> bool) -> bool {
        self.iter().all(f)
    }
}

impl Contents for Pairs {
    fn size(&self) -> u64 {
        self.iter().fold(SLOT, |sum, (k, v)| sum.saturating_add(k.expanded_size()).saturating_add(v.expanded_size()))
    }
    fn each_value(&self, f: &mut dyn FnMut(&RValue) -> bool) -> bool {
        self.iter().all(|(k, v)| f(k) && f(v))
    }
}

impl<T: Contents + Clone> Shared<T> {
    /// A new object holding `contents`, sized once.
    pub fn new(contents: T) -> Self {
        Shared { size: Cell::new(contents.size()), inner: RefCell::new(contents) }
    }

    /// The contents, to read. Never held across a call back into the
    /// interpreter: changes happen only in [`Shared::change`].
    pub fn borrow(&self) -> Ref<'_, T> {
        self.inner.borrow()
    }

    /// A copy of the contents (the elements themselves stay shared).
    pub fn snapshot(&self) -> T {
        self.inner.borrow().clone()
    }

    /// The bytes the object takes with its shared parts written out, as
    /// recorded when it last changed.
    pub fn size(&self) -> u64 {
        self.size.get()
    }

    /// Changes the contents in place with `f`, which must not call back
    /// into the interpreter, and records the new size. `added` are the
    /// values the change puts into the object: one that holds the object
    /// itself is refused, as are changes during a read of the same object.
    pub fn change<R>(
        &self,
        me: &RValue,
        added: &[&RValue],
        at: usize,
        changes: &mut Changes,
        f: impl FnOnce(&mut T) -> R,
    ) -> Ev<R> {
        let mut contents = self.open(me, added, at, changes)?;
        let out = f(&mut contents);
        self.size.set(contents.size());
        Ok(out)
    }

    /// Replaces the contents with `new` (`clear`, `replace`).
    pub fn replace(&self, me: &RValue, new: T, at: usize, changes: &mut Changes) -> Ev<()> {
        let mut added = Vec::new();
        new.each_value(&mut |v| {
            added.push(v.clone());
            true
        });
        let added: Vec<&RValue> = added.iter().collect();
        self.change(me, &added, at, changes, |contents| *contents = new)
    }

    /// The contents to change, once `added` is known not to hold `me`;
    /// counted in `changes`.
    fn open(&self, me: &RValue, added: &[&RValue], at: usize, changes: &mut Changes) -> Ev<std::cell::RefMut<'_, T>> {
        if added.iter().any(|v| holds(v, me)) {
            return err(
                RubyErrorKind::Unsupported("an Array or Hash that contains itself (Ruby prints it as [...])".into()),
                at,
            );
        }
        match self.inner.try_borrow_mut() {
            Ok(contents) => {
                changes.count();
                Ok(contents)
            }
            Err(_) => err(RubyErrorKind::Unsupported("changing an Array or Hash while it is being read".into()), at),
        }
    }
}

impl Shared<Vec<RValue>> {
    /// Appends `values` (`<<`, `push`) in time proportional to them, not
    /// to the Array: a loop that grows an Array stays linear.
    pub fn push(&self, me: &RValue, values: &[RValue], at: usize, changes: &mut Changes) -> Ev<()> {
        let added: Vec<&RValue> = values.iter().collect();
        let mut items = self.open(me, &added, at, changes)?;
        let grown = values.iter().fold(self.size.get(), |sum, v| sum.saturating_add(v.expanded_size()));
        items.extend(values.iter().cloned());
        self.size.set(grown);
        Ok(())
    }

    /// Sets the element at `index` (within the Array), in constant time.
    pub fn set(&self, me: &RValue, index: usize, value: RValue, at: usize, changes: &mut Changes) -> Ev<()> {
        let mut items = self.open(me, &[&value], at, changes)?;
        let Some(slot) = items.get_mut(index) else { return Ok(()) };
        let size = self.size.get().saturating_sub(slot.expanded_size()).saturating_add(value.expanded_size());
        *slot = value;
        self.size.set(size);
        Ok(())
    }
}

impl Shared<Pairs> {
    /// Sets `key` to `value` (`h[k] = v`) in time independent of the
    /// Hash's size: a loop that fills a Hash stays linear.
    pub fn insert(&self, me: &RValue, key: RValue, value: RValue, at: usize, changes: &mut Changes) -> Ev<()> {
        let mut pairs = self.open(me, &[&key, &value], at, changes)?;
        let added = value.expanded_size();
        let size = match pairs.get(&key) {
            Some(old) => self.size.get().saturating_sub(old.expanded_size()).saturating_add(added),
            None => self.size.get().saturating_add(key.expanded_size()).saturating_add(added),
        };
        pairs.insert(key, value);
        self.size.set(size);
        Ok(())
    }
}

/// Whether `v` is the object `target` or holds it at any depth. Each object
/// is visited once, so the walk is linear in the objects `v` reaches.
fn holds(v: &RValue, target: &RValue) -> bool {
    let mut seen: HashSet<*const ()> = HashSet::new();
    let mut stack = vec![v.clone()];
    while let Some(v) = stack.pop() {
        if v.same_object(target) {
            return true;
        }
        let Some(ptr) = v.object_id() else { continue };
        if !seen.insert(ptr) {
            continue;
        }
        let mut push = |x: &RValue| {
            if x.object_id().is_some() {
                stack.push(x.clone());
            }
            true
        };
        match &v {
            RValue::Array(items) => {
                items.borrow().each_value(&mut push);
            }
            RValue::Hash(pairs) => {
                pairs.borrow().each_value(&mut push);
            }
            _ => {}
        }
    }
    false
}

impl RValue {
    /// The bytes this value would take if no part of it were shared (see the
    /// module's comment); constant time.
    pub fn expanded_size(&self) -> u64 {
        match self {
            RValue::Str(s) | RValue::Sym(s) | RValue::Class(s) => SLOT + s.len() as u64,
            RValue::Bytes(b) => SLOT + b.len() as u64,
            RValue::Array(items) => items.size(),
            RValue::Hash(pairs) => pairs.size(),
            RValue::MatchData(groups) => {
                groups.iter().fold(SLOT, |sum, g| sum.saturating_add(SLOT + g.as_ref().map_or(0, |g| g.len() as u64)))
            }
            RValue::Opaque(v) => v.expanded_size(),
            RValue::Nil
            | RValue::Bool(_)
            | RValue::Int(_)
            | RValue::Wide(_)
            | RValue::Float(_)
            | RValue::Range(..)
            | RValue::StrRange(_)
            | RValue::Regex(_)
            | RValue::Scope
            | RValue::Proc(_)
            | RValue::PuppetLambda
            | RValue::IpAddr(_)
            | RValue::IpRange(_)
            | RValue::Random(_)
            | RValue::GemVersion(_)
            | RValue::Inferred(_)
            | RValue::Crypto(_)
            | RValue::Resource(_)
            | RValue::Catalog
            // Its instance variables' values were bounded when built; a walk
            // through them could go round a cycle.
            | RValue::Object(_) => SLOT,
            RValue::Exception(e) => SLOT + e.message.len() as u64,
        }
    }
}
