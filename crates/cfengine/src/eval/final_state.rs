//! What a run leaves defined, for tools (`--format json`, the library's
//! `run_with_state`): the variables with their values as JSON, the classes,
//! and what `files` promises changed.

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
use crate::eval::defined::VarKey;

/// What a run leaves defined, for tools: each variable's qualified name
/// (as `--show-vars` writes it) and its value as JSON, and the classes.
#[derive(Debug, Default)]
pub struct FinalState {
    /// `(name, JSON value)`, sorted by name.
    pub vars: Vec<(String, String)>,
    /// The defined classes, sorted.
    pub classes: Vec<String>,
    /// What `files` promises changed, in order (`edited /etc/motd`).
    pub files_changed: Vec<String>,
}

/// The variables and classes `ctx` holds.
pub fn final_state(ctx: &EvalContext) -> FinalState {
    let mut vars: Vec<(String, String)> =
        ctx.defined.vars.iter().map(|(k, v)| (qualified_name(k), value_json(&v.rval))).collect();
    vars.sort();
    let mut classes: Vec<String> = ctx.defined.classes.iter().map(|c| c.to_string()).collect();
    classes.sort();
    FinalState { vars, classes, files_changed: ctx.agent.file_changes.clone() }
}

/// A value as JSON: a string, a list of strings, or the data container.
fn value_json(r: &Rv) -> String {
    let mut out = String::new();
    match r {
        Rv::Scalar(s) => confer_core::json_string::push_json_string(&mut out, s),
        Rv::List(_) => {
            out.push('[');
            for (i, item) in r.list_strings().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                confer_core::json_string::push_json_string(&mut out, item);
            }
            out.push(']');
        }
        Rv::Container(c) => out.push_str(&crate::data::json::write_compact(c)),
        Rv::FnCall(_) => confer_core::json_string::push_json_string(&mut out, &r.to_display()),
    }
    out
}

/// A variable's name as cf-promises shows it: `ns:scope.lval[i]…`.
pub(crate) fn qualified_name(k: &VarKey) -> String {
    let mut name = format!("{}:{}.{}", k.ns.as_deref().unwrap_or("default"), k.scope, k.lval);
    for i in &k.indices {
        name.push_str(&format!("[{i}]"));
    }
    name
}
