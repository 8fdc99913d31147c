//! `link_from` (files_links.c: `VerifyLink`, `VerifyAbsoluteLink`,
//! `VerifyRelativeLink`, `VerifyHardLink`): a symbolic link to the body's
//! `source` — as written, made absolute, or made relative to the link's
//! directory — or a hard link. A link that points elsewhere, or a file in
//! the way, is replaced only with `move_obstructions`. Linking children of
//! a directory is refused by name.

use crate::eval::message::ErrorKind;
use std::os::unix::fs::MetadataExt;

use crate::eval::context::EvalContext;
use crate::eval::promise::Expanded;
use crate::functions::path::compress_path;

use super::outcome::Outcome;
use super::{Sandbox, Target};

/// Attributes of `link_from` bodies confer carries out.
const KNOWN: &[&str] = &["source", "link_type", "when_no_source"];

/// `link_from`: the link at the promise's path.
pub(super) fn link_from(ctx: &mut EvalContext, exp: &Expanded, sandbox: &Sandbox, t: &Target) -> Outcome {
    let attrs = super::body(ctx, "link_from", exp.get("link_from"));
    if super::unknown_attribute(ctx, "link_from", &attrs, |l| KNOWN.contains(&l)) {
        return Outcome::Failed;
    }
    let Some(source) = super::scalar(&attrs, "source").map(str::to_string) else {
        ctx.error(ErrorKind::Files, format!("No source given to link_from, {}", ctx.promise_location()));
        return Outcome::Failed;
    };
    let link = Link {
        destination: exp.promiser.clone(),
        when_no_source: super::scalar(&attrs, "when_no_source").unwrap_or("nop").to_string(),
        move_obstructions: super::flag(exp, "move_obstructions") == Some(true),
    };
    match super::scalar(&attrs, "link_type").unwrap_or("symlink") {
        "hardlink" => hard_link(ctx, sandbox, t, &link, &source),
        "relative" => match relative(&source, &link.destination) {
            Some(rel) => verify(ctx, sandbox, t, &link, &rel),
            None => {
                ctx.error(
                    ErrorKind::Files,
                    format!(
                        "Failed to link '{}' to '{source}', can't link file '{}' to itself",
                        link.destination, link.destination
                    ),
                );
                Outcome::Failed
            }
        },
        "absolute" => {
            let absolute = if source.starts_with('.') {
                format!("{}/{source}", crate::functions::file::chop_last_node(&link.destination))
            } else {
                source.clone()
            };
            verify(ctx, sandbox, t, &link, &compress_path(&absolute))
        }
        _ => verify(ctx, sandbox, t, &link, &source),
    }
}

/// What the promise asks of the link.
struct Link {
    destination: String,
    when_no_source: String,
    move_obstructions: bool,
}

/// `AbsLinkPath`: where a relative link's target is, from the link's path.
fn absolute_target(destination: &str, relative: &str) -> String {
    let mut pop = 1;
    let mut rest = relative;
    loop {
        if let Some(r) = rest.strip_prefix("../") {
            pop += 1;
            rest = r;
        } else if let Some(r) = rest.strip_prefix("./") {
            rest = r;
        } else {
            break;
        }
    }
    let mut base = destination.to_string();
    for _ in 0..pop {
        base = crate::functions::file::chop_last_node(&base);
    }
    format!("{}/{rest}", base.trim_end_matches('/'))
}

/// `VerifyRelativeLink`'s path: from the link's directory to `source`;
/// `None` for a link to itself.
fn relative(source: &str, destination: &str) -> Option<String> {
    if source.starts_with('.') {
        return Some(source.to_string());
    }
    let to = compress_path(source);
    if to == destination {
        return None;
    }
    let (t, f) = (to.as_bytes(), destination.as_bytes());
    let mut common = t.iter().zip(f).take_while(|(a, b)| a == b).count();
    // Back to the last separator both share.
    while common > 0 && t[common - 1] != b'/' {
        common -= 1;
    }
    let levels = destination[common..].matches('/').count();
    let mut out = String::from("./");
    for _ in 0..levels {
        out.push_str("../");
    }
    out.push_str(&to[common..]);
    Some(out)
}

/// `VerifyLink`: a symbolic link at the destination whose text is `source`.
fn verify(ctx: &mut EvalContext, sandbox: &Sandbox, t: &Target, link: &Link, source: &str) -> Outcome {
    let to =
        if source.starts_with('/') || source.starts_with('.') { source.to_string() } else { format!("./{source}") };
    let target = if source.starts_with('/') { to.clone() } else { absolute_target(&link.destination, &to) };
    let source_exists = sandbox.read_path(&target).is_some_and(|p| p.exists());
    if !source_exists && link.when_no_source != "force" && link.when_no_source != "delete" {
        ctx.error(ErrorKind::Files, format!("Unable to create link '{}' -> '{to}', no source", link.destination));
        return Outcome::Failed;
    }
    let existing = std::fs::read_link(&t.real).ok();
    if !source_exists && link.when_no_source == "delete" {
        // `KillGhostLink`: a link whose target is gone is removed.
        if existing.is_some() && !t.real.exists() {
            return super::remove_file(ctx, t);
        }
        return Outcome::Kept;
    }
    match existing {
        Some(text) => {
            let text = text.to_string_lossy();
            if text == source || text == to {
                return Outcome::Kept;
            }
            if !link.move_obstructions {
                ctx.error(
                    ErrorKind::Files,
                    format!("Link '{}' points to '{text}' not '{to}', but not moving obstructions", link.destination),
                );
                return Outcome::Failed;
            }
            if !t.may(ctx, &format!("remove incorrect link '{}'", link.destination)) {
                return Outcome::Warned;
            }
            let replaced = std::fs::remove_file(&t.real).and_then(|()| std::os::unix::fs::symlink(source, &t.real));
            super::record(
                ctx,
                replaced,
                format!("Linked files '{}' -> '{source}'", link.destination),
                format!("Unable to create link '{}' -> '{to}'.", link.destination),
            )
        }
        None => {
            if !t.may(ctx, &format!("create link '{}'", link.destination)) {
                return Outcome::Warned;
            }
            let failure = format!("Unable to create link '{}' -> '{to}', failed to move obstruction", link.destination);
            if !move_obstruction(ctx, t, link, failure) {
                return Outcome::Failed;
            }
            let made = super::make_parent(&t.real).and_then(|()| std::os::unix::fs::symlink(source, &t.real));
            super::record(
                ctx,
                made,
                format!("Linked files '{}' -> '{source}'", link.destination),
                format!("Unable to create link '{}' -> '{to}'.", link.destination),
            )
        }
    }
}

/// `MoveObstruction`: a file in the link's way is kept as `FILE.cfsaved`
/// when `move_obstructions` allows it, else `failure` is logged; whether
/// the way is clear.
fn move_obstruction(ctx: &mut EvalContext, t: &Target, link: &Link, failure: String) -> bool {
    if std::fs::symlink_metadata(&t.real).is_err() {
        return true;
    }
    if !link.move_obstructions {
        ctx.error(ErrorKind::Files, failure);
        return false;
    }
    let saved = format!("{}.cfsaved", t.real.display());
    if let Err(e) = std::fs::rename(&t.real, &saved) {
        ctx.error(
            ErrorKind::Files,
            format!("Couldn't move '{}' out of the way. ({})", t.shown, crate::os_error::describe(&e)),
        );
        return false;
    }
    true
}

/// `VerifyHardLink`: the destination is the same file as the source.
fn hard_link(ctx: &mut EvalContext, sandbox: &Sandbox, t: &Target, link: &Link, source: &str) -> Outcome {
    let Some(src_real) = sandbox.read_path(source) else {
        ctx.error(ErrorKind::Files, format!("Source file '{source}' doesn't exist"));
        return Outcome::Failed;
    };
    let Ok(src) = std::fs::metadata(&src_real) else {
        ctx.error(ErrorKind::Files, format!("Source file '{source}' doesn't exist"));
        return Outcome::Failed;
    };
    if !src.is_file() {
        ctx.error(
            ErrorKind::Files,
            format!("Source file '{source}' is not a regular file, not appropriate to hard-link"),
        );
        return Outcome::Failed;
    }
    if std::fs::symlink_metadata(&t.real).is_ok_and(|d| d.ino() == src.ino() && d.dev() == src.dev()) {
        return Outcome::Kept;
    }
    if !t.may(ctx, &format!("hard link '{}' -> '{source}'", link.destination)) {
        return Outcome::Warned;
    }
    let failure =
        format!("Unable to create hard link '{}' -> '{source}', failed to move obstruction", link.destination);
    if !move_obstruction(ctx, t, link, failure) {
        return Outcome::Failed;
    }
    let made = super::make_parent(&t.real).and_then(|()| std::fs::hard_link(&src_real, &t.real));
    super::record(
        ctx,
        made,
        format!("Hard linked file '{}' -> '{source}'", link.destination),
        format!("Couldn't hard-link '{source}' to '{}'.", link.destination),
    )
}

#[cfg(test)]
mod tests {
    use super::{absolute_target, relative};

    #[test]
    fn relative_links_count_the_levels_between() {
        assert_eq!(relative("/a/b/c", "/a/d/link").as_deref(), Some("./../b/c"));
        assert_eq!(relative("/a/b/c", "/a/b/link").as_deref(), Some("./c"));
        assert_eq!(relative("./x", "/a/link").as_deref(), Some("./x"));
        assert_eq!(relative("/a/l", "/a/l"), None);
    }

    #[test]
    fn a_relative_target_is_found_from_the_links_directory() {
        assert_eq!(absolute_target("/a/b/link", "./c"), "/a/b/c");
        assert_eq!(absolute_target("/a/b/link", "../c"), "/a/c");
    }
}
