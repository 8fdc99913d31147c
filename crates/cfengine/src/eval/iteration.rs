//! The iteration engine (iteration.c): one "wheel" per iterable variable
//! referenced in a promise; the wheels roll through every combination, and
//! each combination's values are put into the `this` scope before the promise
//! is expanded.
//!
//! Spec: "Using the scalar reference to a local list variable, will cause
//! CFEngine to iterate over the values in the list."

use std::sync::Arc;

use confer_core::Value;

use crate::data::json::primitive_to_string;
use crate::data::value::{DataType, Rv, Variable};
use crate::eval::context::EvalContext;

/// Upper bound on the combinations of one promise.
pub const MAX_COMBINATIONS: usize = 1_000_000;

#[derive(Debug)]
struct Wheel {
    unexp: String,
    exp: Option<String>,
    /// `None`: unresolved or not iterable.
    values: Option<Vec<Arc<str>>>,
    /// `None`: did not resolve.
    ty: Option<DataType>,
    idx: usize,
}

/// The wheels of one promise.
#[derive(Debug, Default)]
pub struct PromiseIterator {
    wheels: Vec<Wheel>,
    count: usize,
}

fn find_dollar_paren(b: &[u8], from: usize) -> Option<usize> {
    (from..b.len().saturating_sub(1)).find(|&i| b[i] == b'$' && matches!(b[i + 1], b'(' | b'{'))
}

fn find_closing(b: &[u8], from: usize, open: u8) -> Option<usize> {
    let close = if open == b'(' { b')' } else { b'}' };
    let mut depth = 0;
    for (i, &c) in b.iter().enumerate().skip(from) {
        if c == close {
            if depth == 0 {
                return Some(i);
            }
            depth -= 1;
        }
        if c == open {
            depth += 1;
        }
    }
    None
}

fn var_is_special(s: &str) -> bool {
    matches!(s, "this" | "this.k" | "this.v" | "this.k[1]" | "this.this")
}

impl PromiseIterator {
    /// Notes every variable of `s` that should get a wheel
    /// (`PromiseIteratorPrepare`).
    pub fn prepare(&mut self, ctx: &EvalContext, s: &str) {
        let b = s.as_bytes();
        let mut at = 0;
        while let Some(d) = find_dollar_paren(b, at) {
            match self.process_var(ctx, s, d + 2, b[d + 1], 0) {
                Some(end) => at = end + 1,
                None => return,
            }
        }
    }

    /// `ProcessVar`: handles the variable whose name starts at `start`,
    /// inner variables first; returns where it closes.
    fn process_var(&mut self, ctx: &EvalContext, s: &str, start: usize, open: u8, depth: usize) -> Option<usize> {
        if depth > 10 {
            return None;
        }
        let b = s.as_bytes();
        let mut end = find_closing(b, start, open);
        let mut next = find_dollar_paren(b, start);
        while let (Some(n), Some(e)) = (next, end) {
            if n >= e {
                break;
            }
            match self.process_var(ctx, s, n + 2, b[n + 1], depth + 1) {
                None => {
                    next = find_dollar_paren(b, e);
                    if next.is_none() {
                        break;
                    }
                }
                Some(sub_end) => {
                    end = find_closing(b, sub_end + 1, open);
                    next = find_dollar_paren(b, sub_end + 1);
                }
            }
        }
        let end = end?;
        let name = &s[start..end];
        let add = name.contains("$(")
            || name.contains("${")
            || var_is_special(name)
            || ctx.lookup(name).is_some_and(|v| v.ty.is_iterable());
        if add && !self.wheels.iter().any(|w| w.unexp == name) {
            self.wheels.push(Wheel { unexp: name.to_string(), exp: None, values: None, ty: None, idx: 0 });
        }
        Some(end)
    }

    /// Notes the variables of an rval; the arguments of `maplist`, `mapdata`
    /// and `maparray` are left alone (they use `$(this)` themselves).
    pub fn prepare_rval(&mut self, ctx: &EvalContext, r: &Rv) {
        match r {
            Rv::Scalar(s) => self.prepare(ctx, s),
            Rv::List(items) => items.iter().for_each(|i| self.prepare_rval(ctx, i)),
            Rv::FnCall(f) => {
                self.prepare(ctx, &f.name);
                if !matches!(f.name.as_str(), "maplist" | "mapdata" | "maparray") {
                    for a in &f.args {
                        self.prepare_rval(ctx, &Rv::from_ast(a));
                    }
                }
            }
            Rv::Container(_) => {}
        }
    }

    fn put(ctx: &mut EvalContext, name: &str, ty: DataType, value: &Arc<str>) {
        let elem = if ty == DataType::Container { DataType::String } else { ty.element() };
        ctx.stack.this.insert(
            name.to_string(),
            Variable { rval: Rv::Scalar(value.clone()), ty: elem, tags: Arc::new(vec![]), comment: None },
        );
    }

    fn expand_after(&mut self, ctx: &mut EvalContext, from: usize) {
        for i in from..self.wheels.len() {
            let w = &mut self.wheels[i];
            w.idx = 0;
            let exp = ctx.expand(&w.unexp);
            if w.exp.as_deref() != Some(exp.as_str()) {
                w.values = None;
                w.ty = None;
                // Drop the previous value so the lookup sees the real variable.
                if let Some(old) = w.exp.take() {
                    ctx.stack.this.remove(&old);
                }
                ctx.stack.this.remove(&exp);
                w.exp = Some(exp.clone());
                if let Some(v) = ctx.lookup(&exp) {
                    w.ty = Some(v.ty);
                    if v.ty.is_iterable() {
                        let vals = iterable_values(&v.rval);
                        if let Some(first) = vals.first() {
                            Self::put(ctx, &exp, v.ty, first);
                        }
                        w.values = Some(vals);
                    }
                }
            } else if let (Some(vals), Some(ty)) = (&w.values, w.ty) {
                if let Some(first) = vals.first() {
                    Self::put(ctx, &exp, ty, first);
                }
            }
        }
    }

    fn has_empty_wheel(&self) -> bool {
        for w in &self.wheels {
            if var_is_special(&w.unexp) {
                return false;
            }
            if w.values.as_ref().is_some_and(|v| v.is_empty()) || w.ty.is_none() {
                return true;
            }
        }
        false
    }

    fn rightmost_increment(&mut self) -> Option<usize> {
        let mut i = self.wheels.len();
        loop {
            if i == 0 {
                return None;
            }
            i -= 1;
            let w = &mut self.wheels[i];
            w.idx += 1;
            let ok = matches!(&w.values, Some(v) if !v.is_empty() && w.idx < v.len()) && w.ty.is_some();
            if ok {
                return Some(i);
            }
        }
    }

    /// Moves to the next combination (`PromiseIteratorNext`); `false` when
    /// all have been done.
    pub fn next(&mut self, ctx: &mut EvalContext) -> bool {
        if self.count >= MAX_COMBINATIONS {
            return false;
        }
        if self.wheels.is_empty() {
            self.count += 1;
            return self.count == 1;
        }
        let mut done = false;
        if self.count == 0 {
            self.expand_after(ctx, 0);
            done = !self.has_empty_wheel();
        }
        while !done {
            let Some(i) = self.rightmost_increment() else {
                return false;
            };
            let w = &self.wheels[i];
            if let (Some(vals), Some(exp), Some(ty)) = (&w.values, &w.exp, w.ty) {
                let v = vals[w.idx].clone();
                let exp = exp.clone();
                Self::put(ctx, &exp, ty, &v);
            }
            self.expand_after(ctx, i + 1);
            done = !self.has_empty_wheel();
        }
        self.count += 1;
        true
    }
}

/// The values a wheel iterates over: a list's items, or a container's
/// primitive children (null and nested containers skipped).
pub fn iterable_values(r: &Rv) -> Vec<Arc<str>> {
    match r {
        Rv::List(items) => items.iter().filter_map(|i| i.as_scalar().map(Arc::from)).collect(),
        Rv::Container(c) => container_values(c),
        _ => vec![],
    }
}

fn container_values(c: &Value) -> Vec<Arc<str>> {
    let prim = |v: &Value| match v {
        Value::Undef => None,
        v => primitive_to_string(v).map(Arc::from),
    };
    match c {
        Value::Array(a) => a.iter().filter_map(prim).collect(),
        Value::Hash(h) => h.values().filter_map(prim).collect(),
        v => prim(v).into_iter().collect(),
    }
}
