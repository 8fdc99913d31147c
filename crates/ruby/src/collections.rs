//! Array, Range and Hash methods templates call, Enumerable's among them.
//! A Hash iterates as `[key, value]` pairs, which a block with two
//! parameters receives spread.

use crate::ast::Block;
use crate::error::RubyErrorKind;
use crate::interp::{err, Ctl, Ev, Interp};
use crate::value::{hash_get, RValue};

/// Hash's own methods whose answer is the Array method's on the pairs.
const AGREE_ON_PAIRS: [&str; 3] = ["any?", "to_a", "to_h"];

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
        if total > crate::interp::MAX_SIZE {
            return err(RubyErrorKind::Limit(crate::interp::too_big()), at);
        }
        parts.push(part);
    }
    Ok(parts.join(sep))
}

fn no_method(recv: &RValue, name: &str, at: usize) -> Ev {
    crate::missing::missing_method(recv, name, at)
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

    fn yield_each(&mut self, block: &Block, item: RValue, at: usize) -> Ev<Option<RValue>> {
        match self.call_block(block, vec![item], at) {
            Ok(v) => Ok(Some(v)),
            Err(e) => Err(e),
        }
    }

    fn need_block<'b>(&self, block: Option<&'b Block>, name: &str, at: usize) -> Ev<&'b Block> {
        block.ok_or_else(|| {
            Ctl::Err(crate::RubyError::new(RubyErrorKind::Unsupported(format!("`{name}' without a block")), at))
        })
    }

    /// Calls the Array (or Range) method `name` on `recv`; while it runs
    /// (its block may change the receiver in place), the receiver counts
    /// as a known holder of the object (see `changed_in_place`).
    pub fn array_method(
        &mut self,
        recv: RValue,
        name: &str,
        args: Vec<RValue>,
        block: Option<&Block>,
        at: usize,
    ) -> Ev {
        self.array_method_inner(recv, name, args, block, at)
    }

    fn array_method_inner(
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
        Ok(match name {
            "each" => {
                let b = self.need_block(block, name, at)?;
                for i in items {
                    if self.yield_each(b, i, at)?.is_none() {
                        break;
                    }
                }
                recv
            }
            "each_with_object" => {
                let b = self.need_block(block, name, at)?;
                let mut memo = args.into_iter().next().unwrap_or(RValue::Nil);
                let kept = match b.params.last() {
                    Some(crate::ast::Param::Name(n)) if b.params.len() >= 2 => n.clone(),
                    _ => {
                        return err(
                            RubyErrorKind::Unsupported("each_with_object's block without a memo parameter".into()),
                            at,
                        )
                    }
                };
                for i in items {
                    match self.call_block_keeping(b, vec![i, memo], at, Some(&kept)) {
                        Ok((_, m)) => memo = m,
                        Err(e) => return Err(e),
                    }
                }
                memo
            }
            "each_with_index" | "each_index" => {
                let b = self.need_block(block, name, at)?;
                for (n, i) in items.into_iter().enumerate() {
                    let args =
                        if name == "each_index" { vec![RValue::Int(n as i64)] } else { vec![i, RValue::Int(n as i64)] };
                    self.call_block(b, args, at)?;
                }
                recv
            }
            "map" | "collect" | "flat_map" | "collect_concat" => {
                let b = self.need_block(block, name, at)?;
                let mut out = Vec::with_capacity(items.len());
                for i in items {
                    let Some(v) = self.yield_each(b, i, at)? else { break };
                    match (name, v) {
                        ("flat_map" | "collect_concat", RValue::Array(inner)) => {
                            out.extend(inner.borrow().iter().cloned())
                        }
                        (_, v) => out.push(v),
                    }
                }
                RValue::array(out)
            }
            "select" | "find_all" | "filter" | "reject" | "partition" => {
                let b = self.need_block(block, name, at)?;
                let (mut yes, mut no) = (Vec::new(), Vec::new());
                for i in items {
                    let Some(v) = self.yield_each(b, i.clone(), at)? else { break };
                    if v.truthy() {
                        yes.push(i);
                    } else {
                        no.push(i);
                    }
                }
                match name {
                    "reject" => RValue::array(no),
                    "partition" => RValue::array(vec![RValue::array(yes), RValue::array(no)]),
                    _ => RValue::array(yes),
                }
            }
            "find" | "detect" | "any?" | "all?" | "none?" | "count" if block.is_some() => {
                let b = self.need_block(block, name, at)?;
                let mut count = 0;
                for i in items {
                    let Some(v) = self.yield_each(b, i.clone(), at)? else { break };
                    match (name, v.truthy()) {
                        ("find" | "detect", true) => return Ok(i),
                        ("any?", true) => return Ok(RValue::Bool(true)),
                        ("all?", false) => return Ok(RValue::Bool(false)),
                        ("none?", true) => return Ok(RValue::Bool(false)),
                        ("count", true) => count += 1,
                        _ => {}
                    }
                }
                match name {
                    "find" | "detect" => RValue::Nil,
                    "any?" => RValue::Bool(false),
                    "count" => RValue::Int(count),
                    _ => RValue::Bool(true),
                }
            }
            "any?" => RValue::Bool(items.iter().any(RValue::truthy)),
            "all?" => RValue::Bool(items.iter().all(RValue::truthy)),
            "none?" => RValue::Bool(!items.iter().any(RValue::truthy)),
            "count" | "length" | "size" if args.is_empty() => RValue::Int(items.len() as i64),
            "count" => RValue::Int(items.iter().filter(|i| i.equals(&args[0])).count() as i64),
            "empty?" => RValue::Bool(items.is_empty()),
            "inject" | "reduce" if block.is_none() => {
                let (init, op) = match args.as_slice() {
                    [RValue::Sym(op)] => (None, op.clone()),
                    [init, RValue::Sym(op)] => (Some(init.clone()), op.clone()),
                    _ => return err(RubyErrorKind::Unsupported(format!("`{name}' without a block or symbol")), at),
                };
                let mut iter = items.into_iter();
                let mut acc = match init {
                    Some(a) => a,
                    None => iter.next().unwrap_or(RValue::Nil),
                };
                for i in iter {
                    acc = self.call_method(acc, &op, vec![i], None, at, None)?;
                }
                acc
            }
            "inject" | "reduce" => {
                let b = self.need_block(block, name, at)?;
                let mut iter = items.into_iter();
                let mut acc = match args.first() {
                    Some(a) => a.clone(),
                    None => iter.next().unwrap_or(RValue::Nil),
                };
                for i in iter {
                    acc = self.call_block(b, vec![acc, i], at)?;
                }
                acc
            }
            "sort" if block.is_none() => {
                let mut items = items;
                crate::methods::sort_values(&mut items, at)?;
                RValue::array(items)
            }
            "sort_by" | "min_by" | "max_by" | "group_by" | "sort" => {
                let b = self.need_block(block, name, at)?;
                let mut keyed = Vec::with_capacity(items.len());
                for i in items {
                    let k = self.call_block(b, vec![i.clone()], at)?;
                    keyed.push((k, i));
                }
                if name == "group_by" {
                    let mut groups: Vec<(RValue, Vec<RValue>)> = Vec::new();
                    for (k, i) in keyed {
                        match groups.iter_mut().find(|(g, _)| g.equals(&k)) {
                            Some((_, list)) => list.push(i),
                            None => groups.push((k, vec![i])),
                        }
                    }
                    return Ok(RValue::hash(groups.into_iter().map(|(k, list)| (k, RValue::array(list))).collect()));
                }
                if name == "sort" {
                    let b = self.need_block(block, name, at)?;
                    let items = keyed.into_iter().map(|p| p.1).collect();
                    return Ok(RValue::array(self.sort_with_block(items, b, at)?));
                }
                let mut keys: Vec<RValue> = keyed.iter().map(|(k, _)| k.clone()).collect();
                crate::methods::sort_values(&mut keys, at)?;
                keyed.sort_by(|a, b| crate::methods::compare(&a.0, &b.0).unwrap_or(std::cmp::Ordering::Equal));
                match name {
                    "min_by" => keyed.first().map_or(RValue::Nil, |p| p.1.clone()),
                    "max_by" => keyed.last().map_or(RValue::Nil, |p| p.1.clone()),
                    _ => RValue::array(keyed.into_iter().map(|p| p.1).collect()),
                }
            }
            "min" | "max" => {
                let mut items = items;
                crate::methods::sort_values(&mut items, at)?;
                (if name == "min" { items.first() } else { items.last() }).cloned().unwrap_or(RValue::Nil)
            }
            "sum" => {
                let mut acc = args.first().cloned().unwrap_or(RValue::Int(0));
                for i in items {
                    acc = self.call_method(acc, "+", vec![i], None, at, None)?;
                }
                acc
            }
            "pack" => match args.as_slice() {
                [RValue::Str(format)] => crate::binary::pack(&items, format, at)?,
                _ => return err(RubyErrorKind::Argument("pack needs a format String".into()), at),
            },
            "join" => {
                let sep = match args.first() {
                    None | Some(RValue::Nil) => String::new(),
                    Some(s) => s.to_s(),
                };
                RValue::str(join(&items, &sep, 0, at)?)
            }
            "*" => match args.first() {
                Some(RValue::Str(sep)) => RValue::str(join(&items, sep, 0, at)?),
                Some(RValue::Int(n)) if *n >= 0 => {
                    if (items.len() as u128) * (*n as u128) > crate::interp::MAX_SIZE as u128 {
                        return err(RubyErrorKind::Limit(crate::interp::too_big()), at);
                    }
                    RValue::array(items.iter().cycle().take(items.len() * *n as usize).cloned().collect())
                }
                Some(RValue::Int(_)) => return err(RubyErrorKind::Argument("negative argument".into()), at),
                Some(other) => return crate::interp::no_implicit(other, "Integer", at),
                None => {
                    return err(RubyErrorKind::Argument("wrong number of arguments (given 0, expected 1)".into()), at)
                }
            },
            "flatten" => {
                let mut out = Vec::new();
                crate::methods::flatten(&items, &mut out, 0);
                RValue::array(out)
            }
            "compact" => RValue::array(items.into_iter().filter(|i| !matches!(i, RValue::Nil)).collect()),
            "uniq" => {
                let mut out: Vec<RValue> = Vec::new();
                for i in items {
                    if !out.iter().any(|o| o.equals(&i)) {
                        out.push(i);
                    }
                }
                RValue::array(out)
            }
            "reverse" => RValue::array(items.into_iter().rev().collect()),
            "take" | "drop" => {
                let n = crate::methods::int_arg(&args, 0, at)?;
                if n < 0 {
                    return err(RubyErrorKind::Argument(format!("attempt to {name} negative size")), at);
                }
                let n = n as usize;
                RValue::array(if name == "take" {
                    items.into_iter().take(n).collect()
                } else {
                    items.into_iter().skip(n).collect()
                })
            }
            "grep" | "grep_v" => {
                let pattern = args.first().cloned().unwrap_or(RValue::Nil);
                let mut out = Vec::new();
                for i in items {
                    if crate::methods::case_equal(&pattern, &i, at)? == (name == "grep") {
                        out.push(match block {
                            Some(b) => self.call_block(b, vec![i], at)?,
                            None => i,
                        });
                    }
                }
                RValue::array(out)
            }
            // Array#index is find_index.
            "find_index" | "index" => {
                let mut found = RValue::Nil;
                for (n, i) in items.into_iter().enumerate() {
                    let hit = match (block, args.first()) {
                        (Some(b), _) => self.call_block(b, vec![i], at)?.truthy(),
                        (None, Some(v)) => i.equals(v),
                        (None, None) => false,
                    };
                    if hit {
                        found = RValue::Int(n as i64);
                        break;
                    }
                }
                found
            }
            "filter_map" => {
                let b = self.need_block(block, name, at)?;
                let mut out = Vec::new();
                for i in items {
                    let v = self.call_block(b, vec![i], at)?;
                    if v.truthy() {
                        out.push(v);
                    }
                }
                RValue::array(out)
            }
            "first" | "last" if args.is_empty() => {
                (if name == "first" { items.first() } else { items.last() }).cloned().unwrap_or(RValue::Nil)
            }
            // A Range stepped: every `n`th element, eagerly (Ruby gives an
            // Enumerator, which module code only iterates or lists).
            "step" if matches!(recv, RValue::Range(..) | RValue::StrRange(_)) && block.is_none() => match args
                .as_slice()
            {
                [RValue::Int(n)] if *n > 0 => RValue::array(items.into_iter().step_by(*n as usize).collect()),
                [RValue::Int(_)] => return err(RubyErrorKind::Argument("step can't be negative or zero".into()), at),
                _ => {
                    return err(
                        RubyErrorKind::Unsupported("Range#step by a value that is not a positive Integer".into()),
                        at,
                    )
                }
            },
            "first" | "last" => {
                let n = (crate::methods::int_arg(&args, 0, at)?.max(0) as usize).min(items.len());
                let slice = if name == "first" { &items[..n] } else { &items[items.len() - n..] };
                RValue::array(slice.to_vec())
            }
            "include?" | "member?" => {
                crate::methods::arity(name, &args, 1, at)?;
                RValue::Bool(items.iter().any(|i| i.equals(&args[0])))
            }
            "to_a" | "entries" | "to_ary" => RValue::array(items),
            "<=>" => {
                crate::methods::arity(name, &args, 1, at)?;
                crate::methods::compare(&recv, &args[0]).map_or(RValue::Nil, |o| RValue::Int(o as i64))
            }
            "zip" => {
                let others: Vec<Vec<RValue>> = args.iter().map(|a| a.elements().unwrap_or_default()).collect();
                RValue::array(
                    items
                        .into_iter()
                        .enumerate()
                        .map(|(n, i)| {
                            let mut row = vec![i];
                            row.extend(others.iter().map(|o| o.get(n).cloned().unwrap_or(RValue::Nil)));
                            RValue::array(row)
                        })
                        .collect(),
                )
            }
            "transpose" => {
                let rows: Vec<Vec<RValue>> = items.iter().map(|r| r.elements().unwrap_or_default()).collect();
                let width = rows.first().map_or(0, Vec::len);
                if rows.iter().any(|r| r.len() != width) {
                    return err(RubyErrorKind::Argument("element size differs".into()), at);
                }
                RValue::array((0..width).map(|c| RValue::array(rows.iter().map(|r| r[c].clone()).collect())).collect())
            }
            "each_slice" => {
                let n = crate::methods::int_arg(&args, 0, at)?;
                if n <= 0 {
                    return err(RubyErrorKind::Argument("invalid slice size".into()), at);
                }
                let slices: Vec<RValue> = items.chunks(n as usize).map(|c| RValue::array(c.to_vec())).collect();
                match block {
                    Some(b) => {
                        for s in slices {
                            if self.yield_each(b, s, at)?.is_none() {
                                break;
                            }
                        }
                        RValue::Nil
                    }
                    None => RValue::array(slices),
                }
            }
            "+" | "-" | "&" | "|" => {
                crate::methods::arity(name, &args, 1, at)?;
                let RValue::Array(other) = &args[0] else {
                    return crate::interp::no_implicit(&args[0], "Array", at);
                };
                let contains = |list: &[RValue], v: &RValue| list.iter().any(|o| o.equals(v));
                let out: Vec<RValue> = match name {
                    "+" => items.into_iter().chain(other.borrow().iter().cloned()).collect(),
                    "-" => items.into_iter().filter(|i| !contains(&other.borrow(), i)).collect(),
                    "&" => items.into_iter().filter(|i| contains(&other.borrow(), i)).collect(),
                    _ => items.into_iter().chain(other.borrow().iter().cloned()).collect(),
                };
                let out = if matches!(name, "&" | "|") {
                    let mut uniq: Vec<RValue> = Vec::new();
                    for i in out {
                        if !contains(&uniq, &i) {
                            uniq.push(i);
                        }
                    }
                    uniq
                } else {
                    out
                };
                RValue::array(out)
            }
            "[]" | "slice" | "at" => match args.as_slice() {
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
                _ => return err(RubyErrorKind::Type("no implicit conversion into Integer".into()), at),
            },
            "to_h" => {
                let mut pairs = Vec::new();
                for i in items {
                    // A block turns each element into its pair.
                    let i = match block {
                        Some(b) => self.call_block(b, vec![i], at)?,
                        None => i,
                    };
                    match i.elements() {
                        Some(kv) if kv.len() == 2 && matches!(i, RValue::Array(_)) => {
                            pairs.push((kv[0].clone(), kv[1].clone()))
                        }
                        _ => return err(RubyErrorKind::Type("wrong element type (expected array of 2)".into()), at),
                    }
                }
                RValue::hash(pairs.into())
            }
            _ => return no_method(&recv, name, at),
        })
    }

    /// Calls the Hash method `name` on `recv`.
    pub fn hash_method(&mut self, recv: RValue, name: &str, args: Vec<RValue>, block: Option<&Block>, at: usize) -> Ev {
        self.hash_method_inner(recv, name, args, block, at)
    }

    fn hash_method_inner(
        &mut self,
        recv: RValue,
        name: &str,
        args: Vec<RValue>,
        block: Option<&Block>,
        at: usize,
    ) -> Ev {
        let RValue::Hash(pairs) = &recv else {
            return no_method(&recv, name, at);
        };
        let pairs = pairs.clone();
        Ok(match name {
            "each" | "each_pair" => {
                let b = self.need_block(block, name, at)?;
                for (k, v) in pairs.borrow().iter() {
                    if self.yield_each(b, RValue::array(vec![k.clone(), v.clone()]), at)?.is_none() {
                        break;
                    }
                }
                recv
            }
            "each_key" | "each_value" => {
                let b = self.need_block(block, name, at)?;
                for (k, v) in pairs.borrow().iter() {
                    let item = if name == "each_key" { k.clone() } else { v.clone() };
                    if self.yield_each(b, item, at)?.is_none() {
                        break;
                    }
                }
                recv
            }
            "keys" => RValue::array(pairs.borrow().iter().map(|(k, _)| k.clone()).collect()),
            "values" => RValue::array(pairs.borrow().iter().map(|(_, v)| v.clone()).collect()),
            "has_key?" | "key?" | "include?" | "member?" => {
                crate::methods::arity(name, &args, 1, at)?;
                RValue::Bool(hash_get(&pairs.borrow(), &args[0]).is_some())
            }
            "has_value?" | "value?" => {
                crate::methods::arity(name, &args, 1, at)?;
                RValue::Bool(pairs.borrow().iter().any(|(_, v)| v.equals(&args[0])))
            }
            "[]" => {
                crate::methods::arity(name, &args, 1, at)?;
                hash_get(&pairs.borrow(), &args[0]).cloned().unwrap_or(RValue::Nil)
            }
            "dig" => {
                let mut cur = recv.clone();
                for k in &args {
                    cur = match &cur {
                        RValue::Hash(p) => hash_get(&p.borrow(), k).cloned().unwrap_or(RValue::Nil),
                        RValue::Array(_) => self.array_method(cur.clone(), "[]", vec![k.clone()], None, at)?,
                        RValue::Nil => return Ok(RValue::Nil),
                        _ => return no_method(&cur, "dig", at),
                    };
                }
                cur
            }
            "fetch" => match (hash_get(&pairs.borrow(), args.first().unwrap_or(&RValue::Nil)), args.get(1)) {
                (Some(v), _) => v.clone(),
                (None, Some(default)) => default.clone(),
                (None, None) => {
                    return err(
                        RubyErrorKind::Argument(format!(
                            "key not found: {}",
                            args.first().unwrap_or(&RValue::Nil).inspect()
                        )),
                        at,
                    )
                }
            },
            "length" | "size" | "count" if block.is_none() => RValue::Int(pairs.borrow().len() as i64),
            "empty?" => RValue::Bool(pairs.borrow().is_empty()),
            "to_hash" | "to_h" if block.is_none() => recv,
            "transform_keys" | "transform_values" => {
                let b = self.need_block(block, name, at)?;
                let mut out = crate::pairs::Pairs::new();
                for (k, v) in pairs.snapshot().iter() {
                    let (k, v) = if name == "transform_keys" {
                        (self.call_block(b, vec![k.clone()], at)?, v.clone())
                    } else {
                        (k.clone(), self.call_block(b, vec![v.clone()], at)?)
                    };
                    out.insert(k, v);
                }
                RValue::hash(out)
            }
            // With a block, a key both have takes what the block answers
            // for the key, the old value and the new one.
            "merge" => {
                let mut out = pairs.snapshot();
                for a in &args {
                    let RValue::Hash(other) = a else {
                        return crate::interp::no_implicit(a, "Hash", at);
                    };
                    for (k, v) in other.snapshot().iter() {
                        let v = match (block, out.get(k)) {
                            (Some(b), Some(old)) => self.call_block(b, vec![k.clone(), old.clone(), v.clone()], at)?,
                            _ => v.clone(),
                        };
                        out.insert(k.clone(), v);
                    }
                }
                RValue::hash(out)
            }
            "compact" => {
                RValue::hash(pairs.borrow().iter().filter(|(_, v)| !matches!(v, RValue::Nil)).cloned().collect())
            }
            "select" | "filter" | "reject" => {
                let b = self.need_block(block, name, at)?;
                let mut out = Vec::new();
                for (k, v) in pairs.borrow().iter() {
                    let keep = self.call_block(b, vec![k.clone(), v.clone()], at)?.truthy();
                    if keep == (name != "reject") {
                        out.push((k.clone(), v.clone()));
                    }
                }
                RValue::hash(out.into())
            }
            "slice" | "except" => {
                let keep = name == "slice";
                let out = if keep {
                    args.iter().filter_map(|k| hash_get(&pairs.borrow(), k).map(|v| (k.clone(), v.clone()))).collect()
                } else {
                    pairs.borrow().iter().filter(|(k, _)| !args.iter().any(|a| a.equals(k))).cloned().collect()
                };
                RValue::hash(out)
            }
            "values_at" => RValue::array(
                args.iter().map(|k| hash_get(&pairs.borrow(), k).cloned().unwrap_or(RValue::Nil)).collect(),
            ),
            "key" => {
                crate::methods::arity(name, &args, 1, at)?;
                pairs.borrow().iter().find(|(_, v)| v.equals(&args[0])).map_or(RValue::Nil, |(k, _)| k.clone())
            }
            "invert" => RValue::hash(pairs.borrow().iter().map(|(k, v)| (v.clone(), k.clone())).collect()),
            // Enumerable's methods, on the pairs; a method Hash lacks (or
            // the Array version does not answer) is named for the Hash, and
            // so is one of Hash's own, whose answer differs from the Array
            // method's of that name (`compact`, `flatten`, `slice`), but
            // for those that agree on the pairs.
            _ if crate::missing::ruby_has("Hash", name) == Some(false) => {
                return crate::missing::missing_method(&recv, name, at)
            }
            _ if crate::missing::ruby_has("Hash(own)", name) == Some(true) && !AGREE_ON_PAIRS.contains(&name) => {
                return err(RubyErrorKind::Unsupported(format!("the method Hash#{name}")), at)
            }
            _ => {
                let as_array = RValue::array(
                    pairs.borrow().iter().map(|(k, v)| RValue::array(vec![k.clone(), v.clone()])).collect(),
                );
                return self.array_method(as_array, name, args, block, at).or_else(|e| match e {
                    Ctl::Err(e) if matches!(&e.kind, RubyErrorKind::NoMethod { method, .. } | RubyErrorKind::Unsupported(method) if method.contains(name)) => {
                        err(RubyErrorKind::Unsupported(format!("the method Hash#{name}")), at)
                    }
                    other => Err(other),
                });
            }
        })
    }
}
