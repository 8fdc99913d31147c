//! Functions that look at the policy and the evaluation state rather than
//! at their arguments: bundlesmatching, bundlestate, getvariablemetatags,
//! callstack_promisers.

use confer_core::Value;

use super::host::FunctionHost;
use crate::data::json;
use crate::data::value::{DataType, Rv};
use crate::syntax::ast::FnCall;
use crate::syntax::varref::VarRef;

use super::regex::full_match;
use super::{arg_str, Failed, FnResult};

/// `bundlesmatching(regex, tag_regex...)`: the qualified names (`ns:name`)
/// of the bundles whose name matches, and whose `meta` `tags` match every
/// tag regex when some are given. cf-agent prepends each match, so the
/// result lists the bundles in reverse policy order.
pub(super) fn bundlesmatching(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let regex = arg_str(a, 0).to_string();
    let tag_regexes: Vec<String> = a.iter().skip(1).filter_map(|t| t.as_scalar().map(str::to_string)).collect();
    let bundles = ctx.policy().bundles.clone();
    let mut matches: Vec<String> = vec![];
    for b in bundles.iter() {
        let name = format!("{}:{}", b.ns, b.name);
        if !full_match(ctx, &regex, &name)? {
            continue;
        }
        let found = tag_regexes.is_empty() || {
            let tags = bundle_tags(ctx, &b.ns, &b.name);
            let mut all = true;
            for t in &tag_regexes {
                let mut any = false;
                for tag in &tags {
                    any |= full_match(ctx, t, tag)?;
                }
                all &= any;
            }
            all
        };
        if found {
            matches.push(name);
        }
    }
    matches.reverse();
    Ok(Rv::list_of(matches))
}

/// The `tags` a bundle declares in its `meta` promises (a list, or a
/// comma-separated string).
fn bundle_tags(ctx: &dyn FunctionHost, ns: &str, bundle: &str) -> Vec<String> {
    let r = VarRef { ns: Some(ns.into()), scope: Some(format!("{bundle}_meta")), lval: "tags".into(), indices: vec![] };
    match ctx.get(&r).map(|v| v.rval) {
        Some(Rv::Scalar(s)) => s.split(',').map(str::to_string).collect(),
        Some(l @ Rv::List(_)) => l.list_strings().iter().map(|s| s.to_string()).collect(),
        _ => vec![],
    }
}

/// The scope key of a variable as `DefaultTemplateData` writes it: the
/// bundle, `ns:bundle` outside the default namespace.
fn scope_key(k: &crate::eval::defined::VarKey) -> String {
    match k.ns.as_deref() {
        None | Some("default") => k.scope.clone(),
        Some(ns) => format!("{ns}:{}", k.scope),
    }
}

/// A variable's key inside its scope object: its name with indices.
fn lval_key(k: &crate::eval::defined::VarKey) -> String {
    VarRef { ns: None, scope: None, lval: k.lval.clone(), indices: k.indices.clone() }.name_with_indices()
}

/// `bundlestate(bundle)`: the bundle's variables as an object keyed by name
/// (with indices, `a[k]`); fails when the bundle has none.
pub(super) fn bundlestate(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let want = arg_str(a, 0);
    let entries: Vec<(String, Value)> = ctx
        .defined()
        .vars
        .iter()
        .filter(|(k, _)| scope_key(k) == want)
        .map(|(k, v)| (lval_key(k), to_json(&v.rval, v.ty)))
        .collect();
    if entries.is_empty() {
        return Err(Failed);
    }
    Ok(Rv::Container(json::object(entries)))
}

/// `datastate()`: `{"classes": {name: true, ...}, "vars": {scope: {...}}}`
/// with the global classes, the current bundle's classes, and every
/// variable (`DefaultTemplateData` for all bundles).
pub(crate) fn datastate(ctx: &mut dyn FunctionHost, _: &FnCall, _: &[Rv]) -> FnResult {
    let mut classes: Vec<String> = ctx.defined().classes.iter().cloned().collect();
    if let Some(f) = ctx.frames().last() {
        classes.extend(f.classes.iter().cloned());
    }
    classes.sort();
    classes.dedup();
    let mut scopes: Vec<(String, Vec<(String, Value)>)> = vec![];
    for (k, v) in &ctx.defined().vars {
        let key = scope_key(k);
        let entry = (lval_key(k), to_json(&v.rval, v.ty));
        match scopes.iter_mut().find(|(s, _)| *s == key) {
            Some((_, e)) => e.push(entry),
            None => scopes.push((key, vec![entry])),
        }
    }
    let vars = json::object(scopes.into_iter().map(|(s, e)| (s, json::object(e))));
    let classes = json::object(classes.into_iter().map(|c| (c, Value::Boolean(true))));
    Ok(Rv::Container(json::object([("classes".to_string(), classes), ("vars".to_string(), vars)])))
}

/// `RvalToJson`: a scalar is a string, a list an array of strings.
fn to_json(r: &Rv, ty: DataType) -> Value {
    match r {
        Rv::Container(c) if ty == DataType::Container => c.clone(),
        Rv::List(_) => Value::array(r.list_strings().into_iter().map(Value::String).collect()),
        other => Value::String(other.to_display().into()),
    }
}

/// `getvariablemetatags(name, key?)`: the variable's tags, or with a key the
/// values of its `key=value` tags; fails for an undefined variable.
pub(super) fn getvariablemetatags(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let v = ctx.lookup(arg_str(a, 0)).ok_or(Failed)?;
    let key = a.get(1).and_then(Rv::as_scalar).map(|k| format!("{k}="));
    let tags: Vec<String> = v
        .tags
        .iter()
        .filter_map(|t| match &key {
            Some(k) => t.strip_prefix(k.as_str()).map(str::to_string),
            None => Some(t.to_string()),
        })
        .collect();
    Ok(Rv::list_of(tags))
}

/// `callstack_promisers()`: the promisers (as written) of the methods
/// promises that led to this one, outermost first
/// (`EvalContextGetPromiseCallerMethods`).
pub(super) fn callstack_promisers(ctx: &mut dyn FunctionHost, _: &FnCall, _: &[Rv]) -> FnResult {
    Ok(Rv::list_of(ctx.method_promisers().iter().map(String::as_str)))
}

/// `callstack_callers()`: the evaluation stack, outermost first, as
/// `EvalContextGetPromiseCallers` gives it: for each bundle its frame (the
/// bundle as cf-promises' JSON policy writes it), then the promise type,
/// the promise and the iteration that called the next bundle (or, for the
/// innermost, that is being evaluated). Each frame has its `depth` from
/// the outside and its `frame` number from the inside.
pub(super) fn callstack_callers(ctx: &mut dyn FunctionHost, _: &FnCall, _: &[Rv]) -> FnResult {
    use crate::data::json::object;
    use confer_core::Value;
    let text = |s: &str| Value::String(s.into());
    let mut frames: Vec<Vec<(String, Value)>> = vec![];
    let depth = ctx.frames().len();
    let callers = ctx.method_calls().len();
    for (i, frame) in ctx.frames().iter().enumerate() {
        frames.push(vec![
            ("type".into(), text("bundle")),
            ("bundle".into(), crate::syntax::policy_json::bundle(&frame.bundle)),
        ]);
        // The promise this bundle is at: the methods promise that called
        // the next one, or for the innermost the promise being evaluated.
        let at = if i + 1 < depth {
            (i + callers + 1)
                .checked_sub(depth)
                .and_then(|n| ctx.method_calls().get(n))
                .map(|c| ("methods".to_string(), c.promiser.clone(), c.classes.clone(), c.iteration))
        } else {
            ctx.promise().map(|pp| {
                let ptype = frame
                    .bundle
                    .sections
                    .iter()
                    .find(|s| s.promises.iter().any(|p| p.id == pp.id))
                    .map_or(String::new(), |s| s.promise_type.clone());
                let promiser = ctx.this().get("promiser").and_then(|v| v.rval.as_scalar().map(str::to_string));
                (ptype, promiser.unwrap_or_else(|| pp.promiser.to_string()), pp.classes.to_string(), ctx.iteration())
            })
        };
        if let Some((ptype, promiser, classes, iteration)) = at {
            frames.push(vec![("type".into(), text("promise_type")), ("promise_type".into(), text(&ptype))]);
            frames.push(vec![
                ("type".into(), text("promise")),
                ("promise_type".into(), text(&ptype)),
                ("promiser".into(), text(&promiser)),
                ("promise_classes".into(), text(&classes)),
                // The promise copies cf-agent stacks carry no comment.
                ("promise_comment".into(), text("")),
            ]);
            frames.push(vec![
                ("type".into(), text("iteration")),
                ("iteration_index".into(), Value::Integer(iteration.saturating_sub(1) as i64)),
            ]);
        }
    }
    let total = frames.len();
    let out = frames
        .into_iter()
        .enumerate()
        .map(|(i, mut f)| {
            f.push(("frame".into(), Value::Integer((total - i) as i64)));
            f.push(("depth".into(), Value::Integer(i as i64)));
            object(f)
        })
        .collect();
    Ok(Rv::Container(Value::array(out)))
}
