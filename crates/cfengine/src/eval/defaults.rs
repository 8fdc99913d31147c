//! `defaults` promises (cf-agent.c's `DefaultVarPromise`): a bundle's
//! variable (a parameter, typically) replaced by the promise's value when it
//! is undefined, or when `if_match_regex` fully matches its value (for a
//! list, any of its items).

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
use crate::eval::promise::{promiser_ref, Expanded};
use crate::eval::verify_vars::verify_var_promise;
use crate::functions::regex::full_match;

/// Verifies one iteration of a defaults promise.
pub fn verify_defaults_promise(ctx: &mut EvalContext, exp: &Expanded) {
    let regex = exp.get("if_match_regex").and_then(Rv::as_scalar).map(str::to_string);
    let r = promiser_ref(ctx, &exp.promiser);
    let current = ctx.get(&r).map(|v| v.rval);
    let replace = match (&current, &regex) {
        // A defined scalar is kept without a regex, and when it does not
        // match it (a failed regex keeps it too).
        (Some(Rv::Scalar(_)), None) => false,
        (Some(Rv::Scalar(s)), Some(re)) => full_match(ctx, re, s).unwrap_or(false),
        // A list is replaced when one of its items matches; without a regex
        // it is replaced, as cf-agent's switch falls through.
        (Some(Rv::List(items)), Some(re)) => {
            let mut any = false;
            for item in items.iter().filter_map(Rv::as_scalar) {
                if full_match(ctx, re, item).unwrap_or(false) {
                    any = true;
                    break;
                }
            }
            any
        }
        _ => true,
    };
    if !replace {
        return;
    }
    ctx.remove(&r);
    verify_var_promise(ctx, exp, false);
}
