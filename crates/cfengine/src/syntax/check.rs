//! The checks cf-promises makes on a parsed policy before anything runs
//! (policy.c's `PolicyCheck` and the parser's function-call checks): every
//! called function must exist, and a function with a fixed number of
//! arguments must be given that many. `validate` reports these; `run`
//! refuses a policy that fails them, once, before evaluating anything (a
//! failing call used to be reported once per evaluation pass).

use std::collections::{HashMap, HashSet};

use crate::diagnostic::{Diagnostic, Pos};
use crate::functions;
use crate::syntax::ast::{Bundle, Constraint, FnCall, Policy, Rval};
use crate::syntax::reference::is_cf3_var_string;

/// What is wrong with a policy.
pub enum Problem {
    /// A located syntax error (`FILE:LINE:COL: error: ...`).
    Located(Diagnostic),
    /// Unlocated `error:` lines, as cf-promises logs them.
    Logged(Vec<String>),
}

/// A bundle defined twice with the same type in one file
/// (`PolicyCheckPartial`), reported at its first definition.
fn duplicate_bundle(policy: &Policy) -> Option<Diagnostic> {
    let same = |a: &Bundle, b: &Bundle| (&a.file, &a.ns, &a.kind, &a.name) == (&b.file, &b.ns, &b.kind, &b.name);
    let dup = policy.bundles.iter().find(|b| policy.bundles.iter().filter(|o| same(o, b)).count() > 1)?;
    let pos = Pos { line: dup.line, col: 0, offset: 0 };
    Some(Diagnostic::new(&dup.file, pos, format!("Duplicate definition of bundle {} with type {}", dup.name, dup.kind)))
}

/// A literal promise handle given twice under the same class guard
/// (`PolicyCheckDuplicateHandles`), reported at the second promise.
fn duplicate_handle(policy: &Policy) -> Option<Diagnostic> {
    let mut recorded: HashMap<&str, &str> = HashMap::new();
    for b in &policy.bundles {
        for s in &b.sections {
            for p in &s.promises {
                let Some(Rval::Scalar(handle)) = p.constraint("handle").map(|c| &c.rval) else {
                    continue;
                };
                if is_cf3_var_string(handle) {
                    continue;
                }
                match recorded.get(&**handle) {
                    Some(classes) if *classes == &*p.classes => {
                        let pos = Pos { line: p.line, col: 0, offset: 0 };
                        return Some(Diagnostic::new(&b.file, pos, format!("Duplicate promise handle {handle} found")));
                    }
                    Some(_) => {}
                    None => {
                        recorded.insert(handle, &p.classes);
                    }
                }
            }
        }
    }
    None
}

/// The first problem of `policy`, if any.
pub fn check(policy: &Policy) -> Option<Problem> {
    if let Some(d) = duplicate_bundle(policy).or_else(|| duplicate_handle(policy)) {
        return Some(Problem::Located(d));
    }
    // A call of a bundle or body by name (`usebundle => b(x)`,
    // `edit_line => insert_lines("x")`) is not a function call.
    let callable: HashSet<&str> =
        policy.bundles.iter().map(|b| b.name.as_str()).chain(policy.bodies.iter().map(|b| b.name.as_str())).collect();
    // Attributes whose value names a bundle or a body: there, a bundle or
    // body of that name wins over a function of the same name
    // (`edit_line => regex_replace("a", "b")`).
    let mut references: HashSet<&str> = policy.bodies.iter().map(|b| b.kind.as_str()).collect();
    references.extend(BUNDLE_REFERENCES);
    for b in &policy.bundles {
        for s in &b.sections {
            for p in &s.promises {
                for c in &p.constraints {
                    if matches!(s.promise_type.as_str(), "vars" | "meta") {
                        if let Some(d) = return_type_problem(c, &b.file) {
                            return Some(Problem::Located(d));
                        }
                    }
                    let mut found = None;
                    let mut visit = |f: &FnCall, unknown: bool| {
                        if found.is_none() {
                            found = Some(problem(f, unknown, c, &b.file));
                        }
                    };
                    // A class guard calling a function cf-agent does not know
                    // is not an error: the guard does not hold (`if`), or
                    // does not stop the promise (`unless`).
                    if matches!(c.lval.as_str(), "if" | "ifvarclass" | "unless") && unknown_call(&c.rval) {
                        continue;
                    }
                    let roots: Vec<&Rval> = match &c.rval {
                        Rval::FnCall(f)
                            if references.contains(c.lval.as_str())
                                && callable.contains(f.name.rsplit(':').next().unwrap_or(&f.name)) =>
                        {
                            f.args.iter().collect()
                        }
                        rval => vec![rval],
                    };
                    for r in roots {
                        walk(r, &callable, &mut visit);
                    }
                    if let Some(Some(mut pr)) = found {
                        if let Problem::Logged(lines) = &mut pr {
                            lines.push(format!(
                                "Promise belongs to bundle '{}' in file '{}' near line {}",
                                b.name, b.file, p.line
                            ));
                        }
                        return Some(pr);
                    }
                }
            }
        }
    }
    for b in &policy.bodies {
        for c in &b.constraints {
            let mut found = None;
            walk(&c.rval, &callable, &mut |f, unknown| {
                if found.is_none() && unknown {
                    found = problem(f, true, c, &b.file);
                }
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// Whether a value is a call of a function cf-agent does not know.
fn unknown_call(r: &Rval) -> bool {
    matches!(r, Rval::FnCall(f) if !functions::is_builtin(&f.name) && !is_cf3_var_string(&f.name))
}

/// Attributes whose value names a bundle.
pub(crate) const BUNDLE_REFERENCES: [&str; 5] = ["usebundle", "edit_line", "edit_xml", "home_bundle", "service_bundle"];

/// Calls `visit(call, unknown)` for every function call in `r`, arguments
/// included.
fn walk(r: &Rval, callable: &HashSet<&str>, visit: &mut dyn FnMut(&FnCall, bool)) {
    match r {
        Rval::FnCall(f) => {
            let name = f.name.rsplit(':').next().unwrap_or(&f.name);
            // A name from a variable (`usebundle => $(m)("x")`) names a
            // bundle or body found at run time.
            let known = functions::is_builtin(&f.name) || callable.contains(name) || is_cf3_var_string(&f.name);
            visit(f, !known);
            for a in &f.args {
                walk(a, callable, visit);
            }
        }
        Rval::List(items) => items.iter().for_each(|i| walk(i, callable, visit)),
        Rval::Scalar(_) => {}
    }
}

/// `CheckFnCallType`: a function called as a variable's value must return
/// the variable's type, or a scalar where a string is wanted, or the
/// element type of a wanted list.
fn return_type_problem(c: &Constraint, file: &std::sync::Arc<str>) -> Option<Diagnostic> {
    let Rval::FnCall(f) = &c.rval else {
        return None;
    };
    let ret = functions::return_type(&f.name)?;
    let wanted = crate::data::value::DataType::from_lval(&c.lval)?;
    if ret.fits(wanted) {
        return None;
    }
    let source = std::fs::read_to_string(&**file).unwrap_or_default();
    Some(Diagnostic::new(file, c.pos, "Function does not return the required type").with_source(&source))
}

/// The problem with one call, if it has one.
fn problem(f: &FnCall, unknown: bool, c: &Constraint, file: &std::sync::Arc<str>) -> Option<Problem> {
    if unknown {
        // cf-promises rejects the call when it reduces it: at the end of
        // the attribute's value.
        let pos = c.pos;
        let source = std::fs::read_to_string(&**file).unwrap_or_default();
        let mut d = Diagnostic::new(file, pos, "Unknown function").with_source(&source);
        d.notes = functions::closest(&f.name).map(|n| format!("did you mean '{n}'?")).into_iter().collect();
        return Some(Problem::Located(d));
    }
    let n = functions::arity(&f.name)?;
    (f.args.len() != n).then(|| {
        Problem::Logged(vec![format!(
            "Arguments to function '{}' do not tally. Expected {n} not {}",
            f.name,
            f.args.len()
        )])
    })
}
