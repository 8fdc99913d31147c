//! A revision's `Puppetfile`: the component modules a control repository
//! names instead of vendoring them, placed into the exported revision from
//! local directories (`--module-source`) so that both sides of a
//! `--from-ref`/`--to-ref` diff compile with the modules each revision
//! asks for. Nothing is downloaded: a diff in CI reads the modules a cache
//! (r10k's, g10k's, or a directory of unpacked Forge releases) already
//! holds.
//!
//! The Puppetfile is read as r10k reads the common forms: `moduledir
//! 'DIR'`, `mod 'author/name', 'VERSION'` (or `author-name`, or `:latest`,
//! or no version), `mod 'name', :git => URL, :ref/:tag/:branch/:commit =>
//! REV`, `:install_path => DIR`, `:local => true`; `forge` and comments are
//! skipped. Other Ruby is refused with its line.

use std::path::{Path, PathBuf};

use crate::fleet::FleetError;

/// One `mod` line.
#[derive(Debug, PartialEq)]
struct Module {
    /// The module's short name (`stdlib` of `puppetlabs/stdlib`).
    name: String,
    /// The author, when the name gives one.
    author: Option<String>,
    /// The pinned release of a Forge module (`None`: any, or a git module).
    version: Option<String>,
    /// The directory the module goes into, relative to the Puppetfile's.
    install_path: Option<String>,
    /// `:local => true`: the repository holds it, nothing to place.
    local: bool,
    /// The Puppetfile line the module is named on.
    line: usize,
}

/// What a Puppetfile asks for.
#[derive(Debug, PartialEq)]
struct Puppetfile {
    moduledir: String,
    modules: Vec<Module>,
}

/// Places the modules of `env/Puppetfile` that the revision `rev` does not
/// vendor, each linked from the first of `sources` that holds it (at the
/// pinned version), unless `base` (the base module path) has it. Without a
/// Puppetfile there is nothing to do.
pub fn place_modules(rev: &str, env: &Path, sources: &[PathBuf], base: &[PathBuf]) -> Result<(), FleetError> {
    let file = env.join("Puppetfile");
    let Ok(text) = std::fs::read_to_string(&file) else { return Ok(()) };
    let fail = |line: usize, reason: String| FleetError::Puppetfile { rev: rev.to_string(), line, reason };
    let puppetfile = parse(&text).map_err(|(line, reason)| fail(line, reason))?;
    for module in &puppetfile.modules {
        if module.local {
            continue;
        }
        let dir = env.join(module.install_path.as_deref().unwrap_or(&puppetfile.moduledir));
        let dest = dir.join(&module.name);
        if dest.exists() || base.iter().any(|b| b.join(&module.name).is_dir()) {
            continue;
        }
        let Some(found) = sources.iter().find_map(|s| find(s, module)) else {
            let wanted = module.version.as_ref().map_or_else(String::new, |v| format!(" {v}"));
            let hint = if sources.is_empty() {
                "give --module-source DIR where its modules are unpacked".to_string()
            } else {
                format!("no --module-source directory holds {}{wanted}", module.name)
            };
            return Err(fail(module.line, format!("the revision does not vendor module '{}': {hint}", module.name)));
        };
        std::fs::create_dir_all(&dir)
            .and_then(|()| std::os::unix::fs::symlink(&found, &dest))
            .map_err(|e| fail(module.line, format!("cannot place module '{}': {e}", module.name)))?;
    }
    Ok(())
}

/// The directory of `source` that holds `module`: a Forge release unpacked
/// as `author-name-VERSION` or `name-VERSION`, or `author-name` or `name`
/// whose `metadata.json` has the pinned version (any, when none is pinned).
fn find(source: &Path, module: &Module) -> Option<PathBuf> {
    let name = &module.name;
    let authored = module.author.as_ref().map(|a| format!("{a}-{name}"));
    if let Some(version) = &module.version {
        let releases = authored.iter().map(|a| format!("{a}-{version}")).chain([format!("{name}-{version}")]);
        if let Some(dir) = releases.map(|d| source.join(d)).find(|d| d.is_dir()) {
            return Some(dir);
        }
    }
    authored
        .into_iter()
        .chain([name.clone()])
        .map(|d| source.join(d))
        .filter(|d| d.is_dir())
        .find(|d| module.version.as_ref().is_none_or(|v| metadata_version(d).as_deref() == Some(v)))
}

/// The `version` of a module's `metadata.json`.
fn metadata_version(dir: &Path) -> Option<String> {
    let text = std::fs::read_to_string(dir.join("metadata.json")).ok()?;
    let metadata: serde_json::Value = serde_json::from_str(&text).ok()?;
    metadata.get("version")?.as_str().map(str::to_string)
}

/// Reads a Puppetfile; an error is the line and what is wrong there.
fn parse(text: &str) -> Result<Puppetfile, (usize, String)> {
    let mut puppetfile = Puppetfile { moduledir: "modules".to_string(), modules: Vec::new() };
    for (line, statement) in statements(text) {
        let (word, rest) = statement.split_once(char::is_whitespace).unwrap_or((&statement, ""));
        if !matches!(word, "forge" | "moduledir" | "mod") {
            return Err((line, format!("confer reads mod, moduledir and forge lines, not '{word}'")));
        }
        let args = arguments(rest).map_err(|e| (line, e))?;
        match word {
            "forge" => {}
            "moduledir" => match args.as_slice() {
                [Arg::Str(dir)] => puppetfile.moduledir = dir.clone(),
                _ => return Err((line, "moduledir takes one string".to_string())),
            },
            _ => puppetfile.modules.push(module(&args, line)?),
        }
    }
    Ok(puppetfile)
}

/// The `mod` line's module.
fn module(args: &[Arg], line: usize) -> Result<Module, (usize, String)> {
    let Some(Arg::Str(full)) = args.first() else { return Err((line, "mod takes the module's name first".into())) };
    let (author, name) = match full.split_once(['/', '-']) {
        Some((author, name)) => (Some(author.to_string()), name.to_string()),
        None => (None, full.clone()),
    };
    let mut module = Module { name, author, version: None, install_path: None, local: false, line };
    let mut git = false;
    for arg in &args[1..] {
        match arg {
            Arg::Str(version) => module.version = Some(version.clone()),
            Arg::Symbol(s) if s == "latest" => module.version = None,
            Arg::Pair(key, value) => match key.as_str() {
                "git" | "svn" => git = true,
                "local" => module.local = value == "true",
                "install_path" => module.install_path = Some(value.clone()),
                "ref" | "tag" | "branch" | "commit" | "default_branch" | "exclude_spec" => {}
                other => return Err((line, format!("confer does not read the mod option :{other}"))),
            },
            Arg::Symbol(s) => return Err((line, format!("confer does not read the mod argument :{s}"))),
        }
    }
    if git {
        module.version = None;
    }
    Ok(module)
}

/// An argument of a Puppetfile statement.
#[derive(Debug, PartialEq)]
enum Arg {
    /// `'text'` or `"text"`.
    Str(String),
    /// `:latest`.
    Symbol(String),
    /// `:key => value` or `key: value` (the value a string, a symbol's
    /// name, or `true`/`false`).
    Pair(String, String),
}

/// The statements of a Puppetfile with the line each starts on: comments
/// dropped, a statement continued on the next line after a trailing comma.
fn statements(text: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut continued = false;
    for (i, raw) in text.lines().enumerate() {
        let line = strip_comment(raw).trim();
        if line.is_empty() {
            continue;
        }
        match (continued, out.last_mut()) {
            (true, Some((_, statement))) => {
                statement.push(' ');
                statement.push_str(line);
            }
            _ => out.push((i + 1, line.to_string())),
        }
        continued = line.ends_with(',');
    }
    out
}

/// A line without its `#` comment (a `#` inside quotes is kept).
fn strip_comment(line: &str) -> &str {
    let mut quote = None;
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '#') => return &line[..i],
            _ => {}
        }
    }
    line
}

/// The comma-separated arguments of a statement.
fn arguments(text: &str) -> Result<Vec<Arg>, String> {
    let mut args = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let (first, after) = value(rest)?;
        let after = after.trim_start();
        let (arg, after) = if let Some(after) = after.strip_prefix("=>") {
            let key = match first {
                Arg::Symbol(k) | Arg::Str(k) => k,
                Arg::Pair(..) => return Err("a pair cannot be a key".to_string()),
            };
            let (v, after) = value(after.trim_start())?;
            (Arg::Pair(key, scalar(v)?), after)
        } else if let (Arg::Str(key), Some(after)) = (&first, after.strip_prefix(':')) {
            // `key: value`, Ruby's newer hash syntax, read as a bare word.
            let (v, after) = value(after.trim_start())?;
            (Arg::Pair(key.clone(), scalar(v)?), after)
        } else {
            (first, after)
        };
        args.push(arg);
        rest = after.trim_start();
        match rest.strip_prefix(',') {
            Some(after) => rest = after.trim_start(),
            None if rest.is_empty() => {}
            None => return Err(format!("expected ',' before '{rest}'")),
        }
    }
    Ok(args)
}

/// A pair's value as text.
fn scalar(arg: Arg) -> Result<String, String> {
    match arg {
        Arg::Str(s) | Arg::Symbol(s) => Ok(s),
        Arg::Pair(..) => Err("a pair's value cannot be a pair".to_string()),
    }
}

/// One value at the start of `text`: a quoted string, a `:symbol`, or a
/// bare word (`true`, or a key of `key: value`); and what follows it.
fn value(text: &str) -> Result<(Arg, &str), String> {
    let word_end = |s: &str| s.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(s.len());
    match text.chars().next() {
        Some(q @ ('\'' | '"')) => {
            let body = &text[1..];
            let end = body.find(q).ok_or_else(|| "a string is not closed".to_string())?;
            Ok((Arg::Str(body[..end].to_string()), &body[end + 1..]))
        }
        Some(':') => {
            let body = &text[1..];
            let end = word_end(body);
            if end == 0 {
                return Err(format!("expected a symbol at '{text}'"));
            }
            Ok((Arg::Symbol(body[..end].to_string()), &body[end..]))
        }
        Some(c) if c.is_alphabetic() => {
            let end = word_end(text);
            Ok((Arg::Str(text[..end].to_string()), &text[end..]))
        }
        _ => Err(format!("confer cannot read '{text}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forms_r10k_reads() {
        let text = "forge 'https://forge.puppet.com' # the Forge\n\
                    moduledir 'thirdparty'\n\
                    mod 'puppetlabs/stdlib', '9.4.1'\n\
                    mod 'puppetlabs-apache', :latest\n\
                    mod 'ntp',\n  :git => 'https://example.com/ntp.git', # pinned\n  :tag => 'v1.2.0'\n\
                    mod 'site', :local => true\n\
                    mod 'motd', git: 'https://example.com/motd.git', install_path: 'vendor'\n";
        let p = parse(text).unwrap();
        assert_eq!(p.moduledir, "thirdparty");
        let summary: Vec<_> = p
            .modules
            .iter()
            .map(|m| (m.line, m.author.as_deref(), m.name.as_str(), m.version.as_deref(), m.local))
            .collect();
        assert_eq!(
            summary,
            [
                (3, Some("puppetlabs"), "stdlib", Some("9.4.1"), false),
                (4, Some("puppetlabs"), "apache", None, false),
                (5, None, "ntp", None, false),
                (8, None, "site", None, true),
                (9, None, "motd", None, false),
            ]
        );
        assert_eq!(p.modules[4].install_path.as_deref(), Some("vendor"));
    }

    #[test]
    fn other_ruby_is_refused_with_its_line() {
        assert_eq!(
            parse("mod 'a/b', '1.0.0'\nif ENV['X']\n").unwrap_err(),
            (2, "confer reads mod, moduledir and forge lines, not 'if'".to_string())
        );
        assert_eq!(parse("mod 'a/b' '1.0.0'\n").unwrap_err(), (1, "expected ',' before ''1.0.0''".to_string()));
    }

    #[test]
    fn a_pinned_release_is_found_by_its_directory_or_its_metadata() {
        let dir = std::env::temp_dir().join(format!("confer-puppetfile-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("acme-motd-1.0.0")).unwrap();
        std::fs::create_dir_all(dir.join("motd")).unwrap();
        std::fs::write(dir.join("motd/metadata.json"), r#"{"name": "acme-motd", "version": "2.0.0"}"#).unwrap();
        let module = |version: &str| Module {
            name: "motd".into(),
            author: Some("acme".into()),
            version: Some(version.into()),
            install_path: None,
            local: false,
            line: 1,
        };
        assert_eq!(find(&dir, &module("1.0.0")), Some(dir.join("acme-motd-1.0.0")));
        assert_eq!(find(&dir, &module("2.0.0")), Some(dir.join("motd")));
        assert_eq!(find(&dir, &module("3.0.0")), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
