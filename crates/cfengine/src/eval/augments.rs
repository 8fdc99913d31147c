//! The augments file (`def.json` beside the policy file), as cf-agent's
//! `LoadAugments` reads it before any policy: its `vars` become `def.*`
//! variables and its `inputs` the list `def.augments_inputs`.

use std::sync::Arc;

use confer_core::Value;

use crate::data::json;
use crate::data::value::{DataType, Rv};
use crate::eval::context::EvalContext;
use crate::syntax::varref::VarRef;

/// The tag cf-agent gives to augments variables.
const TAGS: &[&str] = &["source=augments_file"];

/// Reads `def.json` in `dir`, if there is one, into the `def` bundle's
/// variables. A file that does not parse is ignored.
pub fn load(ctx: &mut EvalContext, dir: &str) {
    let Ok(text) = std::fs::read_to_string(format!("{dir}/def.json")) else {
        return;
    };
    let Ok(Value::Hash(doc)) = json::parse(&text) else {
        return;
    };
    if let Some(Value::Hash(vars)) = doc.get(&Value::String("vars".into())) {
        for (k, v) in vars.iter() {
            if let Value::String(name) = k {
                put(ctx, name, v);
            }
        }
    }
    if let Some(inputs @ Value::Array(_)) = doc.get(&Value::String("inputs".into())) {
        put(ctx, "augments_inputs", inputs);
    }
}

/// A string stays a string, an array of strings becomes an slist, anything
/// else a data container.
fn put(ctx: &mut EvalContext, name: &str, v: &Value) {
    let r = VarRef { ns: Some("default".into()), scope: Some("def".into()), lval: name.into(), indices: vec![] };
    let strings: Option<Vec<Arc<str>>> = match v {
        Value::Array(items) => {
            items.iter().map(|i| if let Value::String(s) = i { Some(s.clone()) } else { None }).collect()
        }
        _ => None,
    };
    match (v, strings) {
        (Value::String(s), _) => ctx.put(&r, Rv::scalar(s.clone()), DataType::String, TAGS),
        (_, Some(items)) => ctx.put(&r, Rv::list_of(items), DataType::Slist, TAGS),
        _ => ctx.put(&r, Rv::Container(v.clone()), DataType::Container, TAGS),
    }
}
