//! maparray() and mapdata() (evalfunction.c's `FnCallMapData`): a pattern
//! expanded once per element of a container, with `this.k`, `this.k[1]` and
//! `this.v` set.

use std::sync::Arc;

use confer_core::Value;

use super::host::FunctionHost;
use crate::data::json;
use crate::data::value::{DataType, Rv, Variable};
use crate::syntax::ast::FnCall;

use super::data::to_value;
use super::{arg_str, collection, Failed, FnResult};
use crate::syntax::class_expr::canonify;

/// One element the pattern is expanded for.
struct Element {
    /// `this.k`: the top-level key (an array's position).
    k: String,
    /// `this.k[1]`: the key inside a nested object.
    k1: Option<String>,
    /// `this.v`: the primitive value.
    v: String,
    /// A nested element: repeated results are kept once.
    nested: bool,
}

/// The elements of the container `arg` names: top-level primitives, and the
/// primitive children of top-level containers. An array is walked as an
/// object keyed by position (cf-agent merges it into an object first).
fn elements(ctx: &mut dyn FunctionHost, arg: &Rv) -> Result<Vec<Element>, Failed> {
    let source = match arg {
        Rv::Scalar(s) => Rv::scalar(ctx.expand(s)),
        Rv::FnCall(inner) => super::call(ctx, inner).1,
        o => o.clone(),
    };
    // Not a container: cf-agent fails with a verbose-level message only.
    let v = collection(ctx, &source).map(to_value).ok_or(Failed)?;
    let top: Vec<(String, &Value)> = match &v {
        Value::Hash(h) => h.iter().map(|(k, x)| (json::primitive_to_string(k).unwrap_or_default(), x)).collect(),
        Value::Array(x) => x.iter().enumerate().map(|(i, x)| (i.to_string(), x)).collect(),
        _ => return Err(Failed),
    };
    let mut out = vec![];
    for (k, x) in top {
        let children: Vec<(Option<String>, &Value)> = match x {
            Value::Hash(h) => h.iter().map(|(k1, c)| (json::primitive_to_string(k1), c)).collect(),
            Value::Array(a) => a.iter().map(|c| (None, c)).collect(),
            p => {
                out.extend(json::primitive_to_string(p).map(|v| Element { k: k.clone(), k1: None, v, nested: false }));
                continue;
            }
        };
        for (k1, c) in children {
            if let Some(v) = json::primitive_to_string(c) {
                out.push(Element { k: k.clone(), k1, v, nested: true });
            }
        }
    }
    Ok(out)
}

fn set_this(ctx: &mut dyn FunctionHost, name: &str, value: &str) {
    ctx.this_mut().insert(
        name.into(),
        Variable { rval: Rv::scalar(value), ty: DataType::String, tags: Arc::new(vec![]), comment: None },
    );
}

/// A value as `EvalContextVariablePutSpecialEscaped` stores it in json mode:
/// JSON-escaped, without the quotes.
fn json_escaped(s: &str) -> String {
    let quoted = json::write_compact(&Value::String(s.into()));
    quoted[1..quoted.len() - 1].to_string()
}

/// Expands `pattern` for each element; fails when a result still holds a
/// `this.k`/`this.v` reference.
fn map_each(ctx: &mut dyn FunctionHost, pattern: &str, arg: &Rv, mode: &str) -> Result<Vec<String>, Failed> {
    let items = elements(ctx, arg)?;
    let names = ["k", "k[1]", "v"];
    let saved: Vec<_> = names.iter().map(|n| (n.to_string(), ctx.this_mut().remove(*n))).collect();
    // The pattern's own references (`$(spec$(i))`) expand first; the
    // `$(this.k)`/`$(this.v)` they yield are expanded for each element.
    // Meanwhile those names stand for themselves, so that a bundle variable
    // named `k` or `v` (which `this.v` also names) does not replace them.
    for n in names {
        set_this(ctx, n, &format!("$(this.{n})"));
    }
    let pattern = ctx.expand(pattern);
    let escape = |s: &str| if mode == "json" { json_escaped(s) } else { s.to_string() };
    let mut out: Vec<String> = vec![];
    let mut result = Ok(());
    for e in items {
        set_this(ctx, "k", &escape(&e.k));
        ctx.this_mut().remove("k[1]");
        if let Some(k1) = &e.k1 {
            set_this(ctx, "k[1]", &escape(k1));
        }
        set_this(ctx, "v", &escape(&e.v));
        let mut text = ctx.expand(&pattern);
        let left = ["$(this.k)", "${this.k}", "$(this.v)", "${this.v}"].iter().any(|r| text.contains(r))
            || (e.k1.is_some() && (text.contains("$(this.k[1])") || text.contains("${this.k[1]}")));
        if left {
            result = Err(Failed);
            break;
        }
        if mode == "canonify" {
            text = canonify(&text);
        }
        if !(e.nested && out.contains(&text)) {
            out.push(text);
        }
    }
    for (n, s) in saved {
        ctx.this_mut().remove(&n);
        if let Some(s) = s {
            ctx.this_mut().insert(n, s);
        }
    }
    result.map(|()| out)
}

/// The pattern argument: a string, or a call (`concat("$(spec)")`)
/// evaluated first.
fn pattern_arg(ctx: &mut dyn FunctionHost, r: &Rv) -> String {
    match r {
        Rv::FnCall(f) => super::call(ctx, f).1.as_scalar().unwrap_or_default().to_string(),
        other => other.as_scalar().unwrap_or_default().to_string(),
    }
}

pub(super) fn maparray(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let pattern = pattern_arg(ctx, &a[0]);
    Ok(Rv::list_of(map_each(ctx, &pattern, &a[1], "none")?))
}

/// `mapdata(mode, pattern, container)`: `none` keeps the strings, `canonify`
/// canonifies them, `json` parses each one as JSON.
pub(super) fn mapdata(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let mode = arg_str(a, 0).to_string();
    let pattern = pattern_arg(ctx, &a[1]);
    let out = map_each(ctx, &pattern, &a[2], &mode)?;
    let items: Vec<Value> = match mode.as_str() {
        "json" => {
            let mut items = Vec::with_capacity(out.len());
            for s in &out {
                match json::parse(s) {
                    Ok(v) => items.push(v),
                    Err(crate::data::container_number::DataError::Fatal(m)) => return Err(super::data::exits(ctx, m)),
                    Err(_) => {}
                }
            }
            items
        }
        _ => out.into_iter().map(|s| Value::String(s.into())).collect(),
    };
    Ok(Rv::Container(Value::array(items)))
}
