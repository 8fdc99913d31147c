//! Array and Range methods templates call, Enumerable's among them,
//! declared as one table (see `contract.rs`). A Hash's Enumerable methods
//! are these on its `[key, value]` pairs (`hash.rs`).

use crate::ast::Block;
use crate::contract::{Arity, Call, Method, Table, Takes};
use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::interp::Interp;
use crate::value::RValue;

/// An Array method's implementation, given the receiver's elements.
type ArrayFn = fn(&mut Interp<'_>, &Call<'_>, Vec<RValue>) -> Ev;

/// A row of any arity whose implementation takes a block or none.
const fn row(names: &'static [&'static str], run: ArrayFn) -> Method<ArrayFn> {
    Method { names, arity: Arity::Unchecked, takes: Takes::AnyBlock, run }
}

/// A row of any arity that needs a block.
const fn with_block(names: &'static [&'static str], run: ArrayFn) -> Method<ArrayFn> {
    Method { names, arity: Arity::Unchecked, takes: Takes::Block, run }
}

/// A row of one argument, block or none.
const fn one(names: &'static [&'static str], run: ArrayFn) -> Method<ArrayFn> {
    Method { names, arity: Arity::Exactly(1), takes: Takes::AnyBlock, run }
}

/// Every Array (and Range) method confer answers.
static ARRAY_METHODS: Table<ArrayFn> = Table::new(&[
    with_block(&["each"], each),
    with_block(&["each_with_object"], each_with_object),
    with_block(&["each_with_index", "each_index"], each_with_index),
    with_block(&["map", "collect", "flat_map", "collect_concat"], map),
    with_block(&["select", "find_all", "filter", "reject", "partition"], select),
    row(&["find", "detect", "any?", "all?", "none?", "count"], test_each),
    row(&["length", "size"], |it, c, items| match c.args {
        [] => Ok(RValue::Int(items.len() as i64)),
        _ => no_method(it, c, items),
    }),
    row(&["empty?"], |_, _, items| Ok(RValue::Bool(items.is_empty()))),
    row(&["inject", "reduce"], inject),
    row(&["sort", "sort_by", "min_by", "max_by", "group_by"], sort),
    row(&["min", "max"], |_, c, mut items| {
        crate::methods::sort_values(&mut items, c.at)?;
        Ok((if c.name == "min" { items.first() } else { items.last() }).cloned().unwrap_or(RValue::Nil))
    }),
    row(&["sum"], |it, c, items| {
        let mut acc = c.args.first().cloned().unwrap_or(RValue::Int(0));
        for i in items {
            acc = it.call_method(acc, "+", vec![i], None, c.at, None)?;
        }
        Ok(acc)
    }),
    row(&["pack"], |_, c, items| match c.args {
        [RValue::Str(format)] => crate::binary::pack(&items, format, c.at),
        _ => err(RubyErrorKind::Argument("pack needs a format String".into()), c.at),
    }),
    row(&["join"], |_, c, items| {
        let sep = match c.args.first() {
            None | Some(RValue::Nil) => String::new(),
            Some(s) => s.to_s(),
        };
        Ok(RValue::str(join(&items, &sep, 0, c.at)?))
    }),
    row(&["*"], times),
    row(&["flatten"], |_, _, items| {
        let mut out = Vec::new();
        crate::methods::flatten(&items, &mut out, 0);
        Ok(RValue::array(out))
    }),
    row(&["compact"], |_, _, items| {
        Ok(RValue::array(items.into_iter().filter(|i| !matches!(i, RValue::Nil)).collect()))
    }),
    row(&["uniq"], |_, _, items| Ok(RValue::array(uniq(items)))),
    row(&["reverse"], |_, _, items| Ok(RValue::array(items.into_iter().rev().collect()))),
    row(&["take", "drop"], take),
    row(&["grep", "grep_v"], grep),
    // Array#index is find_index.
    row(&["find_index", "index"], find_index),
    with_block(&["filter_map"], filter_map),
    row(&["first", "last"], first),
    row(&["step"], step),
    one(&["include?", "member?"], |_, c, items| Ok(RValue::Bool(items.iter().any(|i| i.equals(&c.args[0]))))),
    row(&["to_a", "entries", "to_ary"], |_, _, items| Ok(RValue::array(items))),
    one(&["<=>"], |_, c, _| {
        Ok(crate::value::ordering::compare(c.recv, &c.args[0]).map_or(RValue::Nil, |o| RValue::Int(o as i64)))
    }),
    row(&["zip"], zip),
    row(&["transpose"], transpose),
    row(&["each_slice"], each_slice),
    one(&["+", "-", "&", "|"], combine),
    row(&["[]", "slice", "at"], element),
    row(&["to_h"], to_h),
]);

fn join(items: &[RValue], sep: &str, depth: usize, at: usize) -> Ev<String> {
    if depth > 100 {
        return err(RubyErrorKind::Argument("recursive array join".into()), at);
    }
    let mut parts = Vec::with_capacity(items.len());
    let mut total = 0usize;
    for i in items {
        let part = match i {
            RValue::Array(inner) => join(&inner.borrow(), sep, depth + 1, at)?,
            other => other.to_s(),
        };
        // Checked as it grows: the joined string is built only when it fits.
        total = total.saturating_add(part.len()).saturating_add(sep.len());
        if total > crate::flow::MAX_SIZE {
            return err(RubyErrorKind::Limit(crate::flow::too_big()), at);
        }
        parts.push(part);
    }
    Ok(parts.join(sep))
}

/// The elements without repeats, first occurrences kept.
fn uniq(items: Vec<RValue>) -> Vec<RValue> {
    let mut out: Vec<RValue> = Vec::new();
    for i in items {
        if !out.iter().any(|o| o.equals(&i)) {
            out.push(i);
        }
    }
    out
}

/// The answer for a method this receiver does not have here, though the
/// family has a row of its name (`step` of an Array, `find` without a
/// block).
fn no_method(_: &mut Interp<'_>, c: &Call<'_>, _: Vec<RValue>) -> Ev {
    crate::missing::missing_method(c.recv, c.name, c.at)
}

fn each(it: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    let b = c.given_block()?;
    for i in items {
        it.call_block(b, vec![i], c.at)?;
    }
    Ok(c.recv.clone())
}

fn each_with_object(it: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    let b = c.given_block()?;
    let mut memo = c.args.first().cloned().unwrap_or(RValue::Nil);
    let kept = match b.params.last() {
        Some(crate::ast::Param::Name(n)) if b.params.len() >= 2 => n.clone(),
        _ => return err(RubyErrorKind::Unsupported("each_with_object's block without a memo parameter".into()), c.at),
    };
    for i in items {
        memo = it.call_block_keeping(b, vec![i, memo], c.at, Some(&kept))?.1;
    }
    Ok(memo)
}

fn each_with_index(it: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    let b = c.given_block()?;
    for (n, i) in items.into_iter().enumerate() {
        let args = if c.name == "each_index" { vec![RValue::Int(n as i64)] } else { vec![i, RValue::Int(n as i64)] };
        it.call_block(b, args, c.at)?;
    }
    Ok(c.recv.clone())
}

fn map(it: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    let b = c.given_block()?;
    let mut out = Vec::with_capacity(items.len());
    for i in items {
        match (c.name, it.call_block(b, vec![i], c.at)?) {
            ("flat_map" | "collect_concat", RValue::Array(inner)) => out.extend(inner.borrow().iter().cloned()),
            (_, v) => out.push(v),
        }
    }
    Ok(RValue::array(out))
}

fn select(it: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    let b = c.given_block()?;
    let (mut yes, mut no) = (Vec::new(), Vec::new());
    for i in items {
        if it.call_block(b, vec![i.clone()], c.at)?.truthy() {
            yes.push(i);
        } else {
            no.push(i);
        }
    }
    Ok(match c.name {
        "reject" => RValue::array(no),
        "partition" => RValue::array(vec![RValue::array(yes), RValue::array(no)]),
        _ => RValue::array(yes),
    })
}

/// `find`, `any?`, `count`, …: with a block, the block tests each element;
/// without one, the elements themselves (`count(x)` counts those equal to
/// `x`).
fn test_each(it: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    let Some(b) = c.block else {
        return Ok(match (c.name, c.args) {
            ("any?", _) => RValue::Bool(items.iter().any(RValue::truthy)),
            ("all?", _) => RValue::Bool(items.iter().all(RValue::truthy)),
            ("none?", _) => RValue::Bool(!items.iter().any(RValue::truthy)),
            ("count", []) => RValue::Int(items.len() as i64),
            ("count", [x, ..]) => RValue::Int(items.iter().filter(|i| i.equals(x)).count() as i64),
            _ => return no_method(it, c, items),
        });
    };
    let mut count = 0;
    for i in items {
        let v = it.call_block(b, vec![i.clone()], c.at)?;
        match (c.name, v.truthy()) {
            ("find" | "detect", true) => return Ok(i),
            ("any?", true) => return Ok(RValue::Bool(true)),
            ("all?", false) => return Ok(RValue::Bool(false)),
            ("none?", true) => return Ok(RValue::Bool(false)),
            ("count", true) => count += 1,
            _ => {}
        }
    }
    Ok(match c.name {
        "find" | "detect" => RValue::Nil,
        "any?" => RValue::Bool(false),
        "count" => RValue::Int(count),
        _ => RValue::Bool(true),
    })
}

/// `inject(:+)`, `inject(init, :+)` or `inject(init) { |acc, x| … }`.
fn inject(it: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    let mut iter = items.into_iter();
    let Some(b) = c.block else {
        let (init, op) = match c.args {
            [RValue::Sym(op)] => (None, op.clone()),
            [init, RValue::Sym(op)] => (Some(init.clone()), op.clone()),
            _ => return err(RubyErrorKind::Unsupported(format!("`{}' without a block or symbol", c.name)), c.at),
        };
        let mut acc = match init {
            Some(a) => a,
            None => iter.next().unwrap_or(RValue::Nil),
        };
        for i in iter {
            acc = it.call_method(acc, &op, vec![i], None, c.at, None)?;
        }
        return Ok(acc);
    };
    let mut acc = match c.args.first() {
        Some(a) => a.clone(),
        None => iter.next().unwrap_or(RValue::Nil),
    };
    for i in iter {
        acc = it.call_block(b, vec![acc, i], c.at)?;
    }
    Ok(acc)
}

/// `sort` (by `<=>`, or by its block's answer for two elements) and the
/// methods that order by a key the block gives (`sort_by`, `min_by`,
/// `max_by`, `group_by`). A block given to `sort` is first called once per
/// element, as for a key.
fn sort(it: &mut Interp<'_>, c: &Call<'_>, mut items: Vec<RValue>) -> Ev {
    if c.name == "sort" && c.block.is_none() {
        crate::methods::sort_values(&mut items, c.at)?;
        return Ok(RValue::array(items));
    }
    let b = c.given_block()?;
    let mut keyed = Vec::with_capacity(items.len());
    for i in items {
        let k = it.call_block(b, vec![i.clone()], c.at)?;
        keyed.push((k, i));
    }
    if c.name == "group_by" {
        let mut groups: Vec<(RValue, Vec<RValue>)> = Vec::new();
        for (k, i) in keyed {
            match groups.iter_mut().find(|(g, _)| g.equals(&k)) {
                Some((_, list)) => list.push(i),
                None => groups.push((k, vec![i])),
            }
        }
        return Ok(RValue::hash(groups.into_iter().map(|(k, list)| (k, RValue::array(list))).collect()));
    }
    if c.name == "sort" {
        let items = keyed.into_iter().map(|p| p.1).collect();
        return Ok(RValue::array(it.sort_with_block(items, b, c.at)?));
    }
    let mut keys: Vec<RValue> = keyed.iter().map(|(k, _)| k.clone()).collect();
    crate::methods::sort_values(&mut keys, c.at)?;
    keyed.sort_by(|a, b| crate::value::ordering::compare(&a.0, &b.0).unwrap_or(std::cmp::Ordering::Equal));
    Ok(match c.name {
        "min_by" => keyed.first().map_or(RValue::Nil, |p| p.1.clone()),
        "max_by" => keyed.last().map_or(RValue::Nil, |p| p.1.clone()),
        _ => RValue::array(keyed.into_iter().map(|p| p.1).collect()),
    })
}

/// `array * "sep"` joins; `array * n` repeats.
fn times(_: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    match c.args.first() {
        Some(RValue::Str(sep)) => Ok(RValue::str(join(&items, sep, 0, c.at)?)),
        Some(RValue::Int(n)) if *n >= 0 => {
            if (items.len() as u128) * (*n as u128) > crate::flow::MAX_SIZE as u128 {
                return err(RubyErrorKind::Limit(crate::flow::too_big()), c.at);
            }
            Ok(RValue::array(items.iter().cycle().take(items.len() * *n as usize).cloned().collect()))
        }
        Some(RValue::Int(_)) => err(RubyErrorKind::Argument("negative argument".into()), c.at),
        Some(other) => crate::flow::no_implicit(other, "Integer", c.at),
        None => err(RubyErrorKind::Argument("wrong number of arguments (given 0, expected 1)".into()), c.at),
    }
}

fn take(_: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    let n = crate::methods::int_arg(c.args, 0, c.at)?;
    if n < 0 {
        return err(RubyErrorKind::Argument(format!("attempt to {} negative size", c.name)), c.at);
    }
    let n = n as usize;
    Ok(RValue::array(if c.name == "take" {
        items.into_iter().take(n).collect()
    } else {
        items.into_iter().skip(n).collect()
    }))
}

fn grep(it: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    let pattern = c.args.first().cloned().unwrap_or(RValue::Nil);
    let mut out = Vec::new();
    for i in items {
        if crate::methods::case_equal(&pattern, &i, c.at)? == (c.name == "grep") {
            out.push(match c.block {
                Some(b) => it.call_block(b, vec![i], c.at)?,
                None => i,
            });
        }
    }
    Ok(RValue::array(out))
}

fn find_index(it: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    for (n, i) in items.into_iter().enumerate() {
        let hit = match (c.block, c.args.first()) {
            (Some(b), _) => it.call_block(b, vec![i], c.at)?.truthy(),
            (None, Some(v)) => i.equals(v),
            (None, None) => false,
        };
        if hit {
            return Ok(RValue::Int(n as i64));
        }
    }
    Ok(RValue::Nil)
}

fn filter_map(it: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    let b = c.given_block()?;
    let mut out = Vec::new();
    for i in items {
        let v = it.call_block(b, vec![i], c.at)?;
        if v.truthy() {
            out.push(v);
        }
    }
    Ok(RValue::array(out))
}

/// `first`/`last`: the element, or with a count the Array of that many.
fn first(_: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    if c.args.is_empty() {
        return Ok((if c.name == "first" { items.first() } else { items.last() }).cloned().unwrap_or(RValue::Nil));
    }
    let n = (crate::methods::int_arg(c.args, 0, c.at)?.max(0) as usize).min(items.len());
    let slice = if c.name == "first" { &items[..n] } else { &items[items.len() - n..] };
    Ok(RValue::array(slice.to_vec()))
}

/// A Range stepped: every `n`th element, eagerly (Ruby gives an
/// Enumerator, which module code only iterates or lists).
fn step(it: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    if !matches!(c.recv, RValue::Range(..) | RValue::StrRange(_)) || c.block.is_some() {
        return no_method(it, c, items);
    }
    match c.args {
        [RValue::Int(n)] if *n > 0 => Ok(RValue::array(items.into_iter().step_by(*n as usize).collect())),
        [RValue::Int(_)] => err(RubyErrorKind::Argument("step can't be negative or zero".into()), c.at),
        _ => err(RubyErrorKind::Unsupported("Range#step by a value that is not a positive Integer".into()), c.at),
    }
}

fn zip(_: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    let others: Vec<Vec<RValue>> = c.args.iter().map(|a| a.elements().unwrap_or_default()).collect();
    Ok(RValue::array(
        items
            .into_iter()
            .enumerate()
            .map(|(n, i)| {
                let mut row = vec![i];
                row.extend(others.iter().map(|o| o.get(n).cloned().unwrap_or(RValue::Nil)));
                RValue::array(row)
            })
            .collect(),
    ))
}

fn transpose(_: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    let rows: Vec<Vec<RValue>> = items.iter().map(|r| r.elements().unwrap_or_default()).collect();
    let width = rows.first().map_or(0, Vec::len);
    if rows.iter().any(|r| r.len() != width) {
        return err(RubyErrorKind::Argument("element size differs".into()), c.at);
    }
    Ok(RValue::array((0..width).map(|col| RValue::array(rows.iter().map(|r| r[col].clone()).collect())).collect()))
}

fn each_slice(it: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    let n = crate::methods::int_arg(c.args, 0, c.at)?;
    if n <= 0 {
        return err(RubyErrorKind::Argument("invalid slice size".into()), c.at);
    }
    let slices: Vec<RValue> = items.chunks(n as usize).map(|s| RValue::array(s.to_vec())).collect();
    match c.block {
        Some(b) => {
            for s in slices {
                it.call_block(b, vec![s], c.at)?;
            }
            Ok(RValue::Nil)
        }
        None => Ok(RValue::array(slices)),
    }
}

/// `+`, `-`, `&` and `|` of two Arrays; `&` and `|` without repeats.
fn combine(_: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    let RValue::Array(other) = &c.args[0] else {
        return crate::flow::no_implicit(&c.args[0], "Array", c.at);
    };
    let contains = |list: &[RValue], v: &RValue| list.iter().any(|o| o.equals(v));
    let out: Vec<RValue> = match c.name {
        "-" => items.into_iter().filter(|i| !contains(&other.borrow(), i)).collect(),
        "&" => items.into_iter().filter(|i| contains(&other.borrow(), i)).collect(),
        _ => items.into_iter().chain(other.borrow().iter().cloned()).collect(),
    };
    Ok(RValue::array(if matches!(c.name, "&" | "|") { uniq(out) } else { out }))
}

/// `array[i]`, `array[start, length]`, `array[a..b]`.
fn element(_: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    Ok(match c.args {
        [RValue::Int(i)] => crate::methods::index(items.len(), *i).map_or(RValue::Nil, |i| items[i].clone()),
        [RValue::Int(start), RValue::Int(len)] => {
            let n = items.len() as i64;
            let st = if *start < 0 { n + start } else { *start };
            if st < 0 || st > n || *len < 0 {
                RValue::Nil
            } else {
                RValue::array(items.into_iter().skip(st as usize).take(*len as usize).collect())
            }
        }
        [RValue::Range(a, b)] => {
            let n = items.len() as i64;
            let a = if *a < 0 { n + a } else { *a };
            let b = if *b < 0 { n + b } else { *b };
            if a < 0 || a > n {
                RValue::Nil
            } else {
                RValue::array(items.into_iter().skip(a as usize).take((b - a + 1).max(0) as usize).collect())
            }
        }
        _ => return err(RubyErrorKind::Type("no implicit conversion into Integer".into()), c.at),
    })
}

fn to_h(it: &mut Interp<'_>, c: &Call<'_>, items: Vec<RValue>) -> Ev {
    let mut pairs = Vec::new();
    for i in items {
        // A block turns each element into its pair.
        let i = match c.block {
            Some(b) => it.call_block(b, vec![i], c.at)?,
            None => i,
        };
        match i.elements() {
            Some(kv) if kv.len() == 2 && matches!(i, RValue::Array(_)) => pairs.push((kv[0].clone(), kv[1].clone())),
            _ => return err(RubyErrorKind::Type("wrong element type (expected array of 2)".into()), c.at),
        }
    }
    Ok(RValue::hash(pairs.into()))
}

impl Interp<'_> {
    /// `sort { |a, b| ... }`: a merge sort (stable, as a comparison that
    /// may fail must be asked in a known order) on the block's `<=>`.
    fn sort_with_block(&mut self, items: Vec<RValue>, b: &Block, at: usize) -> Ev<Vec<RValue>> {
        if items.len() <= 1 {
            return Ok(items);
        }
        let mut left = items;
        let right = left.split_off(left.len() / 2);
        let left = self.sort_with_block(left, b, at)?;
        let right = self.sort_with_block(right, b, at)?;
        let mut out = Vec::with_capacity(left.len() + right.len());
        let (mut l, mut r) = (left.into_iter().peekable(), right.into_iter().peekable());
        while let (Some(x), Some(y)) = (l.peek(), r.peek()) {
            let order = match self.call_block(b, vec![x.clone(), y.clone()], at)? {
                RValue::Int(i) => i,
                other => {
                    return err(
                        RubyErrorKind::Argument(format!(
                            "comparison of {} with {} failed",
                            x.class_name(),
                            other.class_name()
                        )),
                        at,
                    )
                }
            };
            let next = if order <= 0 { l.next() } else { r.next() };
            out.extend(next);
        }
        out.extend(l);
        out.extend(r);
        Ok(out)
    }

    /// Calls the Array (or Range) method `name` on `recv`.
    pub fn array_method(
        &mut self,
        recv: RValue,
        name: &str,
        args: Vec<RValue>,
        block: Option<&Block>,
        at: usize,
    ) -> Ev {
        let Some(items) = recv.elements() else {
            return err(RubyErrorKind::Limit("range too large".into()), at);
        };
        let Some(row) = ARRAY_METHODS.find(name) else {
            return crate::missing::missing_method(&recv, name, at);
        };
        let run = row.admit(name, args.len(), block.is_some(), at)?;
        run(self, &Call { recv: &recv, name, args: &args, block, at }, items)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_a_method_of_ruby_array_or_range() {
        for row in ARRAY_METHODS.rows() {
            for name in row.names {
                let known = [Some(true)];
                assert!(
                    known.contains(&crate::missing::ruby_has("Array", name))
                        || known.contains(&crate::missing::ruby_has("Range", name)),
                    "{name}"
                );
            }
        }
    }
}
