//! The augments file (`def_preferred.json` beside the policy file, else
//! `def.json`), as cf-agent's `LoadAugments` and `LoadAugmentsData` read it
//! once the host is discovered: every string of it (keys too) is expanded
//! first (`$(sys.…)`), then
//! - `vars` and `variables` (each a bare value or an object with `value`,
//!   `tags`, `comment`) become variables — `def.NAME` for a plain name,
//!   else the bundle (and namespace) the name gives;
//! - `classes` become classes when one of their conditions holds: a regex
//!   matching a defined class, or a class expression ending in `::` — as a
//!   string, a list, or an object with `class_expressions` or
//!   `regular_expressions`, `tags` and `comment`;
//! - `inputs` becomes the list `def.augments_inputs`;
//! - `augments` names further augments files, read in turn.
//!
//! A variable or class the host-specific data defined (tagged
//! `source=cmdb`, see [`crate::eval::cmdb`]) is left as it is.

use confer_core::Value;

use crate::data::json;
use crate::data::value::{DataType, Rv};
use crate::eval::cmdb;
use crate::eval::context::EvalContext;
use crate::eval::logged::Logged;
use crate::syntax::varref::VarRef;

/// The tag cf-agent gives to everything augments define.
const TAG: &str = "source=augments_file";

/// The largest augments file cf-agent reads (5 MB).
const MAX_SIZE: u64 = 5 << 20;

/// How deep `augments` may name further files: cf-agent has no limit and
/// a file naming itself never ends there; confer stops.
const MAX_NESTING: usize = 32;

/// Reads the augments of a policy whose file is in `input_dir`; what
/// reading them logged, to be said once the run's output is set up.
pub fn load(ctx: &mut EvalContext, input_dir: &str) -> Vec<Logged> {
    let preferred = format!("{input_dir}/def_preferred.json");
    let file = if std::fs::metadata(&preferred).is_ok_and(|m| m.is_file()) {
        preferred
    } else {
        format!("{input_dir}/def.json")
    };
    let mut errs = Vec::new();
    load_file(ctx, &mut errs, &file, 0);
    errs
}

/// `LoadAugmentsFiles`: whether the file (its name expanded) was read.
fn load_file(ctx: &mut EvalContext, errs: &mut Vec<Logged>, unexpanded: &str, nesting: usize) -> bool {
    let file = ctx.expand(unexpanded);
    if file.contains("/.json") || nesting > MAX_NESTING {
        return false;
    }
    let Ok(bytes) = crate::functions::bounded_read(ctx, &file, MAX_SIZE) else {
        return false;
    };
    match json::parse(&String::from_utf8_lossy(&bytes)) {
        Ok(doc) => load_data(ctx, errs, &file, &doc, nesting),
        Err(e) => {
            errs.push(Logged::error(format!("Could not parse JSON file {file}: {e}")));
            false
        }
    }
}

/// `LoadAugmentsData`.
fn load_data(ctx: &mut EvalContext, errs: &mut Vec<Logged>, file: &str, doc: &Value, nesting: usize) -> bool {
    let Value::Hash(doc) = doc else {
        errs.push(Logged::error(format!("Invalid augments file contents in '{file}', must be a JSON object")));
        return false;
    };
    let get = |k: &str| doc.get(&Value::String(k.into())).filter(|v| !matches!(v, Value::Undef));
    if let Some(vars) = get("vars") {
        match expand(ctx, vars) {
            Value::Hash(vars) => {
                for (k, v) in vars.iter() {
                    if let Value::String(name) = k {
                        put(ctx, errs, file, name, v, &[], None);
                    }
                }
            }
            _ => errs.push(Logged::error(format!("Invalid augments vars in '{file}', must be a JSON object"))),
        }
    }
    if let Some(variables) = get("variables") {
        match expand(ctx, variables) {
            Value::Hash(vars) => {
                for (k, info) in vars.iter() {
                    let Value::String(name) = k else { continue };
                    variable(ctx, errs, file, name, info);
                }
            }
            _ => errs.push(Logged::error(format!("Invalid augments variables in '{file}', must be a JSON object"))),
        }
    }
    if let Some(classes) = get("classes") {
        match expand(ctx, classes) {
            Value::Hash(classes) => {
                for (k, data) in classes.iter() {
                    let Value::String(name) = k else { continue };
                    class(ctx, errs, file, name, data);
                }
            }
            _ => errs.push(Logged::error(format!("Invalid augments classes in '{file}', must be a JSON object"))),
        }
    }
    if let Some(inputs) = get("inputs") {
        match strings(&expand(ctx, inputs)) {
            Some(items) => put_list(ctx, "def", "augments_inputs", items, vec![TAG.into()]),
            None => errs.push(Logged::error(format!(
                "Trying to augment inputs in '{file}' but the value was not a list of strings"
            ))),
        }
    }
    if let Some(further) = get("augments") {
        match strings(further) {
            Some(files) => {
                for f in files {
                    if !load_file(ctx, errs, &f, nesting + 1) {
                        errs.push(Logged::error(format!("Could not load requested further augments from file '{f}'")));
                    }
                }
            }
            None => errs.push(Logged::error(format!(
                "Trying to augment inputs in '{file}' but the value was not a list of strings"
            ))),
        }
    }
    true
}

/// One entry of `variables`: a bare value, or `value` with `tags` and
/// `comment`.
fn variable(ctx: &mut EvalContext, errs: &mut Vec<Logged>, file: &str, name: &str, info: &Value) {
    let Value::Hash(meta) = info else {
        put(ctx, errs, file, name, info, &[], None);
        return;
    };
    let field = |k: &str| meta.get(&Value::String(k.into())).filter(|v| !matches!(v, Value::Undef));
    let Some(value) = field("value") else {
        errs.push(Logged::error(format!(
            "Missing value for the augments variable '{name}' in '{file}' (value field is required)"
        )));
        return;
    };
    let tags = tags(errs, file, "variable", name, field("tags"));
    let comment = comment(errs, file, "variable", name, field("comment"));
    put(ctx, errs, file, name, value, &tags, comment);
}

/// One entry of `classes`.
fn class(ctx: &mut EvalContext, errs: &mut Vec<Logged>, file: &str, name: &str, data: &Value) {
    let (checks, tags, comment) = match data {
        Value::Hash(meta) => {
            let field = |k: &str| meta.get(&Value::String(k.into())).filter(|v| !matches!(v, Value::Undef));
            let (exprs, regexes) = (field("class_expressions"), field("regular_expressions"));
            let checks = match (exprs, regexes) {
                (Some(c), None) | (None, Some(c)) => strings(c).unwrap_or_default(),
                _ => {
                    errs.push(Logged::error(format!(
                        "Invalid augments class data for class '{name}' in '{file}': either \"class_expressions\" or \"regular_expressions\" need to be specified"
                    )));
                    return;
                }
            };
            let tags = tags(errs, file, "class", name, field("tags"));
            let comment = comment(errs, file, "class", name, field("comment"));
            (checks, tags, comment)
        }
        Value::Array(_) => match strings(data) {
            Some(checks) => (checks, vec![], None),
            None => {
                errs.push(Logged::error(format!("Invalid augments class data for class '{name}' in '{file}'")));
                return;
            }
        },
        primitive => match json::primitive_to_string(primitive) {
            Some(check) => (vec![check], vec![], None),
            None => {
                errs.push(Logged::error(format!("Invalid augments class data for class '{name}' in '{file}'")));
                return;
            }
        },
    };
    if checks.iter().any(|c| holds(ctx, errs, c)) && can_set_class(ctx, errs, name) {
        let mut all = tags;
        all.push(TAG.to_string());
        ctx.define_class(name, false, all);
        if let Some(c) = comment {
            ctx.defined.class_comments.insert(name.to_string(), c);
        }
    }
}

/// `CheckContextClassmatch`: a class expression ending in `::` holds when
/// it is true; anything else is a regex some defined class must match.
fn holds(ctx: &mut EvalContext, errs: &mut Vec<Logged>, check: &str) -> bool {
    if let Some(expr) = check.strip_suffix("::") {
        if expr.is_empty() {
            errs.push(Logged::error(format!("Invalid class expression in augments: '{check}'")));
            return false;
        }
        return ctx.eval_class_expr(expr).unwrap_or(false);
    }
    crate::functions::list::matching_classes(ctx, &[Rv::scalar(check)]).is_ok_and(|m| !m.is_empty())
}

/// `CanSetVariable`: the augments do not replace a variable the
/// host-specific data defined.
fn can_set_variable(ctx: &EvalContext, errs: &mut Vec<Logged>, r: &VarRef) -> bool {
    let from_cmdb =
        ctx.key(r).and_then(|k| ctx.defined.vars.get(&k)).is_some_and(|v| v.tags.iter().any(|t| &**t == cmdb::TAG));
    if from_cmdb {
        errs.push(Logged::verbose(format!(
            "Cannot set variable {}:{}.{} from augments, already defined from host-specific data",
            r.ns.as_deref().unwrap_or("default"),
            r.scope.as_deref().unwrap_or_default(),
            r.lval
        )));
    }
    !from_cmdb
}

/// `CanSetClass`: the augments do not redefine a class the host-specific
/// data defined.
fn can_set_class(ctx: &EvalContext, errs: &mut Vec<Logged>, spec: &str) -> bool {
    let (ns, name) = match spec.split_once(':') {
        Some((ns, name)) => (Some(ns), name),
        None => (None, spec),
    };
    let key = match ns {
        Some(ns) if ns != "default" => format!("{ns}:{name}"),
        _ => name.to_string(),
    };
    let from_cmdb = ctx.defined.class_tags.get(&key).is_some_and(|tags| tags.iter().any(|t| t == cmdb::TAG));
    if from_cmdb {
        // cf-agent prints a missing namespace with glibc's "(null)".
        errs.push(Logged::verbose(format!(
            "Cannot set class {}:{name} from augments, already defined from host-specific data",
            ns.unwrap_or("(null)")
        )));
    }
    !from_cmdb
}

/// `GetTagsFromAugmentsTags`.
fn tags(errs: &mut Vec<Logged>, file: &str, kind: &str, key: &str, given: Option<&Value>) -> Vec<String> {
    let Some(given) = given else { return vec![] };
    strings(given).unwrap_or_else(|| {
        errs.push(Logged::error(format!(
            "Invalid tags information for {kind} '{key}' in augments file '{file}': must be a JSON array of strings"
        )));
        vec![]
    })
}

/// `GetAugmentsComment`.
fn comment(errs: &mut Vec<Logged>, file: &str, kind: &str, key: &str, given: Option<&Value>) -> Option<String> {
    match given? {
        Value::String(s) => Some(s.to_string()),
        _ => {
            errs.push(Logged::error(format!(
                "Invalid type of the 'comment' field for the '{key}' {kind} in augments data in '{file}', must be a string"
            )));
            None
        }
    }
}

/// `JsonExpandElement`: every string and key with its variables expanded.
fn expand(ctx: &mut EvalContext, v: &Value) -> Value {
    match v {
        Value::String(s) => Value::String(ctx.expand(s).into()),
        Value::Array(items) => Value::array(items.iter().map(|i| expand(ctx, i)).collect()),
        Value::Hash(h) => json::object(h.iter().map(|(k, v)| {
            let key = match k {
                Value::String(s) => ctx.expand(s),
                other => json::primitive_to_string(other).unwrap_or_default(),
            };
            (key, expand(ctx, v))
        })),
        other => other.clone(),
    }
}

/// The strings of an array holding only primitives (numbers and booleans
/// as their text), else `None`.
fn strings(v: &Value) -> Option<Vec<String>> {
    match v {
        Value::Array(items) => items.iter().map(json::primitive_to_string).collect(),
        _ => None,
    }
}

/// A variable from augments: a primitive becomes a string, an array of
/// primitives an slist, anything else a data container. A namespace
/// needs a bundle name too.
fn put(
    ctx: &mut EvalContext,
    errs: &mut Vec<Logged>,
    file: &str,
    name: &str,
    v: &Value,
    extra_tags: &[String],
    comment: Option<String>,
) {
    let r = VarRef::parse_with(name, Some("default"), Some("def"));
    if r.ns.as_deref().is_some_and(|ns| ns != "default") && !name.contains('.') {
        errs.push(Logged::error(format!(
            "Invalid variable specification in augments data in '{file}': '{name}' (bundle name has to be specified if namespace is specified)"
        )));
        return;
    }
    if !can_set_variable(ctx, errs, &r) {
        return;
    }
    // The tags given, then cf-agent's own.
    let mut tags: Vec<&str> = extra_tags.iter().map(String::as_str).collect();
    tags.push(TAG);
    let tags = tags.as_slice();
    match (v, strings(v)) {
        (Value::Array(_) | Value::Hash(_), None) | (Value::Hash(_), _) => {
            ctx.put(&r, Rv::Container(v.clone()), DataType::Container, tags)
        }
        (Value::Array(_), Some(items)) => ctx.put(&r, Rv::list_of(items), DataType::Slist, tags),
        (primitive, _) => {
            let text = json::primitive_to_string(primitive).unwrap_or_default();
            ctx.put(&r, Rv::scalar(text), DataType::String, tags)
        }
    }
    if let Some(c) = comment {
        ctx.set_comment(&r, &c);
    }
}

/// `def.NAME` as an slist.
fn put_list(ctx: &mut EvalContext, scope: &str, name: &str, items: Vec<String>, tags: Vec<String>) {
    let r = VarRef { ns: Some("default".into()), scope: Some(scope.into()), lval: name.into(), indices: vec![] };
    let tags: Vec<&str> = tags.iter().map(String::as_str).collect();
    ctx.put(&r, Rv::list_of(items), DataType::Slist, &tags);
}
