//! A `files` promiser that is a pattern (`/etc/.*\.conf`): cf-agent's
//! `LocateFilePromiserGroup` promises every existing file whose path
//! matches, a path component at a time — the literal components taken as
//! they are, each regex one fully matched against the entries of the
//! directory reached so far. Nothing matching and `create => "true"`
//! promises the literal path. `pathtype => "literal"` turns it off.

use crate::eval::context::EvalContext;
use crate::eval::promise::Expanded;

use super::Sandbox;

/// The entries cf-agent never considers (`SKIPFILES`).
const SKIPPED: &[&str] = &[".", "..", "lost+found", ".cfengine.rm", "..."];

/// The most paths one pattern may promise: past it the rest are left out
/// and said so.
const MAX_MATCHES: usize = 10_000;

/// The paths `exp`'s promiser stands for: itself, unless it is a path
/// pattern.
pub(super) fn paths(ctx: &mut EvalContext, sandbox: &Sandbox, exp: &Expanded) -> Vec<String> {
    let promiser = exp.promiser.as_str();
    let literal = exp.get("pathtype").and_then(|v| v.as_scalar()) == Some("literal");
    if literal || !is_path_regex(promiser) {
        return vec![promiser.to_string()];
    }
    let mut found = Vec::new();
    locate(ctx, sandbox, promiser, &mut found);
    if found.len() > MAX_MATCHES {
        found.truncate(MAX_MATCHES);
        let at = ctx.promise_location();
        ctx.refuse(format!("confer promises at most {MAX_MATCHES} files of one pattern, {at}"));
    }
    let create = matches!(exp.get("create").and_then(|v| v.as_scalar()), Some("true" | "yes" | "on"));
    if found.is_empty() && create {
        found.push(promiser.to_string());
    }
    found
}

/// `LocateFilePromiserGroup`'s descent: the literal components, then the
/// entries the first regex component matches, each with the rest of the
/// path, searched again while regexes remain.
fn locate(ctx: &mut EvalContext, sandbox: &Sandbox, wildpath: &str, found: &mut Vec<String>) {
    if found.len() > MAX_MATCHES {
        return;
    }
    let parts: Vec<&str> = wildpath.split('/').filter(|p| !p.is_empty()).collect();
    let Some(at) = parts.iter().position(|p| is_regex(p)) else {
        found.push(format!("/{}", parts.join("/")));
        return;
    };
    let prefix = format!("/{}", parts[..at].join("/"));
    let last = at + 1 == parts.len();
    let Some(dir) = sandbox.read_path(&prefix) else { return };
    let Ok(entries) = std::fs::read_dir(&dir) else {
        // Perhaps a directory still to be made: the promise stands as written.
        found.push(wildpath.to_string());
        return;
    };
    let mut names: Vec<String> = entries.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    names.retain(|n| !SKIPPED.contains(&n.as_str()));
    for name in names {
        if !crate::functions::regex::full_match(ctx, parts[at], &name).unwrap_or(false) {
            continue;
        }
        let base = if prefix == "/" { String::new() } else { prefix.clone() };
        let mut next = format!("{base}/{name}");
        for rest in &parts[at + 1..] {
            next.push('/');
            next.push_str(rest);
        }
        if !last && next != wildpath {
            locate(ctx, sandbox, &next, found);
        } else {
            found.push(next);
        }
    }
}

/// matching.c's `IsPathRegex`: a regex ([`is_regex`]) whose brackets and
/// parentheses do not span a `/`.
fn is_path_regex(s: &str) -> bool {
    if !is_regex(s) {
        return false;
    }
    let (mut square, mut round) = (0i32, 0i32);
    for c in s.chars() {
        match c {
            '[' => square += 1,
            ']' => square -= 1,
            '(' => round += 1,
            ')' => round -= 1,
            '/' if square != 0 || round != 0 => return false,
            _ => {}
        }
    }
    true
}

/// matching.c's `IsRegex`: whether text is meant as a regular expression —
/// it repeats something (`*`, `+`), has a bracket expression, or an
/// alternative inside parentheses; and is well formed.
fn is_regex(s: &str) -> bool {
    #[derive(PartialEq)]
    enum Special {
        Norm,
        NoRepeat,
        Literal,
    }
    let mut special = Special::NoRepeat;
    let (mut ret, mut bracket, mut paren) = (false, 0i32, 0i32);
    for (i, c) in s.chars().enumerate() {
        if special == Special::Literal {
            special = Special::Norm;
            continue;
        }
        if c == '\\' {
            special = Special::Literal;
            continue;
        }
        if bracket != 0 && c != ']' {
            if c == '[' {
                return false;
            }
            continue;
        }
        match c {
            '^' => special = if i == 0 { Special::NoRepeat } else { Special::Norm },
            '*' | '+' => {
                if special == Special::NoRepeat {
                    return false;
                }
                special = Special::NoRepeat;
                ret = true;
            }
            '[' => {
                special = Special::Norm;
                bracket += 1;
                ret = true;
            }
            ']' => {
                if bracket == 0 {
                    return false;
                }
                bracket = 0;
                special = Special::Norm;
            }
            '(' => {
                special = Special::NoRepeat;
                paren += 1;
            }
            ')' => {
                special = Special::Norm;
                paren -= 1;
                if paren < 0 {
                    return false;
                }
            }
            '|' => {
                special = Special::NoRepeat;
                if paren > 0 {
                    ret = true;
                }
            }
            _ => special = Special::Norm,
        }
    }
    bracket == 0 && paren == 0 && special != Special::Literal && ret
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_are_told_from_paths_as_cf_agent_tells_them() {
        assert!(is_path_regex("/tmp/TEST.cfengine.(actual)?\\dq.*"));
        assert!(is_path_regex("/etc/.*\\.conf"));
        assert!(!is_path_regex("/etc/motd"));
        assert!(!is_path_regex("/tmp/a.b"));
        assert!(is_path_regex("/tmp/x*"));
        assert!(!is_regex("*x"));
        assert!(!is_path_regex("/tmp/(a/b)*"));
        assert!(is_path_regex("/tmp/[ab]"));
    }
}
