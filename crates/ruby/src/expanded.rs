//! How large a Ruby value would be with its shared parts written out: a
//! template doubling `a = [a, a]` in a loop holds a few kilobytes but prints,
//! compares and flattens 2^n elements. Arrays and hashes record their
//! expanded size when they are made (from their elements' recorded sizes),
//! and the interpreter refuses a value past its limit, so every walk over
//! an accepted value is bounded. The same design as `confer_core::Items`.

use std::ops::Deref;

use crate::value::RValue;

/// The size one value slot takes, which every value counts once.
const SLOT: u64 = std::mem::size_of::<RValue>() as u64;

/// A collection (an Array's elements or a Hash's pairs) and its expanded size.
#[derive(Debug, Clone)]
pub struct Expanded<T> {
    inner: T,
    size: u64,
}

impl<T> Expanded<T> {
    /// The bytes the collection takes with its shared parts written out.
    pub fn size(&self) -> u64 {
        self.size
    }
}

impl Expanded<Vec<RValue>> {
    /// An Array's elements, sized once.
    pub fn new(items: Vec<RValue>) -> Self {
        let size = items.iter().fold(SLOT, |sum, v| sum.saturating_add(v.expanded_size()));
        Expanded { inner: items, size }
    }
}

impl Expanded<Vec<(RValue, RValue)>> {
    /// A Hash's pairs, sized once.
    pub fn new(pairs: Vec<(RValue, RValue)>) -> Self {
        let size = pairs
            .iter()
            .fold(SLOT, |sum, (k, v)| sum.saturating_add(k.expanded_size()).saturating_add(v.expanded_size()));
        Expanded { inner: pairs, size }
    }
}

impl<T> Deref for Expanded<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.inner
    }
}

impl RValue {
    /// The bytes this value would take if no part of it were shared (see the
    /// module's comment); constant time.
    pub fn expanded_size(&self) -> u64 {
        match self {
            RValue::Str(s) | RValue::Sym(s) | RValue::Class(s) => SLOT + s.len() as u64,
            RValue::Array(items) => items.size(),
            RValue::Hash(pairs) => pairs.size(),
            RValue::MatchData(groups) => {
                groups.iter().fold(SLOT, |sum, g| sum.saturating_add(SLOT + g.as_ref().map_or(0, |g| g.len() as u64)))
            }
            RValue::Opaque(v) => v.expanded_size(),
            RValue::Nil
            | RValue::Bool(_)
            | RValue::Int(_)
            | RValue::Float(_)
            | RValue::Range(..)
            | RValue::StrRange(_)
            | RValue::Regex(_)
            | RValue::Scope
            | RValue::Proc(_)
            | RValue::PuppetLambda
            | RValue::IpAddr(_)
            | RValue::IpRange(_) => SLOT,
            RValue::Exception(e) => SLOT + e.message.len() as u64,
        }
    }
}
