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
pub(crate) mod host;
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
pub(crate) mod regex_cache;
pub mod return_type;
mod sort;
mod string;
pub(crate) mod system;
mod time;

use crate::eval::message::ErrorKind;
use std::sync::Arc;

use confer_core::Value;

use crate::data::value::{DataType, Rv, Variable};
use crate::syntax::ast::{FnCall, Rval};
use crate::syntax::reference::is_cf3_scalar;
use host::FunctionHost;
use return_type::ReturnType;

/// A function's result: `Err(Failed)` when it failed (it logged why).
pub(crate) use array_data::array_as_data;

/// A call that failed: cf-agent has already logged why (or fails silently,
/// as cf-agent does), and the call stays unexpanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Failed;

/// What a built-in function gives: its value, or `Failed`.
pub(crate) type FnResult = Result<Rv, Failed>;

/// An implementation.
type Impl = fn(&mut dyn FunctionHost, &FnCall, &[Rv]) -> FnResult;

/// One registered function.
struct Spec {
    name: &'static str,
    ret: ReturnType,
    /// Number of arguments; `None` for variadic functions.
    nargs: Option<usize>,
    /// Arguments are passed unexpanded (maplist, maparray, mapdata).
    delayed: bool,
    /// List arguments are collected into one container argument.
    collecting: bool,
    imp: Impl,
}

const fn f(name: &'static str, ret: ReturnType, nargs: usize, imp: Impl) -> Spec {
    Spec { name, ret, nargs: Some(nargs), delayed: false, collecting: false, imp }
}

const fn v(name: &'static str, ret: ReturnType, imp: Impl) -> Spec {
    Spec { name, ret, nargs: None, delayed: false, collecting: false, imp }
}

const fn delayed(name: &'static str, ret: ReturnType, nargs: usize, imp: Impl) -> Spec {
    Spec { name, ret, nargs: Some(nargs), delayed: true, collecting: false, imp }
}

const fn collecting(name: &'static str, ret: ReturnType, imp: Impl) -> Spec {
    Spec { name, ret, nargs: None, delayed: false, collecting: true, imp }
}

const STRING: ReturnType = ReturnType::Data(DataType::String);
const INT: ReturnType = ReturnType::Data(DataType::Int);
const REAL: ReturnType = ReturnType::Data(DataType::Real);
const SLIST: ReturnType = ReturnType::Data(DataType::Slist);
const ILIST: ReturnType = ReturnType::Data(DataType::Ilist);
const RLIST: ReturnType = ReturnType::Data(DataType::Rlist);
const DATA: ReturnType = ReturnType::Data(DataType::Container);
const CONTEXT: ReturnType = ReturnType::Context;
const IRANGE: ReturnType = ReturnType::IntRange;
const RRANGE: ReturnType = ReturnType::RealRange;

static SPECS: &[Spec] = &[
    // strings
    f("canonify", STRING, 1, string::canonify_fn),
    v("concat", STRING, string::concat),
    v("format", STRING, format::format_fn),
    f("string_downcase", STRING, 1, string::downcase),
    f("string_upcase", STRING, 1, string::upcase),
    f("string_reverse", STRING, 1, string::reverse),
    f("string_head", STRING, 2, string::head),
    f("string_tail", STRING, 2, string::tail),
    f("string_length", INT, 1, string::length),
    f("regex_replace", STRING, 4, string::regex_replace),
    f("string_replace", STRING, 3, string::string_replace),
    f("string_trim", STRING, 1, string::trim),
    f("lastnode", STRING, 2, string::lastnode),
    f("dirname", STRING, 1, string::dirname),
    v("eval", STRING, string::eval_math),
    f("int", INT, 1, string::int),
    f("string", STRING, 1, string::string),
    // users, groups, randomness
    f("getuid", INT, 1, system::getuid),
    f("getgid", INT, 1, system::getgid),
    f("randomint", INT, 2, system::randomint),
    v("readfile", STRING, string::readfile),
    v("ifelse", STRING, string::ifelse),
    f("escape", STRING, 1, string::escape),
    // lists
    f("splitstring", SLIST, 3, list::splitstring),
    f("string_split", SLIST, 3, list::string_split),
    v("join", STRING, list::join),
    v("sort", SLIST, list::sort),
    f("reverse", SLIST, 1, list::reverse),
    f("unique", SLIST, 1, list::unique),
    f("length", INT, 1, list::length),
    f("nth", STRING, 2, list::nth),
    f("filter", SLIST, 5, list::filter),
    f("grep", SLIST, 2, list::grep),
    f("sublist", SLIST, 3, list::sublist),
    f("difference", SLIST, 2, list::difference),
    f("intersection", SLIST, 2, list::intersection),
    delayed("maplist", SLIST, 2, list::maplist),
    f("sum", REAL, 1, list::sum),
    f("product", REAL, 1, list::product),
    f("mean", REAL, 1, list::mean),
    f("variance", REAL, 1, list::variance),
    v("max", STRING, list::max),
    v("min", STRING, list::min),
    f("every", CONTEXT, 2, list::every),
    f("some", CONTEXT, 2, list::some),
    f("none", CONTEXT, 2, list::none),
    f("getindices", SLIST, 1, list::getindices),
    f("shuffle", SLIST, 2, list::shuffle),
    f("getvalues", SLIST, 1, list::getvalues),
    v("variablesmatching", SLIST, list::variablesmatching),
    v("classesmatching", SLIST, list::classesmatching),
    v("countclassesmatching", INT, list::countclassesmatching),
    f("readstringlist", SLIST, 5, data::readstringlist),
    f("readintlist", ILIST, 5, data::readstringlist),
    f("readreallist", RLIST, 5, data::readstringlist),
    // data
    f("parsejson", DATA, 1, data::parsejson),
    v("readjson", DATA, data::readjson),
    f("parseyaml", DATA, 1, data::parseyaml),
    v("readyaml", DATA, data::readyaml),
    collecting("mergedata", DATA, data::mergedata),
    v("storejson", STRING, data::storejson),
    f("data_readstringarray", DATA, 5, data::readstringarray),
    f("data_readstringarrayidx", DATA, 5, data::readstringarrayidx),
    delayed("maparray", SLIST, 2, map::maparray),
    delayed("mapdata", DATA, 3, map::mapdata),
    v("variablesmatching_as_data", DATA, data::variablesmatching_as_data),
    f("data_expand", DATA, 1, data::data_expand),
    v("readcsv", DATA, data::readcsv),
    v("classfiltercsv", DATA, data::classfiltercsv),
    f("readdata", DATA, 2, data::readdata),
    f("validdata", CONTEXT, 2, data::validdata),
    // predicates
    f("strcmp", CONTEXT, 2, predicate::strcmp),
    f("regcmp", CONTEXT, 2, predicate::regcmp),
    f("isvariable", CONTEXT, 1, predicate::isvariable),
    v("and", CONTEXT, predicate::and),
    v("or", CONTEXT, predicate::or),
    f("not", CONTEXT, 1, predicate::not),
    v("classmatch", CONTEXT, predicate::classmatch),
    f("isgreaterthan", CONTEXT, 2, predicate::isgreaterthan),
    f("islessthan", CONTEXT, 2, predicate::islessthan),
    // time
    f("accumulated", INT, 6, time::accumulated),
    f("now", INT, 0, time::now),
    f("on", INT, 6, time::on),
    f("ago", INT, 6, time::ago),
    f("laterthan", CONTEXT, 6, time::laterthan),
    f("strftime", STRING, 3, time::strftime),
    // paths and directories
    f("translatepath", STRING, 1, path::translatepath),
    v("basename", STRING, path::basename),
    v("findfiles", SLIST, path::findfiles),
    f("lsdir", SLIST, 3, path::lsdir),
    collecting("filesexist", CONTEXT, path::filesexist),
    f("isnewerthan", CONTEXT, 2, path::isnewerthan),
    f("accessedbefore", CONTEXT, 2, path::accessedbefore),
    f("changedbefore", CONTEXT, 2, path::changedbefore),
    // digests
    f("hash", STRING, 2, hash::hash),
    f("file_hash", STRING, 2, hash::file_hash),
    f("hashmatch", CONTEXT, 3, hash::hashmatch),
    f("hash_to_int", INT, 3, hash::hash_to_int),
    f("canonifyuniquely", STRING, 1, hash::canonifyuniquely),
    // ranges
    f("irange", IRANGE, 2, range::irange),
    f("rrange", RRANGE, 2, range::rrange),
    f("expandrange", SLIST, 2, range::expandrange),
    // the policy, the agent, the package inventory
    v("string_mustache", STRING, mustache::string_mustache),
    v("type", STRING, meta::type_fn),
    v("getclassmetatags", SLIST, meta::getclassmetatags),
    f("classify", CONTEXT, 1, meta::classify),
    f("cf_version_minimum", CONTEXT, 1, meta::cf_version),
    f("cf_version_maximum", CONTEXT, 1, meta::cf_version),
    f("cf_version_after", CONTEXT, 1, meta::cf_version),
    f("cf_version_before", CONTEXT, 1, meta::cf_version),
    f("cf_version_at", CONTEXT, 1, meta::cf_version),
    f("cf_version_between", CONTEXT, 2, meta::cf_version),
    f("packagesmatching", DATA, 4, meta::packagesmatching),
    f("packageupdatesmatching", DATA, 4, meta::packagesmatching),
    // classic arrays filled from lines
    f("readstringarray", INT, 6, arrays::readstringarray),
    f("readstringarrayidx", INT, 6, arrays::readstringarrayidx),
    f("readintarray", INT, 6, arrays::readintarray),
    f("readrealarray", INT, 6, arrays::readrealarray),
    f("parsestringarray", INT, 6, arrays::parsestringarray),
    f("parsestringarrayidx", INT, 6, arrays::parsestringarrayidx),
    f("parseintarray", INT, 6, arrays::parseintarray),
    f("parserealarray", INT, 6, arrays::parserealarray),
    // users, groups, kernel settings
    f("userexists", CONTEXT, 1, system::userexists),
    f("groupexists", CONTEXT, 1, system::groupexists),
    f("getusers", SLIST, 2, system::getusers),
    f("sysctlvalue", STRING, 1, system::sysctlvalue),
    f("diskfree", INT, 1, system::diskfree),
    // captures and matches
    f("regextract", CONTEXT, 3, capture::regextract),
    f("data_regextract", DATA, 2, capture::data_regextract),
    f("countlinesmatching", INT, 2, capture::countlinesmatching),
    f("regline", CONTEXT, 2, capture::regline),
    // files, read only
    f("fileexists", CONTEXT, 1, file::fileexists),
    f("isdir", CONTEXT, 1, file::isdir),
    f("isplain", CONTEXT, 1, file::isplain),
    f("islink", CONTEXT, 1, file::islink),
    f("isexecutable", CONTEXT, 1, file::isexecutable),
    f("filesize", INT, 1, file::filesize),
    f("filestat", STRING, 2, file::filestat),
    // the policy and the evaluation state
    v("bundlesmatching", SLIST, policy::bundlesmatching),
    f("bundlestate", DATA, 1, policy::bundlestate),
    f("datastate", DATA, 0, policy::datastate),
    v("getvariablemetatags", SLIST, policy::getvariablemetatags),
    // functions confer never evaluates: they run commands or reach the network
    v("execresult", STRING, exec::execresult),
    v("execresult_as_data", DATA, exec::execresult_as_data),
    v("returnszero", CONTEXT, exec::returnszero),
    v("usemodule", CONTEXT, not_evaluated),
    v("readtcp", STRING, not_evaluated),
    v("selectservers", INT, not_evaluated),
    v("remotescalar", STRING, not_evaluated),
    v("remoteclassesmatching", CONTEXT, not_evaluated),
    v("hubknowledge", STRING, not_evaluated),
    v("url_get", DATA, not_evaluated),
    v("host2ip", STRING, not_evaluated),
    v("ip2host", STRING, not_evaluated),
    v("ldaparray", CONTEXT, not_evaluated),
    v("ldaplist", SLIST, not_evaluated),
    v("ldapvalue", STRING, not_evaluated),
    v("regldap", CONTEXT, not_evaluated),
    v("hostsseen", SLIST, not_evaluated),
    v("hostswithclass", SLIST, not_evaluated),
    v("hostinnetgroup", CONTEXT, not_evaluated),
    v("registryvalue", STRING, not_evaluated),
    v("read_module_protocol", CONTEXT, not_evaluated),
    // functions confer knows but does not evaluate yet (see docs/cfengine.md)
    f("callstack_callers", DATA, 0, policy::callstack_callers),
    f("callstack_promisers", SLIST, 0, policy::callstack_promisers),
    v("data_sysctlvalues", DATA, not_implemented),
    v("findfiles_up", DATA, findfiles_up::findfiles_up),
    v("search_up", DATA, findfiles_up::findfiles_up),
    v("findprocesses", DATA, not_implemented),
    v("processexists", CONTEXT, not_implemented),
    f("getfields", INT, 4, arrays::getfields),
    v("getuserinfo", DATA, system::getuserinfo),
    f("hostrange", CONTEXT, 2, address_range::hostrange),
    v("iprange", CONTEXT, address_range::iprange),
    v("isipinsubnet", CONTEXT, address_range::isipinsubnet),
    f("makerule", STRING, 2, path::makerule),
    v("network_connections", DATA, not_implemented),
    f("peerleader", STRING, 3, peers::peerleader),
    f("peerleaders", SLIST, 3, peers::peerleaders),
    f("peers", SLIST, 3, peers::peers),
    v("readenvfile", DATA, env_file::readenvfile),
    f("splayclass", CONTEXT, 2, time::splayclass),
    v("validjson", CONTEXT, predicate::validjson),
    f("reglist", CONTEXT, 2, predicate::reglist),
    f("regarray", CONTEXT, 2, predicate::regarray),
    f("getenv", STRING, 2, predicate::getenv),
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
pub fn return_type(name: &str) -> Option<ReturnType> {
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
pub(crate) fn call(ctx: &mut dyn FunctionHost, f: &Arc<FnCall>) -> (bool, Rv) {
    let failed = (false, Rv::FnCall(f.clone()));
    let Some(spec) = spec(&f.name) else {
        let file = ctx.bundle().map(|b| b.file.to_string()).unwrap_or_default();
        let line = ctx.promise().map_or(0, |p| p.line);
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
            ctx.fatal(
                ErrorKind::Function,
                &format!("Arguments to function '{}' do not tally. Expected {n} not {}", f.name, f.args.len()),
            );
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
                ctx.fatal(ErrorKind::Function, "Fatal CFEngine error: Bad arguments");
                return failed;
            }
        }
        args
    };
    let cache_key = cached_call_key(ctx, f, &args);
    if let Some(r) = cache_key.as_ref().and_then(|k| ctx.function_cache().get(k)) {
        return (true, r.clone());
    }
    let result = (spec.imp)(ctx, f, &args);
    if let (Some(key), Ok(r)) = (cache_key, &result) {
        ctx.function_cache().insert(key, r.clone());
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
            ctx.flag_oversized();
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
fn cached_call_key(ctx: &mut dyn FunctionHost, f: &FnCall, args: &[Rv]) -> Option<String> {
    if !CACHED.contains(&f.name.as_str()) {
        return None;
    }
    if !ctx.caches_function_results() {
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
fn not_evaluated(ctx: &mut dyn FunctionHost, f: &FnCall, _: &[Rv]) -> FnResult {
    let at = ctx.promise_location();
    ctx.refuse(format!(
        "Function '{}' is not evaluated: confer does not run commands or reach the network ({at})",
        f.name
    ));
    Err(Failed)
}

/// The functions of cf-agent 3.21 that confer knows (a policy calling them
/// is valid) but does not evaluate yet: the call fails, with a message.
fn not_implemented(ctx: &mut dyn FunctionHost, f: &FnCall, _: &[Rv]) -> FnResult {
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
pub(crate) fn arg_int(ctx: &mut dyn FunctionHost, f: &FnCall, args: &[Rv], i: usize) -> Result<i64, Failed> {
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
    ctx: &mut dyn FunctionHost,
    f: &FnCall,
    args: &[Rv],
    i: usize,
    lo: i64,
    hi: i64,
) -> Result<i64, Failed> {
    let v = arg_int(ctx, f, args, i)?;
    if v < lo || v > hi {
        let text = arg_str(args, i);
        ctx.fatal(
            ErrorKind::Function,
            &format!(
                "Fatal CFEngine error: In function '{}', error in variable '{text}', 'Integer is out of range'",
                f.name
            ),
        );
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
pub(crate) fn collection(ctx: &mut dyn FunctionHost, arg: &Rv) -> Option<Collection> {
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
pub(super) fn var_json(ctx: &dyn FunctionHost, name: &str) -> Option<Value> {
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
pub(crate) fn bounded_read(ctx: &mut dyn FunctionHost, path: &str, max: u64) -> std::io::Result<Vec<u8>> {
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
pub(crate) fn host_path<'p>(ctx: &mut dyn FunctionHost, path: &'p str) -> Option<std::borrow::Cow<'p, str>> {
    // A relative path is taken from the directory a files promise left
    // cf-agent in, when one did.
    let path: std::borrow::Cow<'p, str> = match ctx.cwd() {
        Some(cwd) if !path.starts_with('/') && !path.is_empty() => {
            std::borrow::Cow::Owned(format!("{}/{path}", cwd.trim_end_matches('/')))
        }
        _ => std::borrow::Cow::Borrowed(path),
    };
    let Some(sandbox) = ctx.settings().files.as_ref().filter(|s| s.is_rooted()) else {
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
