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
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

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

/// One registered function: its name, what it returns, how its arguments
/// are passed, and its implementation. Its parameters — how many, their
/// types and ranges — are cf-agent's own declaration (`arg_templates.tsv`),
/// not repeated here.
struct Spec {
    name: &'static str,
    ret: ReturnType,
    /// Takes any number of arguments (`FNCALL_VARARGS`); otherwise exactly
    /// its declared parameters.
    variadic: bool,
    /// Arguments are passed unexpanded (maplist, maparray, mapdata).
    delayed: bool,
    /// List arguments arrive as one container (`FNCALL_OPTION_COLLECTING`).
    collecting: bool,
    imp: Impl,
}

/// A function of exactly its declared parameters.
const fn fixed(name: &'static str, ret: ReturnType, imp: Impl) -> Spec {
    Spec { name, ret, variadic: false, delayed: false, collecting: false, imp }
}

/// A function of any number of arguments.
const fn variadic(name: &'static str, ret: ReturnType, imp: Impl) -> Spec {
    Spec { name, ret, variadic: true, delayed: false, collecting: false, imp }
}

impl Spec {
    /// Its arguments unexpanded.
    const fn delayed(self) -> Spec {
        Spec { delayed: true, ..self }
    }

    /// Its list arguments as one container.
    const fn collecting(self) -> Spec {
        Spec { collecting: true, ..self }
    }

    /// Its parameters, as cf-agent declares them.
    fn params(&self) -> &'static [arg_template::Param] {
        arg_template::params(self.name)
    }

    /// How many arguments it takes; `None` for any number.
    fn arity(&self) -> Option<usize> {
        (!self.variadic).then(|| self.params().len())
    }
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
    fixed("canonify", STRING, string::canonify_fn),
    variadic("concat", STRING, string::concat),
    variadic("format", STRING, format::format_fn).collecting(),
    fixed("string_downcase", STRING, string::downcase),
    fixed("string_upcase", STRING, string::upcase),
    fixed("string_reverse", STRING, string::reverse),
    fixed("string_head", STRING, string::head),
    fixed("string_tail", STRING, string::tail),
    fixed("string_length", INT, string::length),
    fixed("regex_replace", STRING, string::regex_replace),
    fixed("string_replace", STRING, string::string_replace),
    fixed("string_trim", STRING, string::trim),
    fixed("lastnode", STRING, string::lastnode),
    fixed("dirname", STRING, string::dirname),
    variadic("eval", STRING, string::eval_math),
    fixed("int", INT, string::int),
    fixed("string", STRING, string::string),
    // users, groups, randomness
    fixed("getuid", INT, system::getuid),
    fixed("getgid", INT, system::getgid),
    fixed("randomint", INT, system::randomint),
    variadic("readfile", STRING, string::readfile),
    variadic("ifelse", STRING, string::ifelse),
    fixed("escape", STRING, string::escape),
    // lists
    fixed("splitstring", SLIST, list::splitstring),
    fixed("string_split", SLIST, list::string_split),
    variadic("join", STRING, list::join).collecting(),
    variadic("sort", SLIST, list::sort).collecting(),
    fixed("reverse", SLIST, list::reverse).collecting(),
    fixed("unique", SLIST, list::unique).collecting(),
    fixed("length", INT, list::length).collecting(),
    fixed("nth", STRING, list::nth).collecting(),
    fixed("filter", SLIST, list::filter).collecting(),
    fixed("grep", SLIST, list::grep).collecting(),
    fixed("sublist", SLIST, list::sublist).collecting(),
    fixed("difference", SLIST, list::difference).collecting(),
    fixed("intersection", SLIST, list::intersection).collecting(),
    fixed("maplist", SLIST, list::maplist).delayed(),
    fixed("sum", REAL, list::sum).collecting(),
    fixed("product", REAL, list::product).collecting(),
    fixed("mean", REAL, list::mean).collecting(),
    fixed("variance", REAL, list::variance).collecting(),
    variadic("max", STRING, list::max).collecting(),
    variadic("min", STRING, list::min).collecting(),
    fixed("every", CONTEXT, list::every).collecting(),
    fixed("some", CONTEXT, list::some).collecting(),
    fixed("none", CONTEXT, list::none).collecting(),
    fixed("getindices", SLIST, list::getindices).collecting(),
    fixed("shuffle", SLIST, list::shuffle).collecting(),
    fixed("getvalues", SLIST, list::getvalues).collecting(),
    variadic("variablesmatching", SLIST, list::variablesmatching),
    variadic("classesmatching", SLIST, list::classesmatching),
    variadic("countclassesmatching", INT, list::countclassesmatching),
    fixed("readstringlist", SLIST, data::readstringlist),
    fixed("readintlist", ILIST, data::readstringlist),
    fixed("readreallist", RLIST, data::readstringlist),
    // data
    fixed("parsejson", DATA, data::parsejson),
    variadic("readjson", DATA, data::readjson),
    fixed("parseyaml", DATA, data::parseyaml),
    variadic("readyaml", DATA, data::readyaml),
    variadic("mergedata", DATA, data::mergedata).collecting(),
    variadic("storejson", STRING, data::storejson).collecting(),
    fixed("data_readstringarray", DATA, data::readstringarray),
    fixed("data_readstringarrayidx", DATA, data::readstringarrayidx),
    fixed("maparray", SLIST, map::maparray).delayed(),
    fixed("mapdata", DATA, map::mapdata).delayed(),
    variadic("variablesmatching_as_data", DATA, data::variablesmatching_as_data),
    fixed("data_expand", DATA, data::data_expand),
    variadic("readcsv", DATA, data::readcsv),
    variadic("classfiltercsv", DATA, data::classfiltercsv),
    fixed("readdata", DATA, data::readdata),
    fixed("validdata", CONTEXT, data::validdata),
    // predicates
    fixed("strcmp", CONTEXT, predicate::strcmp),
    fixed("regcmp", CONTEXT, predicate::regcmp),
    fixed("isvariable", CONTEXT, predicate::isvariable),
    variadic("and", CONTEXT, predicate::and),
    variadic("or", CONTEXT, predicate::or),
    fixed("not", CONTEXT, predicate::not),
    variadic("classmatch", CONTEXT, predicate::classmatch),
    fixed("isgreaterthan", CONTEXT, predicate::isgreaterthan),
    fixed("islessthan", CONTEXT, predicate::islessthan),
    // time
    fixed("accumulated", INT, time::accumulated),
    fixed("now", INT, time::now),
    fixed("on", INT, time::on),
    fixed("ago", INT, time::ago),
    fixed("laterthan", CONTEXT, time::laterthan),
    fixed("strftime", STRING, time::strftime),
    // paths and directories
    fixed("translatepath", STRING, path::translatepath),
    variadic("basename", STRING, path::basename),
    variadic("findfiles", SLIST, path::findfiles),
    fixed("lsdir", SLIST, path::lsdir),
    variadic("filesexist", CONTEXT, path::filesexist).collecting(),
    fixed("isnewerthan", CONTEXT, path::isnewerthan),
    fixed("accessedbefore", CONTEXT, path::accessedbefore),
    fixed("changedbefore", CONTEXT, path::changedbefore),
    // digests
    fixed("hash", STRING, hash::hash),
    fixed("file_hash", STRING, hash::file_hash),
    fixed("hashmatch", CONTEXT, hash::hashmatch),
    fixed("hash_to_int", INT, hash::hash_to_int),
    fixed("canonifyuniquely", STRING, hash::canonifyuniquely),
    // ranges
    fixed("irange", IRANGE, range::irange),
    fixed("rrange", RRANGE, range::rrange),
    fixed("expandrange", SLIST, range::expandrange),
    // the policy, the agent, the package inventory
    variadic("string_mustache", STRING, mustache::string_mustache),
    variadic("type", STRING, meta::type_fn),
    variadic("getclassmetatags", SLIST, meta::getclassmetatags),
    fixed("classify", CONTEXT, meta::classify),
    fixed("cf_version_minimum", CONTEXT, meta::cf_version),
    fixed("cf_version_maximum", CONTEXT, meta::cf_version),
    fixed("cf_version_after", CONTEXT, meta::cf_version),
    fixed("cf_version_before", CONTEXT, meta::cf_version),
    fixed("cf_version_at", CONTEXT, meta::cf_version),
    fixed("cf_version_between", CONTEXT, meta::cf_version),
    fixed("packagesmatching", DATA, meta::packagesmatching),
    fixed("packageupdatesmatching", DATA, meta::packagesmatching),
    // classic arrays filled from lines
    fixed("readstringarray", INT, arrays::readstringarray),
    fixed("readstringarrayidx", INT, arrays::readstringarrayidx),
    fixed("readintarray", INT, arrays::readintarray),
    fixed("readrealarray", INT, arrays::readrealarray),
    fixed("parsestringarray", INT, arrays::parsestringarray),
    fixed("parsestringarrayidx", INT, arrays::parsestringarrayidx),
    fixed("parseintarray", INT, arrays::parseintarray),
    fixed("parserealarray", INT, arrays::parserealarray),
    // users, groups, kernel settings
    fixed("userexists", CONTEXT, system::userexists),
    fixed("groupexists", CONTEXT, system::groupexists),
    fixed("getusers", SLIST, system::getusers),
    fixed("sysctlvalue", STRING, system::sysctlvalue),
    fixed("diskfree", INT, system::diskfree),
    // captures and matches
    fixed("regextract", CONTEXT, capture::regextract),
    fixed("data_regextract", DATA, capture::data_regextract),
    fixed("countlinesmatching", INT, capture::countlinesmatching),
    fixed("regline", CONTEXT, capture::regline),
    // files, read only
    fixed("fileexists", CONTEXT, file::fileexists),
    fixed("isdir", CONTEXT, file::isdir),
    fixed("isplain", CONTEXT, file::isplain),
    fixed("islink", CONTEXT, file::islink),
    fixed("isexecutable", CONTEXT, file::isexecutable),
    fixed("filesize", INT, file::filesize),
    fixed("filestat", STRING, file::filestat),
    // the policy and the evaluation state
    variadic("bundlesmatching", SLIST, policy::bundlesmatching),
    fixed("bundlestate", DATA, policy::bundlestate),
    fixed("datastate", DATA, policy::datastate),
    variadic("getvariablemetatags", SLIST, policy::getvariablemetatags),
    // functions confer never evaluates: they run commands or reach the network
    variadic("execresult", STRING, exec::execresult),
    variadic("execresult_as_data", DATA, exec::execresult_as_data),
    variadic("returnszero", CONTEXT, exec::returnszero),
    variadic("usemodule", CONTEXT, not_evaluated),
    variadic("readtcp", STRING, not_evaluated),
    variadic("selectservers", INT, not_evaluated),
    variadic("remotescalar", STRING, not_evaluated),
    variadic("remoteclassesmatching", CONTEXT, not_evaluated),
    variadic("hubknowledge", STRING, not_evaluated),
    variadic("url_get", DATA, not_evaluated),
    variadic("host2ip", STRING, not_evaluated),
    variadic("ip2host", STRING, not_evaluated),
    variadic("ldaparray", CONTEXT, not_evaluated),
    variadic("ldaplist", SLIST, not_evaluated),
    variadic("ldapvalue", STRING, not_evaluated),
    variadic("regldap", CONTEXT, not_evaluated),
    variadic("hostsseen", SLIST, not_evaluated),
    variadic("hostswithclass", SLIST, not_evaluated),
    variadic("hostinnetgroup", CONTEXT, not_evaluated),
    variadic("registryvalue", STRING, not_evaluated),
    variadic("read_module_protocol", CONTEXT, not_evaluated),
    // functions confer knows but does not evaluate yet (see docs/cfengine.md)
    fixed("callstack_callers", DATA, policy::callstack_callers),
    fixed("callstack_promisers", SLIST, policy::callstack_promisers),
    variadic("data_sysctlvalues", DATA, not_implemented),
    variadic("findfiles_up", DATA, findfiles_up::findfiles_up),
    variadic("search_up", DATA, findfiles_up::findfiles_up),
    variadic("findprocesses", DATA, not_implemented),
    variadic("processexists", CONTEXT, not_implemented),
    fixed("getfields", INT, arrays::getfields),
    variadic("getuserinfo", DATA, system::getuserinfo),
    fixed("hostrange", CONTEXT, address_range::hostrange),
    variadic("iprange", CONTEXT, address_range::iprange),
    variadic("isipinsubnet", CONTEXT, address_range::isipinsubnet),
    fixed("makerule", STRING, path::makerule).collecting(),
    variadic("network_connections", DATA, not_implemented),
    fixed("peerleader", STRING, peers::peerleader),
    fixed("peerleaders", SLIST, peers::peerleaders),
    fixed("peers", SLIST, peers::peers),
    variadic("readenvfile", DATA, env_file::readenvfile),
    fixed("splayclass", CONTEXT, time::splayclass),
    variadic("validjson", CONTEXT, predicate::validjson),
    fixed("reglist", CONTEXT, predicate::reglist),
    fixed("regarray", CONTEXT, predicate::regarray),
    fixed("getenv", STRING, predicate::getenv),
];

/// The function `name`, found through an index built on first use (a
/// policy calls functions in every pass of every promise).
fn spec(name: &str) -> Option<&'static Spec> {
    static INDEX: OnceLock<HashMap<&'static str, &'static Spec>> = OnceLock::new();
    INDEX.get_or_init(|| SPECS.iter().map(|s| (s.name, s)).collect()).get(name).copied()
}

/// The type a function returns (`string`, `int`, `slist`, `data`,
/// `context`, ...), for the vars promise's type check.
pub fn return_type(name: &str) -> Option<ReturnType> {
    spec(name).map(|s| s.ret)
}

/// The fixed number of arguments of a built-in function (`None` for
/// variadic ones and unknown names).
pub fn arity(name: &str) -> Option<usize> {
    spec(name).and_then(Spec::arity)
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
    if let Some(n) = spec.arity() {
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
                Rv::List(items) if spec.collecting => {
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
        if let Some(n) = spec.arity() {
            if args.len() != n {
                let items: Vec<String> = args.iter().map(|a| format!("\"{}\"", a.to_display())).collect();
                ctx.error(
                    ErrorKind::Function,
                    format!("Argument template mismatch handling function {}( {{{}}})", f.name, items.join(",")),
                );
                let params = spec.params();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_declared_function_is_registered() {
        let declared = include_str!("arg_templates.tsv").lines().filter(|l| !l.starts_with('#'));
        for name in declared.filter_map(|l| l.split('\t').next()) {
            assert!(is_builtin(name), "{name} is declared by cf-agent but not registered");
        }
    }

    #[test]
    fn arity_is_the_declaration() {
        assert_eq!(arity("canonify"), Some(1));
        assert_eq!(arity("regextract"), Some(3));
        assert_eq!(arity("now"), Some(0));
        assert_eq!(arity("concat"), None);
        assert!(spec("getindices").is_some_and(|s| s.collecting && !s.variadic));
        assert!(spec("maplist").is_some_and(|s| s.delayed));
    }
}
