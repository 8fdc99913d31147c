//! `changes` bodies (files_changes.c): a file's content hashes and its
//! stat information are kept in a database under the work directory's
//! `state/`, and each run compares the file with what was kept — storing
//! what is new, saying and logging (`state/file_changes.log`) what
//! changed, and updating the records when `update_hashes` (or agent
//! control's `hashupdates`) allows. cf-agent keeps them in LMDB; confer in
//! a JSON file of its own there (`confer_changes.json`).

use crate::eval::message::ErrorKind;
use std::collections::BTreeMap;
use std::os::unix::fs::MetadataExt;
use std::path::PathBuf;

use sha2::Digest as _;

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
use crate::eval::promise::Expanded;

use super::outcome::Outcome;
use super::Target;

/// What a `changes` body asks for.
struct Changes {
    /// Hash names checked, in order (`best` is md5 then sha1).
    hashes: Vec<&'static str>,
    /// `report_changes`: content, stats, both, or neither.
    content: bool,
    stats: bool,
    /// `update_hashes` (default: agent control's `hashupdates`).
    update: bool,
}

fn changes_of(ctx: &mut EvalContext, exp: &Expanded) -> Changes {
    let attrs = super::body(ctx, "changes", exp.get("changes"));
    let hashes = match super::scalar(&attrs, "hash") {
        Some("best") => vec!["md5", "sha1"],
        Some("sha1") => vec!["sha1"],
        Some("sha256") => vec!["sha256"],
        Some("sha384") => vec!["sha384"],
        Some("sha512") => vec!["sha512"],
        _ => vec!["md5"],
    };
    let report = super::scalar(&attrs, "report_changes").unwrap_or("none");
    let update = match super::scalar(&attrs, "update_hashes") {
        Some(v) => matches!(v, "true" | "yes" | "on"),
        None => crate::eval::control::agent_flag(ctx, "hashupdates").unwrap_or(false),
    };
    Changes { hashes, content: matches!(report, "content" | "all"), stats: matches!(report, "stats" | "all"), update }
}

/// The database file and the change log, on this host.
struct State {
    db: Option<PathBuf>,
    log: Option<PathBuf>,
}

/// Where the database and the log are: in the work directory, which must
/// lie in the run's sandbox like every file confer writes (refused, once,
/// when it does not).
fn state(ctx: &mut EvalContext) -> State {
    let workdir = ctx.lookup("sys.workdir").and_then(|v| v.rval.as_scalar().map(str::to_string));
    let (Some(workdir), Some(sandbox)) = (workdir, ctx.settings.files.clone()) else {
        return State { db: None, log: None };
    };
    let mut at = |name: &str| super::inside(ctx, &sandbox, &format!("{workdir}/state/{name}"));
    State { db: at("confer_changes.json"), log: at("file_changes.log") }
}

fn load(path: &Option<PathBuf>) -> BTreeMap<String, String> {
    path.as_ref()
        .and_then(|p| std::fs::read_to_string(p).ok())
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

fn save(path: &Option<PathBuf>, db: &BTreeMap<String, String>) -> bool {
    let Some(p) = path else { return false };
    if let Some(dir) = p.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    serde_json::to_string(db).is_ok_and(|t| std::fs::write(p, t).is_ok())
}

/// `FileChangesLogChange`: a line of the change log.
fn log_change(ctx: &EvalContext, state: &State, file: &str, kind: char, message: &str) -> bool {
    use std::io::Write;
    let Some(log) = &state.log else { return false };
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let handle = match (ctx.bundle(), ctx.stack.promise.as_ref()) {
        (Some(b), Some(pp)) => {
            let file = b.file.rsplit('/').next().unwrap_or(&b.file);
            format!("promise_{}_{}", crate::syntax::class_expr::canonify(file), pp.line)
        }
        _ => String::new(),
    };
    let opened = std::fs::OpenOptions::new().create(true).append(true).open(log);
    opened.and_then(|mut f| writeln!(f, "{now},{handle},{file},{kind},{message}")).is_ok()
}

/// The digest of `bytes` by `hash`, as `HashPrintSafe` shows it.
fn digest(hash: &str, bytes: &[u8]) -> String {
    let hex = match hash {
        "md5" => format!("{:x}", md5::Md5::digest(bytes)),
        "sha1" => format!("{:x}", sha1::Sha1::digest(bytes)),
        "sha384" => format!("{:x}", sha2::Sha384::digest(bytes)),
        "sha512" => format!("{:x}", sha2::Sha512::digest(bytes)),
        _ => format!("{:x}", sha2::Sha256::digest(bytes)),
    };
    let prefix = if hash == "md5" { "MD5" } else { "SHA" };
    format!("{prefix}={hex}")
}

/// `VerifyFileIntegrity` and `VerifyFileChanges` on a file that exists.
pub(super) fn verify(ctx: &mut EvalContext, exp: &Expanded, t: &Target) -> Outcome {
    let c = changes_of(ctx, exp);
    let Ok(meta) = std::fs::metadata(&t.real) else { return Outcome::Kept };
    let state = state(ctx);
    let mut db = load(&state.db);
    let mut outcome = Outcome::Kept;
    let file = t.promiser.as_str();
    if c.content && meta.is_file() {
        let bytes = std::fs::read(&t.real).unwrap_or_default();
        let mut changed = false;
        for hash in &c.hashes {
            let key = format!("H_{hash}_{file}");
            let now = digest(hash, &bytes);
            match db.get(&key).cloned() {
                Some(old) if old == now => {}
                Some(_) => {
                    ctx.info(format!("Hash '{hash}' for '{file}' changed!"));
                    changed = true;
                    if c.update {
                        ctx.record_change(format!("Updated {hash} hash for '{file}' ({now})"));
                        db.insert(key, now);
                        outcome = outcome.and(Outcome::Repaired);
                    } else {
                        ctx.error(
                            ErrorKind::Files,
                            format!("Hash for file '{file}' changed, but not updating the records"),
                        );
                        outcome = outcome.and(Outcome::Failed);
                    }
                    // cf-agent stops at the first hash that changed.
                    break;
                }
                None => {
                    ctx.record_change(format!("Stored {hash} hash for '{file}' ({now})"));
                    db.insert(key, now);
                    outcome = outcome.and(Outcome::Repaired);
                }
            }
        }
        if changed {
            ctx.define_class("checksum_alerts", false, vec!["source=agent".into()]);
            if log_change(ctx, &state, file, 'C', "Content changed") {
                ctx.record_change(format!("Recorded integrity changes in '{file}'"));
                outcome = outcome.and(Outcome::Repaired);
            }
        }
    }
    if c.stats {
        outcome = outcome.and(stats(ctx, &state, &mut db, file, &meta, c.update));
    }
    save(&state.db, &db);
    outcome
}

/// `FileChangesCheckAndUpdateStats`.
fn stats(
    ctx: &mut EvalContext,
    state: &State,
    db: &mut BTreeMap<String, String>,
    file: &str,
    meta: &std::fs::Metadata,
    update: bool,
) -> Outcome {
    let key = format!("S_{file}");
    let now = format!("{} {} {} {} {} {}", meta.mode(), meta.uid(), meta.gid(), meta.dev(), meta.ino(), meta.mtime());
    let Some(old) = db.get(&key).cloned() else {
        db.insert(key, now);
        ctx.record_change(format!("Wrote stat information for '{file}' to database"));
        return Outcome::Repaired;
    };
    if old == now {
        return Outcome::Kept;
    }
    let was: Vec<i64> = old.split(' ').filter_map(|n| n.parse().ok()).collect();
    let is: Vec<i64> = now.split(' ').filter_map(|n| n.parse().ok()).collect();
    let (Some(&[m0, u0, g0, d0, i0, t0]), Some(&[m1, u1, g1, d1, i1, t1])) = (was.get(..6), is.get(..6)) else {
        return Outcome::Kept;
    };
    let mut outcome = Outcome::Kept;
    let mut note = |ctx: &mut EvalContext, notice: String, logged: String, what: &str| {
        ctx.notice(notice);
        if log_change(ctx, state, file, 'S', &logged) {
            ctx.record_change(format!("Recorded {what} changes in '{file}'"));
            outcome = outcome.and(Outcome::Repaired);
        }
    };
    if m0 != m1 {
        let (a, b) = (format!("{m0:04o}"), format!("{m1:04o}"));
        note(
            ctx,
            format!("Permissions for '{file}' changed {a} -> {b}"),
            format!("Permission: {a} -> {b}"),
            "permissions",
        );
    }
    if u0 != u1 {
        note(ctx, format!("Owner for '{file}' changed {u0} -> {u1}"), format!("Owner: {u0} -> {u1}"), "ownership");
    }
    if g0 != g1 {
        note(ctx, format!("Group for '{file}' changed {g0} -> {g1}"), format!("Group: {g0} -> {g1}"), "group");
    }
    if d0 != d1 {
        note(ctx, format!("Device for '{file}' changed {d0} -> {d1}"), format!("Device: {d0} -> {d1}"), "device");
    }
    if i0 != i1 {
        ctx.notice(format!("inode for '{file}' changed {i0} -> {i1}"));
    }
    if t0 != t1 {
        let (a, b) = (ctime(t0), ctime(t1));
        note(
            ctx,
            format!("Last modified time for '{file}' changed '{a}' -> '{b}'"),
            format!("Modified time: {a} -> {b}"),
            "mtime",
        );
    }
    if update {
        db.insert(key, now);
        ctx.record_change(format!("Wrote stat information changes for '{file}' to database"));
        outcome = outcome.and(Outcome::Repaired);
    }
    outcome
}

/// `ctime(3)` without its newline, in local time: `Thu Nov 24 18:22:48 1986`.
fn ctime(t: i64) -> String {
    // SAFETY: localtime_r fills the tm it is given from a valid time_t.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    let time = t as libc::time_t;
    if unsafe { libc::localtime_r(&time, &mut tm) }.is_null() {
        return String::new();
    }
    const DAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    format!(
        "{} {} {:2} {:02}:{:02}:{:02} {}",
        DAYS[tm.tm_wday.rem_euclid(7) as usize],
        MONTHS[tm.tm_mon.rem_euclid(12) as usize],
        tm.tm_mday,
        tm.tm_hour,
        tm.tm_min,
        tm.tm_sec,
        tm.tm_year + 1900
    )
}

/// A promise to watch a file that is not there fails.
pub(super) fn missing(ctx: &mut EvalContext, t: &Target) -> Outcome {
    ctx.error(ErrorKind::Files, format!("Promised to monitor '{}' for changes, but file does not exist", t.promiser));
    Outcome::Failed
}

/// Whether the promise has a `changes` body.
pub(super) fn wanted(exp: &Expanded) -> bool {
    exp.get("changes").is_some_and(|v| !matches!(v, Rv::Scalar(s) if s.is_empty()))
}
