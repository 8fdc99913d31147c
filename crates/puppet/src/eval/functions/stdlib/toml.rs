//! stdlib's `to_toml`: a hash written as stdlib's own `TomlDumper` writes
//! it — keys sorted, plain pairs first, then tables, then arrays of tables,
//! and values in Ruby's `inspect` form (which is close to TOML's but not
//! always TOML: `nil` stays `nil`, as in Puppet).

use confer_core::ruby_compat::{inspect, inspect_str};
use confer_core::Value;

use crate::eval::flow::{fail, EvalResult};
use crate::eval::functions::{Builtin, Call};

/// The TOML function.
pub(crate) const FUNCTIONS: &[Builtin] = &[Builtin::new("to_toml", &["Hash data"], to_toml)];

fn to_toml(call: &mut Call<'_, '_>) -> EvalResult {
    let mut out = String::new();
    visit(&call.args[0], &[], false, &mut out, 0).map_err(|m| fail(call.span, m))?;
    Ok(Value::from(out))
}

/// Nesting beyond this is refused rather than risking the stack.
const MAX_DEPTH: usize = 1000;

type Pairs<'v> = Vec<(&'v Value, &'v Value)>;

/// The pairs of a hash by key, split as the dumper splits them: plain
/// values, nested hashes, arrays whose first element is a hash.
fn sort_pairs(hash: &Value) -> Result<(Pairs<'_>, Pairs<'_>, Pairs<'_>), String> {
    let Value::Hash(map) = hash else { return Ok(Default::default()) };
    let mut keys: Vec<&Value> = map.keys().collect();
    // Ruby's sort fails on the first pair it cannot order; for keys in
    // insertion order that is the first neighbouring pair of unlike kinds.
    if let Some(pair) = keys.windows(2).find(|w| ruby_cmp(w[0], w[1]).is_none()) {
        return Err(format!("comparison of {} with {} failed", super::ruby::class(pair[0]), shown(pair[1])));
    }
    keys.sort_by(|a, b| ruby_cmp(a, b).unwrap_or(std::cmp::Ordering::Equal));
    let (mut simple, mut nested, mut tables) = (Vec::new(), Vec::new(), Vec::new());
    for k in keys {
        let v = &map[k];
        match v {
            Value::Hash(_) => nested.push((k, v)),
            Value::Array(items) if matches!(items.first(), Some(Value::Hash(_))) => tables.push((k, v)),
            _ => simple.push((k, v)),
        }
    }
    Ok((simple, nested, tables))
}

/// Ruby's `<=>` on hash keys: strings by bytes, numbers by value, and no
/// order between the two.
fn ruby_cmp(a: &Value, b: &Value) -> Option<std::cmp::Ordering> {
    match (a, b) {
        (Value::String(x), Value::String(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
        (Value::Integer(x), Value::Integer(y)) => Some(x.cmp(y)),
        (Value::Integer(_) | Value::Float(_), Value::Integer(_) | Value::Float(_)) => {
            let f = |v: &Value| match v {
                Value::Integer(i) => *i as f64,
                Value::Float(f) => *f,
                _ => 0.0,
            };
            f(a).partial_cmp(&f(b))
        }
        _ => None,
    }
}

/// How Ruby's comparison error shows the right operand: numbers, `nil`
/// and booleans by value, anything else by class.
fn shown(v: &Value) -> String {
    match v {
        Value::Integer(_) | Value::Float(_) | Value::Boolean(_) => inspect(v),
        Value::Undef => "nil".to_string(),
        other => super::ruby::class(other).to_string(),
    }
}

fn visit(hash: &Value, prefix: &[String], extra_brackets: bool, out: &mut String, depth: usize) -> Result<(), String> {
    if depth > MAX_DEPTH {
        return Err(format!("to_toml: nesting deeper than {MAX_DEPTH} levels"));
    }
    let (simple, nested, tables) = sort_pairs(hash)?;
    let empty = matches!(hash, Value::Hash(m) if m.is_empty());
    if !prefix.is_empty() && (!simple.is_empty() || empty) {
        print_prefix(prefix, extra_brackets, out);
    }
    dump_pairs(&simple, &nested, &tables, prefix, out, depth)
}

fn dump_pairs(
    simple: &Pairs<'_>,
    nested: &Pairs<'_>,
    tables: &Pairs<'_>,
    prefix: &[String],
    out: &mut String,
    depth: usize,
) -> Result<(), String> {
    for (k, v) in simple {
        out.push_str(&format!("{} = {}\n", key(k), value(v)));
    }
    for (k, v) in nested {
        let mut p = prefix.to_vec();
        p.push(key(k));
        visit(v, &p, false, out, depth + 1)?;
    }
    for (k, v) in tables {
        let mut p = prefix.to_vec();
        p.push(key(k));
        let Value::Array(children) = v else { continue };
        for child in children.iter() {
            print_prefix(&p, true, out);
            let (s, n, t) = sort_pairs(child)?;
            dump_pairs(&s, &n, &t, &p, out, depth + 1)?;
        }
    }
    Ok(())
}

fn print_prefix(prefix: &[String], extra_brackets: bool, out: &mut String) {
    let joined = prefix.join(".");
    if extra_brackets {
        out.push_str(&format!("[[{joined}]]\n"));
    } else {
        out.push_str(&format!("[{joined}]\n"));
    }
}

/// A key bare when it can be, else quoted with only `"` escaped.
fn key(k: &Value) -> String {
    let text = confer_core::value::to_s(k);
    if text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        text
    } else {
        format!("\"{}\"", text.replace('"', "\\\""))
    }
}

/// Ruby's `inspect`, with `\#` unescaped in strings (the dumper's gsub).
fn value(v: &Value) -> String {
    match v {
        Value::String(s) => inspect_str(s).replace("\\#{", "#{").replace("\\#$", "#$").replace("\\#@", "#@"),
        other => inspect(other),
    }
}
