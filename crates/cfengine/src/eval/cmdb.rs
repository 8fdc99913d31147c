//! Host-specific data ("CMDB"), as cf-agent 3.21's `LoadCMDBData`
//! (libpromises/cmdb.c) installs it at start-up, before the augments:
//! `$(sys.workdir)/data/host_specific.json` (at most 5 MB) gives
//! - `vars` and `variables` (each a bare value or, in `variables`, an
//!   object with `value`, `tags`, `comment`): variables, `data:variables.NAME`
//!   for a plain name, else the bundle (and namespace) the name gives;
//! - `classes`: classes, `data:NAME` unless the name gives a namespace —
//!   only unconditional ones: `"any::"`, `["any::"]`, or an object whose
//!   `class_expressions` / `regular_expressions` are empty or `any`.
//!
//! Everything is tagged `source=cmdb`, which the augments then cannot
//! override. Unlike the augments nothing is expanded: a section holding a
//! variable reference is refused whole.

use confer_core::Value;

use crate::data::json;
use crate::data::value::{DataType, Rv};
use crate::eval::context::EvalContext;
use crate::eval::logged::Logged;
use crate::syntax::varref::VarRef;

/// The tag of everything the host-specific data defines (`CMDB_SOURCE_TAG`).
pub const TAG: &str = "source=cmdb";

/// The largest host-specific data file cf-agent reads (5 MB).
const MAX_SIZE: u64 = 5 << 20;

/// The namespace of a variable or class whose name gives none.
const NAMESPACE: &str = "data";

/// A class name this long or longer is not defined (`CF_MAXVARSIZE` in
/// `EvalContextClassPutTagsSet`).
const MAX_CLASS_NAME: usize = 1024;

/// Reads `WORKDIR/data/host_specific.json` into the context; what it
/// logged, to be said once the run's output is set up.
pub fn load(ctx: &mut EvalContext, workdir: &str) -> Vec<Logged> {
    let mut said = Vec::new();
    if !load_file(ctx, &mut said, &format!("{workdir}/data/host_specific.json")) {
        said.push(Logged::error("Failed to load CMDB data"));
    }
    said
}

/// `LoadCMDBData`: whether all went well (a missing file is no error).
fn load_file(ctx: &mut EvalContext, said: &mut Vec<Logged>, path: &str) -> bool {
    // One byte more than the limit tells a file over it from one at it.
    let bytes = match crate::functions::bounded_read(ctx, path, MAX_SIZE + 1) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            said.push(Logged::verbose(format!("No host-specific JSON data available at '{path}'")));
            return true;
        }
        // cf-agent's own spelling.
        Err(_) => {
            said.push(Logged::error(format!("Cannot read host-spefic JSON data from '{path}'")));
            return false;
        }
    };
    if bytes.len() as u64 > MAX_SIZE {
        said.push(Logged::error(format!("Could not parse JSON file {path}: Unable to parse JSON without truncating")));
        return false;
    }
    let doc = match json::parse(&String::from_utf8_lossy(&bytes)) {
        Ok(Value::Hash(doc)) => doc,
        Ok(_) => {
            said.push(Logged::error(format!("Invalid CMDB contents in '{path}', must be a JSON object")));
            return false;
        }
        Err(e) => {
            said.push(Logged::error(format!("Could not parse JSON file {path}: {e}")));
            return false;
        }
    };
    said.push(Logged::verbose(format!("Loaded CMDB data file '{path}', installing contents")));
    for key in doc.keys() {
        let key = text(key);
        if !matches!(key.as_str(), "vars" | "classes" | "variables") {
            said.push(Logged::warning(format!("Invalid key '{key}' in the CMDB data file '{path}', skipping it")));
        }
    }
    let get = |k: &str| doc.get(&Value::String(k.into())).filter(|v| !matches!(v, Value::Undef));
    let mut ok = true;
    if let Some(vars) = get("vars") {
        ok &= section(said, "vars", vars).is_some_and(|vars| {
            for (key, data) in vars.iter() {
                let key = text(key);
                if let Some(r) = var_ref(said, &key) {
                    put(ctx, said, &key, &r, data, vec![], None);
                }
            }
            true
        });
    }
    if let Some(variables) = get("variables") {
        ok &= section(said, "variables", variables).is_some_and(|variables| {
            for (key, info) in variables.iter() {
                variable(ctx, said, &text(key), info);
            }
            true
        });
    }
    if let Some(classes) = get("classes") {
        ok &= section(said, "classes", classes).is_some_and(|classes| {
            for (key, data) in classes.iter() {
                class(ctx, said, &text(key), data);
            }
            true
        });
    }
    ok
}

/// The object a section (`vars`, `variables`, `classes`) must be, holding
/// no variable reference anywhere (`ReadCMDBVars` and its kin); `None`
/// when the section is refused.
fn section<'v>(said: &mut Vec<Logged>, name: &str, v: &'v Value) -> Option<&'v confer_core::HashMap> {
    let Value::Hash(h) = v else {
        said.push(Logged::error(format!("Invalid '{name}' CMDB data, must be a JSON object")));
        return None;
    };
    if has_reference(v) {
        said.push(Logged::error(format!("Invalid '{name}' CMDB data, cannot contain variable references")));
        return None;
    }
    Some(h)
}

/// `StringContainsUnresolved` over every string and key of `v`.
fn has_reference(v: &Value) -> bool {
    let unresolved = |s: &str| ["$(", "${", "@(", "@{"].iter().any(|r| s.contains(r));
    match v {
        Value::String(s) => unresolved(s),
        Value::Array(items) => items.iter().any(has_reference),
        Value::Hash(h) => h.iter().any(|(k, v)| unresolved(&text(k)) || has_reference(v)),
        _ => false,
    }
}

/// One entry of `variables` (`ReadCMDBVariables`): a bare value, or
/// `value` with `tags` and `comment`.
fn variable(ctx: &mut EvalContext, said: &mut Vec<Logged>, key: &str, info: &Value) {
    let Some(r) = var_ref(said, key) else { return };
    let Value::Hash(meta) = info else {
        put(ctx, said, key, &r, info, vec![], None);
        return;
    };
    let field = |k: &str| meta.get(&Value::String(k.into()));
    let Some(value) = field("value") else {
        said.push(Logged::error(format!(
            "Missing value in '{key}' variable specification in CMDB data (value field is required)"
        )));
        return;
    };
    let tags = tags(said, "variable", key, field("tags"));
    let comment = comment(said, "variable", key, field("comment"));
    put(ctx, said, key, &r, value, tags, comment);
}

/// `GetCMDBVariableRef`: the variable a key names, in `data:variables`
/// unless it says otherwise; a namespace needs a bundle name too.
fn var_ref(said: &mut Vec<Logged>, key: &str) -> Option<VarRef> {
    let mut r = VarRef::parse_with(key, None, None);
    if r.ns.is_some() && r.scope.is_none() {
        said.push(Logged::error(format!(
            "Invalid variable specification in CMDB data: '{key}' (bundle name has to be specified if namespace is specified)"
        )));
        return None;
    }
    r.ns.get_or_insert_with(|| NAMESPACE.into());
    r.scope.get_or_insert_with(|| "variables".into());
    Some(r)
}

/// `AddCMDBVariable`: a primitive becomes a string, an array of primitives
/// an slist, anything else a data container; tagged with the tags given,
/// then `source=cmdb`. A `null` value cf-agent 3.21 crashes on; confer
/// reports it as a variable it failed to add.
fn put(
    ctx: &mut EvalContext,
    said: &mut Vec<Logged>,
    key: &str,
    r: &VarRef,
    data: &Value,
    given_tags: Vec<String>,
    comment: Option<String>,
) {
    let at = format!("{}:{}", r.ns.as_deref().unwrap_or(NAMESPACE), r.scope.as_deref().unwrap_or_default());
    let tags = with_tag(given_tags);
    let tags: Vec<&str> = tags.iter().map(String::as_str).collect();
    match (data, primitives(data)) {
        (Value::Undef, _) => {
            said.push(Logged::error(format!("Failed to add CMDB variable '{key}'")));
            return;
        }
        (Value::Array(_), Some(items)) => {
            said.push(Logged::verbose(format!("Installing CMDB slist variable '{at}.{key}'")));
            ctx.put(r, Rv::list_of(items), DataType::Slist, &tags);
        }
        (Value::Array(_) | Value::Hash(_), _) => {
            said.push(Logged::verbose(format!("Installing CMDB data container variable '{at}.{key}'")));
            ctx.put(r, Rv::Container(data.clone()), DataType::Container, &tags);
        }
        (primitive, _) => {
            let value = text(primitive);
            said.push(Logged::verbose(format!("Installing CMDB variable '{at}.{key}={value}'")));
            ctx.put(r, Rv::scalar(value), DataType::String, &tags);
        }
    }
    if let Some(c) = comment {
        ctx.set_comment(r, &c);
    }
}

/// One entry of `classes` (`ReadCMDBClasses`): CMDB classes are
/// unconditional, so the only conditions accepted are those that always
/// hold.
fn class(ctx: &mut EvalContext, said: &mut Vec<Logged>, key: &str, data: &Value) {
    match data {
        Value::Array(items) if primitives(data).is_some() => {
            // An empty list crashes cf-agent 3.21; confer names no item.
            let first = items.first().map(text).unwrap_or_default();
            if items.len() != 1 || first != "any::" {
                said.push(Logged::error(format!(
                    "Invalid class specification '{first}' in CMDB data, only '[\"any::\"]' allowed"
                )));
                return;
            }
            add_class(ctx, said, key, vec![], None);
        }
        Value::Array(_) => said.push(Logged::error(format!("Invalid CMDB class data for class '{key}'"))),
        Value::Hash(meta) => {
            let field = |k: &str| meta.get(&Value::String(k.into())).filter(|v| !matches!(v, Value::Undef));
            if !always(field("class_expressions"), "any::") {
                said.push(Logged::error(format!(
                    "Invalid class expression rules for class '{key}' in CMDB data, only '[]' or '[\"any::\"]' allowed"
                )));
                return;
            }
            if !always(field("regular_expressions"), "any") {
                said.push(Logged::error(format!(
                    "Invalid regular expression rules for class '{key}' in CMDB data, only '[]' or '[\"any\"]' allowed"
                )));
                return;
            }
            let tags = tags(said, "class", key, field("tags"));
            let comment = comment(said, "class", key, field("comment"));
            add_class(ctx, said, key, tags, comment);
        }
        primitive => {
            let expr = text(primitive);
            if expr != "any::" {
                said.push(Logged::error(format!(
                    "Invalid class specification '{expr}' in CMDB data, only \"any::\" allowed"
                )));
                return;
            }
            add_class(ctx, said, key, vec![], None);
        }
    }
}

/// Whether a class's rules (absent, or a list) can only hold: none, or the
/// one rule `any`.
fn always(rules: Option<&Value>, any: &str) -> bool {
    match rules {
        None => true,
        Some(Value::Array(items)) => match items.as_slice() {
            [] => true,
            [only] => json::is_primitive(only) && text(only) == any,
            _ => false,
        },
        Some(_) => false,
    }
}

/// `AddCMDBClass`: the class `ns:name` or `data:name`, its name
/// canonified as `EvalContextClassPutTagsSet` does.
fn add_class(
    ctx: &mut EvalContext,
    said: &mut Vec<Logged>,
    key: &str,
    given_tags: Vec<String>,
    comment: Option<String>,
) {
    let (ns, name) = key.split_once(':').unwrap_or((NAMESPACE, key));
    if name.len() >= MAX_CLASS_NAME {
        said.push(Logged::warning(format!(
            "Skipping adding class [{name}] as its name is equal or longer than {MAX_CLASS_NAME}"
        )));
        said.push(Logged::error(format!("Failed to add CMDB class '{key}'")));
        return;
    }
    said.push(Logged::verbose(format!("Installing CMDB class '{key}'")));
    let name = crate::syntax::class_expr::canonify(name.trim_end_matches(|c: char| c.is_ascii_whitespace()));
    let qualified = if ns == "default" { name } else { format!("{ns}:{name}") };
    ctx.define_class(&qualified, false, with_tag(given_tags));
    if let Some(c) = comment {
        ctx.defined.class_comments.insert(qualified, c);
    }
}

/// `GetTagsFromJsonTags`: the tags given, when they are a list of
/// primitives.
fn tags(said: &mut Vec<Logged>, kind: &str, key: &str, given: Option<&Value>) -> Vec<String> {
    match given {
        None | Some(Value::Undef) => vec![],
        Some(given) => primitives(given).unwrap_or_else(|| {
            said.push(Logged::error(format!(
                "Invalid json_tags information for {kind} '{key}' in CMDB data: must be a JSON array of strings"
            )));
            vec![]
        }),
    }
}

/// `GetCMDBComment`.
fn comment(said: &mut Vec<Logged>, kind: &str, key: &str, given: Option<&Value>) -> Option<String> {
    match given? {
        Value::Undef => None,
        Value::String(s) => Some(s.to_string()),
        _ => {
            said.push(Logged::error(format!(
                "Invalid type of the 'comment' field for the '{key}' {kind} in CMDB data, must be a string"
            )));
            None
        }
    }
}

/// The tags given, then `source=cmdb`, each once (cf-agent's tags are a
/// set).
fn with_tag(mut tags: Vec<String>) -> Vec<String> {
    tags.push(TAG.into());
    let mut seen = std::collections::HashSet::new();
    tags.retain(|t| seen.insert(t.clone()));
    tags
}

/// The texts of an array holding only primitives, else `None`.
fn primitives(v: &Value) -> Option<Vec<String>> {
    match v {
        Value::Array(items) if items.iter().all(json::is_primitive) => Some(items.iter().map(text).collect()),
        _ => None,
    }
}

/// A primitive's text as libntech gives it (`null` for null); a key's text.
fn text(v: &Value) -> String {
    match v {
        Value::Undef => "null".into(),
        other => json::primitive_to_string(other).unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests;
