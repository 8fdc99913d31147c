//! Choosing a built-in's signature for a call, and Puppet's words when none
//! fits. Mirrors Puppet's dispatcher and `TypeMismatchDescriber#describe_signatures`:
//! each signature is checked for the argument count, then each argument's
//! type, then the block; the first that fits is called. When none does, the
//! reasons are merged where they agree (one count range, one parameter with
//! a union of types) and otherwise listed signature by signature.

use confer_core::mismatch::explain;
use confer_core::types::normalize::normalize;
use confer_core::types::{instance_of, Type, Unordered};
use confer_core::undecided::{all, Undecided};
use confer_core::Value;

use super::signature::Signature;
use crate::eval::closure::Closure;

/// Why one signature rejects a call.
#[derive(Clone, Debug, PartialEq)]
enum Reason {
    /// The argument count is outside `min..=max`.
    Count { min: usize, max: Option<usize>, got: usize },
    /// A parameter's value is not of its type; `path` is where inside it
    /// (`index 0 `), `text` Puppet's description of the mismatch.
    Type { param: String, path: String, expected: Type, got: Value, text: String },
    /// The block takes a count of arguments outside `min..=max`.
    BlockCount { min: usize, max: Option<usize>, got: (usize, Option<usize>) },
    /// A block is required and none was given.
    MissingBlock,
    /// A block was given to a signature that takes none.
    UnexpectedBlock,
}

/// Puppet's `range_to_s`: `2`, `at least 1`, `at most 2`, `between 1 and 2`.
fn range(min: usize, max: Option<usize>, zero: &str) -> String {
    match max {
        Some(m) if m == min => {
            if min == 0 {
                zero.to_string()
            } else {
                min.to_string()
            }
        }
        None if min == 0 => "unlimited".to_string(),
        None => format!("at least {min}"),
        Some(m) if min == 0 => format!("at most {m}"),
        Some(m) => format!("between {min} and {m}"),
    }
}

fn count_message(min: usize, max: Option<usize>, got: (usize, Option<usize>)) -> String {
    let singular = (min == 1 && matches!(max, Some(1) | None)) || (min == 0 && max == Some(1));
    format!(
        "expects {} argument{}, got {}",
        range(min, max, "no"),
        if singular { "" } else { "s" },
        range(got.0, got.1, "none")
    )
}

impl Reason {
    /// The reason's text after the function's label: ` expects 1 argument,
    /// got 2`, ` parameter 'x' expects …`, ` block expects …`.
    fn message(&self) -> String {
        match self {
            Reason::Count { min, max, got } => format!(" {}", count_message(*min, *max, (*got, Some(*got)))),
            Reason::Type { param, text, .. } => format!(" parameter '{param}' {text}"),
            Reason::BlockCount { min, max, got } => format!(" block {}", count_message(*min, *max, *got)),
            Reason::MissingBlock => " expects a block".to_string(),
            Reason::UnexpectedBlock => " does not expect a block".to_string(),
        }
    }

    fn same_kind(&self, other: &Reason) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }

    /// Merges two reasons of one kind at the same place, as Puppet does: the
    /// widest count range, or the union of the expected types.
    fn merge(&self, other: &Reason) -> Option<Reason> {
        match (self, other) {
            (Reason::Count { min, max, got }, Reason::Count { min: m2, max: x2, .. }) => {
                Some(Reason::Count { min: *min.min(m2), max: max.zip(*x2).map(|(a, b)| a.max(b)), got: *got })
            }
            (Reason::BlockCount { min, max, got }, Reason::BlockCount { min: m2, max: x2, .. }) => {
                Some(Reason::BlockCount { min: *min.min(m2), max: max.zip(*x2).map(|(a, b)| a.max(b)), got: *got })
            }
            (
                Reason::Type { param, path, expected, got, .. },
                Reason::Type { param: p2, path: q2, expected: e2, .. },
            ) if param == p2 && path == q2 && path.is_empty() => {
                let mut types = match expected {
                    Type::Variant(Unordered(ts)) => ts.clone(),
                    t => vec![t.clone()],
                };
                if !types.contains(e2) {
                    types.push(e2.clone());
                }
                let expected = match types.as_slice() {
                    [one] => one.clone(),
                    _ => normalize(&Type::Variant(Unordered(types))),
                };
                let text = explain(&expected, got).to_string();
                Some(Reason::Type { param: param.clone(), path: String::new(), expected, got: got.clone(), text })
            }
            (a, b) if a == b => Some(a.clone()),
            _ => None,
        }
    }
}

/// The arguments a lambda accepts: its required count and its most (`None`
/// with a `*rest`).
fn lambda_range(closure: &Closure<'_>) -> (usize, Option<usize>) {
    let params = &closure.lambda.params;
    let required = params.iter().filter(|p| p.default.is_none() && !p.captures_rest).count();
    let rest = params.iter().any(|p| p.captures_rest);
    (required, if rest { None } else { Some(closure.arity()) })
}

fn check_arguments(sig: &Signature, args: &[Value]) -> Option<Reason> {
    let (min, max) = (sig.min(), sig.max());
    if args.len() < min || max.is_some_and(|m| args.len() > m) {
        return Some(Reason::Count { min, max, got: args.len() });
    }
    for (i, arg) in args.iter().enumerate() {
        let param = sig.param_for(i)?;
        // Decided: `select` asks this only after `accepts` made the same
        // checks in the same order for every signature without an undecided one.
        if !instance_of(&param.ty, arg).unwrap_or(false) {
            let mismatch = explain(&param.ty, arg);
            let text = mismatch.to_string();
            let path = mismatch.path_words();
            return Some(Reason::Type {
                param: param.name.clone(),
                path,
                expected: param.ty.clone(),
                got: arg.clone(),
                text,
            });
        }
    }
    None
}

fn check_block(sig: &Signature, lambda: Option<&Closure<'_>>) -> Option<Reason> {
    match (&sig.block, lambda) {
        (None, Some(_)) => Some(Reason::UnexpectedBlock),
        (Some(b), None) if !b.optional => Some(Reason::MissingBlock),
        (Some(b), Some(_)) if b.text == "Callable" => None,
        (Some(b), Some(closure)) => {
            let (required, most) = lambda_range(closure);
            let fits_min = required <= b.min;
            let fits_max = match (b.max, most) {
                (_, None) => true,
                (None, Some(_)) => false,
                (Some(bm), Some(m)) => bm <= m,
            };
            if fits_min && fits_max {
                None
            } else {
                Some(Reason::BlockCount { min: b.min, max: b.max, got: (required, most) })
            }
        }
        _ => None,
    }
}

/// Whether the arguments fit `sig`: what [`check_arguments`] decides, without
/// explaining a mismatch — a call tries its signatures in turn, and building
/// the explanation for each one that does not fit cost more than the call.
fn fits_arguments(sig: &Signature, args: &[Value]) -> Result<bool, Undecided> {
    let (min, max) = (sig.min(), sig.max());
    if args.len() < min || max.is_some_and(|m| args.len() > m) {
        return Ok(false);
    }
    all(args.iter().enumerate(), |(i, arg)| match sig.param_for(i) {
        None => Ok(true),
        Some(param) => instance_of(&param.ty, arg),
    })
}

/// Whether `sig` accepts the arguments and block.
pub(crate) fn accepts(sig: &Signature, args: &[Value], lambda: Option<&Closure<'_>>) -> Result<bool, Undecided> {
    Ok(fits_arguments(sig, args)? && check_block(sig, lambda).is_none())
}

/// The index of the first signature that accepts the call, or Puppet's
/// message (after the function's quoted name) saying why none does; or
/// [`Undecided`] when a limit on hostile input left a check open.
pub(crate) fn select(
    name: &str,
    sigs: &[std::rc::Rc<Signature>],
    args: &[Value],
    lambda: Option<&Closure<'_>>,
) -> Result<Result<usize, String>, Undecided> {
    for (i, s) in sigs.iter().enumerate() {
        if accepts(s, args, lambda)? {
            return Ok(Ok(i));
        }
    }
    Ok(select_by_reasons(name, sigs, args, lambda))
}

/// [`select`] once no signature accepts the call outright.
fn select_by_reasons(
    name: &str,
    sigs: &[std::rc::Rc<Signature>],
    args: &[Value],
    lambda: Option<&Closure<'_>>,
) -> Result<usize, String> {
    let mut reasons: Vec<Option<Reason>> = sigs.iter().map(|s| check_arguments(s, args)).collect();
    if reasons.iter().any(Option::is_none) {
        let blocks: Vec<Option<Reason>> = sigs.iter().map(|s| check_block(s, lambda)).collect();
        for (i, r) in reasons.iter().enumerate() {
            if r.is_none() && blocks[i].is_none() {
                return Ok(i);
            }
        }
        if blocks.iter().all(Option::is_some) {
            reasons = blocks;
        } else {
            for (i, r) in reasons.iter_mut().enumerate() {
                if r.is_none() {
                    *r = blocks[i].clone();
                }
            }
        }
    }
    let reasons: Vec<Reason> = reasons.into_iter().flatten().collect();
    Err(describe(name, sigs, &reasons))
}

/// Puppet's `merge_descriptions` and the final wording.
fn describe(name: &str, sigs: &[std::rc::Rc<Signature>], reasons: &[Reason]) -> String {
    let label = format!("'{name}'");
    let order: [fn(&Reason) -> bool; 4] = [
        |r| matches!(r, Reason::Count { .. } | Reason::BlockCount { .. }),
        |r| matches!(r, Reason::MissingBlock),
        |r| matches!(r, Reason::UnexpectedBlock),
        |r| matches!(r, Reason::Type { .. }),
    ];
    for is_kind in order {
        let same: Vec<&Reason> = reasons.iter().filter(|r| is_kind(r)).collect();
        if same.len() == sigs.len() && same.windows(2).all(|w| w[0].same_kind(w[1])) {
            let merged = same[1..].iter().try_fold(same[0].clone(), |acc, r| acc.merge(r));
            if let Some(one) = merged {
                return format!("{label}{}", one.message());
            }
        }
    }
    let mut unique: Vec<&Reason> = Vec::new();
    for r in reasons {
        if !unique.contains(&r) {
            unique.push(r);
        }
    }
    if unique.len() == 1 {
        return format!("{label}{}", unique[0].message());
    }
    if sigs.len() == 1 {
        let mut lines = vec![format!("{label} expects ({})", sigs[0].describe())];
        lines.extend(reasons.iter().map(|r| format!("  rejected:{}", r.message())));
        return lines.join("\n");
    }
    let mut lines =
        vec![format!("The function {label} was called with arguments it does not accept. It expects one of:")];
    for (sig, reason) in sigs.iter().zip(reasons) {
        lines.push(format!("  ({})", sig.describe()));
        lines.push(format!("    rejected:{}", reason.message()));
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_puppet_words_them() {
        assert_eq!(count_message(1, Some(1), (2, Some(2))), "expects 1 argument, got 2");
        assert_eq!(count_message(1, Some(2), (0, Some(0))), "expects between 1 and 2 arguments, got none");
        assert_eq!(count_message(1, None, (0, Some(0))), "expects at least 1 argument, got none");
        assert_eq!(count_message(0, Some(0), (1, Some(1))), "expects no arguments, got 1");
    }
}
