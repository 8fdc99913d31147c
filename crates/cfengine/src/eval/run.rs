//! Running a policy as `cf-agent -K -f FILE` does: loading the file and its
//! `inputs`, the hard classes and `sys`/`const` variables, pre-evaluation,
//! and the bundlesequence.

use crate::eval::message::{ErrorKind, Message};
use std::collections::HashSet;
use std::sync::Arc;

use crate::data::value::{DataType, Rv};
use crate::diagnostic::{Diagnostic, Pos};
use crate::eval::context::{EvalContext, Sink};
use crate::eval::final_state::{final_state, FinalState};
use crate::eval::logged::{Level, Logged};
pub use crate::eval::options::Options;
use crate::eval::promise::evaluate_final_rval;
use crate::eval::{agent, bundle_stack};
use crate::functions::path::compress_path;
use crate::syntax::ast::{Body, Policy, Rval};
use crate::syntax::reference::is_naked_var;
use crate::syntax::varref::VarRef;
use crate::syntax::{parser, rules};

/// Upper bound on the number of policy files one run loads.
const MAX_FILES: usize = 1000;

pub(crate) fn dir_of(path: &str) -> String {
    match path.rfind('/') {
        Some(0) => "/".into(),
        Some(i) => path[..i].into(),
        None => ".".into(),
    }
}

fn read_file(path: &str, from: Option<(&Arc<str>, Pos)>) -> Result<String, Diagnostic> {
    std::fs::read(path).map(|b| String::from_utf8_lossy(&b).into_owned()).map_err(|e| {
        let msg = format!("Can't stat file '{path}' for parsing. (stat: {})", crate::os_error::describe(&e));
        match from {
            Some((f, p)) => Diagnostic::new(f, p, msg),
            None => Diagnostic::new(&Arc::from(path), Pos::default(), msg),
        }
    })
}

/// The input files named by the `inputs` of `bodies` (the control bodies of
/// one file), each item evaluated in `ctx` in turn, as loading.c's
/// `LoadPolicyInputFiles` does. An item that still holds a reference
/// names no file.
fn inputs(ctx: &mut EvalContext, bodies: &[Arc<Body>]) -> Vec<(String, Arc<str>)> {
    let mut out = vec![];
    for b in bodies {
        if b.name != "control" || !(b.kind == "common" || b.kind == "file") {
            continue;
        }
        for c in &b.constraints {
            if c.lval != "inputs" || (c.classes != "any" && ctx.eval_class_expr(&c.classes) != Some(true)) {
                continue;
            }
            let v = evaluate_final_rval(ctx, &Rv::from_ast(&c.rval));
            for item in v.list_strings() {
                // An input still naming a variable is not read (cf-agent:
                // "Unresolved variable … in input list, cannot parse").
                if crate::syntax::reference::is_cf3_var_string(&item) {
                    continue;
                }
                let path =
                    if item.starts_with('/') { item.to_string() } else { format!("{}/{}", dir_of(&b.file), item) };
                out.push((path, b.file.clone()));
            }
        }
    }
    out
}

/// What a load has read so far.
struct Loading {
    /// The files loaded (compressed paths).
    files: HashSet<String>,
    /// The next promise id.
    next_id: usize,
}

/// Loads `opts.file` and every input it names into `ctx`, which `setup`
/// has prepared, as cf-agent's `LoadPolicy` does: one context serves the
/// whole load and then goes on to run; each file is resolved as soon as it
/// is read (its own bundles only), then the files its control bodies name
/// are loaded in turn, depth first, a file already loaded skipped. The
/// variables a file defines therefore exist before the next file is read,
/// and in the same order as in cf-agent (which is the order its variable
/// table walks arrays in, see [`crate::eval::var_table`]).
pub fn load(ctx: &mut EvalContext, opts: &Options) -> Result<(), Diagnostic> {
    let mut loading = Loading { files: HashSet::new(), next_id: 0 };
    loading.files.insert(compress_path(&opts.file));
    load_file(ctx, &opts.file, None, &mut loading)
}

/// Loads one file and, recursively, its inputs (loading.c's
/// `LoadPolicyFile`).
fn load_file(
    ctx: &mut EvalContext,
    path: &str,
    from: Option<(&Arc<str>, Pos)>,
    loading: &mut Loading,
) -> Result<(), Diagnostic> {
    if loading.files.len() > MAX_FILES {
        return Ok(());
    }
    let src = read_file(path, from)?;
    let file: Arc<str> = Arc::from(path);
    let mut part = Policy::default();
    parser::parse_into(&file, &src, &mut part, &mut loading.next_id)?;
    // `__main__` is the entry file's `main` bundle; in other files it is
    // dropped (`RenameMainBundle`).
    let entry = from.is_none();
    part.bundles.retain(|b| entry || b.name != "__main__");
    for b in part.bundles.iter_mut() {
        if b.name == "__main__" {
            Arc::make_mut(b).name = "main".into();
        }
    }
    let policy = Arc::make_mut(&mut ctx.policy);
    policy.bundles.extend(part.bundles.iter().cloned());
    policy.bodies.extend(part.bodies.iter().cloned());
    agent::resolve_bundles(ctx, &part.bundles);
    let ignore_missing = common_control_flag(ctx, "ignore_missing_inputs");
    for (input, from) in inputs(ctx, &part.bodies) {
        // `ignore_missing_inputs`: an input that is not a readable file is
        // skipped.
        if ignore_missing && !std::path::Path::new(&input).is_file() {
            continue;
        }
        if loading.files.insert(compress_path(&input)) {
            load_file(ctx, &input, Some((&from, Pos { line: 1, col: 1, offset: 0 })), loading)?;
        }
    }
    Ok(())
}

/// The sink of the load. Loading is silent: what its resolution
/// logs (a failing function, an undefined input) is logged again by the
/// preliminary convergence that follows, and a policy that fails
/// cf-promises' checks must report that failure alone.
struct Discard;

impl Sink for Discard {
    fn line(&mut self, _: &str) {}
}

/// Hard classes, `-D` classes, the deterministic `sys` and `const`
/// variables, the host-specific data and the augments; what reading them
/// logged, for the run to print.
pub fn setup(ctx: &mut EvalContext, opts: &Options) -> Vec<Logged> {
    crate::host::facts::detect(ctx, "agent");
    // `-I` is visible to policy (generic_agent.c).
    if opts.inform {
        ctx.defined.class_tags.insert("inform_mode".into(), vec!["cfe_internal".into(), "source=agent".into()]);
        ctx.defined.classes.insert("inform_mode".into());
    }
    for c in &opts.defines {
        for part in c.split(',') {
            let p = part.trim();
            if !p.is_empty() {
                let c = crate::syntax::class_expr::canonify(p);
                ctx.defined.class_tags.insert(c.clone(), vec!["source=environment".into()]);
                ctx.defined.classes.insert(c);
            }
        }
    }
    for (k, v) in [("dollar", "$"), ("n", "\n"), ("r", "\r"), ("t", "\t"), ("endl", "\n"), ("at", "@"), ("dirsep", "/")]
    {
        ctx.put_special("const", k, v);
    }
    let workdir = ctx.getenv("CFENGINE_TEST_OVERRIDE_WORKDIR").unwrap_or_else(|| "/var/cfengine".into());
    let main = if opts.file.starts_with('/') {
        opts.file.clone()
    } else {
        format!("{}/{}", ctx.settings.launch_dir, opts.file)
    };
    let bindir = format!("{workdir}/bin");
    crate::host::os::detect(ctx);
    for (k, v) in [
        ("cf_version_major", "3".into()),
        ("cf_version_minor", "21".into()),
        ("cf_version_patch", "0".into()),
        ("cf_version_release", "1".into()),
        ("doc_root", "/var/www".into()),
        ("fstab", "/etc/fstab".into()),
        ("workdir", workdir.clone()),
        ("inputdir", format!("{workdir}/inputs")),
        ("default_policy_path", format!("{workdir}/inputs/promises.cf")),
        ("failsafe_policy_path", format!("{workdir}/inputs/failsafe.cf")),
        ("update_policy_path", format!("{workdir}/inputs/update.cf")),
        ("libdir", format!("{workdir}/inputs/lib")),
        ("local_libdir", "lib".into()),
        ("masterdir", format!("{workdir}/masterfiles")),
        ("statedir", format!("{workdir}/state")),
        ("piddir", workdir.clone()),
        ("bindir", bindir.clone()),
        ("logdir", workdir.clone()),
        ("policy_entry_filename", compress_path(&main)),
        ("policy_entry_dirname", dir_of(&compress_path(&main))),
        ("policy_entry_basename", main.rsplit('/').next().unwrap_or("").to_string()),
        ("resolv", "/etc/resolv.conf".into()),
        ("exports", "/etc/exports".into()),
        ("crontab", "/var/spool/cron/crontabs/root".into()),
        ("maildir", "/var/spool/mail".into()),
    ] {
        ctx.put_special("sys", k, &v);
    }
    crate::host::facts::programs(ctx, &bindir);
    crate::host::facts::clock(ctx);
    crate::host::time_classes::detect(ctx);
    crate::host::facts::user_data(ctx);
    crate::host::net::detect(ctx);
    crate::host::proc_net::detect(ctx);
    // `GetDefVars`: the jq command line policy may use; augments may
    // override it.
    let jq = VarRef { ns: None, scope: Some("def".into()), lval: "jq".into(), indices: vec![] };
    let jq_line = "jq --compact-output --monochrome-output --ascii-output --unbuffered --sort-keys";
    ctx.put(&jq, Rv::scalar(jq_line), DataType::String, &["invocation", "source=agent", "command_name=jq"]);
    // Last, as cf-agent reads them: the host-specific data, then the
    // augments, which see the host's classes and variables and cannot
    // override the host-specific data. The work directory is the
    // machine's, so under `--root` its data is read there; the augments lie
    // beside the policy, which is not.
    ctx.settings.files = opts.root.clone();
    let mut said = crate::eval::cmdb::load(ctx, &workdir);
    ctx.settings.files = None;
    said.extend(crate::eval::augments::load(ctx, &dir_of(&main)));
    said
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ended {
    /// cf-agent's exit code for the policy.
    pub code: i32,
    /// Whether confer refused something cf-agent would have done (run a
    /// command, reach the network): the run did not do all the policy asked,
    /// though cf-agent's code for it may be 0.
    pub refused: bool,
}

impl Ended {
    /// The code confer exits with: cf-agent's, but never 0 after a refusal,
    /// so a script or CI job does not take a partial run for a success.
    pub fn exit_code(self) -> i32 {
        if self.code == 0 && self.refused {
            1
        } else {
            self.code
        }
    }
}

/// Runs the policy.
pub fn run(opts: &Options, out: &mut dyn Sink, err: &mut dyn Sink) -> Ended {
    run_with_state(opts, out, err).0
}

/// [`run`], also giving back the variables and classes defined when the
/// run ended (none when the policy did not load).
pub fn run_with_state(opts: &Options, out: &mut dyn Sink, err: &mut dyn Sink) -> (Ended, Option<FinalState>) {
    let Some(mut ctx) = load_checked(opts, out, err) else {
        return (Ended { code: 1, refused: false }, None);
    };
    let code = run_loaded(&mut ctx, opts);
    (Ended { code, refused: !ctx.refusals.is_empty() }, Some(final_state(&ctx)))
}

/// The run proper, from a loaded and checked context.
pub(crate) fn run_loaded(ctx: &mut EvalContext, opts: &Options) -> i32 {
    preliminary_convergence(ctx, true);
    if let Some(code) = ctx.halt.aborted {
        return code;
    }
    crate::eval::control::keep_control_promises(ctx);
    crate::eval::abort::keep_agent_control(ctx);
    if let Some(code) = ctx.halt.aborted {
        return code;
    }
    let sequence = match &opts.bundles {
        Some(names) => Some(names.iter().map(|n| Rv::Scalar(n.as_str().into())).collect()),
        None => bundlesequence(ctx),
    };
    let Some(sequence) = sequence else {
        ctx.error(ErrorKind::Policy, "No bundlesequence in the common control body");
        return 1;
    };
    let mut ok = true;
    let mut entries = vec![];
    // The policy's own bundlesequence is verified by `cf-promises -c`
    // before cf-agent runs, in its words; a `-b` list only by cf-agent.
    let verified_by_promises = opts.bundles.is_none();
    let ignore_missing = common_control_flag(ctx, "ignore_missing_bundles");
    for r in &sequence {
        match agent::sequence_entry(r) {
            Some((name, args)) => match bundle_stack::find_bundle(ctx, &name) {
                Some(b) => entries.push((b, args)),
                None if ignore_missing => {}
                None => {
                    let why = if verified_by_promises { "is not a defined bundle" } else { "was not found" };
                    ctx.error(ErrorKind::Policy, format!("Bundle '{name}' listed in the bundlesequence {why}"));
                    bundle_stack::note_closest_bundle(ctx, &name);
                    ok = false;
                }
            },
            None => {
                ctx.error(ErrorKind::Policy, format!("Illegal item found in bundlesequence: {}", r.to_display()));
                ok = false;
            }
        }
    }
    if !ok {
        ctx.error(
            ErrorKind::Policy,
            if verified_by_promises {
                "Fatal CFEngine error: Errors in promise bundles: could not verify bundlesequence"
            } else {
                "Fatal CFEngine error: Errors in agent bundles"
            },
        );
        return 1;
    }
    for (b, args) in entries {
        let args = bundle_stack::eval_args(ctx, &args);
        agent::call_bundle(ctx, &b, args, None);
        if ctx.halt.aborted.is_some() {
            break;
        }
    }
    ctx.halt.aborted.unwrap_or(0)
}

/// What cf-agent does between loading and the bundlesequence
/// (loading.c): pre-evaluation, an evaluation of every promise's attributes
/// ("Preliminary variable/class-context convergence"), and pre-evaluation
/// again.
/// `agent` is false for cf-promises, which does not recheck the expanded
/// attributes (`PromiseRecheckAllConstraints` is the agent's).
pub fn preliminary_convergence(ctx: &mut EvalContext, agent: bool) {
    agent::policy_resolve(ctx);
    let bundles = ctx.policy.bundles.clone();
    for b in bundles.iter() {
        bundle_stack::push_bundle(ctx, b, vec![]);
        for section in &b.sections {
            for pp in &section.promises {
                // `CommonEvalPromise` does nothing, but `ExpandPromise` verifies
                // every iteration of a vars or meta promise once more.
                let ptype = section.promise_type.as_str();
                let meta = ptype == "meta";
                let file = b.file.clone();
                let mut eval =
                    |ctx: &mut EvalContext, _: &crate::syntax::ast::Promise, exp: &crate::eval::promise::Expanded| {
                        if (!agent || recheck_constraints(ctx, &file, ptype, exp)) && (meta || ptype == "vars") {
                            crate::eval::verify_vars::verify_var_promise(ctx, exp, meta);
                        }
                    };
                crate::eval::promise::expand_promise(
                    ctx,
                    pp,
                    ptype,
                    crate::eval::promise::Stage::CommonEval,
                    &mut eval,
                );
            }
        }
        ctx.stack.bundles.pop();
    }
    agent::policy_resolve(ctx);
}

/// `PromiseRecheckAllConstraints`: the expanded attributes must fit their
/// types (a function's scalar result given to an slist does not); a misfit
/// is fatal. Returns whether the promise may go on.
fn recheck_constraints(ctx: &mut EvalContext, file: &str, ptype: &str, exp: &crate::eval::promise::Expanded) -> bool {
    for (lval, r) in &exp.constraints {
        let mut problem =
            rules::check_constraint(ptype, lval, &rules::Literal::of_rv(r)).map(|e| (lval.clone(), e, r.clone()));
        // A body's attributes are the promise's too: each is checked against
        // its body type's syntax once the body is expanded.
        if problem.is_none() && rules::is_body_attribute(ptype, lval) {
            let attrs = crate::eval::body_attributes::evaluated(ctx, lval, Some(r));
            problem = attrs.into_iter().find_map(|(attr, v)| {
                rules::check_body_constraint(lval, &attr, &rules::Literal::of_rv(&v)).map(|e| (attr, e, v))
            });
        }
        if let Some((attr, e, value)) = problem {
            ctx.error(
                ErrorKind::Policy,
                format!(
                    "{file}:0:0: In attribute '{attr}', {}. Given attribute value '{}'",
                    e.message,
                    value.to_display()
                ),
            );
            ctx.fatal(ErrorKind::Policy, "Fatal CFEngine error: Cannot continue");
            return false;
        }
    }
    true
}

/// The located error and the summary line cf-promises prints.
pub fn report_syntax_error(d: &Diagnostic, out: &mut dyn Sink, err: &mut dyn Sink) {
    if let Some(l) = &d.log {
        out.message(&Message::Error(ErrorKind::Policy, l));
    }
    if d.pos.line == 0 {
        out.message(&Message::Error(ErrorKind::Policy, &d.message));
        return;
    }
    err.diagnostic(d);
    out.message(&Message::Error(ErrorKind::Policy, "There are syntax errors in policy files"));
}

/// Whether a boolean attribute of `body common control` is set
/// (`ignore_missing_bundles => "on"`; cf-agent's booleans: true, yes, on).
fn common_control_flag(ctx: &mut EvalContext, lval: &str) -> bool {
    let bodies = ctx.policy.bodies.clone();
    for b in bodies.iter().filter(|b| b.kind == "common" && b.name == "control") {
        for c in b.constraints.iter().filter(|c| c.lval == lval) {
            if c.classes != "any" && ctx.eval_class_expr(&c.classes) != Some(true) {
                continue;
            }
            let v = evaluate_final_rval(ctx, &Rv::from_ast(&c.rval));
            return matches!(v.as_scalar(), Some("true" | "yes" | "on"));
        }
    }
    false
}

/// The bundlesequence: `body common control`'s, else `main` (which a
/// `__main__` bundle of the entry file becomes).
fn bundlesequence(ctx: &mut EvalContext) -> Option<Vec<Rv>> {
    let bodies = ctx.policy.bodies.clone();
    for b in bodies.iter() {
        if b.kind != "common" || b.name != "control" {
            continue;
        }
        for c in &b.constraints {
            if c.lval != "bundlesequence" || (c.classes != "any" && ctx.eval_class_expr(&c.classes) != Some(true)) {
                continue;
            }
            // `ResolveControlBody` only expands the bundlesequence: its
            // entries name bundles, they are not function calls. No `this`
            // frame is set: `$(this.promise_filename)` stays as written.
            let entries = match &c.rval {
                Rval::List(items) => items.iter().flat_map(|i| expand_sequence_item(ctx, i)).collect(),
                other => vec![expand_entry(ctx, other)],
            };
            return Some(entries);
        }
    }
    Some(vec![Rv::scalar("main")])
}

/// The entries one item of the bundlesequence list gives (`ExpandList`): a
/// list variable `@(g.bundles)` is spliced in (an empty one gives none); a
/// data container gives none either (3.21 does not iterate over one, the
/// suite's CFE-2460 soft failure); anything else is one entry.
fn expand_sequence_item(ctx: &mut EvalContext, r: &Rval) -> Vec<Rv> {
    match r {
        Rval::Scalar(s) if is_naked_var(s, b'@') => crate::eval::promise::expand_list(ctx, &[Rv::from_ast(r)], true)
            .into_iter()
            .filter(|v| !matches!(v, Rv::Container(_)))
            .collect(),
        _ => vec![expand_entry(ctx, r)],
    }
}

/// One bundlesequence entry with its references expanded (`ExpandPrivateRval`).
fn expand_entry(ctx: &mut EvalContext, r: &Rval) -> Rv {
    match r {
        Rval::Scalar(s) => Rv::scalar(ctx.expand(s)),
        Rval::FnCall(f) => {
            let mut call = f.clone();
            for a in call.args.iter_mut() {
                if let Rval::Scalar(s) = a {
                    *a = Rval::Scalar(ctx.expand(s).into());
                }
            }
            Rv::FnCall(Arc::new(call))
        }
        Rval::List(_) => Rv::from_ast(r),
    }
}

/// Validates like `cf-promises -f FILE`: parse every file; 0 when valid.
pub fn validate(opts: &Options, out: &mut dyn Sink, err: &mut dyn Sink) -> i32 {
    let Some(mut ctx) = load_checked(opts, out, err) else {
        return 1;
    };
    // cf-promises pre-evaluates the policy too: a fatal error there (a
    // function argument out of its range, a list given where a scalar is
    // wanted) rejects it.
    preliminary_convergence(&mut ctx, false);
    ctx.halt.aborted.map_or(0, |c| c.max(1))
}

/// The policy `opts.file` and its inputs make, loaded as a run loads it
/// (for tools that inspect the policy without running it); `None` when it
/// does not load.
pub fn loaded_policy(opts: &Options) -> Option<Arc<Policy>> {
    let mut discard = Discard;
    let mut ctx = EvalContext::new(Arc::new(Policy::default()), &mut discard);
    ctx.settings.env = opts.env.clone();
    let _ = setup(&mut ctx, opts);
    load(&mut ctx, opts).ok()?;
    Some(ctx.policy.clone())
}

/// The context a run starts from: set up for the host, the policy loaded
/// into it and cf-promises' checks made; `None` (the error reported once,
/// on `out`) when the policy must not run.
pub fn load_checked<'s>(opts: &Options, out: &'s mut dyn Sink, err: &mut dyn Sink) -> Option<EvalContext<'s>> {
    // The ZST `Discard` is leaked without allocating; the real sink comes
    // back once the policy is loaded.
    let mut ctx = EvalContext::new(Arc::new(Policy::default()), Box::leak(Box::new(Discard)));
    ctx.settings.env = opts.env.clone();
    let said = setup(&mut ctx, opts);
    // Loading evaluates variables (those `inputs` names, and more), whose
    // functions may run a sub-agent: it acts in the run's sandbox, with the
    // run's options, from the start.
    ctx.settings.files = opts.root.clone();
    ctx.settings.inform = opts.inform;
    ctx.settings.verbose = opts.verbose;
    ctx.settings.dry_run = opts.dry_run;
    ctx.settings.nesting = opts.nesting;
    ctx.settings.start_program = opts.start_program;
    let loaded = load(&mut ctx, opts);
    ctx.out = out;
    ctx.errors = 0;
    for logged in said {
        match logged.level {
            Level::Error => ctx.error(ErrorKind::Augments, logged.message),
            Level::Warning => ctx.warning(logged.message),
            Level::Notice => ctx.notice(logged.message),
            Level::Info => ctx.info(logged.message),
            Level::Verbose if opts.verbose => ctx.verbose(logged.message),
            Level::Verbose => {}
        }
    }
    // What loading reported went nowhere: the run reports it again.
    ctx.refusals.clear();
    ctx.halt.aborted = None;
    if let Err(d) = loaded {
        report_syntax_error(&d, ctx.out, err);
        return None;
    }
    match crate::syntax::check::check(&ctx.policy) {
        None => Some(ctx),
        Some(crate::syntax::check::Problem::Located(d)) => {
            report_syntax_error(&d, ctx.out, err);
            None
        }
        Some(crate::syntax::check::Problem::Logged(lines)) => {
            for l in lines {
                ctx.out.message(&Message::Error(ErrorKind::Policy, &l));
            }
            None
        }
    }
}
