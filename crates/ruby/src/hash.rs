//! Hash methods templates call, declared as one table (see `contract.rs`).
//! A Hash iterates as `[key, value]` pairs, which a block with two
//! parameters receives spread; Enumerable's methods it has no row for are
//! the Array methods on those pairs.

use std::rc::Rc;

use crate::ast::Block;
use crate::contract::{Arity, Call, Method, Table, Takes};
use crate::error::RubyErrorKind;
use crate::flow::{err, Ctl, Ev};
use crate::interp::Interp;
use crate::value::pairs::Pairs;
use crate::value::shared::Shared;
use crate::value::{hash_get, RValue};

/// Hash's own methods whose answer is the Array method's on the pairs.
const AGREE_ON_PAIRS: [&str; 3] = ["any?", "to_a", "to_h"];

/// A Hash method's implementation, given the receiver's pairs.
type HashFn = fn(&mut Interp<'_>, &Call<'_>, &Rc<Shared<Pairs>>) -> Ev;

/// A row of any arity whose implementation takes a block or none.
const fn row(names: &'static [&'static str], run: HashFn) -> Method<HashFn> {
    Method { names, arity: Arity::Unchecked, takes: Takes::AnyBlock, run }
}

/// A row of any arity that needs a block.
const fn with_block(names: &'static [&'static str], run: HashFn) -> Method<HashFn> {
    Method { names, arity: Arity::Unchecked, takes: Takes::Block, run }
}

/// A row of one argument.
const fn one(names: &'static [&'static str], run: HashFn) -> Method<HashFn> {
    Method { names, arity: Arity::Exactly(1), takes: Takes::AnyBlock, run }
}

/// Every Hash method confer answers other than as an Array of pairs.
static HASH_METHODS: Table<HashFn> = Table::new(&[
    with_block(&["each", "each_pair"], |it, c, pairs| {
        let b = c.given_block()?;
        for (k, v) in pairs.borrow().iter() {
            it.call_block(b, vec![RValue::array(vec![k.clone(), v.clone()])], c.at)?;
        }
        Ok(c.recv.clone())
    }),
    with_block(&["each_key", "each_value"], |it, c, pairs| {
        let b = c.given_block()?;
        for (k, v) in pairs.borrow().iter() {
            let item = if c.name == "each_key" { k.clone() } else { v.clone() };
            it.call_block(b, vec![item], c.at)?;
        }
        Ok(c.recv.clone())
    }),
    row(&["keys"], |_, _, pairs| Ok(RValue::array(pairs.borrow().iter().map(|(k, _)| k.clone()).collect()))),
    row(&["values"], |_, _, pairs| Ok(RValue::array(pairs.borrow().iter().map(|(_, v)| v.clone()).collect()))),
    one(&["has_key?", "key?", "include?", "member?"], |_, c, pairs| {
        Ok(RValue::Bool(hash_get(&pairs.borrow(), &c.args[0]).is_some()))
    }),
    one(&["has_value?", "value?"], |_, c, pairs| {
        Ok(RValue::Bool(pairs.borrow().iter().any(|(_, v)| v.equals(&c.args[0]))))
    }),
    one(&["[]"], |_, c, pairs| Ok(hash_get(&pairs.borrow(), &c.args[0]).cloned().unwrap_or(RValue::Nil))),
    row(&["dig"], dig),
    row(&["fetch"], fetch),
    row(&["length", "size", "count"], |it, c, pairs| match c.block {
        None => Ok(RValue::Int(pairs.borrow().len() as i64)),
        Some(_) => enumerable(it, c, pairs),
    }),
    row(&["empty?"], |_, _, pairs| Ok(RValue::Bool(pairs.borrow().is_empty()))),
    row(&["to_hash", "to_h"], |it, c, pairs| match c.block {
        None => Ok(c.recv.clone()),
        Some(_) => enumerable(it, c, pairs),
    }),
    with_block(&["transform_keys", "transform_values"], transform),
    row(&["merge"], merge),
    row(&["compact"], |_, _, pairs| {
        Ok(RValue::hash(pairs.borrow().iter().filter(|(_, v)| !matches!(v, RValue::Nil)).cloned().collect()))
    }),
    with_block(&["select", "filter", "reject"], |it, c, pairs| {
        let b = c.given_block()?;
        let mut out = Vec::new();
        for (k, v) in pairs.borrow().iter() {
            let keep = it.call_block(b, vec![k.clone(), v.clone()], c.at)?.truthy();
            if keep == (c.name != "reject") {
                out.push((k.clone(), v.clone()));
            }
        }
        Ok(RValue::hash(out.into()))
    }),
    row(&["slice", "except"], |_, c, pairs| {
        let out = if c.name == "slice" {
            c.args.iter().filter_map(|k| hash_get(&pairs.borrow(), k).map(|v| (k.clone(), v.clone()))).collect()
        } else {
            pairs.borrow().iter().filter(|(k, _)| !c.args.iter().any(|a| a.equals(k))).cloned().collect()
        };
        Ok(RValue::hash(out))
    }),
    row(&["values_at"], |_, c, pairs| {
        Ok(RValue::array(c.args.iter().map(|k| hash_get(&pairs.borrow(), k).cloned().unwrap_or(RValue::Nil)).collect()))
    }),
    one(&["key"], |_, c, pairs| {
        Ok(pairs.borrow().iter().find(|(_, v)| v.equals(&c.args[0])).map_or(RValue::Nil, |(k, _)| k.clone()))
    }),
    row(&["invert"], |_, _, pairs| {
        Ok(RValue::hash(pairs.borrow().iter().map(|(k, v)| (v.clone(), k.clone())).collect()))
    }),
]);

fn dig(it: &mut Interp<'_>, c: &Call<'_>, _: &Rc<Shared<Pairs>>) -> Ev {
    let mut cur = c.recv.clone();
    for k in c.args {
        cur = match &cur {
            RValue::Hash(p) => hash_get(&p.borrow(), k).cloned().unwrap_or(RValue::Nil),
            RValue::Array(_) => it.array_method(cur.clone(), "[]", vec![k.clone()], None, c.at)?,
            RValue::Nil => return Ok(RValue::Nil),
            _ => return crate::missing::missing_method(&cur, "dig", c.at),
        };
    }
    Ok(cur)
}

fn fetch(_: &mut Interp<'_>, c: &Call<'_>, pairs: &Rc<Shared<Pairs>>) -> Ev {
    let key = c.args.first().unwrap_or(&RValue::Nil);
    match (hash_get(&pairs.borrow(), key), c.args.get(1)) {
        (Some(v), _) => Ok(v.clone()),
        (None, Some(default)) => Ok(default.clone()),
        (None, None) => err(RubyErrorKind::Argument(format!("key not found: {}", key.inspect())), c.at),
    }
}

fn transform(it: &mut Interp<'_>, c: &Call<'_>, pairs: &Rc<Shared<Pairs>>) -> Ev {
    let b = c.given_block()?;
    let mut out = Pairs::new();
    for (k, v) in pairs.snapshot().iter() {
        let (k, v) = if c.name == "transform_keys" {
            (it.call_block(b, vec![k.clone()], c.at)?, v.clone())
        } else {
            (k.clone(), it.call_block(b, vec![v.clone()], c.at)?)
        };
        out.insert(k, v);
    }
    Ok(RValue::hash(out))
}

/// With a block, a key both have takes what the block answers for the
/// key, the old value and the new one.
fn merge(it: &mut Interp<'_>, c: &Call<'_>, pairs: &Rc<Shared<Pairs>>) -> Ev {
    let mut out = pairs.snapshot();
    for a in c.args {
        let RValue::Hash(other) = a else {
            return crate::flow::no_implicit(a, "Hash", c.at);
        };
        for (k, v) in other.snapshot().iter() {
            let v = match (c.block, out.get(k)) {
                (Some(b), Some(old)) => it.call_block(b, vec![k.clone(), old.clone(), v.clone()], c.at)?,
                _ => v.clone(),
            };
            out.insert(k.clone(), v);
        }
    }
    Ok(RValue::hash(out))
}

/// Enumerable's methods, on the pairs; a method Hash lacks (or the Array
/// version does not answer) is named for the Hash, and so is one of Hash's
/// own, whose answer differs from the Array method's of that name
/// (`compact`, `flatten`, `slice`), but for those that agree on the pairs.
fn enumerable(it: &mut Interp<'_>, c: &Call<'_>, pairs: &Rc<Shared<Pairs>>) -> Ev {
    let name = c.name;
    if crate::missing::ruby_has("Hash", name) == Some(false) {
        return crate::missing::missing_method(c.recv, name, c.at);
    }
    if crate::missing::ruby_has("Hash(own)", name) == Some(true) && !AGREE_ON_PAIRS.contains(&name) {
        return err(RubyErrorKind::Unsupported(format!("the method Hash#{name}")), c.at);
    }
    let as_array =
        RValue::array(pairs.borrow().iter().map(|(k, v)| RValue::array(vec![k.clone(), v.clone()])).collect());
    it.array_method(as_array, name, c.args.to_vec(), c.block, c.at).or_else(|e| match e {
        Ctl::Err(e) if matches!(&e.kind, RubyErrorKind::NoMethod { method, .. } | RubyErrorKind::Unsupported(method) if method.contains(name)) => {
            err(RubyErrorKind::Unsupported(format!("the method Hash#{name}")), c.at)
        }
        other => Err(other),
    })
}

impl Interp<'_> {
    /// Calls the Hash method `name` on `recv`.
    pub fn hash_method(&mut self, recv: RValue, name: &str, args: Vec<RValue>, block: Option<&Block>, at: usize) -> Ev {
        let RValue::Hash(pairs) = &recv else {
            return crate::missing::missing_method(&recv, name, at);
        };
        let call = Call { recv: &recv, name, args: &args, block, at };
        match HASH_METHODS.find(name) {
            Some(row) => row.admit(name, args.len(), block.is_some(), at)?(self, &call, pairs),
            None => enumerable(self, &call, pairs),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_a_method_of_ruby_hash() {
        for row in HASH_METHODS.rows() {
            for name in row.names {
                assert_eq!(crate::missing::ruby_has("Hash", name), Some(true), "{name}");
            }
        }
    }
}
