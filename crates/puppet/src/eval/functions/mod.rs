//! Built-in functions. Each family file declares its functions in a table of
//! [`Builtin`]s — name, Puppet's signatures each with the implementation it
//! dispatches to, deprecation — and this module joins the tables into one
//! registry. Argument counts, types and blocks are checked against the
//! declared signatures before a function runs, so errors are worded from
//! them (`dispatch`), never by hand, and implementations read their
//! arguments through `args`.
//!
//! Implementations see the compile only through [`Call::host`], a
//! [`FunctionHost`] (`host.rs`): lambdas and other functions, variables,
//! messages, the catalog, Hiera, templates, module directories and
//! annotations, each asked by name; the evaluator implements it
//! (`eval::function_host`). Only the registry side — this file, which
//! dispatches a call, `signature`, whose parsed signatures are cached on
//! the evaluator and resolve their types in it, and `constructors`, which
//! explains a failed `Type.new` with those signatures — takes the evaluator
//! itself.
//!
//! A new self-contained family (`templates.rs`, `lookup.rs`) registers by
//! declaring `pub(crate) const FUNCTIONS: &[Builtin]` and adding it to
//! [`FAMILIES`].

mod annotate;
mod args;
mod builtin;
mod catalog;
mod chaining;
mod collections;
pub(crate) mod constructors;
mod control;
mod data;
mod defined;
pub(crate) mod digests;
pub(crate) mod dispatch;
mod files;
mod generate;
pub(crate) mod host;
mod iteration;
mod logging;
mod lookup;
mod module_helpers;
mod openstacklib;
pub(crate) mod random;
mod resources;
mod ruby;
mod scanf;
pub(crate) mod signature;
mod stdlib;
mod strings;
mod templates;
mod typing;
pub(crate) mod versions;

use std::rc::Rc;
use std::sync::OnceLock;

pub(crate) use args::{Numeric, Timestamp};
pub(crate) use builtin::{sig, Arity, Builtin, Deprecation, Run};
pub(crate) use collections::flatten;
pub(crate) use host::{FunctionHost, Inclusion};

use confer_core::Value;

use super::closure::Closure;
use super::flow::{fail_as, EvalResult, Flow};
use super::identity::Identity;
use super::scope::Scope;
use super::Evaluator;
use crate::error::ErrorKind;
use crate::log::Level;
use crate::span::Span;

/// A call to a built-in: the compile it runs in, arguments, block and call
/// site.
pub(crate) struct Call<'e, 'a> {
    /// The compile, as far as a built-in may ask it (lambdas, messages,
    /// the catalog, Hiera, templates): never the whole evaluator.
    pub host: &'e mut dyn FunctionHost<'a>,
    /// The function's declared name, for wording messages (behaviour is
    /// chosen by the declaration, never by this name).
    pub name: &'e str,
    /// The evaluated arguments, already checked against the signature the
    /// implementation was declared with.
    pub args: Vec<Value>,
    /// The lambda, if one was given.
    pub lambda: Option<Closure<'a>>,
    /// The call's position.
    pub span: Span,
    /// The scope the call was made in.
    pub scope: &'e Rc<Scope>,
}

impl<'a> Call<'_, 'a> {
    /// The lambda, or an error saying the function needs one (for functions
    /// whose signatures leave the block optional but whose use needs it).
    pub fn require_lambda(&mut self) -> EvalResult<Closure<'a>> {
        let message = || format!("'{}' expects a block", self.name);
        self.lambda.take().ok_or_else(|| fail_as(ErrorKind::FunctionArguments, self.span, message()))
    }
}

/// Puppet's own functions, by family.
const FAMILIES: &[&[Builtin]] = &[
    annotate::FUNCTIONS,
    logging::FUNCTIONS,
    defined::FUNCTIONS,
    control::FUNCTIONS,
    iteration::FUNCTIONS,
    chaining::FUNCTIONS,
    collections::FUNCTIONS,
    strings::FUNCTIONS,
    typing::FUNCTIONS,
    data::FUNCTIONS,
    digests::FUNCTIONS,
    files::FUNCTIONS,
    random::FUNCTIONS,
    resources::FUNCTIONS,
    generate::FUNCTIONS,
    scanf::FUNCTIONS,
    versions::FUNCTIONS,
    templates::FUNCTIONS,
    lookup::FUNCTIONS,
    catalog::FUNCTIONS,
];

/// Modules' functions, native: each table exists only when its module is on
/// the module path, as in Puppet, where they are that module's Ruby code.
const MODULE_FAMILIES: &[(&str, &[&[Builtin]])] = &[
    ("stdlib", stdlib::FAMILIES),
    ("openstacklib", &[openstacklib::FUNCTIONS]),
    ("apache", &[module_helpers::APACHE]),
    ("memcached", &[module_helpers::MEMCACHED]),
    ("ssh", &[module_helpers::SSH]),
    ("redis", &[module_helpers::REDIS]),
    ("mysql", &[module_helpers::MYSQL]),
];

/// The registry's tables, by function name. Every call looks its function
/// up here, so they hash with foldhash; names come from the manifest, whose
/// author already decides how much work a run does.
type Registry<T> = foldhash::HashMap<&'static str, T>;

fn index(families: &'static [&'static [Builtin]]) -> Registry<&'static Builtin> {
    families.iter().flat_map(|f| f.iter()).map(|b| (b.name, b)).collect()
}

/// The built-in `name` (lower case, without a leading `::`), if there is
/// one, and the module whose function it ports (`None` for Puppet's own):
/// a module's exists only where that module ships it, which the caller
/// asks (`Evaluator::native_port_runs`, once per name and compile).
pub(crate) fn builtin(name: &str) -> Option<(&'static Builtin, Option<&'static str>)> {
    static CORE: OnceLock<Registry<&'static Builtin>> = OnceLock::new();
    static MODULES: OnceLock<Registry<(&'static str, &'static Builtin)>> = OnceLock::new();
    if let Some(b) = CORE.get_or_init(|| index(FAMILIES)).get(name) {
        return Some((b, None));
    }
    let modules = MODULES.get_or_init(|| {
        MODULE_FAMILIES
            .iter()
            .flat_map(|(module, families)| families.iter().flat_map(|f| f.iter()).map(move |b| (b.name, (*module, b))))
            .collect()
    });
    modules.get(name).map(|(module, b)| (*b, Some(*module)))
}

/// Puppet 7's functions that also exist in the Puppet 3 API (its
/// `parser/functions` directory and the logging functions), which
/// `Puppet::Parser::Functions.function` finds.
const PUPPET_3X: &[&str] = &[
    "alert",
    "assert_type",
    "binary_file",
    "break",
    "contain",
    "create_resources",
    "crit",
    "debug",
    "defined",
    "dig",
    "digest",
    "each",
    "emerg",
    "epp",
    "err",
    "fail",
    "file",
    "filter",
    "find_file",
    "fqdn_rand",
    "generate",
    "hiera",
    "hiera_array",
    "hiera_hash",
    "hiera_include",
    "include",
    "info",
    "inline_epp",
    "inline_template",
    "lest",
    "lookup",
    "map",
    "match",
    "md5",
    "new",
    "next",
    "notice",
    "realize",
    "reduce",
    "regsubst",
    "require",
    "return",
    "reverse_each",
    "scanf",
    "sha1",
    "sha256",
    "shellquote",
    "slice",
    "split",
    "sprintf",
    "step",
    "strftime",
    "tag",
    "tagged",
    "template",
    "then",
    "type",
    "versioncmp",
    "warning",
    "with",
];

/// Whether `name` is a Puppet 3 API function in `ev`'s environment (stdlib's
/// `is_function_available` asks only that API): one of Puppet's own, or a
/// module's Ruby file in that API's directory.
pub(crate) fn is_legacy_function(ev: &Evaluator<'_>, name: &str) -> bool {
    PUPPET_3X.contains(&name) || ev.env.has_legacy_function(name)
}

/// Calls `builtin` after checking the arguments and block against its
/// signatures: the implementation of the one they match runs, after the
/// function's deprecation.
pub(crate) fn call_builtin<'a>(
    ev: &mut Evaluator<'a>,
    builtin: &'static Builtin,
    args: Vec<Value>,
    lambda: Option<Closure<'a>>,
    span: Span,
    scope: &Rc<Scope>,
) -> EvalResult {
    let name = builtin.name;
    let index = match &builtin.arity {
        Arity::Signatures(..) | Arity::Dispatch(_) => {
            let regular = signature::regular(ev, signature::Table::Builtin(Identity(builtin)), span)?;
            match dispatch::select(name, &regular.sigs, &args, lambda.as_ref())? {
                Ok(i) => regular.indices[i],
                Err(message) => return argument_mismatch(ev, builtin, message, args, lambda, span, scope),
            }
        }
        Arity::Legacy(arity, _) => {
            let n = args.len() as i64;
            let arity = i64::from(*arity);
            if arity >= 0 && n != arity {
                let message = format!("{name}(): Wrong number of arguments given ({n} for {arity})");
                return Err(fail_as(ErrorKind::FunctionArguments, span, message));
            }
            if arity < 0 && n < (arity + 1).abs() {
                let min = (arity + 1).abs();
                let message = format!("{name}(): Wrong number of arguments given ({n} for minimum {min})");
                return Err(fail_as(ErrorKind::FunctionArguments, span, message));
            }
            0
        }
    };
    // Puppet hands a 3.x function an undef argument as the empty string
    // (`Runtime3FunctionArgumentConverter.map_args(args, scope, '')`).
    let args = match builtin.arity {
        Arity::Legacy(..) if args.iter().any(Value::is_undef) && called_as_legacy(ev, name) => {
            args.into_iter().map(|a| if a.is_undef() { Value::from("") } else { a }).collect()
        }
        _ => args,
    };
    let mut call = Call { host: ev, name, args, lambda, span, scope };
    match builtin.deprecation {
        Some(Deprecation::Stdlib { key, message }) => stdlib::stdlib_deprecation(&mut call, key, message)?,
        Some(Deprecation::EveryCall(message)) => call.host.log(Level::Warning, scope, message.to_string()),
        None => {}
    }
    (builtin.run_for(index))(&mut call)
}

/// A call no regular signature of `builtin` accepts: its first
/// `argument_mismatch` handler (a signature written with `!`) that accepts
/// the arguments words the error; without one, `message`, the dispatcher's.
fn argument_mismatch<'a>(
    ev: &mut Evaluator<'a>,
    builtin: &'static Builtin,
    message: String,
    args: Vec<Value>,
    lambda: Option<Closure<'a>>,
    span: Span,
    scope: &Rc<Scope>,
) -> EvalResult {
    let name = builtin.name;
    for (index, text) in builtin.signatures().enumerate() {
        let Some(handler) = text.strip_prefix('!') else { continue };
        let sig = signature::signature(ev, handler, span)?;
        if dispatch::accepts(&sig, &args, lambda.as_ref())? {
            let mut call = Call { host: ev, name, args, lambda, span, scope };
            return match (builtin.run_for(index))(&mut call) {
                Err(Flow::Error(mut f)) => {
                    f.message = format!("'{name}' {}", f.message);
                    Err(Flow::Error(f))
                }
                Err(other) => Err(other),
                Ok(_) => Err(fail_as(ErrorKind::FunctionArguments, span, message)),
            };
        }
    }
    Err(fail_as(ErrorKind::FunctionArguments, span, message))
}

/// Whether the function `name` reaches Puppet as a 3.x function: a native
/// port of one, unless a module wraps it in a 4.x function (as stdlib does
/// `validate_re`), whose Ruby passes arguments on as given. Asked once per
/// name and compile.
fn called_as_legacy(ev: &mut Evaluator<'_>, name: &str) -> bool {
    if let Some(&modern) = ev.modern_functions.get(name) {
        return !modern;
    }
    let modern = ev.env.has_modern_function(name);
    ev.modern_functions.insert(name.to_string(), modern);
    !modern
}

/// The names of the built-ins callable in `ev`'s environment: Puppet's own,
/// and those of the modules on its module path.
pub(crate) fn available(ev: &Evaluator<'_>) -> Vec<&'static str> {
    let core = FAMILIES.iter().flat_map(|f| f.iter());
    let modules = MODULE_FAMILIES
        .iter()
        .filter(|(module, _)| ev.env.module_dir(module).is_some())
        .flat_map(|(_, families)| families.iter().flat_map(|f| f.iter()));
    core.chain(modules).map(|b| b.name).collect()
}

/// A built-in function as `confer puppet functions` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionInfo {
    /// Its name, with its namespace.
    pub name: &'static str,
    /// The module that must be on the module path for it to exist (`stdlib`),
    /// or `None` for Puppet's own.
    pub module: Option<&'static str>,
    /// Its Puppet 4 signatures (`Integer $x, Callable[1,1] &$block`), or for a
    /// Puppet 3 function, which declares only a count, `Any *$args` forms
    /// that say it (`Any $arg1, Any $arg2, Any *$more` for at least two).
    pub signatures: Vec<String>,
}

/// A Puppet 3 function's Ruby arity as a parameter list: `n >= 0` exactly
/// `n` arguments, `-n` at least `n - 1`.
fn legacy_signature(arity: i32) -> String {
    let required = if arity >= 0 { arity } else { -arity - 1 };
    let mut params: Vec<String> = (1..=required).map(|i| format!("Any $arg{i}")).collect();
    if arity < 0 {
        params.push("Any *$more".into());
    }
    params.join(", ")
}

/// The deprecation warning a call of the function `name` prints (stdlib's
/// `validate_*`, `is_*` and `try_get_value`), without its location.
pub fn deprecation(name: &str) -> Option<String> {
    builtin(name).and_then(|(b, _)| b.deprecation).map(|d| d.message().to_string())
}

/// Every built-in confer implements, Puppet's own first, each group sorted by name.
pub fn builtin_functions() -> Vec<FunctionInfo> {
    let info = |module: Option<&'static str>, b: &'static Builtin| FunctionInfo {
        name: b.name,
        module,
        signatures: match &b.arity {
            Arity::Legacy(n, _) => vec![legacy_signature(*n)],
            // A leading `!` marks an argument-mismatch handler, not a way to call it.
            _ => b.signatures().filter(|t| !t.starts_with('!')).map(str::to_string).collect(),
        },
    };
    let mut core: Vec<FunctionInfo> = FAMILIES.iter().flat_map(|f| f.iter()).map(|b| info(None, b)).collect();
    core.sort_by_key(|f| f.name);
    let mut modules: Vec<FunctionInfo> = MODULE_FAMILIES
        .iter()
        .flat_map(|(module, families)| families.iter().flat_map(|f| f.iter()).map(|b| info(Some(module), b)))
        .collect();
    modules.sort_by_key(|f| (f.module, f.name));
    core.extend(modules);
    core
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every declared signature of every family parses, so that a malformed
    /// one fails here rather than in a user's run.
    #[test]
    fn every_declared_signature_parses() {
        let mut sink = crate::log::Collect::default();
        let arena = typed_arena::Arena::new();
        let env = Rc::new(crate::environment::Environment::bare(Vec::new()));
        let mut ev = Evaluator::new(crate::span::SourceMap::default(), &arena, env, &mut sink);
        let modules = MODULE_FAMILIES.iter().flat_map(|(_, families)| families.iter());
        let mut bad = Vec::new();
        for builtin in FAMILIES.iter().chain(modules).flat_map(|f| f.iter()) {
            for text in builtin.signatures() {
                if let Err(e) = signature::signature(&mut ev, text.trim_start_matches('!'), Span::default()) {
                    bad.push(format!("{}: {text}: {e:?}", builtin.name));
                }
            }
        }
        assert!(bad.is_empty(), "signatures that do not parse:\n{}", bad.join("\n"));
    }
}
