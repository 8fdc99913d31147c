//! A Hash's pairs: in insertion order, as Ruby keeps them, with an index
//! so that looking a key up or setting it takes constant time. Without the
//! index a loop that fills a Hash (`h[i] = i`) is quadratic where Ruby is
//! linear.
//!
//! The index holds the keys Ruby compares by value and confer's `==`
//! compares only with their own kind (nil, booleans, Integers, Strings,
//! Symbols). Any other key (a Float, an Array, a binary String) is found by
//! a scan, as before, and only a Hash holding such keys pays for it: a
//! lookup the index misses scans those keys alone, so `1.0` still finds the
//! key `1` and a binary String the String with the same bytes.

use std::collections::HashMap;
use std::ops::Deref;
use std::rc::Rc;

use crate::value::RValue;

/// A key the index holds: equal exactly when `RValue::equals` says so.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Nil,
    Bool(bool),
    Int(i64),
    Str(Rc<str>),
    Sym(Rc<str>),
}

impl Key {
    fn of(v: &RValue) -> Option<Key> {
        Some(match v {
            RValue::Nil => Key::Nil,
            RValue::Bool(b) => Key::Bool(*b),
            RValue::Int(i) => Key::Int(*i),
            RValue::Str(s) => Key::Str(s.clone()),
            RValue::Sym(s) => Key::Sym(s.clone()),
            _ => return None,
        })
    }
}

/// A Hash's pairs, each key once.
#[derive(Clone, Debug, Default)]
pub struct Pairs {
    items: Vec<(RValue, RValue)>,
    /// The position of each indexed key in `items`.
    index: HashMap<Key, usize>,
    /// Positions of the keys the index cannot hold, in order.
    others: Vec<usize>,
}

impl Pairs {
    /// No pairs.
    pub fn new() -> Self {
        Pairs::default()
    }

    /// The position of `key`, if the Hash has it.
    fn position(&self, key: &RValue) -> Option<usize> {
        if let Some(k) = Key::of(key) {
            if let Some(&i) = self.index.get(&k) {
                return Some(i);
            }
        }
        self.others.iter().copied().find(|&i| self.items[i].0.equals(key)).or_else(|| {
            // A key outside the index (1.0) may equal indexed ones (1).
            if Key::of(key).is_some() {
                return None;
            }
            self.items.iter().position(|(k, _)| k.equals(key))
        })
    }

    /// The value of `key`.
    pub fn get(&self, key: &RValue) -> Option<&RValue> {
        self.position(key).map(|i| &self.items[i].1)
    }

    /// Sets `key` to `value`, keeping the key's place when it is there
    /// (as `h[k] = v` does); the value it replaced.
    pub fn insert(&mut self, key: RValue, value: RValue) -> Option<RValue> {
        match self.position(&key) {
            Some(i) => Some(std::mem::replace(&mut self.items[i].1, value)),
            None => {
                let at = self.items.len();
                match Key::of(&key) {
                    Some(k) => {
                        self.index.insert(k, at);
                    }
                    None => self.others.push(at),
                }
                self.items.push((key, value));
                None
            }
        }
    }

    /// Removes `key`; its value. Later pairs move up, so the index is
    /// rebuilt: as costly as the removal itself.
    pub fn remove(&mut self, key: &RValue) -> Option<RValue> {
        let i = self.position(key)?;
        Some(self.remove_at(i).1)
    }

    /// Removes the first pair (`shift`).
    pub fn shift(&mut self) -> Option<(RValue, RValue)> {
        (!self.items.is_empty()).then(|| self.remove_at(0))
    }

    fn remove_at(&mut self, i: usize) -> (RValue, RValue) {
        let pair = self.items.remove(i);
        self.reindex();
        pair
    }

    fn reindex(&mut self) {
        self.index.clear();
        self.others.clear();
        for (i, (k, _)) in self.items.iter().enumerate() {
            match Key::of(k) {
                Some(k) => {
                    self.index.insert(k, i);
                }
                None => self.others.push(i),
            }
        }
    }

    /// The pairs, in order.
    pub fn into_vec(self) -> Vec<(RValue, RValue)> {
        self.items
    }
}

impl Deref for Pairs {
    type Target = [(RValue, RValue)];

    fn deref(&self) -> &Self::Target {
        &self.items
    }
}

/// Pairs from a list that may repeat a key: the last value wins, at the
/// key's first place, as in a Hash literal `{a: 1, a: 2}`.
impl FromIterator<(RValue, RValue)> for Pairs {
    fn from_iter<I: IntoIterator<Item = (RValue, RValue)>>(iter: I) -> Self {
        let mut pairs = Pairs::new();
        for (k, v) in iter {
            pairs.insert(k, v);
        }
        pairs
    }
}

impl IntoIterator for Pairs {
    type Item = (RValue, RValue);
    type IntoIter = std::vec::IntoIter<(RValue, RValue)>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl From<Vec<(RValue, RValue)>> for Pairs {
    fn from(items: Vec<(RValue, RValue)>) -> Self {
        items.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Pairs;
    use crate::value::RValue;

    #[test]
    fn a_key_keeps_its_place_and_takes_the_last_value() {
        let p: Pairs = vec![
            (RValue::Int(1), RValue::Int(10)),
            (RValue::Int(2), RValue::Int(20)),
            (RValue::Int(1), RValue::Int(11)),
        ]
        .into();
        assert_eq!(p.len(), 2);
        assert!(p[0].1.equals(&RValue::Int(11)));
    }

    #[test]
    fn keys_outside_the_index_are_still_found_by_equality() {
        let mut p = Pairs::new();
        p.insert(RValue::Int(1), RValue::str("int"));
        p.insert(RValue::array(vec![RValue::Int(1)]), RValue::str("array"));
        assert!(p.get(&RValue::Float(1.0)).is_some_and(|v| v.equals(&RValue::str("int"))));
        assert!(p.get(&RValue::array(vec![RValue::Int(1)])).is_some_and(|v| v.equals(&RValue::str("array"))));
        assert!(p.get(&RValue::Int(2)).is_none());
    }

    #[test]
    fn removing_keeps_the_index_true() {
        let mut p: Pairs = (0..5).map(|i| (RValue::Int(i), RValue::Int(i * 10))).collect();
        assert!(p.remove(&RValue::Int(1)).is_some());
        assert!(p.shift().is_some());
        assert!(p.get(&RValue::Int(4)).is_some_and(|v| v.equals(&RValue::Int(40))));
        assert_eq!(p.len(), 3);
    }
}
