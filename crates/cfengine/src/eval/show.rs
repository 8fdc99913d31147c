//! `--show-vars` and `--show-classes`: the variable and class tables after
//! pre-evaluation, in cf-promises' layout (generic_agent.c's
//! `GenericAgentShowVariablesFormatted` / `...ContextsFormatted`): one row
//! per entry, sorted as text, columns padded to 40/60/40/40 (variables) and
//! 60/40/40 (classes), names qualified with their namespace.

use std::sync::Arc;

use crate::data::value::{DataType, Rv, Variable};
use crate::eval::context::{EvalContext, Sink};
use crate::eval::final_state::qualified_name;
use crate::eval::options::{Options, Table};
use crate::eval::run::{load_checked, preliminary_convergence};
use crate::syntax::varref::VarRef;

/// `StringIsPrintable`: every byte is printable ASCII (the C locale's
/// `isprint`); otherwise cf-promises shows `<non-printable>`.
fn printable(s: &str) -> bool {
    s.bytes().all(|b| (0x20..0x7f).contains(&b))
}

/// `ScalarWrite` as `RvalWrite` uses it: double quotes escaped.
fn scalar_text(s: &str) -> String {
    s.replace('"', "\\\"")
}

/// `RvalWrite`: a scalar escaped, a list as ` {"a","b"}` (empty when it has
/// no items), a container as compact JSON.
fn value_text(r: &Rv) -> String {
    match r {
        Rv::Scalar(s) => scalar_text(s),
        Rv::List(_) => {
            let items = r.list_strings();
            if items.is_empty() {
                return String::new();
            }
            let quoted: Vec<String> = items.iter().map(|s| format!("\"{}\"", scalar_text(s))).collect();
            format!(" {{{}}}", quoted.join(","))
        }
        Rv::Container(c) => crate::data::json::write_compact(c),
        Rv::FnCall(_) => r.to_display(),
    }
}

/// The variable table's rows.
pub fn var_rows(ctx: &EvalContext) -> Vec<String> {
    let mut rows: Vec<String> = ctx
        .defined
        .vars
        .iter()
        .map(|(k, v)| {
            let name = qualified_name(k);
            let value = value_text(&v.rval);
            let value = if printable(&value) { value } else { "<non-printable>".to_string() };
            let tags: Vec<&str> = v.tags.iter().map(|t| &**t).collect();
            let comment = v.comment.as_deref().unwrap_or("");
            format!("{name:<40} {value:<60} {:<40} {comment:<40}", tags.join(","))
        })
        .collect();
    rows.sort();
    rows
}

/// The class table's rows.
pub fn class_rows(ctx: &EvalContext) -> Vec<String> {
    let mut rows: Vec<String> = ctx
        .defined
        .classes
        .iter()
        .map(|c| {
            let tags = ctx.defined.class_tags.get(c).map(|t| t.join(",")).unwrap_or_default();
            let comment = ctx.defined.class_comments.get(c).map_or("", String::as_str);
            format!("{c:<60} {tags:<40} {comment:<40}")
        })
        .collect();
    rows.sort();
    rows
}

/// The control bodies' attributes as variables (`control_common.inputs`,
/// `control_agent.ifelapsed`, ...), as cf-promises defines them once the
/// bundles are pre-evaluated: each attribute whose class guard holds,
/// expanded (what is still undefined stays as written), in the scope
/// `control_<component>`.
fn control_vars(ctx: &mut EvalContext) {
    let bodies = ctx.policy.bodies.clone();
    let saved = ctx.stack.this.clone();
    for b in bodies.iter().filter(|b| b.name == "control") {
        let dir = crate::eval::run::dir_of(&b.file);
        let first = ctx.policy.bundles.first().cloned();
        if let Some(f) = &first {
            crate::eval::bundle_stack::push_bundle(ctx, f, vec![]);
        }
        for (k, v) in [("promise_filename", b.file.to_string()), ("promise_dirname", dir)] {
            ctx.stack.this.insert(
                k.into(),
                Variable { rval: Rv::scalar(v), ty: DataType::String, tags: Arc::new(vec![]), comment: None },
            );
        }
        for c in &b.constraints {
            if ctx.eval_class_expr(&c.classes) != Some(true) {
                continue;
            }
            let v = crate::eval::promise::evaluate_final_rval(ctx, &Rv::from_ast(&c.rval));
            let ty = match v {
                Rv::List(_) => DataType::Slist,
                Rv::Container(_) => DataType::Container,
                _ => DataType::String,
            };
            let r = VarRef {
                ns: Some(b.ns.clone()),
                scope: Some(format!("control_{}", b.kind)),
                lval: c.lval.clone(),
                indices: vec![],
            };
            ctx.put(&r, v, ty, &["source=promise"]);
        }
        if first.is_some() {
            ctx.stack.bundles.pop();
        }
    }
    ctx.stack.this = saved;
}

/// What cf-promises' table holds that the agent's pre-evaluation differs
/// on: meta promises are not evaluated (no `<bundle>_meta` variables), and
/// `def.jq`, the command line cf-promises defines for `jq`, is there.
fn cf_promises_view(ctx: &mut EvalContext) {
    let bundles: std::collections::HashSet<String> =
        ctx.policy.bundles.iter().map(|b| format!("{}_meta", b.name)).collect();
    ctx.defined.vars.retain(|k, _| !bundles.contains(&k.scope));
    let r = VarRef { ns: Some("default".into()), scope: Some("def".into()), lval: "jq".into(), indices: vec![] };
    let jq = "jq --compact-output --monochrome-output --ascii-output --unbuffered --sort-keys";
    ctx.put(&r, Rv::scalar(jq), DataType::String, &["invocation", "source=agent", "command_name=jq"]);
}

/// Checks and pre-evaluates the policy as `validate` does, then prints the
/// table; the exit code is `validate`'s (no table for a rejected policy).
/// The table's header line.
fn header(table: Table) -> String {
    match table {
        Table::Vars => {
            format!("{:<40} {:<60} {:<40} {:<40}", "Variable name", "Variable value", "Meta tags", "Comment")
        }
        Table::Classes => format!("{:<60} {:<40} {:<40}", "Class name", "Meta tags", "Comment"),
    }
}

/// cf-agent's `--show-evaluated-vars` / `--show-evaluated-classes`: the
/// policy runs, then the table of what it left defined is printed.
pub fn run_and_show(opts: &Options, table: Table, out: &mut dyn Sink, err: &mut dyn Sink) -> i32 {
    let Some(mut ctx) = load_checked(opts, out, err) else {
        return 1;
    };
    let code = crate::eval::run::run_loaded(&mut ctx, opts);
    let rows = match table {
        Table::Vars => var_rows(&ctx),
        Table::Classes => class_rows(&ctx),
    };
    ctx.out.line(&header(table));
    for r in rows {
        ctx.out.line(&r);
    }
    code
}

/// `cf-promises --show-vars` / `--show-classes`: the table after
/// pre-evaluation; the exit code.
pub fn show(opts: &Options, table: Table, out: &mut dyn Sink, err: &mut dyn Sink) -> i32 {
    let mut log: Vec<String> = vec![];
    let (rows, aborted) = {
        let Some(mut ctx) = load_checked(opts, &mut log, err) else {
            for l in log {
                out.line(&l);
            }
            return 1;
        };
        // cf-promises is the `common` component, not the `agent`.
        ctx.defined.classes.remove("agent");
        ctx.defined.class_tags.remove("agent");
        ctx.defined.classes.insert("common".into());
        ctx.defined
            .class_tags
            .insert("common".into(), vec!["cfe_internal".into(), "source=agent".into(), "hardclass".into()]);
        preliminary_convergence(&mut ctx, false);
        control_vars(&mut ctx);
        cf_promises_view(&mut ctx);
        let rows = match table {
            Table::Vars => var_rows(&ctx),
            Table::Classes => class_rows(&ctx),
        };
        (rows, ctx.halt.aborted)
    };
    for l in log {
        out.line(&l);
    }
    if let Some(code) = aborted {
        return code;
    }
    out.line(&header(table));
    for r in rows {
        out.line(&r);
    }
    0
}
