//! `files` promises (verify_files.c), carried out only inside a sandbox
//! ([`Sandbox`]): without one confer changes no file, as before. Done as
//! cf-agent 3.21 does them: `create` (a file with mode 0600, a directory
//! for a path ending in `/.`), `delete`, `content`, `edit_line` and
//! `edit_xml` bundles with `edit_defaults` (the file saved through `FILE.cf-after-edit`, the
//! old one kept as `FILE.cf-before-edit` unless `edit_backup` is false),
//! and the `mode` of `perms`. Any other attribute is refused by name, once,
//! and the promise fails: confer never half-does a promise silently.

mod cfengine_template;
mod changes;
mod copy;
mod copy_file;
mod copy_tree;
mod edit_bundle;
mod edit_line;
mod edit_passes;
pub mod edit_xml;
mod field_edits;
mod file_select;
mod leaf_search;
mod link;
mod outcome;
mod perms;
mod promiser_group;
pub(crate) use perms::parse_mode;
mod rename;
pub mod sandbox;
mod template;

use crate::eval::message::ErrorKind;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use sandbox::{Refused, Sandbox};

use crate::data::value::Rv;
use crate::eval::body_attributes::{evaluated as body, scalar};
use crate::eval::context::EvalContext;
use crate::eval::promise::Expanded;
use crate::syntax::ast::Bundle;
use outcome::Outcome;

/// Attributes of `files` promises confer does not carry out yet.
const NOT_YET: &[&str] = &["transformer", "acl", "file_type"];

/// Mode of a file `create` makes when `perms` gives none.
const CREATE_MODE: u32 = 0o600;
/// Mode of a directory `create` makes.
const DIR_MODE: u32 = 0o700;

/// `VerifyFilePromise` for one expanded promise.
pub(crate) fn verify(ctx: &mut EvalContext, exp: &Expanded) {
    let Some(sandbox) = ctx.settings.files.clone() else { return };
    // Kept once a run, as cf-agent's promise lock makes it.
    let lock = crate::eval::bundle_stack::lock_key(ctx, "files", exp);
    if !ctx.agent.locks.insert(lock) {
        return;
    }
    // `action_policy => "warn"` (or "nop") and agent control's `dryrun`:
    // what would change is said, and nothing is changed.
    let action = body(ctx, "action", exp.get("action"));
    let warn_only = if matches!(scalar(&action, "action_policy"), Some("warn" | "nop")) {
        Some(OnlySay::Warning)
    } else if ctx.settings.dry_run {
        Some(OnlySay::DryRun)
    } else {
        None
    };
    // A promiser that is a path pattern promises each file it matches.
    let paths = promiser_group::paths(ctx, &sandbox, exp);
    if paths.is_empty() {
        return;
    }
    let mut outcome = Outcome::Kept;
    for path in paths {
        let matched;
        let one = if path == exp.promiser {
            exp
        } else {
            matched = Expanded { promiser: path, constraints: exp.constraints.clone() };
            &matched
        };
        let refusals = ctx.refusals.len();
        let done = match inside(ctx, &sandbox, &one.promiser) {
            Some(real) => {
                let shown = sandbox.policy_path(&real);
                let promiser = one.promiser.clone();
                carry_out(ctx, one, &sandbox, &Target { real, shown, promiser, warn_only })
            }
            None => Outcome::Failed,
        };
        // cf-agent's line for a promise that failed; not for one confer
        // refused, which its refusal already says.
        if done.failed() && ctx.refusals.len() == refusals {
            ctx.error(ErrorKind::Files, format!("Errors encountered when actuating files promise '{}'", one.promiser));
        } else if done.warned() {
            ctx.warning(format!("Warnings encountered when actuating files promise '{}'", one.promiser));
        }
        outcome = outcome.and(done);
    }
    outcome.settle(ctx, exp);
}

/// `report_to_file`: the report's text appended to the file, as cf-agent's
/// `ReportToFile` does; only inside the sandbox (without one, the report
/// goes nowhere, as before).
pub(crate) fn report_to_file(ctx: &mut EvalContext, file: &str, text: &str) {
    use std::io::Write;
    let Some(sandbox) = ctx.settings.files.clone() else { return };
    let Some(real) = inside(ctx, &sandbox, file) else { return };
    let written = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .mode(CREATE_MODE)
        .open(&real)
        .and_then(|mut f| writeln!(f, "{text}"));
    match written {
        Ok(()) => ctx.agent.file_changes.push(format!("reported to {}", sandbox.policy_path(&real))),
        Err(e) => ctx
            .error(ErrorKind::Files, format!("Could not open log file '{file}'. ({})", crate::os_error::describe(&e))),
    }
}

/// The outcome of a change made to a file: repaired, and the change
/// recorded for the report, or failed, with `failure` and the system's
/// reason logged.
fn record(ctx: &mut EvalContext, done: std::io::Result<()>, change: String, failure: String) -> Outcome {
    match done {
        Ok(()) => {
            ctx.record_change(change);
            Outcome::Repaired
        }
        Err(e) => {
            ctx.error(ErrorKind::Files, format!("{failure} ({})", crate::os_error::describe(&e)));
            Outcome::Failed
        }
    }
}

/// The real path of a file a promise changes, or `None`, the refusal said
/// once, when the sandbox does not allow it.
fn inside(ctx: &mut EvalContext, sandbox: &Sandbox, path: &str) -> Option<PathBuf> {
    sandbox
        .resolve(path)
        .map_err(|e| {
            let at = ctx.promise_location();
            ctx.refuse(format!("confer does not touch {e}, {at}"));
        })
        .ok()
}

/// Whether a body of `kind` has an attribute confer does not carry out
/// (`known` says which it does): refused by name, once.
fn unknown_attribute(ctx: &mut EvalContext, kind: &str, attrs: &[(String, Rv)], known: impl Fn(&str) -> bool) -> bool {
    let Some((other, _)) = attrs.iter().find(|(l, _)| !known(l)) else { return false };
    let at = ctx.promise_location();
    ctx.refuse(format!("confer does not carry out '{other}' of {kind} bodies yet, {at}"));
    true
}

/// Whether an attribute is true (`"true"`, `"yes"`, `"on"`).
fn flag(exp: &Expanded, lval: &str) -> Option<bool> {
    exp.get(lval).and_then(Rv::as_scalar).map(|v| matches!(v, "true" | "yes" | "on"))
}

/// The file a promise acts on.
struct Target {
    /// Its real path.
    real: PathBuf,
    /// Its path as the policy names it, for messages.
    shown: String,
    /// The promiser, as cf-agent's messages name the file.
    promiser: String,
    /// Only say what would change, and why.
    warn_only: Option<OnlySay>,
}

/// Why a change is said rather than made (`MakingChanges`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OnlySay {
    /// `action_policy => "warn"` (or `"nop"`).
    Warning,
    /// The run is a dry run (`--dry-run`, agent control's `dryrun`).
    DryRun,
}

impl OnlySay {
    /// What cf-agent says of `change`, a change it would make.
    pub(crate) fn message(self, change: &str) -> String {
        match self {
            OnlySay::Warning => format!("Should {change}, but only warning promised"),
            OnlySay::DryRun => format!("Should {change}"),
        }
    }
}

impl Target {
    /// Whether the promise may make `change` (cf-agent's description of
    /// it, `MakingChanges`): not when it only warns, which it says; the
    /// caller's outcome is then [`Outcome::Warned`].
    fn may(&self, ctx: &mut EvalContext, change: &str) -> bool {
        match self.warn_only {
            Some(why) => {
                ctx.warning(why.message(change));
                false
            }
            None => true,
        }
    }
}

fn carry_out(ctx: &mut EvalContext, exp: &Expanded, sandbox: &Sandbox, t: &Target) -> Outcome {
    let real = t.real.as_path();
    // A depth search is carried out for a copy only.
    let not_yet = |a: &&&str| exp.get(a).is_some() && !(**a == "depth_search" && exp.get("copy_from").is_some());
    if let Some(attr) = NOT_YET.iter().find(not_yet) {
        let at = ctx.promise_location();
        ctx.refuse(format!("confer does not carry out '{attr}' of files promises yet, {at}"));
        return Outcome::Failed;
    }
    // Checked before anything is created: `template_data` that did not
    // resolve to a data container (an undefined one) fails the promise.
    if exp.get("template_data").is_some_and(|d| !matches!(d, Rv::Container(_))) {
        ctx.error(ErrorKind::Files, format!("No template data for the promise '{}'", exp.promiser));
        return Outcome::Failed;
    }
    let mut outcome = Outcome::Kept;
    let create = flag(exp, "create") == Some(true) || flag(exp, "touch") == Some(true);
    let mut exists = std::fs::symlink_metadata(real).is_ok();
    if !exists && create {
        outcome = outcome.and(create_path(ctx, t, exp));
        if outcome.failed() {
            return outcome;
        }
        exists = std::fs::symlink_metadata(real).is_ok();
    }
    if exp.get("delete").is_some() && !exists {
        return outcome;
    }
    // cf-agent moves into the file's directory here, and says so when it
    // cannot (the promise goes on: a link or copy makes the directory).
    let promiser = exp.promiser.strip_suffix("/.").unwrap_or(&exp.promiser);
    let dir = crate::functions::file::chop_last_node(promiser);
    let reason = match real.parent().map(std::fs::metadata) {
        Some(Err(e)) => Some(crate::os_error::describe(&e)),
        Some(Ok(m)) if !m.is_dir() => Some("Not a directory".to_string()),
        _ => None,
    };
    match reason {
        Some(reason) => ctx.error(ErrorKind::Files, format!("Failed to chdir into '{dir}'. (chdir: '{reason}')")),
        None => ctx.agent.cwd = Some(dir.to_string()),
    }
    // A file there that `file_select` does not select is left alone (a
    // directory searched is searched all the same).
    let searched_dir = exp.get("depth_search").is_some() && std::fs::metadata(real).is_ok_and(|m| m.is_dir());
    if exists && exp.get("file_select").is_some() && !searched_dir {
        let attrs = body(ctx, "file_select", exp.get("file_select"));
        if unknown_attribute(ctx, "file_select", &attrs, |l| file_select::KNOWN.contains(&l)) {
            return Outcome::Failed;
        }
        if !file_select::selected(ctx, exp, real, &t.promiser) {
            return outcome;
        }
    }
    if let Some(depth) = copy_tree::depth(ctx, exp).filter(|_| exp.get("copy_from").is_none()) {
        return outcome.and(search_leaves(ctx, exp, sandbox, t, depth, exists));
    }
    if exp.get("delete").is_some() {
        outcome = outcome.and(delete(ctx, exp, t, false));
        return outcome;
    }
    // Phase 1: what is promised of a file that exists.
    if exists && (exp.get("rename").is_some() || exp.get("perms").is_some() || changes::wanted(exp)) {
        outcome = outcome.and(leaf(ctx, exp, sandbox, t));
    }
    if exp.get("copy_from").is_some() {
        outcome = outcome.and(copy::copy_from(ctx, exp, sandbox, t));
        exists = std::fs::symlink_metadata(real).is_ok();
    }
    if exp.get("link_from").is_some() {
        outcome = outcome.and(link::link_from(ctx, exp, sandbox, t));
        exists = std::fs::symlink_metadata(real).is_ok();
    }
    if let Some(content) = exp.get("content").and_then(Rv::as_scalar) {
        if exp.get("edit_line").is_some() || exp.get("edit_xml").is_some() {
            ctx.error(
                ErrorKind::Files,
                format!(
                    "A file promise with content attribute cannot have edit operations, {}",
                    ctx.promise_location()
                ),
            );
            return Outcome::Failed;
        }
        if !exists && flag(exp, "create") != Some(false) {
            outcome = outcome.and(create_path(ctx, t, exp));
            exists = real.exists();
        }
        if exists {
            outcome = outcome.and(write_if_changed(ctx, t, content.as_bytes()));
        }
        return outcome.and(final_leaf(ctx, exp, sandbox, t));
    }
    if let Some(edit) = exp.get("edit_line") {
        if exp.get("edit_xml").is_some() {
            let at = ctx.promise_location();
            ctx.refuse(format!("confer does not carry out edit_line and edit_xml in one files promise, {at}"));
            return Outcome::Failed;
        }
        if exists {
            outcome = outcome.and(edit_file(ctx, exp, edit, t));
        } else {
            ctx.error(
                ErrorKind::Files,
                format!("File '{}' was marked for editing but could not be opened", t.promiser),
            );
            outcome = Outcome::Failed;
        }
    }
    if let Some(edit) = exp.get("edit_xml") {
        if exists {
            outcome = outcome.and(edit_xml::edit_file(ctx, exp, edit, t));
        }
    }
    if exp.get("edit_template").is_some() || exp.get("edit_template_string").is_some() {
        let method = exp.get("template_method").and_then(Rv::as_scalar).unwrap_or("cfengine");
        if exists || flag(exp, "create") != Some(false) {
            outcome = outcome.and(match method {
                "cfengine" => cfengine_template::render(ctx, exp, t, exists),
                "mustache" | "inline_mustache" => template::render(ctx, exp, t, exists),
                // cf-agent does nothing for a method it does not know.
                _ => Outcome::Kept,
            });
        }
    }
    outcome = outcome.and(final_leaf(ctx, exp, sandbox, t));
    if changes::wanted(exp) && std::fs::symlink_metadata(real).is_err() {
        outcome = outcome.and(changes::missing(ctx, t));
    }
    outcome
}

/// `VerifyFileLeaf`, once more at the end for a regular file that exists
/// now (made by a copy or an edit, or there all along).
fn final_leaf(ctx: &mut EvalContext, exp: &Expanded, sandbox: &Sandbox, t: &Target) -> Outcome {
    if std::fs::metadata(&t.real).is_ok_and(|m| m.is_file()) {
        leaf(ctx, exp, sandbox, t)
    } else {
        Outcome::Kept
    }
}

/// Phase 1 of `VerifyFilePromise` with a depth search and no copy: the
/// leaf operations on the directory's entries, when the promise has any
/// and the directory is there.
fn search_leaves(
    ctx: &mut EvalContext,
    exp: &Expanded,
    sandbox: &Sandbox,
    t: &Target,
    depth: copy_tree::Depth,
    exists: bool,
) -> Outcome {
    if !std::fs::metadata(&t.real).is_ok_and(|m| m.is_dir()) {
        return Outcome::Kept;
    }
    let delete = exp.get("delete").is_some();
    if delete && exp.get("file_select").is_none() {
        ctx.error(
            ErrorKind::Files,
            format!(
                "Dangerous or ambiguous promise - '{}' specifies recursive deletion but has no file selection criteria",
                t.promiser
            ),
        );
        return Outcome::Kept;
    }
    let leaf_ops = ["rename", "perms", "touch", "changes"].iter().any(|a| exp.get(a).is_some());
    if !(exists && (leaf_ops || delete)) {
        return Outcome::Kept;
    }
    leaf_search::search(ctx, exp, sandbox, t, depth)
}

/// `VerifyFileLeaf`: `rename`, `touch` and `perms` of a file that exists.
fn leaf(ctx: &mut EvalContext, exp: &Expanded, sandbox: &Sandbox, t: &Target) -> Outcome {
    let mut outcome = Outcome::Kept;
    if exp.get("rename").is_some() {
        outcome = outcome.and(rename::rename(ctx, exp, sandbox, t));
    }
    if flag(exp, "touch") == Some(true) && std::fs::symlink_metadata(&t.real).is_ok() {
        outcome = outcome.and(touch(ctx, t));
    }
    if changes::wanted(exp) && std::fs::symlink_metadata(&t.real).is_ok() {
        outcome = outcome.and(changes::verify(ctx, exp, t));
    }
    if std::fs::symlink_metadata(&t.real).is_ok() {
        outcome = outcome.and(perms::perms(ctx, exp, t));
    }
    outcome
}

/// `TouchFile`: the file's times set to now.
fn touch(ctx: &mut EvalContext, t: &Target) -> Outcome {
    if !t.may(ctx, &format!("update time stamps for '{}'", t.promiser)) {
        return Outcome::Warned;
    }
    let now = std::time::SystemTime::now();
    // A descriptor opened for reading is enough for `futimens`, and works
    // for a directory too.
    let touched = std::fs::File::open(&t.real)
        .and_then(|f| f.set_times(std::fs::FileTimes::new().set_accessed(now).set_modified(now)));
    record(
        ctx,
        touched,
        format!("Touched (updated time stamps) for path '{}'", t.promiser),
        format!("Touch '{}' failed to update timestamps.", t.promiser),
    )
}

/// `CfCreateFile`: a directory when the path ends in `/.` (or `/`, whose
/// parent directory cf-agent makes), else an empty file, with its missing
/// parent directories.
fn create_path(ctx: &mut EvalContext, t: &Target, exp: &Expanded) -> Outcome {
    let (real, shown, promiser) = (t.real.as_path(), t.shown.as_str(), exp.promiser.as_str());
    let mode = perms::creation_mode(ctx, exp).unwrap_or(CREATE_MODE);
    let is_dir = promiser.ends_with("/.") || promiser.ends_with('/') || exp.get("depth_search").is_some();
    let change = if is_dir {
        format!("create directory '{promiser}'")
    } else {
        format!("create file '{promiser}', mode '{mode:04o}'")
    };
    if !t.may(ctx, &change) {
        return Outcome::Warned;
    }
    if promiser.ends_with("/.") || promiser.ends_with('/') {
        let made = std::fs::DirBuilder::new().recursive(true).mode(DIR_MODE).create(real);
        return record(ctx, made, format!("Created directory '{promiser}'"), format!("Error creating file '{shown}'."));
    }
    // A depth search promises a directory (`CfCreateFile`), whose parents
    // are made here; the directory itself is made by what searches it.
    if exp.get("depth_search").is_some() {
        return match real.parent().filter(|p| !p.exists()) {
            Some(parent) => {
                let made = std::fs::DirBuilder::new().recursive(true).mode(DIR_MODE).create(parent);
                record(ctx, made, format!("Created directory '{promiser}'"), format!("Error creating file '{shown}'."))
            }
            None => Outcome::Kept,
        };
    }
    // `MakeParentDirectory` without `move_obstructions`: a parent that is
    // neither a directory nor a link stays, and nothing is made.
    if let Some(parent) = real.parent() {
        if std::fs::symlink_metadata(parent).is_ok_and(|m| !m.is_dir() && !m.file_type().is_symlink()) {
            let parent = crate::functions::file::chop_last_node(promiser);
            ctx.error(
                ErrorKind::Files,
                format!("The object '{parent}' is not a directory. Cannot make a new directory without deleting it."),
            );
            return Outcome::Failed;
        }
    }
    if let Some(parent) = real.parent().filter(|p| !p.exists()) {
        let made = std::fs::DirBuilder::new().recursive(true).mode(DIR_MODE).create(parent);
        if record(ctx, made, format!("Created directory for '{promiser}'"), format!("Error creating file '{shown}'."))
            .failed()
        {
            return Outcome::Failed;
        }
    }
    // The mode is set after the file exists: `open` would mask it with the
    // process's umask.
    let made = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(CREATE_MODE)
        .open(real)
        .and_then(|_| std::fs::set_permissions(real, std::fs::Permissions::from_mode(mode)));
    record(ctx, made, format!("Created file '{promiser}', mode {mode:04o}"), format!("Error creating file '{shown}'."))
}

use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};

/// The missing parent directories of a file about to be made (a link, a
/// copy), as cf-agent makes them.
fn make_parent(real: &Path) -> std::io::Result<()> {
    match real.parent() {
        Some(p) if !p.exists() => std::fs::DirBuilder::new().recursive(true).mode(DIR_MODE).create(p),
        _ => Ok(()),
    }
}

/// `VerifyDelete`: a file or link is removed; a directory only with the
/// delete body's `rmdirs`, only when empty, and never the directory a
/// depth search is promised for (`search_base`).
fn delete(ctx: &mut EvalContext, exp: &Expanded, t: &Target, search_base: bool) -> Outcome {
    let real = t.real.as_path();
    let is_dir = std::fs::symlink_metadata(real).is_ok_and(|m| m.is_dir());
    let kind = if is_dir { "directory" } else { "file" };
    let path = t.promiser.strip_suffix("/.").unwrap_or(&t.promiser);
    if !t.may(ctx, &format!("delete {kind} '{path}'")) {
        return Outcome::Warned;
    }
    if !is_dir {
        return remove_file(ctx, t);
    }
    let attrs = body(ctx, "delete", exp.get("delete"));
    if !matches!(scalar(&attrs, "rmdirs"), Some("true" | "yes" | "on")) || search_base {
        return Outcome::Kept;
    }
    match std::fs::remove_dir(real) {
        Ok(()) => {
            ctx.record_change(format!("Deleted directory '{path}'"));
            Outcome::Repaired
        }
        // A directory that is not empty is skipped in silence.
        Err(e) if e.kind() == std::io::ErrorKind::DirectoryNotEmpty => Outcome::Kept,
        Err(e) => {
            ctx.error(
                ErrorKind::Files,
                format!("Delete directory '{path}' failed (rmdir: {})", crate::os_error::describe(&e)),
            );
            Outcome::Failed
        }
    }
}

/// A file or link removed (said as cf-agent says it).
fn remove_file(ctx: &mut EvalContext, t: &Target) -> Outcome {
    let path = t.promiser.strip_suffix("/.").unwrap_or(&t.promiser);
    let removed = std::fs::remove_file(&t.real);
    record(ctx, removed, format!("Deleted file '{path}'"), format!("Couldn't delete '{}'.", t.shown))
}

/// Writes `content` when the file holds something else.
fn write_if_changed(ctx: &mut EvalContext, t: &Target, content: &[u8]) -> Outcome {
    let (real, shown) = (t.real.as_path(), t.shown.as_str());
    if std::fs::read(real).is_ok_and(|old| old == content) {
        return Outcome::Kept;
    }
    let content_shown = String::from_utf8_lossy(content);
    if !t.may(ctx, &format!("update file '{}' with content '{content_shown}'", t.promiser)) {
        return Outcome::Warned;
    }
    let change = format!("Updated file '{}' with content '{}'", t.promiser, String::from_utf8_lossy(content));
    record(ctx, std::fs::write(real, content), change, format!("Could not write '{shown}'."))
}

/// Where a file a promise reads is on this host (under `--root`, under the
/// root); `None`, the refusal said, when it leads out of it.
fn host_real(ctx: &mut EvalContext, path: &str) -> Option<PathBuf> {
    crate::functions::host_path(ctx, path).map(|p| PathBuf::from(&*p))
}

/// A file a promise reads (the lines `insert_type => "file"` inserts),
/// through the run's reader: under the root with `--root`.
fn read_input(ctx: &mut EvalContext, path: &str) -> Option<String> {
    crate::functions::bounded_read(ctx, path, 0).ok().map(|b| String::from_utf8_lossy(&b).into_owned())
}

/// `LoadFileAsItemList`: the file's lines; a last line without a newline
/// counts, an empty one after the last newline does not.
fn load_lines(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    if lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines
}

/// `ScheduleEditOperation` for `edit_line`: the bundle run on the file's
/// lines, the file saved when they changed.
fn edit_file(ctx: &mut EvalContext, exp: &Expanded, edit: &Rv, t: &Target) -> Outcome {
    let defaults = body(ctx, "edit_defaults", exp.get("edit_defaults"));
    let empty_first = matches!(scalar(&defaults, "empty_file_before_editing"), Some("true" | "yes" | "on"));
    let (name, args) = match edit {
        Rv::FnCall(f) => (ctx.expand(&f.name), crate::eval::bundle_stack::eval_args(ctx, &f.args)),
        Rv::Scalar(s) => (s.to_string(), vec![]),
        _ => return Outcome::Failed,
    };
    let Some(bundle) = crate::eval::bundle_stack::find_bundle_of(ctx, "edit_line", &name) else {
        ctx.error(
            ErrorKind::Files,
            format!("Could not find the edit_line bundle '{name}', {}", ctx.promise_location()),
        );
        return Outcome::Failed;
    };
    edit_with_bundle(ctx, exp, t, &bundle, args, EditRun { empty_first, inherit: false, always_save: false })
}

/// How an edit_line bundle is run on a file.
struct EditRun {
    /// Start from no lines (`empty_file_before_editing`).
    empty_first: bool,
    /// The bundle sees the calling bundle's classes.
    inherit: bool,
    /// Compare and save even when no promise edited (a template's
    /// `num_edits` is never 0).
    always_save: bool,
}

/// `ScheduleEditLineOperations` and `FinishEditContext`: `bundle` run on
/// the file's lines, the file saved when they changed.
fn edit_with_bundle(
    ctx: &mut EvalContext,
    exp: &Expanded,
    t: &Target,
    bundle: &Arc<Bundle>,
    args: Vec<Rv>,
    how: EditRun,
) -> Outcome {
    let (real, shown) = (t.real.as_path(), t.shown.as_str());
    let backup = keeps_backup(&body(ctx, "edit_defaults", exp.get("edit_defaults")));
    let old = match std::fs::read(real) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            ctx.error(
                ErrorKind::Files,
                format!("Couldn't read file '{shown}' for editing. ({})", crate::os_error::describe(&e)),
            );
            return Outcome::Failed;
        }
    };
    let lines = if how.empty_first { vec![] } else { load_lines(&old) };
    let mut file = edit_line::Edit { lines, edits: 0, filename: exp.promiser.clone(), said: vec![] };
    // As `ScheduleEditOperation`: the edit promises' own outcomes go to
    // their classes only; whatever edits were made are saved.
    edit_bundle::run(ctx, bundle, args, how.inherit, &mut file);
    if file.edits == 0 && !how.always_save {
        return Outcome::Kept;
    }
    let new: String = file.lines.iter().map(|l| format!("{l}\n")).collect();
    if new == old {
        return Outcome::Kept;
    }
    if !t.may(ctx, &format!("edit file '{}'", t.promiser)) {
        return Outcome::Warned;
    }
    let saved = save(real, new.as_bytes(), backup);
    if saved.is_ok() {
        for said in file.said {
            if said.change {
                ctx.record_change(said.text);
            } else {
                ctx.info(said.text);
            }
        }
    }
    record(ctx, saved, format!("Edited file '{}'", t.promiser), format!("Unable to save file '{shown}' after editing."))
}

/// Whether a saved edit keeps the old file as `.cf-before-edit`
/// (`edit_backup` of `edit_defaults`, true unless it says false).
fn keeps_backup(defaults: &[(String, Rv)]) -> bool {
    !matches!(scalar(defaults, "edit_backup"), Some("false" | "no" | "off"))
}

/// `SaveAsFile`: the new text written beside the file, the old one kept as
/// `.cf-before-edit` (unless no backup is wanted), the new one moved in.
fn save(real: &Path, text: &[u8], backup: bool) -> std::io::Result<()> {
    // A link is edited through: the file it points to is replaced, the
    // link stays (the sandbox checked that the target lies inside it).
    let target = if std::fs::symlink_metadata(real)?.file_type().is_symlink() {
        std::fs::canonicalize(real)?
    } else {
        real.to_path_buf()
    };
    let real = target.as_path();
    let name = real.to_string_lossy();
    let after = format!("{name}.cf-after-edit");
    let before = format!("{name}.cf-before-edit");
    let _ = std::fs::remove_file(&after);
    std::fs::write(&after, text)?;
    let mode = std::fs::metadata(real)?.permissions();
    std::fs::set_permissions(&after, mode)?;
    let _ = std::fs::remove_file(&before);
    if backup && std::fs::hard_link(real, &before).is_err() {
        std::fs::copy(real, &before)?;
    }
    std::fs::rename(&after, real)
}

#[cfg(test)]
mod tests {
    use super::load_lines;

    #[test]
    fn lines_load_as_cf_agent_reads_them() {
        assert_eq!(load_lines("a\nb"), ["a", "b"]);
        assert_eq!(load_lines("a\nb\n"), ["a", "b"]);
        assert_eq!(load_lines("\n"), [""]);
        assert!(load_lines("").is_empty());
    }
}
