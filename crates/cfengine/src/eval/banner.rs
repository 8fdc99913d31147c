//! cf-agent's verbose banner before it carries out a promise
//! (`PromiseBanner` in ornaments.c): its handle, type and pass, the
//! promiser, the bundle (with its arguments), the class guard, the stack
//! path and the promise's comment. Said once for each iteration of a
//! promise, with `-v` only.

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
use crate::eval::promise::Expanded;
use crate::syntax::ast::Promise;
use crate::syntax::class_expr::canonify;

/// Longest head and tail kept of a promiser that spans lines
/// (`CF_MAXFRAGMENT`).
const MAX_FRAGMENT: usize = 19;

/// Says the banner of `pp`, expanded as `exp`, of type `ptype`.
pub fn promise_banner(ctx: &mut EvalContext, pp: &Promise, exp: &Expanded, ptype: &str) {
    let key = format!("{}\u{1}{}", crate::eval::bundle_stack::lock_key(ctx, ptype, exp), ctx.stack.iteration);
    if !ctx.agent.locks.insert(format!("banner\u{1}{key}")) {
        return;
    }
    let Some(frame) = ctx.stack.bundles.last() else { return };
    let bundle = frame.bundle.clone();
    let args = frame.args.clone();
    let handle = match exp.get("handle").and_then(Rv::as_scalar) {
        Some(h) => h.to_string(),
        None => {
            let file = bundle.file.rsplit('/').next().unwrap_or(&bundle.file);
            format!("promise_{}_{}", canonify(file), pp.line)
        }
    };
    let mut lines = vec![
        "P: .........................................................".to_string(),
        format!("P: BEGIN promise '{handle}' of type \"{ptype}\" (pass {})", ctx.stack.pass),
        format!("P:    Promiser/affected object: '{}'", abbreviated(&exp.promiser)),
    ];
    if args.is_empty() {
        lines.push(format!("P:    Part of bundle: {}", bundle.name));
    } else {
        let shown: Vec<String> = args.iter().map(rlist_item).collect();
        lines.push(format!("P:    From parameterized bundle: {}( {{{}}})", bundle.name, shown.join(",")));
    }
    lines.push(format!("P:    Base context class: {}", pp.classes));
    for (lval, word) in [("if", "if"), ("ifvarclass", "if"), ("unless", "unless")] {
        if let Some(c) = pp.constraint(lval) {
            let condition = match &c.rval {
                crate::syntax::ast::Rval::Scalar(s) => s.to_string(),
                other => other.to_string(),
            };
            lines.push(format!("P:    \"{word}\" class condition: {condition}"));
            break;
        }
    }
    lines.push(format!("P:    Stack path: {}", stack_path(ctx, ptype, &exp.promiser)));
    if let Some(comment) = exp.get("comment").and_then(Rv::as_scalar) {
        lines.push("P:".to_string());
        lines.push(format!("P:    Comment:  {comment}"));
    }
    for line in lines {
        ctx.verbose(line);
    }
}

/// `EvalContextStackPath`: each bundle called and the methods promise
/// that called the next, then this promise and its iteration.
fn stack_path(ctx: &EvalContext, ptype: &str, promiser: &str) -> String {
    let mut path = String::new();
    let depth = ctx.stack.bundles.len();
    for (i, frame) in ctx.stack.bundles.iter().enumerate() {
        path.push_str(&format!("/{}/{}", frame.bundle.ns, frame.bundle.name));
        if i + 1 < depth {
            let callers = &ctx.stack.method_calls;
            let caller = (i + callers.len() + 1).checked_sub(depth).and_then(|n| callers.get(n));
            path.push_str(&format!("/methods/'{}'", caller.map_or("", |c| c.promiser.as_str())));
        }
    }
    path.push_str(&format!("/{ptype}/'{promiser}'[{}]", ctx.stack.iteration));
    path
}

/// An argument as `RlistWrite` writes it: a string quoted, a list braced.
fn rlist_item(v: &Rv) -> String {
    match v {
        Rv::Scalar(s) => format!("\"{s}\""),
        Rv::List(items) => format!("{{{}}}", items.iter().map(rlist_item).collect::<Vec<_>>().join(",")),
        other => other.to_display(),
    }
}

/// `StringAppendAbbreviatedPromise`: a promiser spanning lines as its
/// first and last few characters.
fn abbreviated(promiser: &str) -> String {
    let Some(nl) = promiser.find('\n') else { return promiser.to_string() };
    let head = &promiser[..crate::data::value::prefix_within(promiser, nl.min(MAX_FRAGMENT)).len()];
    let last = &promiser[promiser.rfind('\n').map_or(0, |i| i + 1)..];
    let tail_start = last.len().saturating_sub(MAX_FRAGMENT);
    let tail = last.get(tail_start..).unwrap_or(last);
    format!("{head}...{tail}")
}
