//! Built-in functions (evalfunction.c): the registry with each function's
//! return type and arity, argument expansion (fncall.c's `FnCallEvaluate`),
//! and the functions themselves, split by family.

mod address_range;
mod arg_template;
mod array_data;
mod arrays;
pub mod c_printf;
mod capture;
mod cf_read_file;
mod data;
mod env_file;
mod exec;
pub(crate) mod file;
mod findfiles_up;
mod format;
mod hash;
pub(crate) mod list;
mod map;
mod math;
mod meta;
pub(crate) mod mustache;
pub(crate) mod path;
mod peers;
pub(crate) mod policy;
mod posix_glob;
mod predicate;
mod range;
pub(crate) mod regex;
mod sort;
mod string;
pub(crate) mod system;
mod time;

use crate::eval::message::ErrorKind;
use std::sync::Arc;

use confer_core::Value;

use crate::data::value::{Rv, Variable};
use crate::eval::context::EvalContext;
use crate::syntax::ast::{FnCall, Rval};
use crate::syntax::reference::is_cf3_scalar;

/// A function's result: `Err(Failed)` when it failed (it logged why).
pub use array_data::array_as_data;

/// A call that failed: cf-agent has already logged why (or fails silently,
/// as cf-agent does), and the call stays unexpanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Failed;

/// What a built-in function gives: its value, or `Failed`.
pub(crate) type FnResult = Result<Rv, Failed>;

/// An implementation.
type Impl = fn(&mut EvalContext, &FnCall, &[Rv]) -> FnResult;

/// One registered function.
struct Spec {
    name: &'static str,
    ret: &'static str,
    /// Number of arguments; `None` for variadic functions.
    nargs: Option<usize>,
    /// Arguments are passed unexpanded (maplist, maparray, mapdata).
    delayed: bool,
    /// List arguments are collected into one container argument.
    collecting: bool,
    imp: Impl,
}

const fn f(name: &'static str, ret: &'static str, nargs: usize, imp: Impl) -> Spec {
    Spec { name, ret, nargs: Some(nargs), delayed: false, collecting: false, imp }
}

const fn v(name: &'static str, ret: &'static str, imp: Impl) -> Spec {
    Spec { name, ret, nargs: None, delayed: false, collecting: false, imp }
}

const fn delayed(name: &'static str, ret: &'static str, nargs: usize, imp: Impl) -> Spec {
    Spec { name, ret, nargs: Some(nargs), delayed: true, collecting: false, imp }
}

const fn collecting(name: &'static str, ret: &'static str, imp: Impl) -> Spec {
    Spec { name, ret, nargs: None, delayed: false, collecting: true, imp }
}

static SPECS: &[Spec] = &[
    // strings
    f("canonify", "string", 1, string::canonify_fn),
    v("concat", "string", string::concat),
    v("format", "string", format::format_fn),
    f("string_downcase", "string", 1, string::downcase),
    f("string_upcase", "string", 1, string::upcase),
    f("string_reverse", "string", 1, string::reverse),
    f("string_head", "string", 2, string::head),
    f("string_tail", "string", 2, string::tail),
    f("string_length", "int", 1, string::length),
    f("regex_replace", "string", 4, string::regex_replace),
    f("string_replace", "string", 3, string::string_replace),
    f("string_trim", "string", 1, string::trim),
    f("lastnode", "string", 2, string::lastnode),
    f("dirname", "string", 1, string::dirname),
    v("eval", "string", string::eval_math),
    f("int", "int", 1, string::int),
    f("string", "string", 1, string::string),
    // users, groups, randomness
    f("getuid", "int", 1, system::getuid),
    f("getgid", "int", 1, system::getgid),
    f("randomint", "int", 2, system::randomint),
    v("readfile", "string", string::readfile),
    v("ifelse", "string", string::ifelse),
    f("escape", "string", 1, string::escape),
    // lists
    f("splitstring", "slist", 3, list::splitstring),
    f("string_split", "slist", 3, list::string_split),
    v("join", "string", list::join),
    v("sort", "slist", list::sort),
    f("reverse", "slist", 1, list::reverse),
    f("unique", "slist", 1, list::unique),
    f("length", "int", 1, list::length),
    f("nth", "string", 2, list::nth),
    f("filter", "slist", 5, list::filter),
    f("grep", "slist", 2, list::grep),
    f("sublist", "slist", 3, list::sublist),
    f("difference", "slist", 2, list::difference),
    f("intersection", "slist", 2, list::intersection),
    delayed("maplist", "slist", 2, list::maplist),
    f("sum", "real", 1, list::sum),
    f("product", "real", 1, list::product),
    f("mean", "real", 1, list::mean),
    f("variance", "real", 1, list::variance),
    v("max", "string", list::max),
    v("min", "string", list::min),
    f("every", "context", 2, list::every),
    f("some", "context", 2, list::some),
    f("none", "context", 2, list::none),
    f("getindices", "slist", 1, list::getindices),
    f("shuffle", "slist", 2, list::shuffle),
    f("getvalues", "slist", 1, list::getvalues),
    v("variablesmatching", "slist", list::variablesmatching),
    v("classesmatching", "slist", list::classesmatching),
    v("countclassesmatching", "int", list::countclassesmatching),
    f("readstringlist", "slist", 5, data::readstringlist),
    f("readintlist", "ilist", 5, data::readstringlist),
    f("readreallist", "rlist", 5, data::readstringlist),
    // data
    f("parsejson", "data", 1, data::parsejson),
    v("readjson", "data", data::readjson),
    f("parseyaml", "data", 1, data::parseyaml),
    v("readyaml", "data", data::readyaml),
    collecting("mergedata", "data", data::mergedata),
    v("storejson", "string", data::storejson),
    f("data_readstringarray", "data", 5, data::readstringarray),
    f("data_readstringarrayidx", "data", 5, data::readstringarrayidx),
    delayed("maparray", "slist", 2, map::maparray),
    delayed("mapdata", "data", 3, map::mapdata),
    v("variablesmatching_as_data", "data", data::variablesmatching_as_data),
    f("data_expand", "data", 1, data::data_expand),
    v("readcsv", "data", data::readcsv),
    v("classfiltercsv", "data", data::classfiltercsv),
    f("readdata", "data", 2, data::readdata),
    f("validdata", "context", 2, data::validdata),
    // predicates
    f("strcmp", "context", 2, predicate::strcmp),
    f("regcmp", "context", 2, predicate::regcmp),
    f("isvariable", "context", 1, predicate::isvariable),
    v("and", "context", predicate::and),
    v("or", "context", predicate::or),
    f("not", "context", 1, predicate::not),
    v("classmatch", "context", predicate::classmatch),
    f("isgreaterthan", "context", 2, predicate::isgreaterthan),
    f("islessthan", "context", 2, predicate::islessthan),
    // time
    f("accumulated", "int", 6, time::accumulated),
    f("now", "int", 0, time::now),
    f("on", "int", 6, time::on),
    f("ago", "int", 6, time::ago),
    f("laterthan", "context", 6, time::laterthan),
    f("strftime", "string", 3, time::strftime),
    // paths and directories
    f("translatepath", "string", 1, path::translatepath),
    v("basename", "string", path::basename),
    v("findfiles", "slist", path::findfiles),
    f("lsdir", "slist", 3, path::lsdir),
    collecting("filesexist", "context", path::filesexist),
    f("isnewerthan", "context", 2, path::isnewerthan),
    f("accessedbefore", "context", 2, path::accessedbefore),
    f("changedbefore", "context", 2, path::changedbefore),
    // digests
    f("hash", "string", 2, hash::hash),
    f("file_hash", "string", 2, hash::file_hash),
    f("hashmatch", "context", 3, hash::hashmatch),
    f("hash_to_int", "int", 3, hash::hash_to_int),
    f("canonifyuniquely", "string", 1, hash::canonifyuniquely),
    // ranges
    f("irange", "irange", 2, range::irange),
    f("rrange", "rrange", 2, range::rrange),
    f("expandrange", "slist", 2, range::expandrange),
    // the policy, the agent, the package inventory
    v("string_mustache", "string", mustache::string_mustache),
    v("type", "string", meta::type_fn),
    v("getclassmetatags", "slist", meta::getclassmetatags),
    f("classify", "context", 1, meta::classify),
    f("cf_version_minimum", "context", 1, meta::cf_version),
    f("cf_version_maximum", "context", 1, meta::cf_version),
    f("cf_version_after", "context", 1, meta::cf_version),
    f("cf_version_before", "context", 1, meta::cf_version),
    f("cf_version_at", "context", 1, meta::cf_version),
    f("cf_version_between", "context", 2, meta::cf_version),
    f("packagesmatching", "data", 4, meta::packagesmatching),
    f("packageupdatesmatching", "data", 4, meta::packagesmatching),
    // classic arrays filled from lines
    f("readstringarray", "int", 6, arrays::readstringarray),
    f("readstringarrayidx", "int", 6, arrays::readstringarrayidx),
    f("readintarray", "int", 6, arrays::readintarray),
    f("readrealarray", "int", 6, arrays::readrealarray),
    f("parsestringarray", "int", 6, arrays::parsestringarray),
    f("parsestringarrayidx", "int", 6, arrays::parsestringarrayidx),
    f("parseintarray", "int", 6, arrays::parseintarray),
    f("parserealarray", "int", 6, arrays::parserealarray),
    // users, groups, kernel settings
    f("userexists", "context", 1, system::userexists),
    f("groupexists", "context", 1, system::groupexists),
    f("getusers", "slist", 2, system::getusers),
    f("sysctlvalue", "string", 1, system::sysctlvalue),
    f("diskfree", "int", 1, system::diskfree),
    // captures and matches
    f("regextract", "context", 3, capture::regextract),
    f("data_regextract", "data", 2, capture::data_regextract),
    f("countlinesmatching", "int", 2, capture::countlinesmatching),
    f("regline", "context", 2, capture::regline),
    // files, read only
    f("fileexists", "context", 1, file::fileexists),
    f("isdir", "context", 1, file::isdir),
    f("isplain", "context", 1, file::isplain),
    f("islink", "context", 1, file::islink),
    f("isexecutable", "context", 1, file::isexecutable),
    f("filesize", "int", 1, file::filesize),
    f("filestat", "string", 2, file::filestat),
    // the policy and the evaluation state
    v("bundlesmatching", "slist", policy::bundlesmatching),
    f("bundlestate", "data", 1, policy::bundlestate),
    f("datastate", "data", 0, policy::datastate),
    v("getvariablemetatags", "slist", policy::getvariablemetatags),
    // functions confer never evaluates: they run commands or reach the network
    v("execresult", "string", exec::execresult),
    v("execresult_as_data", "data", exec::execresult_as_data),
    v("returnszero", "context", exec::returnszero),
    v("usemodule", "context", not_evaluated),
    v("readtcp", "string", not_evaluated),
    v("selectservers", "int", not_evaluated),
    v("remotescalar", "string", not_evaluated),
    v("remoteclassesmatching", "context", not_evaluated),
    v("hubknowledge", "string", not_evaluated),
    v("url_get", "data", not_evaluated),
    v("host2ip", "string", not_evaluated),
    v("ip2host", "string", not_evaluated),
    v("ldaparray", "context", not_evaluated),
    v("ldaplist", "slist", not_evaluated),
    v("ldapvalue", "string", not_evaluated),
    v("regldap", "context", not_evaluated),
    v("hostsseen", "slist", not_evaluated),
    v("hostswithclass", "slist", not_evaluated),
    v("hostinnetgroup", "context", not_evaluated),
    v("registryvalue", "string", not_evaluated),
    v("read_module_protocol", "context", not_evaluated),
    // functions confer knows but does not evaluate yet (see docs/cfengine.md)
    f("callstack_callers", "data", 0, policy::callstack_callers),
    f("callstack_promisers", "slist", 0, policy::callstack_promisers),
    v("data_sysctlvalues", "data", not_implemented),
    v("findfiles_up", "data", findfiles_up::findfiles_up),
    v("search_up", "data", findfiles_up::findfiles_up),
    v("findprocesses", "data", not_implemented),
    v("processexists", "context", not_implemented),
    f("getfields", "int", 4, arrays::getfields),
    v("getuserinfo", "data", system::getuserinfo),
    f("hostrange", "context", 2, address_range::hostrange),
    v("iprange", "context", address_range::iprange),
    v("isipinsubnet", "context", address_range::isipinsubnet),
    f("makerule", "string", 2, path::makerule),
    v("network_connections", "data", not_implemented),
    f("peerleader", "string", 3, peers::peerleader),
    f("peerleaders", "slist", 3, peers::peerleaders),
    f("peers", "slist", 3, peers::peers),
    v("readenvfile", "data", env_file::readenvfile),
    f("splayclass", "context", 2, time::splayclass),
    v("validjson", "context", predicate::validjson),
    f("reglist", "context", 2, predicate::reglist),
    f("regarray", "context", 2, predicate::regarray),
    f("getenv", "string", 2, predicate::getenv),
];

/// Functions whose list-valued arguments arrive as one container
/// (`FNCALL_OPTION_COLLECTING`).
const COLLECTING: &[&str] = &[
    "join",
    "shuffle",
    "sort",
    "reverse",
    "unique",
    "length",
    "nth",
    "filter",
    "grep",
    "sublist",
    "difference",
    "intersection",
    "sum",
    "product",
    "mean",
    "variance",
    "max",
    "min",
    "every",
    "some",
    "none",
    "getindices",
    "getvalues",
    "storejson",
    "mergedata",
    "format",
    "makerule",
];

fn spec(name: &str) -> Option<&'static Spec> {
    SPECS.iter().find(|s| s.name == name)
}

/// The type a function returns (`string`, `int`, `slist`, `data`,
/// `context`, ...), for the vars promise's type check.
pub fn return_type(name: &str) -> Option<&'static str> {
    spec(name).map(|s| s.ret)
}

/// The fixed number of arguments of a built-in function (`None` for
/// variadic ones and unknown names).
pub fn arity(name: &str) -> Option<usize> {
    spec(name).and_then(|s| s.nargs)
}

/// The built-in function closest to the unknown `name`, when it is likely
/// a misspelling of it.
pub fn closest(name: &str) -> Option<&'static str> {
    confer_diagnostic::suggest::closest(name, SPECS.iter().map(|s| s.name), 0.85)
}

/// Whether `name` is a built-in function confer knows.
pub fn is_builtin(name: &str) -> bool {
    spec(name).is_some()
}

/// `RlistIsUnresolved`: an argument still holds `$` references (other than
/// the `$(this)`-style ones the map functions substitute).
fn unresolved(args: &[Rv]) -> bool {
    args.iter().any(|a| match a {
        Rv::Container(_) => false,
        Rv::Scalar(s) => {
            is_cf3_scalar(s)
                && ![
                    "$(this)",
                    "${this}",
                    "$(this.k)",
                    "${this.k}",
                    "$(this.v)",
                    "${this.v}",
                    "$(this.k[1])",
                    "${this.k[1]}",
                ]
                .iter()
                .any(|p| s.contains(p))
        }
        _ => true,
    })
}

/// Calls `f` in the current context (`FnCallEvaluate`). Returns whether it
/// succeeded, and the result (the call itself when it failed).
pub fn call(ctx: &mut EvalContext, f: &Arc<FnCall>) -> (bool, Rv) {
    let failed = (false, Rv::FnCall(f.clone()));
    let Some(spec) = spec(&f.name) else {
        let file = ctx.bundle().map(|b| b.file.to_string()).unwrap_or_default();
        let line = ctx.promise.as_ref().map_or(0, |p| p.line);
        ctx.error(ErrorKind::Function, format!("No such FnCall '{}' in promise '{file}' near line {line}", f.name));
        return failed;
    };
    if !ctx.spend(1) {
        return failed;
    }
    // The arity is checked for every function, delayed ones included, so that
    // an implementation may index its arguments.
    if let Some(n) = spec.nargs {
        if f.args.len() != n {
            ctx.error(
                ErrorKind::Function,
                format!("Arguments to function '{}' do not tally. Expected {n} not {}", f.name, f.args.len()),
            );
            ctx.aborted = Some(1);
            return failed;
        }
    }
    let args: Vec<Rv> = if spec.delayed {
        f.args.iter().map(Rv::from_ast).collect()
    } else {
        let mut args = Vec::with_capacity(f.args.len());
        for a in &f.args {
            let r = match a {
                Rval::FnCall(inner) => {
                    let (ok, r) = call(ctx, &Arc::new(inner.clone()));
                    if !ok {
                        return failed;
                    }
                    r
                }
                Rval::Scalar(s) => Rv::scalar(ctx.expand(s)),
                Rval::List(_) => Rv::from_ast(a),
            };
            match r {
                Rv::List(items) if spec.collecting || COLLECTING.contains(&spec.name) => {
                    let arr: Vec<Value> =
                        items.iter().filter_map(|i| i.as_scalar().map(|s| Value::String(s.into()))).collect();
                    args.push(Rv::Container(Value::array(arr)));
                }
                Rv::List(items) => args.extend(items.iter().cloned()),
                other => args.push(other),
            }
        }
        if unresolved(&args) && !(f.name == "ifelse" && args.len() == 3) {
            return failed;
        }
        if arg_template::check(ctx, f).is_err() {
            return failed;
        }
        // `CallFunction`: a list spliced into a fixed-arity function's
        // arguments no longer fits its template.
        if let Some(n) = spec.nargs {
            if args.len() != n {
                let items: Vec<String> = args.iter().map(|a| format!("\"{}\"", a.to_display())).collect();
                ctx.error(
                    ErrorKind::Function,
                    format!("Argument template mismatch handling function {}( {{{}}})", f.name, items.join(",")),
                );
                let params = arg_template::params(&f.name);
                for (i, (a, p)) in args.iter().zip(params).take(n).enumerate() {
                    ctx.error(ErrorKind::Function, format!("  arg[{i}] range {}\t {} ", p.range, a.to_display()));
                }
                ctx.error(ErrorKind::Function, "Fatal CFEngine error: Bad arguments");
                ctx.aborted = Some(1);
                return failed;
            }
        }
        args
    };
    let cache_key = cached_call_key(ctx, f, &args);
    if let Some(r) = cache_key.as_ref().and_then(|k| ctx.function_cache.get(k)) {
        return (true, r.clone());
    }
    let result = (spec.imp)(ctx, f, &args);
    if let (Some(key), Ok(r)) = (cache_key, &result) {
        ctx.function_cache.insert(key, r.clone());
    }
    match result {
        Ok(Rv::Container(v)) if v.expanded_size() > MAX_EXPANDED_BYTES => {
            let at = ctx.promise_location();
            ctx.error(
                ErrorKind::Function,
                format!(
                    "Function '{}' built a data container that takes more than {MAX_EXPANDED_BYTES} bytes with its \
                 shared parts counted each time they appear (confer's limit on hostile input), {at}",
                    f.name
                ),
            );
            failed
        }
        Ok(Rv::Scalar(s)) if s.len() > crate::eval::expand::MAX_SCALAR_BYTES => {
            ctx.oversized.set(true);
            failed
        }
        Ok(r) => (true, r),
        Err(Failed) => failed,
    }
}

/// Functions whose result cf-agent keeps for the rest of the run
/// (`FNCALL_OPTION_CACHED`): a command runs once for the same arguments,
/// however often its promise is evaluated.
const CACHED: &[&str] = &[
    "execresult",
    "execresult_as_data",
    "returnszero",
    "findprocesses",
    "processexists",
    "host2ip",
    "ip2host",
    "hubknowledge",
    "ldaplist",
    "ldapvalue",
    "regldap",
    "readtcp",
    "remotescalar",
];

/// The key a cached function's result is kept under (its name and
/// evaluated arguments), or `None` when it is not cached: not a cached
/// function, body common control's `cache_system_functions` is false, or
/// its promise says `ifelapsed => "0"` (ENT-7478).
fn cached_call_key(ctx: &mut EvalContext, f: &FnCall, args: &[Rv]) -> Option<String> {
    if !CACHED.contains(&f.name.as_str()) {
        return None;
    }
    // `cache_system_functions => "false"` in body common control.
    let cached = crate::eval::control::control_values(ctx, "common", "cache_system_functions");
    if cached.last().and_then(Rv::as_scalar).is_some_and(|v| matches!(v, "false" | "no" | "off")) {
        return None;
    }
    let action = ctx.promise.as_ref().and_then(|p| p.constraint("action")).map(|c| Rv::from_ast(&c.rval));
    let attrs = crate::eval::body_attributes::evaluated(ctx, "action", action.as_ref());
    if crate::eval::body_attributes::scalar(&attrs, "ifelapsed") == Some("0") {
        return None;
    }
    let shown: Vec<String> = args.iter().map(Rv::to_display).collect();
    Some(format!("{}\u{1}{}", f.name, shown.join("\u{1}")))
}

/// The most bytes a data container may take with its shared parts written
/// out (`Value::expanded_size`): `mergedata('[ v, v ]')` chained forty times
/// is small in memory but 2^40 elements to print or copy.
pub(crate) const MAX_EXPANDED_BYTES: u64 = 256 << 20;

/// The functions that run commands or reach the network: confer knows them
/// (so a policy using them is valid) but never calls them. The call fails as
/// a failing function does in cf-agent: the promise using it is not kept.
fn not_evaluated(ctx: &mut EvalContext, f: &FnCall, _: &[Rv]) -> FnResult {
    let at = ctx.promise_location();
    ctx.refuse(format!(
        "Function '{}' is not evaluated: confer does not run commands or reach the network ({at})",
        f.name
    ));
    Err(Failed)
}

/// The functions of cf-agent 3.21 that confer knows (a policy calling them
/// is valid) but does not evaluate yet: the call fails, with a message.
fn not_implemented(ctx: &mut EvalContext, f: &FnCall, _: &[Rv]) -> FnResult {
    ctx.error(ErrorKind::Function, format!("Function '{}' is not implemented in confer", f.name));
    Err(Failed)
}

/// A class result: `any` or `!any`.
pub(crate) fn class_result(b: bool) -> FnResult {
    Ok(Rv::scalar(if b { "any" } else { "!any" }))
}

/// The text of argument `i` (empty when missing or not a scalar).
pub(crate) fn arg_str(args: &[Rv], i: usize) -> &str {
    args.get(i).and_then(Rv::as_scalar).unwrap_or("")
}

/// Argument `i` as an integer, or an error naming the function.
pub(crate) fn arg_int(ctx: &mut EvalContext, f: &FnCall, args: &[Rv], i: usize) -> Result<i64, Failed> {
    let s = arg_str(args, i);
    crate::data::number::int_from_string(s).map_err(|log| {
        if let Some(l) = log {
            ctx.error(ErrorKind::Function, l);
        }
        ctx.error(ErrorKind::Function, format!("{}: argument {} '{s}' is not an integer", f.name, i + 1));
        Failed
    })
}

/// Argument `i` as an integer in `lo..=hi`. Outside the range it is a fatal
/// error, as cf-agent's argument template check makes it.
pub(crate) fn arg_int_in(
    ctx: &mut EvalContext,
    f: &FnCall,
    args: &[Rv],
    i: usize,
    lo: i64,
    hi: i64,
) -> Result<i64, Failed> {
    let v = arg_int(ctx, f, args, i)?;
    if v < lo || v > hi {
        let text = arg_str(args, i);
        ctx.error(
            ErrorKind::Function,
            format!(
                "Fatal CFEngine error: In function '{}', error in variable '{text}', 'Integer is out of range'",
                f.name
            ),
        );
        ctx.aborted = Some(1);
        return Err(Failed);
    }
    Ok(v)
}

/// What a "collection" argument names: a list, a container, or an array
/// (given by variable name, `@(name)`, or inline JSON / a call result).
pub enum Collection {
    /// A list of strings.
    List(Vec<Arc<str>>),
    /// A data container.
    Data(Value),
}

/// Resolves a collection argument (`VarNameOrInlineToJson`). Inline JSON
/// holding a number cf-agent cannot store ends the run, as it does.
pub fn collection(ctx: &mut EvalContext, arg: &Rv) -> Option<Collection> {
    match arg {
        Rv::Container(c) => Some(Collection::Data(c.clone())),
        Rv::List(items) => Some(Collection::List(items.iter().filter_map(|i| i.as_scalar().map(Arc::from)).collect())),
        Rv::Scalar(s) => {
            let name =
                if crate::syntax::reference::is_naked_var(s, b'@') { crate::syntax::reference::naked(s) } else { s };
            let trimmed = name.trim_start();
            if trimmed.starts_with('[') || trimmed.starts_with('{') {
                match crate::data::json::parse_with_lookup(name, &mut |w| var_json(ctx, w)) {
                    Ok(v) => return Some(Collection::Data(v)),
                    Err(crate::data::container_number::DataError::Fatal(m)) => {
                        data::exits(ctx, m);
                        return None;
                    }
                    Err(_) => {}
                }
            }
            match ctx.lookup(name) {
                Some(Variable { rval: Rv::List(l), .. }) => {
                    Some(Collection::List(l.iter().filter_map(|i| i.as_scalar().map(Arc::from)).collect()))
                }
                Some(Variable { rval: Rv::Container(c), .. }) => Some(Collection::Data(c)),
                Some(Variable { rval: Rv::Scalar(_), .. }) | None => array_as_data(ctx, name).map(Collection::Data),
                _ => None,
            }
        }
        Rv::FnCall(_) => None,
    }
}

/// A variable's value as JSON, for a bare name inside inline JSON
/// (`LookupVarRefToJson`): a scalar is a string, a list an array of strings,
/// an associative array an object.
pub(super) fn var_json(ctx: &EvalContext, name: &str) -> Option<Value> {
    match ctx.lookup(name).map(|v| v.rval) {
        Some(Rv::Container(c)) => Some(c),
        Some(Rv::Scalar(s)) => Some(Value::String(s.to_string().into())),
        Some(l @ Rv::List(_)) => Some(Value::array(l.list_strings().into_iter().map(Value::String).collect())),
        _ => array_as_data(ctx, name),
    }
}

/// The most any function reads from one file when its size argument does
/// not bound it (256 MiB): `/dev/zero` or a runaway file ends in an error,
/// never in memory exhaustion.
pub(crate) const MAX_INPUT: u64 = 256 << 20;

/// Reads at most `max` bytes of `path` (`MAX_INPUT` when `max` is 0). A
/// FIFO or socket is refused before it is opened (opening a FIFO waits for
/// a writer); a device is read like a file when a size bounds the read,
/// and refused (reported once) when none does: `/dev/urandom` never ends,
/// and cf-agent reads it until memory runs out. A file longer than
/// `MAX_INPUT` with no size argument is an error.
pub(crate) fn bounded_read(ctx: &mut EvalContext, path: &str, max: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let shown = path;
    let Some(path) = host_path(ctx, path) else {
        return Err(std::io::Error::other("outside the root"));
    };
    let path: &str = &path;
    let meta = std::fs::metadata(path)?;
    let ft = meta.file_type();
    if ft.is_fifo() || ft.is_socket() || ft.is_dir() {
        return Err(std::io::Error::other(if ft.is_dir() { "Is a directory" } else { "not a regular file or device" }));
    }
    if max == 0 && (ft.is_char_device() || ft.is_block_device()) && meta.rdev() != NULL_DEVICE {
        let at = ctx.promise_location();
        ctx.refuse(format!("'{shown}' is a device: confer reads one only up to a size the function is given, {at}"));
        return Err(std::io::Error::other("a device read with no size"));
    }
    let limit = if max == 0 { MAX_INPUT } else { max.min(MAX_INPUT) };
    let mut bytes = vec![];
    std::fs::File::open(path)?.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        if max == 0 || max > MAX_INPUT {
            return Err(std::io::Error::other(format!("file is larger than confer's limit of {MAX_INPUT} bytes")));
        }
        bytes.truncate(limit as usize);
    }
    Ok(bytes)
}

/// The host path of a policy path: under `--root` the path under the root,
/// else the path itself; `None`, the refusal reported once, when it leads
/// out of the root. Every function that looks at or reads a file goes
/// through it, so a rooted policy sees only its copy of the machine.
pub(crate) fn host_path<'p>(ctx: &mut EvalContext, path: &'p str) -> Option<std::borrow::Cow<'p, str>> {
    // A relative path is taken from the directory a files promise left
    // cf-agent in, when one did.
    let path: std::borrow::Cow<'p, str> = match &ctx.cwd {
        Some(cwd) if !path.starts_with('/') && !path.is_empty() => {
            std::borrow::Cow::Owned(format!("{}/{path}", cwd.trim_end_matches('/')))
        }
        _ => std::borrow::Cow::Borrowed(path),
    };
    let Some(sandbox) = ctx.files.as_ref().filter(|s| s.is_rooted()) else {
        return Some(path);
    };
    match sandbox.resolve(&path) {
        Ok(real) => Some(std::borrow::Cow::Owned(real.to_string_lossy().into_owned())),
        Err(e) => {
            let at = ctx.promise_location();
            ctx.refuse(format!("confer does not look at {e}, {at}"));
            None
        }
    }
}

/// `/dev/null`'s device number (major 1, minor 3 on Linux): a device that
/// ends at once, read whole like a file.
const NULL_DEVICE: u64 = (1 << 8) | 3;
