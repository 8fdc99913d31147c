//! `with`, `each`, `map`, `filter` and `reduce`: the functions that call a lambda
//! for each element of an iterable value.

use confer_core::types::Type;
use confer_core::{HashMap, Value};

use super::Call;
use crate::eval::calls::Closure;
use crate::eval::flow::{fail, EvalResult, Flow};
use crate::eval::Evaluator;
use crate::span::Span;

/// The most elements an integer or range iteration may produce, so that a typo
/// like `Integer[0, 9999999999]` fails instead of running for hours.
const MAX_ITERATIONS: i64 = 10_000_000;

/// The elements of an iterable value. Hash entries come as `[key, value]`.
enum Elements {
    /// An array, an integer count, a range or an enum: single values.
    Values(Vec<Value>),
    /// A hash: key/value pairs.
    Pairs(Vec<(Value, Value)>),
}

fn elements(v: &Value, span: Span, what: &str) -> EvalResult<Elements> {
    let range = |from: i64, to: i64| -> EvalResult<Elements> {
        if to.saturating_sub(from) >= MAX_ITERATIONS {
            return Err(fail(span, format!("{what}(): refusing to iterate over more than {MAX_ITERATIONS} values")));
        }
        Ok(Elements::Values((from..=to).map(Value::Integer).collect()))
    };
    match v {
        Value::Array(items) => Ok(Elements::Values(items.to_vec())),
        Value::Hash(map) => Ok(Elements::Pairs(map.iter().map(|(k, v)| (k.clone(), v.clone())).collect())),
        Value::Integer(n) => range(0, n - 1),
        Value::Type(t) => match t.resolved() {
            Type::Integer(r) => match (r.from, r.to) {
                (Some(from), Some(to)) => range(from, to),
                _ => Err(fail(span, format!("{what}(): the type {t} is an unbounded range and cannot be iterated"))),
            },
            Type::Enum(options) if !options.is_empty() => {
                Ok(Elements::Values(options.iter().map(|o| Value::String(o.clone())).collect()))
            }
            _ => Err(fail(span, format!("{what}(): the type {t} is not iterable"))),
        },
        other => Err(fail(span, format!("{what}(): a {} value is not iterable", other.type_name()))),
    }
}

/// The lambda's arguments for one element: a pair is split over two
/// parameters; with two parameters a single value gets its index first.
fn lambda_args(closure: &Closure<'_>, index: usize, element: Element) -> Vec<Value> {
    match (element, closure.arity()) {
        (Element::Pair(k, v), 2) => vec![k, v],
        (Element::Pair(k, v), _) => vec![Value::array(vec![k, v])],
        (Element::Single(v), 2) => vec![Value::Integer(index as i64), v],
        (Element::Single(v), _) => vec![v],
    }
}

enum Element {
    Single(Value),
    Pair(Value, Value),
}

/// Calls the lambda for each element; `break()` stops early. `keep` receives
/// each element and the lambda's result.
fn for_each<'a>(
    ev: &mut Evaluator<'a>,
    closure: &Closure<'a>,
    elems: Elements,
    span: Span,
    mut keep: impl FnMut(Element, Value),
) -> EvalResult<()> {
    let items: Vec<Element> = match elems {
        Elements::Values(vs) => vs.into_iter().map(Element::Single).collect(),
        Elements::Pairs(ps) => ps.into_iter().map(|(k, v)| Element::Pair(k, v)).collect(),
    };
    for (i, item) in items.into_iter().enumerate() {
        let copy = match &item {
            Element::Single(v) => Element::Single(v.clone()),
            Element::Pair(k, v) => Element::Pair(k.clone(), v.clone()),
        };
        match ev.call_lambda(closure, lambda_args(closure, i, item), span) {
            Ok(result) => keep(copy, result),
            Err(Flow::Break(_)) => break,
            Err(other) => return Err(other),
        }
    }
    Ok(())
}

/// Handles the iteration family.
pub(crate) fn call<'e, 'a>(mut call: Call<'e, 'a>) -> Result<EvalResult, Call<'e, 'a>> {
    if !matches!(call.name, "with" | "each" | "map" | "filter" | "reduce") {
        return Err(call);
    }
    Ok(run(&mut call))
}

fn run(call: &mut Call<'_, '_>) -> EvalResult {
    let closure = call.require_lambda()?;
    let span = call.span;
    if call.name == "with" {
        let args = std::mem::take(&mut call.args);
        return call.ev.call_lambda(&closure, args, span);
    }
    let Some(subject) = call.args.first().cloned() else {
        return Err(call.arity_error("at least 1 argument"));
    };
    let elems = elements(&subject, span, call.name)?;
    let is_hash = matches!(elems, Elements::Pairs(_));
    match call.name {
        "each" => {
            for_each(call.ev, &closure, elems, span, |_, _| {})?;
            Ok(subject)
        }
        "map" => {
            let mut out = Vec::new();
            for_each(call.ev, &closure, elems, span, |_, r| out.push(r))?;
            Ok(Value::array(out))
        }
        "filter" => {
            let mut values = Vec::new();
            let mut pairs = HashMap::new();
            for_each(call.ev, &closure, elems, span, |e, r| {
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
        _ => reduce(call, &closure, elems),
    }
}

/// `reduce`: folds the elements with the lambda, starting from the given memo
/// or from the first element.
fn reduce<'a>(call: &mut Call<'_, 'a>, closure: &Closure<'a>, elems: Elements) -> EvalResult {
    let mut items: Vec<Value> = match elems {
        Elements::Values(vs) => vs,
        Elements::Pairs(ps) => ps.into_iter().map(|(k, v)| Value::array(vec![k, v])).collect(),
    };
    let mut memo = match call.args.get(1) {
        Some(start) => start.clone(),
        None if items.is_empty() => return Ok(Value::Undef),
        None => items.remove(0),
    };
    for item in items {
        match call.ev.call_lambda(closure, vec![memo.clone(), item], call.span) {
            Ok(v) => memo = v,
            Err(Flow::Break(_)) => break,
            Err(other) => return Err(other),
        }
    }
    Ok(memo)
}
