//! `get`, `partition`, `group_by` and `tree_each`: navigating and regrouping
//! collections.

use confer_core::value::iterable::{elements, Elements};
use confer_core::{HashMap, Value};

use super::{sig, Builtin, Call};
use crate::eval::flow::{fail, EvalResult, Flow};

/// The collection functions added by Puppet 6 and later.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::new("get", &["Any value, String dotted_string, Any default_value?, &Callable[1,1] block?"], get),
    Builtin::dispatch(
        "partition",
        &[
            sig("Collection collection, &Callable[1,1] block", |call| partition(call, false)),
            sig("Array array, &Callable[2,2] block", |call| partition(call, true)),
            sig("Collection collection, &Callable[2,2] block", |call| partition(call, true)),
        ],
    ),
    Builtin::dispatch(
        "group_by",
        &[
            sig("Collection collection, &Callable[1,1] block", |call| group_by(call, false)),
            sig("Array array, &Callable[2,2] block", |call| group_by(call, true)),
            sig("Collection collection, &Callable[2,2] block", |call| group_by(call, true)),
        ],
    ),
    Builtin::new(
        "tree_each",
        &[
            "Variant[Iterator, Array, Hash, Object] tree, Hash[String, Any] options?, &Callable[2,2] block",
            "Variant[Iterator, Array, Hash, Object] tree, Hash[String, Any] options?, &Callable[1,1] block",
            "Variant[Iterator, Array, Hash, Object] tree, Hash[String, Any] options?",
        ],
        tree_each,
    ),
];

/// Splits `a.b.'c.d'.0` into keys: quoted segments as written, digit-only
/// ones as integers (Puppet's `SubLookup#split_key`).
fn split_key(call: &Call<'_, '_>, text: &str) -> EvalResult<Vec<Value>> {
    let mut keys = Vec::new();
    let mut chars = text.chars().peekable();
    let syntax = || fail(call.span, "Syntax error in dotted-navigation string");
    loop {
        let segment = match chars.peek() {
            Some(&q @ ('\'' | '"')) => {
                chars.next();
                let s: String = chars.by_ref().take_while(|c| *c != q).collect();
                Value::from(s)
            }
            Some(_) => {
                let mut s = String::new();
                while let Some(&c) = chars.peek() {
                    if c == '.' {
                        break;
                    }
                    s.push(c);
                    chars.next();
                }
                if s.is_empty() {
                    return Err(syntax());
                }
                match s.parse::<i64>() {
                    Ok(i) if s.chars().all(|c| c.is_ascii_digit()) => Value::Integer(i),
                    _ => Value::from(s),
                }
            }
            None => return Err(syntax()),
        };
        keys.push(segment);
        match chars.next() {
            None => return Ok(keys),
            Some('.') => {}
            Some(_) => return Err(syntax()),
        }
    }
}

/// `get(value, 'a.b.0', default)`: `dig` along a dotted path.
fn get(call: &mut Call<'_, '_>) -> EvalResult {
    let value = call.args[0].clone();
    let default = call.args.get(2).cloned().unwrap_or(Value::Undef);
    let path = confer_core::value::to_s(&call.args[1]);
    if value.is_undef() {
        return Ok(default);
    }
    if path.is_empty() {
        return Ok(value);
    }
    let mut args = vec![value];
    args.extend(split_key(call, &path)?);
    match call.host.call_function("dig", args, None, call.span, call.scope) {
        Ok(Value::Undef) => Ok(default),
        Ok(v) => Ok(v),
        Err(Flow::Error(e)) if call.lambda.is_some() => {
            let closure = call.require_lambda()?;
            let data = Value::hash(HashMap::from_iter([(Value::from("message"), Value::from(e.message.clone()))]));
            call.host.call_lambda(&closure, vec![data], call.span)
        }
        Err(e) => Err(e),
    }
}

/// The collection's items as the block sees them: values, or `[key, value]`
/// pairs of a hash; with two parameters (`two`), an array's items come with
/// their index and a hash's pairs split in two.
fn items(call: &Call<'_, '_>, two: bool) -> EvalResult<(Vec<Value>, Vec<Vec<Value>>)> {
    let elems = elements(&call.args[0]).map_err(|e| fail(call.span, e.to_string()))?;
    Ok(match elems {
        Elements::Values(vs) => {
            let args = vs
                .iter()
                .enumerate()
                .map(|(i, v)| if two { vec![Value::Integer(i as i64), v.clone()] } else { vec![v.clone()] })
                .collect();
            (vs, args)
        }
        Elements::Pairs(ps) => {
            let pairs: Vec<Value> = ps.iter().map(|(k, v)| Value::array(vec![k.clone(), v.clone()])).collect();
            let args = ps
                .into_iter()
                .zip(&pairs)
                .map(|((k, v), pair)| if two { vec![k, v] } else { vec![pair.clone()] })
                .collect();
            (pairs, args)
        }
    })
}

/// `partition`: the items the block (of two parameters when `two`) accepts,
/// and the others.
fn partition(call: &mut Call<'_, '_>, two: bool) -> EvalResult {
    let closure = call.require_lambda()?;
    let (values, args) = items(call, two)?;
    let (mut yes, mut no) = (Vec::new(), Vec::new());
    for (value, a) in values.into_iter().zip(args) {
        if call.host.call_lambda(&closure, a, call.span)?.is_truthy() {
            yes.push(value);
        } else {
            no.push(value);
        }
    }
    Ok(Value::array(vec![Value::array(yes), Value::array(no)]))
}

/// `group_by`: the items grouped by the result of the block (of two
/// parameters when `two`).
fn group_by(call: &mut Call<'_, '_>, two: bool) -> EvalResult {
    let closure = call.require_lambda()?;
    let (values, args) = items(call, two)?;
    let mut groups: indexmap::IndexMap<Value, Vec<Value>> = indexmap::IndexMap::new();
    for (value, a) in values.into_iter().zip(args) {
        let key = call.host.call_lambda(&closure, a, call.span)?;
        groups.entry(key).or_default().push(value);
    }
    Ok(Value::hash(groups.into_iter().map(|(k, vs)| (k, Value::array(vs))).collect()))
}

/// What `tree_each` visits and how.
struct TreeOptions {
    breadth_first: bool,
    include_containers: bool,
    include_values: bool,
    include_root: bool,
}

/// `tree_each(tree, options)`: each `[path, value]` of a tree of arrays and
/// hashes, depth first (containers before their contents) unless told
/// `order => 'breadth_first'`.
fn tree_each(call: &mut Call<'_, '_>) -> EvalResult {
    let options = match call.args.get(1) {
        Some(Value::Hash(h)) => h.to_map(),
        _ => HashMap::new(),
    };
    let flag = |name: &str, default: bool| match options.get(&Value::from(name)) {
        Some(Value::Boolean(b)) => *b,
        _ => default,
    };
    let opts = TreeOptions {
        breadth_first: options.get(&Value::from("order")).and_then(Value::as_str) == Some("breadth_first"),
        include_containers: flag("include_containers", true),
        include_values: flag("include_values", true),
        include_root: flag("include_root", true),
    };
    let root = call.args[0].clone();
    let mut visits = Vec::new();
    if opts.breadth_first {
        let mut level = vec![(Vec::new(), root.clone())];
        while !level.is_empty() {
            let mut next = Vec::new();
            for (path, v) in level {
                visit(&opts, &path, &v, &mut visits);
                next.extend(children(&path, &v));
            }
            level = next;
        }
    } else {
        depth_first(&opts, Vec::new(), &root, &mut visits);
    }
    let Some(closure) = call.lambda.take() else {
        return Ok(Value::array(visits.into_iter().map(|(p, v)| Value::array(vec![p, v])).collect()));
    };
    for (path, v) in visits {
        let args = if closure.arity() >= 2 { vec![path, v] } else { vec![v] };
        match call.host.call_lambda(&closure, args, call.span) {
            Ok(_) => {}
            Err(Flow::Break(_)) => break,
            Err(e) => return Err(e),
        }
    }
    Ok(root)
}

fn is_container(v: &Value) -> bool {
    matches!(v, Value::Array(_) | Value::Hash(_))
}

fn visit(opts: &TreeOptions, path: &[Value], v: &Value, out: &mut Vec<(Value, Value)>) {
    let wanted = if is_container(v) { opts.include_containers } else { opts.include_values };
    if wanted && (!path.is_empty() || opts.include_root) {
        out.push((Value::array(path.to_vec()), v.clone()));
    }
}

fn children(path: &[Value], v: &Value) -> Vec<(Vec<Value>, Value)> {
    let step = |k: Value, child: &Value| {
        let mut p = path.to_vec();
        p.push(k);
        (p, child.clone())
    };
    match v {
        Value::Array(items) => items.iter().enumerate().map(|(i, c)| step(Value::Integer(i as i64), c)).collect(),
        Value::Hash(h) => h.iter().map(|(k, c)| step(k.clone(), c)).collect(),
        _ => Vec::new(),
    }
}

fn depth_first(opts: &TreeOptions, path: Vec<Value>, v: &Value, out: &mut Vec<(Value, Value)>) {
    visit(opts, &path, v, out);
    for (p, child) in children(&path, v) {
        depth_first(opts, p, &child, out);
    }
}
