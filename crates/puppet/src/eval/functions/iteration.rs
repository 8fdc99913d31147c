//! `with`, `each`, `map`, `filter` and `reduce`: the functions that call a lambda
//! for each element of an iterable value.

use std::ops::RangeInclusive;

use confer_core::value::{depth, puppet_equals};
use confer_core::{HashMap, Value};

use super::{sig, Builtin, Call, FunctionHost};
use crate::eval::closure::Closure;
use crate::eval::flow::{fail, EvalResult, Flow};
use crate::span::Span;
use confer_core::value::iterable::{elements, integer_range, Elements, IterOp, Iteration};

/// The lambda's arguments for one element: a block that takes two arguments
/// (`two`, see `Closure::accepts`) gets a pair split in two, or a single
/// value with its index first; any other block gets the element whole.
fn lambda_args(two: bool, index: usize, element: Element) -> ElementArgs {
    match (element, two) {
        (Element::Pair(k, v), true) => ElementArgs::two(k, v),
        (Element::Pair(k, v), false) => ElementArgs::one(Value::array(vec![k, v])),
        (Element::Single(v), true) => ElementArgs::two(Value::Integer(index as i64), v),
        (Element::Single(v), false) => ElementArgs::one(v),
    }
}

/// One or two lambda arguments, handed over without a vector: iterations
/// call their lambda once per element.
struct ElementArgs(Option<Value>, Option<Value>);

impl ElementArgs {
    fn one(v: Value) -> ElementArgs {
        ElementArgs(Some(v), None)
    }

    fn two(first: Value, second: Value) -> ElementArgs {
        ElementArgs(Some(first), Some(second))
    }
}

impl Iterator for ElementArgs {
    type Item = Value;

    fn next(&mut self) -> Option<Value> {
        self.0.take().or_else(|| self.1.take())
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = usize::from(self.0.is_some()) + usize::from(self.1.is_some());
        (n, Some(n))
    }
}

impl ExactSizeIterator for ElementArgs {}

enum Element {
    Single(Value),
    Pair(Value, Value),
}

impl Element {
    /// The element as one value, as `Elements::into_values` gives it: an
    /// entry becomes a `[key, value]` array.
    fn into_value(self) -> Value {
        match self {
            Element::Single(v) => v,
            Element::Pair(k, v) => Value::array(vec![k, v]),
        }
    }
}

/// What an iteration walks: an array's or a hash's own entries, borrowed
/// (copying them into a list first cost an allocation of the whole size,
/// its page faults and its release per iteration), or the list
/// `elements` makes of anything else.
enum Walk<'v> {
    Array(&'v [Value]),
    Hash(&'v HashMap),
    /// A count or an `Integer` range, taken one number at a time.
    Range(RangeInclusive<i64>),
    Listed(Elements),
}

impl<'v> Walk<'v> {
    fn of(subject: &'v Value) -> Result<Walk<'v>, confer_core::CoreError> {
        Ok(match subject {
            Value::Array(items) => Walk::Array(items),
            Value::Hash(map) => Walk::Hash(map),
            other => match integer_range(other) {
                Some(range) => Walk::Range(range?),
                None => Walk::Listed(elements(other)?),
            },
        })
    }

    fn len(&self) -> usize {
        match self {
            Walk::Array(items) => items.len(),
            Walk::Hash(map) => map.len(),
            // At most `MAX_ITERATIONS` numbers, so the count fits.
            Walk::Range(range) if range.is_empty() => 0,
            Walk::Range(range) => range.end().abs_diff(*range.start()) as usize + 1,
            Walk::Listed(elems) => elems.len(),
        }
    }

    /// Whether the elements are hash entries.
    fn is_hash(&self) -> bool {
        matches!(self, Walk::Hash(_) | Walk::Listed(Elements::Pairs(_)))
    }

    /// The elements as `elements` lists them.
    fn into_elements(self) -> Elements {
        match self {
            Walk::Array(items) => Elements::Values(items.to_vec()),
            Walk::Hash(map) => Elements::Pairs(map.iter().map(|(k, v)| (k.clone(), v.clone())).collect()),
            Walk::Range(range) => Elements::Values(range.map(Value::Integer).collect()),
            Walk::Listed(elems) => elems,
        }
    }

    /// The elements one by one, in `elements`' order.
    fn into_iter(self) -> Box<dyn Iterator<Item = Element> + 'v> {
        match self {
            Walk::Array(items) => Box::new(items.iter().map(|v| Element::Single(v.clone()))),
            Walk::Hash(map) => Box::new(map.iter().map(|(k, v)| Element::Pair(k.clone(), v.clone()))),
            Walk::Range(range) => Box::new(range.map(|i| Element::Single(Value::Integer(i)))),
            Walk::Listed(Elements::Values(vs)) => Box::new(vs.into_iter().map(Element::Single)),
            Walk::Listed(Elements::Pairs(ps)) => Box::new(ps.into_iter().map(|(k, v)| Element::Pair(k, v))),
        }
    }
}

/// Calls the lambda for each element until `done`, given each result, says
/// so (or `break()`).
fn for_each_until<'a>(
    host: &mut dyn FunctionHost<'a>,
    closure: &Closure<'a>,
    walk: Walk<'_>,
    span: Span,
    mut done: impl FnMut(Value) -> bool,
) -> EvalResult<()> {
    let two = closure.accepts(2);
    for (i, item) in walk.into_iter().enumerate() {
        match host.call_lambda_with(closure, lambda_args(two, i, item), span) {
            Ok(result) => {
                if done(result) {
                    break;
                }
            }
            Err(Flow::Break(_)) => break,
            Err(other) => return Err(other),
        }
    }
    Ok(())
}

/// Calls the lambda for each element; `break()` stops early. `keep` receives
/// each element and the lambda's result (callers that need only the result
/// use `for_each_until`, which copies no element).
fn for_each<'a>(
    host: &mut dyn FunctionHost<'a>,
    closure: &Closure<'a>,
    walk: Walk<'_>,
    span: Span,
    mut keep: impl FnMut(Element, Value),
) -> EvalResult<()> {
    let two = closure.accepts(2);
    for (i, item) in walk.into_iter().enumerate() {
        let copy = match &item {
            Element::Single(v) => Element::Single(v.clone()),
            Element::Pair(k, v) => Element::Pair(k.clone(), v.clone()),
        };
        match host.call_lambda_with(closure, lambda_args(two, i, item), span) {
            Ok(result) => keep(copy, result),
            Err(Flow::Break(_)) => break,
            Err(other) => return Err(other),
        }
    }
    Ok(())
}

/// Each element given to a block of one or two parameters, as Puppet's
/// `each`, `map`, `filter`, `any` and `all` declare it.
const EACH: &[&str] = &[
    "Hash[Any, Any] hash, &Callable[2,2] block",
    "Hash[Any, Any] hash, &Callable[1,1] block",
    "Iterable enumerable, &Callable[2,2] block",
    "Iterable enumerable, &Callable[1,1] block",
];

/// The iteration functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::new("each", EACH, each),
    Builtin::new("map", EACH, map),
    Builtin::new("filter", EACH, filter),
    Builtin::new("any", EACH, |call| quantify(call, false)),
    Builtin::new("all", EACH, |call| quantify(call, true)),
    Builtin::dispatch(
        "index",
        &[
            sig("Hash[Any, Any] hash, &Callable[2,2] block", index_by_block),
            sig("Hash[Any, Any] hash, &Callable[1,1] block", index_by_block),
            sig("Iterable enumerable, &Callable[2,2] block", index_by_block),
            sig("Iterable enumerable, &Callable[1,1] block", index_by_block),
            sig("String str, Variant[String,Regexp] match", index_in_string),
            sig("Iterable enumerable, Any match", index_of_value),
        ],
    ),
    Builtin::new(
        "reduce",
        &["Iterable enumerable, &Callable[2,2] block", "Iterable enumerable, Any memo, &Callable[2,2] block"],
        reduce,
    ),
    Builtin::new("reverse_each", &["Iterable iterable", "Iterable iterable, &Callable[1,1] block"], |call| {
        chain(call, IterOp::Reverse)
    }),
    Builtin::new(
        "step",
        &["Iterable iterable, Integer[1] step", "Iterable iterable, Integer[1] step, &Callable[1,1] block"],
        |call| {
            let op = IterOp::Step(step_size(call)?);
            chain(call, op)
        },
    ),
    Builtin::new(
        "slice",
        &[
            "Hash[Any, Any] hash, Integer[1, default] slice_size, &Callable block?",
            "Iterable enumerable, Integer[1, default] slice_size, &Callable block?",
        ],
        slice,
    ),
];

/// The call's subject, its first argument.
fn subject(call: &Call<'_, '_>) -> EvalResult<Value> {
    call.arg::<&Value>(0).cloned()
}

/// How an iteration walks `subject`.
fn walk<'v>(call: &Call<'_, '_>, subject: &'v Value) -> EvalResult<Walk<'v>> {
    Walk::of(subject).map_err(|e| fail(call.span, e.to_string()))
}

/// `each`: the block called for each element; the subject is returned.
fn each(call: &mut Call<'_, '_>) -> EvalResult {
    let subject = subject(call)?;
    let walk = walk(call, &subject)?;
    let closure = call.require_lambda()?;
    for_each_until(&mut *call.host, &closure, walk, call.span, |_| false)?;
    Ok(subject)
}

/// `map`: the block's results.
fn map(call: &mut Call<'_, '_>) -> EvalResult {
    let subject = subject(call)?;
    let walk = walk(call, &subject)?;
    let closure = call.require_lambda()?;
    let mut out = Vec::with_capacity(walk.len());
    for_each_until(&mut *call.host, &closure, walk, call.span, |r| {
        out.push(r);
        false
    })?;
    Ok(Value::array(out))
}

/// `filter`: the elements the block accepts, a hash's as a hash.
fn filter(call: &mut Call<'_, '_>) -> EvalResult {
    let subject = subject(call)?;
    let walk = walk(call, &subject)?;
    let closure = call.require_lambda()?;
    let is_hash = walk.is_hash();
    let mut values = Vec::new();
    let mut pairs = HashMap::new();
    for_each(&mut *call.host, &closure, walk, call.span, |e, r| {
        if r.is_truthy() {
            match e {
                Element::Single(v) => values.push(v),
                Element::Pair(k, v) => {
                    pairs.insert(k, v);
                }
            }
        }
    })?;
    Ok(if is_hash { Value::hash(pairs) } else { Value::array(values) })
}

/// `all` (`want_all`) and `any`: whether the block accepts every element,
/// or some; it is called until the answer is known.
fn quantify(call: &mut Call<'_, '_>, want_all: bool) -> EvalResult {
    let subject = subject(call)?;
    let walk = walk(call, &subject)?;
    let closure = call.require_lambda()?;
    let mut verdict = want_all;
    let mut decided = false;
    for_each_until(&mut *call.host, &closure, walk, call.span, |r| {
        if r.is_truthy() != want_all {
            verdict = !want_all;
            decided = true;
        }
        decided
    })?;
    Ok(Value::Boolean(verdict))
}

/// `index` with a block: the index (or key) of the first element it accepts.
fn index_by_block(call: &mut Call<'_, '_>) -> EvalResult {
    let subject = subject(call)?;
    let walk = walk(call, &subject)?;
    let closure = call.require_lambda()?;
    let mut found = None;
    let mut i = 0usize;
    let elems = walk.into_elements();
    let keys: Vec<Value> = match &elems {
        Elements::Pairs(ps) => ps.iter().map(|(k, _)| k.clone()).collect(),
        Elements::Values(vs) => (0..vs.len()).map(|i| Value::Integer(i as i64)).collect(),
    };
    for_each_until(&mut *call.host, &closure, Walk::Listed(elems), call.span, |r| {
        if r.is_truthy() {
            found = keys.get(i).cloned();
        }
        i += 1;
        found.is_some()
    })?;
    Ok(found.unwrap_or(Value::Undef))
}

/// `index(str, match)`: a String searched for a String or Regexp, as Ruby's
/// `String#index` does: the character offset where the first match starts.
fn index_in_string(call: &mut Call<'_, '_>) -> EvalResult {
    let (text, wanted): (&str, &Value) = (call.arg(0)?, call.arg(1)?);
    let found = match wanted {
        Value::Regexp(re) => re
            .matches(text, 1)
            .map_err(|e| fail(call.span, e.to_string()))?
            .first()
            .and_then(|groups| groups.first().cloned().flatten())
            .map(|m| m.start),
        _ => text.find(call.arg::<&str>(1)?),
    };
    Ok(found.map_or(Value::Undef, |at| Value::Integer(text[..at].chars().count() as i64)))
}

/// `index(enumerable, value)`: the index (or key) of the first element equal
/// to the value.
fn index_of_value(call: &mut Call<'_, '_>) -> EvalResult {
    let subject = subject(call)?;
    let walk = walk(call, &subject)?;
    let wanted: &Value = call.arg(1)?;
    Ok(position(walk.into_elements(), |_, v| puppet_equals(v, wanted)))
}

/// `reverse_each` and `step` (`op`): an iterator over the subject, or with a
/// block, the block called for each of its elements and the subject returned.
fn chain(call: &mut Call<'_, '_>, op: IterOp) -> EvalResult {
    let subject = subject(call)?;
    walk(call, &subject)?;
    let iterator = Iteration::chain(subject.clone(), op);
    let Some(closure) = call.lambda.take() else {
        return Ok(iterator);
    };
    let picked = elements(&iterator).map_err(|e| fail(call.span, e.to_string()))?;
    for_each_until(&mut *call.host, &closure, Walk::Listed(picked), call.span, |_| false)?;
    Ok(subject)
}

/// The index (or hash key) of the first element accepted by `pred`.
fn position(elems: Elements, pred: impl Fn(usize, &Value) -> bool) -> Value {
    match elems {
        Elements::Values(vs) => {
            vs.iter().enumerate().find(|(i, v)| pred(*i, v)).map_or(Value::Undef, |(i, _)| Value::Integer(i as i64))
        }
        Elements::Pairs(ps) => {
            ps.iter().enumerate().find(|(i, (_, v))| pred(*i, v)).map_or(Value::Undef, |(_, (k, _))| k.clone())
        }
    }
}

/// The step of `step(n)`: a positive integer.
fn step_size(call: &Call<'_, '_>) -> EvalResult<usize> {
    match call.args.get(1) {
        Some(Value::Integer(n)) if *n > 0 => Ok(*n as usize),
        _ => Err(fail(call.span, "'step' expects a positive Integer step")),
    }
}

/// `slice(n)`: the elements in groups of `n`; with a block, each group is given
/// to it (spread over its parameters when it has several) and the subject is
/// returned.
fn slice(call: &mut Call<'_, '_>) -> EvalResult {
    let subject = subject(call)?;
    let elems = walk(call, &subject)?.into_elements();
    let n = match call.args.get(1) {
        Some(Value::Integer(n)) if *n > 0 => *n as usize,
        _ => return Err(fail(call.span, "'slice' expects a positive Integer slice size")),
    };
    let items = elems.into_values();
    let groups: Vec<Value> = items.chunks(n).map(|c| Value::array(c.to_vec())).collect();
    let Some(closure) = call.lambda.take() else {
        return Ok(Value::array(groups));
    };
    for group in groups {
        let args = if closure.arity() > 1 { super::super::unfold(group) } else { vec![group] };
        match call.host.call_lambda(&closure, args, call.span) {
            Ok(_) => {}
            Err(Flow::Break(_)) => break,
            Err(other) => return Err(other),
        }
    }
    Ok(subject)
}

/// `reduce`: folds the elements with the lambda, starting from the given memo
/// or from the first element.
fn reduce(call: &mut Call<'_, '_>) -> EvalResult {
    let subject = subject(call)?;
    let walk = walk(call, &subject)?;
    let closure = call.require_lambda()?;
    let mut items = walk.into_iter().map(Element::into_value);
    let mut memo = match call.args.get(1) {
        Some(start) => start.clone(),
        None => match items.next() {
            Some(first) => first,
            None => return Ok(Value::Undef),
        },
    };
    // The memo is the one value an iteration can nest without bound; its depth
    // is re-measured each step, reusing the previous memo's.
    let mut memo_depth = depth::depth_of(&memo, None, depth::MAX_DEPTH + 1);
    for item in items {
        match call.host.call_lambda_with(&closure, ElementArgs::two(memo.clone(), item), call.span) {
            Ok(v) => {
                memo_depth = depth::depth_of(&v, Some((&memo, memo_depth)), depth::MAX_DEPTH + 1);
                if memo_depth > depth::MAX_DEPTH {
                    let message = format!("'reduce' built a value nested deeper than {} levels", depth::MAX_DEPTH);
                    return Err(crate::eval::limits::exceeded(call.span, message));
                }
                memo = v;
            }
            Err(Flow::Break(_)) => break,
            Err(other) => return Err(other),
        }
    }
    Ok(memo)
}
