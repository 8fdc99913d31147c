//! Each built-in function's parameter types and ranges, as cf-agent 3.21
//! declares them (`arg_templates.tsv`, written from `cf-promises
//! --syntax-description json` by scripts/regen-cfengine-arg-templates.py),
//! and the check cf-agent makes with them before it runs a function
//! (`CallFunction` in fncall.c): every literal argument written in the call
//! must fit its parameter, or the run ends with a fatal error. `hash("x",
//! "crypt")`, `strftime("utc", …)` and `string_head("abc", "x")` stop the
//! run there; arguments holding a variable reference are not checked.

use crate::eval::message::ErrorKind;
use std::collections::HashMap;
use std::sync::OnceLock;

use super::host::FunctionHost;
use crate::data::number::{int_from_string, real_from_string, NOINT};
use crate::syntax::ast::{FnCall, Rval};
use crate::syntax::reference::{is_cf3_var_string, is_naked_var};

/// The type of a function's parameter (cf-agent's `CF_DATA_TYPE_*` as
/// `FnCallArg` declares it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamType {
    /// `CF_DATA_TYPE_STRING`: matched against a regex range.
    String,
    /// `CF_DATA_TYPE_INT`: an integer within `min,max`.
    Int,
    /// `CF_DATA_TYPE_REAL`: a real within `min,max`.
    Real,
    /// `CF_DATA_TYPE_OPTION`: one of a comma-separated list.
    Option,
}

impl ParamType {
    /// The type `cf-promises --syntax-description json` names.
    fn from_name(name: &str) -> Option<ParamType> {
        Some(match name {
            "string" => ParamType::String,
            "int" => ParamType::Int,
            "real" => ParamType::Real,
            "option" => ParamType::Option,
            _ => return None,
        })
    }
}

/// A parameter: its type and range.
pub struct Param {
    kind: ParamType,
    /// A regex for strings, `min,max` for numbers, the choices for options.
    pub range: &'static str,
}

/// `CF_ABSPATHRANGE`: a string range that asks for an absolute path.
const ABSOLUTE_PATH: &str = "\"?(/.*)";

fn table() -> &'static HashMap<&'static str, Vec<Param>> {
    static TABLE: OnceLock<HashMap<&'static str, Vec<Param>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t: HashMap<&'static str, Vec<Param>> = HashMap::new();
        for line in include_str!("arg_templates.tsv").lines().filter(|l| !l.starts_with('#')) {
            let mut cols = line.splitn(4, '\t');
            let (Some(name), Some(_), Some(kind), Some(range)) = (cols.next(), cols.next(), cols.next(), cols.next())
            else {
                continue;
            };
            let Some(kind) = ParamType::from_name(kind) else {
                continue;
            };
            t.entry(name).or_default().push(Param { kind, range });
        }
        t
    })
}

/// The parameters of the function `name` (none for an unknown name).
pub fn params(name: &str) -> &'static [Param] {
    table().get(name).map_or(&[], Vec::as_slice)
}

/// Checks the literal arguments of `f` (`CheckConstraintTypeMatch` at level
/// 1). On a misfit it reports cf-agent's fatal error and ends the run; once
/// the run is ending, no call runs and nothing more is said.
pub fn check(ctx: &mut dyn FunctionHost, f: &FnCall) -> Result<(), super::Failed> {
    if ctx.ending() {
        return Err(super::Failed);
    }
    for (arg, param) in f.args.iter().zip(params(&f.name)) {
        let Rval::Scalar(s) = arg else {
            continue;
        };
        let (log, problem) = misfit(ctx, s, param);
        let Some(problem) = problem else {
            continue;
        };
        if let Some(l) = log {
            ctx.error(ErrorKind::Function, l);
        }
        ctx.fatal(
            ErrorKind::Function,
            &format!("Fatal CFEngine error: In function '{}', error in variable '{s}', '{problem}'", f.name),
        );
        return Err(super::Failed);
    }
    Ok(())
}

/// Why `s` does not fit `param` (`SyntaxTypeMatchToString`), with the line
/// a number's conversion logs first.
fn misfit(ctx: &mut dyn FunctionHost, s: &str, param: &Param) -> (Option<String>, Option<&'static str>) {
    match param.kind {
        ParamType::String => (None, string_misfit(ctx, s, param.range)),
        ParamType::Int => {
            if is_cf3_var_string(s) {
                return (None, None);
            }
            let (lo, hi) = bounds(param.range);
            match int_from_string(s) {
                Ok(v) if v == NOINT => (None, Some("Cannot parse value as integer")),
                Ok(v) if (v as f64) < lo || (v as f64) > hi => (None, Some("Integer is out of range")),
                Ok(_) => (None, None),
                Err(log) => (log, Some("Cannot parse value as integer")),
            }
        }
        ParamType::Real => {
            if s == "inf" {
                return (None, Some("Keyword 'inf' has an integer value, cannot be used as real"));
            }
            if is_cf3_var_string(s) {
                return (None, None);
            }
            let (lo, hi) = bounds(param.range);
            match real_from_string(s) {
                Ok(v) if v >= lo && v <= hi => (None, None),
                Ok(_) => (None, Some("Real value is out of range")),
                Err(log) => (log, Some("Real value is out of range")),
            }
        }
        ParamType::Option => {
            if s.is_empty() || is_naked_var(s, b'@') || is_naked_var(s, b'$') || param.range.split(',').any(|o| o == s)
            {
                (None, None)
            } else {
                (None, Some("Selection is out of bounds"))
            }
        }
    }
}

/// `CheckParseString`. The range is matched as libntech's
/// `StringMatchFull` matches it, through the one regex layer
/// (`functions/regex.rs`); a match it cannot decide is logged there and
/// counts as no match, as a PCRE error does in cf-agent.
fn string_misfit(ctx: &mut dyn FunctionHost, s: &str, range: &str) -> Option<&'static str> {
    if range.is_empty()
        || is_naked_var(s, b'@')
        || is_naked_var(s, b'$')
        || s == range
        || super::regex::full_match(ctx, range, s).unwrap_or(false)
    {
        return None;
    }
    if is_cf3_var_string(s) {
        None
    } else if s.is_empty() {
        Some("Empty scalar value is out of range")
    } else if range == ABSOLUTE_PATH {
        Some("Filename is not an absolute path")
    } else {
        Some("Scalar value is out of range")
    }
}

/// A numeric range's `min,max`.
fn bounds(range: &str) -> (f64, f64) {
    let mut it = range.split(',').map(|n| n.trim().parse::<f64>().unwrap_or(0.0));
    (it.next().unwrap_or(0.0), it.next().unwrap_or(0.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::context::EvalContext;
    use crate::eval::context::Sink;
    use crate::syntax::ast::Policy;

    struct Quiet;

    impl Sink for Quiet {
        fn line(&mut self, _: &str) {}
    }

    fn fits(name: &str, i: usize, s: &str) -> Option<&'static str> {
        let mut quiet = Quiet;
        let mut ctx = EvalContext::new(std::sync::Arc::new(Policy::default()), &mut quiet);
        misfit(&mut ctx, s, &params(name)[i]).1
    }

    #[test]
    fn table_holds_every_function() {
        assert_eq!(params("hash").len(), 2);
        assert_eq!(params("hash")[1].range, "md5,sha1,sha256,sha384,sha512");
        assert!(params("nosuch").is_empty());
    }

    #[test]
    fn every_row_has_a_known_type() {
        let rows = include_str!("arg_templates.tsv").lines().filter(|l| !l.starts_with('#')).count();
        assert_eq!(table().values().map(Vec::len).sum::<usize>(), rows);
        assert_eq!(params("hash")[1].kind, ParamType::Option);
    }

    #[test]
    fn options() {
        assert_eq!(fits("hash", 1, "crypt"), Some("Selection is out of bounds"));
        assert_eq!(fits("hash", 1, "x$(y)"), Some("Selection is out of bounds"));
        assert_eq!(fits("hash", 1, "$(y)"), None);
        assert_eq!(fits("hash", 1, "sha256"), None);
        // `IsItemIn` counts the empty string in every list.
        assert_eq!(fits("hash", 1, ""), None);
    }

    #[test]
    fn numbers() {
        assert_eq!(fits("string_head", 1, "x"), Some("Cannot parse value as integer"));
        assert_eq!(fits("string_head", 1, "99999999999999"), Some("Integer is out of range"));
        assert_eq!(fits("string_head", 1, "1k"), None);
        assert_eq!(fits("string_head", 1, "-678"), Some("Cannot parse value as integer"));
        assert_eq!(fits("string_head", 1, "$(n)"), None);
    }

    #[test]
    fn strings() {
        assert_eq!(fits("readfile", 0, "relative"), Some("Filename is not an absolute path"));
        assert_eq!(fits("readfile", 0, ""), Some("Empty scalar value is out of range"));
        assert_eq!(fits("readfile", 0, "\"/etc/x"), None);
        assert_eq!(fits("readfile", 0, "$(dir)/x"), None);
        assert_eq!(fits("getenv", 0, "bad-name"), Some("Scalar value is out of range"));
    }
}
