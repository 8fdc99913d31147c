//! A bundle as cf-promises writes it in its JSON policy (policy.c's
//! `BundleToJson`): its name, namespace, type, source, line, parameters,
//! and its promise types, each with the promises grouped by consecutive
//! class context, each promise with its attributes and their values
//! (`RvalToJson`: a string, a list, a function call, or a symbol where the
//! attribute names a body or bundle). `callstack_callers()` gives it.

use confer_core::Value;

use crate::data::json;
use crate::syntax::ast::{Bundle, Promise, Rval, Section};
use crate::syntax::attribute_syntax::{lookup, Block, Lookup};

fn text(s: &str) -> Value {
    Value::String(s.into())
}

fn int(n: u32) -> Value {
    Value::Integer(i64::from(n))
}

/// `BundleToJson`.
pub fn bundle(b: &Bundle) -> Value {
    json::object([
        ("namespace".to_string(), text(&b.ns)),
        ("name".to_string(), text(&b.name)),
        ("bundleType".to_string(), text(&b.kind)),
        ("sourcePath".to_string(), text(&b.file)),
        ("line".to_string(), int(b.line)),
        ("arguments".to_string(), Value::array(b.args.iter().map(|a| text(a)).collect())),
        ("promiseTypes".to_string(), Value::array(b.sections.iter().map(section).collect())),
    ])
}

/// A promise type and its promises, grouped by class context.
fn section(s: &Section) -> Value {
    let mut contexts: Vec<(String, Vec<Value>)> = vec![];
    for p in &s.promises {
        let context = p.varclasses.as_deref().unwrap_or(&p.classes).to_string();
        match contexts.last_mut() {
            Some((name, promises)) if *name == context => promises.push(promise(&s.promise_type, p)),
            _ => contexts.push((context, vec![promise(&s.promise_type, p)])),
        }
    }
    let contexts = contexts
        .into_iter()
        .map(|(name, promises)| {
            json::object([("name".to_string(), text(&name)), ("promises".to_string(), Value::array(promises))])
        })
        .collect();
    json::object([
        ("line".to_string(), int(s.line)),
        ("name".to_string(), text(&s.promise_type)),
        ("contexts".to_string(), Value::array(contexts)),
    ])
}

/// `PromiseToJson`.
fn promise(promise_type: &str, p: &Promise) -> Value {
    let attributes = p
        .constraints
        .iter()
        .map(|c| {
            json::object([
                ("line".to_string(), int(c.pos.line)),
                ("lval".to_string(), text(&c.lval)),
                ("rval".to_string(), rval(&c.rval, names_part(promise_type, &c.lval))),
            ])
        })
        .collect();
    let mut entries = vec![
        ("line".to_string(), int(p.line)),
        ("promiser".to_string(), text(&p.promiser)),
        ("attributes".to_string(), Value::array(attributes)),
    ];
    if let Some(promisee) = &p.promisee {
        entries.push(("promisee".to_string(), rval(promisee, false)));
    }
    json::object(entries)
}

/// Whether the attribute's value names a body or a bundle (a symbol).
fn names_part(promise_type: &str, lval: &str) -> bool {
    matches!(lookup(Block::Promise, promise_type, lval), Lookup::Known(s) if s.datatype == "body" || s.datatype == "bundle")
}

/// `RvalToJson`.
fn rval(r: &Rval, symbol: bool) -> Value {
    match r {
        Rval::Scalar(s) => {
            let kind = if symbol { "symbol" } else { "string" };
            json::object([("type".to_string(), text(kind)), ("value".to_string(), text(s))])
        }
        Rval::List(items) => json::object([
            ("type".to_string(), text("list")),
            ("value".to_string(), Value::array(items.iter().map(|i| rval(i, false)).collect())),
        ]),
        Rval::FnCall(f) => json::object([
            ("type".to_string(), text("functionCall")),
            ("name".to_string(), text(&f.name)),
            ("arguments".to_string(), Value::array(f.args.iter().map(|a| rval(a, false)).collect())),
        ]),
    }
}
