//! The programs confer stands in for, each read from its arguments before
//! anything runs ([`Tool::plan`]) and then run on its input
//! ([`Tool::run`]) as GNU coreutils would answer (`LC_ALL=C`: lines
//! compare as bytes), with the programs' own messages on standard error.

use super::grep::Grep;
use super::program_io::{inputs, split_lines, Ran};
use super::sed::Sed;
use super::{Host, Unsupported};

/// A planned command.
#[derive(Debug)]
pub(super) enum Tool {
    /// `true`, `false`, `:`.
    Status(i32),
    /// `pwd`.
    Pwd,
    /// `echo`: the text it prints, worked out from its arguments.
    Echo(Vec<u8>),
    /// `cat FILE…`.
    Cat(Vec<String>),
    /// `sort [-u] [-r] FILE…`.
    Sort { unique: bool, reverse: bool, files: Vec<String> },
    /// `head -n N` / `tail -n N`.
    Lines { head: bool, count: usize, files: Vec<String> },
    /// `wc -l`.
    CountLines(Vec<String>),
    /// `grep`, `egrep`, `fgrep`.
    Grep(Grep),
    /// `sed`.
    Sed(Sed),
    /// `diff [-q] A B` whose differences are not read, only its status
    /// (or `-q`'s one line).
    Diff { a: String, b: String, brief: bool },
    /// cf-agent or cf-promises, run in-process by the host.
    CfEngine(Vec<String>),
}

/// How a command is called.
#[derive(Clone, Copy, Debug)]
pub(super) struct Call {
    /// Through `/bin/sh`, whose `echo` is dash's own.
    pub shell: bool,
    /// Whether anything reads the command's standard output.
    pub stdout_used: bool,
}

impl Tool {
    /// Reads a command's arguments.
    pub(super) fn plan(host: &dyn Host, argv: &[String], call: Call) -> Result<Tool, Unsupported> {
        let (program, args) = argv.split_first().ok_or(Unsupported::Syntax("an empty command"))?;
        if host.takes_cfengine(argv) {
            return Ok(Tool::CfEngine(argv.to_vec()));
        }
        let name = program.rsplit('/').next().unwrap_or(program);
        let option = |o: &str| Unsupported::Option { program: name.to_string(), option: o.to_string() };
        Ok(match name {
            "true" | ":" => Tool::Status(0),
            "false" => Tool::Status(1),
            "pwd" => Tool::Pwd,
            "echo" => Tool::Echo(echo(args, call.shell && !program.contains('/'))),
            "env" => {
                let mut rest = args;
                while let Some((first, tail)) = rest.split_first() {
                    if first == "-i" || (first.contains('=') && !first.starts_with('=')) {
                        rest = tail;
                    } else if first.starts_with('-') {
                        return Err(option(first));
                    } else {
                        break;
                    }
                }
                if rest.is_empty() {
                    return Err(option("no command"));
                }
                return Tool::plan(host, rest, call);
            }
            "cat" => Tool::Cat(files(args, &option)?),
            "sort" => {
                let (mut unique, mut reverse) = (false, false);
                let mut names = Vec::new();
                let mut options_done = false;
                for a in args {
                    match a.strip_prefix('-') {
                        Some("-") if !options_done => options_done = true,
                        Some(flags) if !options_done && !flags.is_empty() => {
                            for f in flags.chars() {
                                match f {
                                    'u' => unique = true,
                                    'r' => reverse = true,
                                    _ => return Err(option(a)),
                                }
                            }
                        }
                        _ => names.push(a.clone()),
                    }
                }
                Tool::Sort { unique, reverse, files: names }
            }
            "head" | "tail" => {
                let mut count = 10;
                let mut names = Vec::new();
                let mut it = args.iter();
                while let Some(a) = it.next() {
                    let n = if a == "-n" {
                        it.next().ok_or_else(|| option(a))?.as_str()
                    } else if let Some(n) = a.strip_prefix("-n").or_else(|| a.strip_prefix('-')) {
                        n
                    } else {
                        names.push(a.clone());
                        continue;
                    };
                    count = n.parse().map_err(|_| option(a))?;
                }
                Tool::Lines { head: name == "head", count, files: names }
            }
            "wc" => match args.split_first() {
                Some((l, rest)) if l == "-l" => Tool::CountLines(files(rest, &option)?),
                _ => return Err(option(args.first().map_or("", String::as_str))),
            },
            "grep" | "egrep" | "fgrep" => Tool::Grep(Grep::plan(name, args)?),
            "sed" => Tool::Sed(Sed::plan(args)?),
            "diff" => {
                let mut brief = false;
                let mut names = Vec::new();
                for a in args {
                    match a.as_str() {
                        "-q" | "--brief" => brief = true,
                        "-u" | "-c" | "-a" => {}
                        o if o.starts_with('-') => return Err(option(o)),
                        _ => names.push(a.clone()),
                    }
                }
                let [a, b] = <[String; 2]>::try_from(names).map_err(|_| option("other than two files"))?;
                if call.stdout_used && !brief {
                    return Err(option("its differences read"));
                }
                Tool::Diff { a, b, brief }
            }
            _ => return Err(Unsupported::Program(program.clone())),
        })
    }

    /// Runs the command on `stdin`.
    pub(super) fn run(&self, host: &mut dyn Host, stdin: &[u8]) -> Ran {
        match self {
            Tool::Status(status) => Ran { status: *status, ..Ran::default() },
            Tool::Pwd => Ran { stdout: format!("{}\n", host.cwd()).into_bytes(), ..Ran::default() },
            Tool::Echo(text) => Ran { stdout: text.clone(), ..Ran::default() },
            Tool::Cat(names) => {
                let mut ran = Ran::default();
                for input in inputs(host, names, stdin) {
                    match input {
                        Ok(bytes) => ran.stdout.extend(bytes),
                        Err((name, e)) => {
                            ran.stderr.extend(format!("cat: {name}: {e}\n").into_bytes());
                            ran.status = 1;
                        }
                    }
                }
                ran
            }
            Tool::Sort { unique, reverse, files } => {
                let mut all = Vec::new();
                for input in inputs(host, files, stdin) {
                    match input {
                        Ok(bytes) => all.extend(bytes),
                        Err((name, e)) => return Ran::failed(2, format!("sort: cannot read: {name}: {e}\n")),
                    }
                }
                let mut lines = split_lines(&all);
                lines.sort();
                if *reverse {
                    lines.reverse();
                }
                if *unique {
                    lines.dedup();
                }
                Ran { stdout: join_lines(&lines), ..Ran::default() }
            }
            Tool::Lines { head, count, files } => {
                let mut ran = Ran::default();
                for input in inputs(host, files, stdin) {
                    match input {
                        Ok(bytes) => {
                            let lines = split_lines(&bytes);
                            let kept = if *head {
                                &lines[..lines.len().min(*count)]
                            } else {
                                &lines[lines.len().saturating_sub(*count)..]
                            };
                            ran.stdout.extend(join_lines(kept));
                        }
                        Err((name, e)) => {
                            let program = if *head { "head" } else { "tail" };
                            ran.stderr
                                .extend(format!("{program}: cannot open '{name}' for reading: {e}\n").into_bytes());
                            ran.status = 1;
                        }
                    }
                }
                ran
            }
            Tool::CountLines(names) => {
                let mut ran = Ran::default();
                for (input, name) in
                    inputs(host, names, stdin).into_iter().zip(names.iter().map(Some).chain(std::iter::repeat(None)))
                {
                    match input {
                        Ok(bytes) => {
                            let n = bytes.iter().filter(|&&b| b == b'\n').count();
                            let line = match name {
                                Some(name) if name != "-" => format!("{n} {name}\n"),
                                _ => format!("{n}\n"),
                            };
                            ran.stdout.extend(line.into_bytes());
                        }
                        Err((name, e)) => {
                            ran.stderr.extend(format!("wc: {name}: {e}\n").into_bytes());
                            ran.status = 1;
                        }
                    }
                }
                ran
            }
            Tool::Grep(grep) => grep.run(host, stdin),
            Tool::Sed(sed) => sed.run(host, stdin),
            Tool::Diff { a, b, brief } => {
                let read = |host: &mut dyn Host, f: &str| host.read(f).map_err(|e| format!("diff: {f}: {e}\n"));
                match (read(host, a), read(host, b)) {
                    (Ok(x), Ok(y)) if x == y => Ran::default(),
                    (Ok(_), Ok(_)) => Ran {
                        stdout: if *brief { format!("Files {a} and {b} differ\n").into_bytes() } else { Vec::new() },
                        status: 1,
                        ..Ran::default()
                    },
                    (Err(e), _) | (_, Err(e)) => Ran::failed(2, e),
                }
            }
            Tool::CfEngine(argv) => match host.cfengine(argv) {
                Some((stdout, status)) => Ran { stdout, status, ..Ran::default() },
                None => Ran::failed(127, format!("sh: 1: {}: not found\n", argv[0])),
            },
        }
        .capped()
    }
}

/// The file arguments of a program that takes no options (`-` is
/// standard input).
fn files(args: &[String], option: &dyn Fn(&str) -> Unsupported) -> Result<Vec<String>, Unsupported> {
    match args.iter().find(|a| a.starts_with('-') && a.len() > 1) {
        Some(o) => Err(option(o)),
        None => Ok(args.to_vec()),
    }
}

/// Lines written out, each ending in a newline.
fn join_lines(lines: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for l in lines {
        out.extend_from_slice(l);
        out.push(b'\n');
    }
    out
}

/// What `echo` prints. dash's builtin (`echo` through the shell) takes only
/// `-n` and always reads backslash escapes; coreutils' `/bin/echo` takes
/// `-n`, `-e`, `-E` and reads escapes only with `-e`.
fn echo(args: &[String], builtin: bool) -> Vec<u8> {
    let mut newline = true;
    let mut escapes = builtin;
    let mut words = args;
    if builtin {
        if words.first().is_some_and(|w| w == "-n") {
            newline = false;
            words = &words[1..];
        }
    } else {
        while let Some(w) = words.first() {
            let Some(flags) = w.strip_prefix('-') else { break };
            if flags.is_empty() || !flags.chars().all(|c| matches!(c, 'n' | 'e' | 'E')) {
                break;
            }
            for f in flags.chars() {
                match f {
                    'n' => newline = false,
                    'e' => escapes = true,
                    _ => escapes = false,
                }
            }
            words = &words[1..];
        }
    }
    let text = words.join(" ");
    let mut out = Vec::new();
    if !escapes {
        out.extend(text.into_bytes());
    } else if !unescape(&text, &mut out) {
        return out;
    }
    if newline {
        out.push(b'\n');
    }
    out
}

/// Writes `text` with echo's backslash escapes worked out; false when
/// `\c` ended the output there.
fn unescape(text: &str, out: &mut Vec<u8>) -> bool {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' || i + 1 == bytes.len() {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        i += 1;
        let simple = match bytes[i] {
            b'a' => Some(7),
            b'b' => Some(8),
            b'f' => Some(12),
            b'n' => Some(b'\n'),
            b'r' => Some(b'\r'),
            b't' => Some(b'\t'),
            b'v' => Some(11),
            b'\\' => Some(b'\\'),
            b'c' => return false,
            _ => None,
        };
        if let Some(b) = simple {
            out.push(b);
            i += 1;
        } else if bytes[i] == b'0' {
            let digits = bytes[i + 1..].iter().take(3).take_while(|b| (b'0'..=b'7').contains(b)).count();
            let value = bytes[i + 1..i + 1 + digits].iter().fold(0u32, |v, d| v * 8 + u32::from(d - b'0'));
            out.push(value as u8);
            i += 1 + digits;
        } else {
            out.push(b'\\');
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echo_reads_escapes_as_each_echo_does() {
        let args = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(echo(&args(&["a\\tb"]), true), b"a\tb\n");
        assert_eq!(echo(&args(&["a\\tb"]), false), b"a\\tb\n");
        assert_eq!(echo(&args(&["-e", "a\\tb"]), false), b"a\tb\n");
        assert_eq!(echo(&args(&["-n", "x"]), true), b"x");
        assert_eq!(echo(&args(&["-e", "x"]), true), b"-e x\n");
        assert_eq!(echo(&args(&["a\\cb"]), true), b"a");
    }

    #[test]
    fn lines_keep_a_last_line_without_newline() {
        assert_eq!(split_lines(b"b\na"), [b"b".to_vec(), b"a".to_vec()]);
        assert_eq!(split_lines(b"b\n\n"), [b"b".to_vec(), b"".to_vec()]);
        assert!(split_lines(b"").is_empty());
    }
}
