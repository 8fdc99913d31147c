//! `vars` promises (verify_vars.c's `VerifyVarPromise`): coercion of `int`
//! and `real` values, re-definition, the one-time evaluation of function
//! values, and the checks cf-agent makes before storing a variable.
//!
//! Spec: "Scalar variables", "List variables", "Data container variables",
//! "Associative arrays".

use crate::eval::message::ErrorKind;
use std::sync::Arc;

use crate::data::number::{format_fixed, int_from_string, real_from_string};
use crate::data::value::{DataType, Rv};
use crate::eval::context::EvalContext;
use crate::eval::promise::{evaluate_final_rval, promiser_ref, Expanded};
use crate::functions;
use crate::syntax::reference::{contains_var, is_cf3_var_string, is_expandable, is_naked_var};

fn is_legal_name(s: &str) -> bool {
    let b = s.as_bytes();
    let name_len = b.iter().take_while(|&&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || c >= 0x80).count();
    if name_len == 0 {
        return false;
    }
    let rest = &s[name_len..];
    // `(\[.+\])*` — greedy `.+`, so any rest that starts with `[` and ends
    // with `]` matches.
    rest.is_empty() || (rest.starts_with('[') && rest.ends_with(']') && rest.len() > 2)
}

/// `IsLegalVariableName`'s CFE-1915 check: a promiser `other.name` (the dot
/// before any bracket) names another bundle's variable; when a bundle of
/// that name exists it is refused.
fn remote_injection(ctx: &mut EvalContext, promiser: &str) -> bool {
    let head = promiser.split('[').next().unwrap_or(promiser);
    let Some((prefix, _)) = head.split_once('.') else {
        return false;
    };
    let current = ctx.bundle().map(|b| b.name.clone()).unwrap_or_default();
    if prefix == current || !ctx.policy.bundles.iter().any(|b| b.name == prefix) {
        return false;
    }
    ctx.error(ErrorKind::Variables, "Remote bundle variable injection detected!");
    true
}

/// Whether the value's shape fits the declared type.
fn shape_fits(rval: &Rv, ty: DataType) -> bool {
    match ty {
        DataType::String | DataType::Int | DataType::Real => matches!(rval, Rv::Scalar(_)),
        DataType::Slist | DataType::Ilist | DataType::Rlist => matches!(rval, Rv::List(_)),
        DataType::Container => matches!(rval, Rv::Container(_)),
    }
}

/// Verifies one iteration of a vars promise; `meta` promises store their
/// variables in the scope `<bundle>_meta` (cf-agent's `VarRefSetMeta`).
pub fn verify_var_promise(ctx: &mut EvalContext, exp: &Expanded, meta: bool) {
    let mut ok_redefine = true;
    let mut drop_undefined = false;
    let mut cp: Option<(DataType, &str, &Rv)> = None;
    let mut num_values = 0;
    for (lval, rval) in &exp.constraints {
        if lval == "policy" {
            match rval.as_scalar() {
                Some("ifdefined") => drop_undefined = true,
                Some("constant") => ok_redefine = false,
                _ => {}
            }
        } else if let Some(t) = DataType::from_lval(lval) {
            num_values += 1;
            cp = Some((t, lval, rval));
        }
    }
    let Some((ty, lval, cp_rval)) = cp else {
        ctx.warning(format!("Incomplete vars promise: {}", exp.promiser));
        return;
    };
    if num_values > 2 {
        ctx.error(
            ErrorKind::Variables,
            format!("Variable '{}' breaks its own promise with multiple ({num_values}) values", exp.promiser),
        );
        return;
    }
    let mut r = promiser_ref(ctx, &exp.promiser);
    if meta {
        r.scope = r.scope.map(|s| format!("{s}_meta"));
    }
    let existing = if is_expandable(&exp.promiser) { None } else { ctx.get(&r) };

    let mut rval = match cp_rval {
        Rv::FnCall(f) => {
            if let Some(ret) = functions::return_type(&f.name) {
                if ret != crate::functions::return_type::ReturnType::Data(ty) {
                    let b = ctx.bundle().map(|b| b.name.clone()).unwrap_or_default();
                    ctx.fatal(ErrorKind::Variables, format!(
                        "While setting variable '{}' in bundle '{b}', variable declared type '{lval}' but function '{}' returns type '{}'",
                        exp.promiser,
                        f.name,
                        ret.name()
                    ));
                    return;
                }
            }
            if existing.is_some() {
                return;
            }
            match functions::call(ctx, f) {
                (true, v) => v,
                (false, _) => return,
            }
        }
        Rv::Scalar(s) if ty == DataType::Int => match int_from_string(s) {
            Ok(i) => Rv::scalar(i.to_string()),
            Err(log) => {
                if let Some(l) = log {
                    ctx.error(ErrorKind::Variables, l);
                }
                return;
            }
        },
        Rv::Scalar(s) if ty == DataType::Real => match real_from_string(s) {
            Ok(d) => Rv::scalar(format_fixed(d, 6)),
            Err(log) => {
                if let Some(l) = log {
                    ctx.error(ErrorKind::Variables, l);
                }
                return;
            }
        },
        other => other.clone(),
    };

    if let Rv::Scalar(s) = &rval {
        if contains_var(s, &exp.promiser) {
            ctx.error(
                ErrorKind::Variables,
                format!("Scalar variable '{}' contains itself (non-convergent) '{s}'", exp.promiser),
            );
            ctx.fatal(
                ErrorKind::Variables,
                format!("Variable '{}' contains itself indirectly - an unkeepable promise", exp.promiser),
            );
            return;
        }
    }
    rval = evaluate_final_rval(ctx, &rval);

    if let Some(old) = &existing {
        if !ok_redefine {
            let _ = old;
            return;
        }
    }
    if is_cf3_var_string(&exp.promiser) {
        return;
    }
    if !is_legal_name(&exp.promiser) || remote_injection(ctx, &exp.promiser) {
        ctx.error(ErrorKind::Variables, format!("Variable identifier '{}' is not legal", exp.promiser));
        promise_ref(ctx);
        return;
    }
    if let Rv::List(items) = &rval {
        if drop_undefined {
            let kept: Vec<Rv> =
                items.iter().filter(|i| !i.as_scalar().is_some_and(|s| is_naked_var(s, b'@'))).cloned().collect();
            rval = Rv::List(Arc::new(kept));
        }
        if let Rv::List(items) = &rval {
            if items.iter().any(|i| !matches!(i, Rv::Scalar(_))) {
                return;
            }
        }
    }
    if !r.indices.is_empty() {
        if ty == DataType::Container {
            ctx.error(
                ErrorKind::Variables,
                format!(
                    "Cannot assign a container to an indexed variable name '{}'. Should be assigned to '{}' instead",
                    display_ref(&r),
                    r.lval
                ),
            );
            return;
        }
        if ctx.get(&r).is_some_and(|v| v.ty == DataType::Container) {
            ctx.error(ErrorKind::Variables, format!(
                "Cannot assign value to indexed variable name '{}', because a container is already assigned to the base name '{}'",
                display_ref(&r),
                display_ref(&r.indexless())
            ));
            return;
        }
    }
    if !shape_fits(&rval, ty) {
        ctx.error(
            ErrorKind::Variables,
            format!(
                "Variable '{}' expected a variable of type '{}', but was given incompatible value '{}'",
                display_ref(&r),
                ty.name(),
                rval.to_rval_string()
            ),
        );
        promise_ref(ctx);
        return;
    }
    let mut tags: Vec<String> = vec!["source=promise".into()];
    if let Some(m) = exp.get("meta") {
        match m {
            Rv::Scalar(s) => tags.push(s.to_string()),
            Rv::List(l) => tags.extend(l.iter().filter_map(|i| i.as_scalar().map(str::to_string))),
            _ => {}
        }
    }
    let tag_refs: Vec<&str> = tags.iter().map(String::as_str).collect();
    ctx.put(&r, rval, ty, &tag_refs);
    if let Some(Rv::Scalar(c)) = exp.get("comment") {
        ctx.set_comment(&r, c);
        if ctx.settings.verbose {
            ctx.verbose(format!("Added variable '{}' with comment '{c}'", r.lval));
        }
    }
}

/// `PromiseRef`: where the promise being verified comes from.
fn promise_ref(ctx: &mut EvalContext) {
    let (Some(b), Some(pp)) = (ctx.bundle(), ctx.stack.promise.as_ref()) else {
        return;
    };
    let msg = format!("Promise belongs to bundle '{}' in file '{}' near line {}", b.name, b.file, pp.line);
    ctx.error(ErrorKind::Variables, msg);
}

/// `VarRefToString(ref, true)`: `ns:scope.lval[i]`.
pub fn display_ref(r: &crate::syntax::varref::VarRef) -> String {
    let mut s = String::new();
    if let Some(ns) = &r.ns {
        s.push_str(ns);
        s.push(':');
    }
    if let Some(sc) = &r.scope {
        s.push_str(sc);
        s.push('.');
    }
    s.push_str(&r.name_with_indices());
    s
}

#[cfg(test)]
mod tests {
    use super::is_legal_name;

    #[test]
    fn legal_names() {
        assert!(is_legal_name("a_b.c"));
        assert!(is_legal_name("a[x y]"));
        assert!(!is_legal_name("a b"));
        assert!(!is_legal_name("[x]"));
    }
}
