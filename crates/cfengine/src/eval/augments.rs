//! The augments file (`def_preferred.json` beside the policy file, else
//! `def.json`), as cf-agent's `LoadAugmentsData` reads it before any
//! policy: its `vars` and then its `variables` (each a bare value or an
//! object with `value`, `tags`, `comment`) become variables — `def.NAME`
//! for a plain name, else the bundle (and namespace) the name gives — and
//! its `inputs` the list `def.augments_inputs`.

use std::sync::Arc;

use confer_core::Value;

use crate::data::json;
use crate::data::value::{DataType, Rv};
use crate::eval::context::EvalContext;
use crate::syntax::varref::VarRef;

/// The tag cf-agent gives to augments variables.
const TAGS: &[&str] = &["source=augments_file"];

/// Reads `def_preferred.json` or `def.json` in `dir`, if there is one. A
/// file that does not parse is ignored.
pub fn load(ctx: &mut EvalContext, dir: &str) {
    let text = std::fs::read_to_string(format!("{dir}/def_preferred.json"))
        .or_else(|_| std::fs::read_to_string(format!("{dir}/def.json")));
    let Ok(text) = text else {
        return;
    };
    let Ok(Value::Hash(doc)) = json::parse(&text) else {
        return;
    };
    if let Some(Value::Hash(vars)) = doc.get(&Value::String("vars".into())) {
        for (k, v) in vars.iter() {
            if let Value::String(name) = k {
                put(ctx, name, v, &[]);
            }
        }
    }
    if let Some(Value::Hash(vars)) = doc.get(&Value::String("variables".into())) {
        for (k, info) in vars.iter() {
            let Value::String(name) = k else { continue };
            match info {
                Value::Hash(meta) => {
                    let Some(v) = meta.get(&Value::String("value".into())) else {
                        continue;
                    };
                    let tags: Vec<String> = match meta.get(&Value::String("tags".into())) {
                        Some(Value::Array(t)) => t.iter().filter_map(json::primitive_to_string).collect(),
                        _ => vec![],
                    };
                    put(ctx, name, v, &tags);
                }
                v => put(ctx, name, v, &[]),
            }
        }
    }
    if let Some(inputs @ Value::Array(_)) = doc.get(&Value::String("inputs".into())) {
        put(ctx, "augments_inputs", inputs, &[]);
    }
}

/// A string stays a string, an array of strings becomes an slist, anything
/// else a data container.
fn put(ctx: &mut EvalContext, name: &str, v: &Value, extra_tags: &[String]) {
    let r = VarRef::parse_with(name, Some("default"), Some("def"));
    if r.ns.as_deref().is_some_and(|ns| ns != "default") && !name.contains('.') {
        // A namespace needs a bundle name too.
        return;
    }
    let mut tags: Vec<&str> = TAGS.to_vec();
    tags.extend(extra_tags.iter().map(String::as_str));
    let tags = tags.as_slice();
    let strings: Option<Vec<Arc<str>>> = match v {
        Value::Array(items) => {
            items.iter().map(|i| if let Value::String(s) = i { Some(s.clone()) } else { None }).collect()
        }
        _ => None,
    };
    match (v, strings) {
        (Value::String(s), _) => ctx.put(&r, Rv::scalar(s.clone()), DataType::String, tags),
        (_, Some(items)) => ctx.put(&r, Rv::list_of(items), DataType::Slist, tags),
        _ => ctx.put(&r, Rv::Container(v.clone()), DataType::Container, tags),
    }
}
