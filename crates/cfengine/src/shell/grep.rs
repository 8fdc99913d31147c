//! `grep` (GNU grep 3): lines of files or standard input selected by
//! patterns, with the options scripts filter output with — `-E`, `-F`,
//! `-i`, `-v`, `-c`, `-q`, `-s`, `-x`, `-w`, `-n`, `-h`, `-H`, `-e`.
//! Exit status 0 when a line was selected, 1 when none, 2 on an error.

use confer_core::Regexp;

use super::program_io::{inputs, split_lines, Ran};
use super::{posix_regex, Host, Unsupported};

/// A planned `grep`.
#[derive(Debug)]
pub(crate) struct Grep {
    /// One pattern holding every `-e` alternative.
    pattern: Regexp,
    invert: bool,
    count: bool,
    quiet: bool,
    no_messages: bool,
    line_numbers: bool,
    /// Whether lines are prefixed with their file name; `None` when it
    /// follows from the number of files.
    names: Option<bool>,
    files: Vec<String>,
}

/// How patterns are read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Syntax {
    Basic,
    Extended,
    Fixed,
}

impl Grep {
    /// Reads `grep`'s arguments (`name` is `grep`, `egrep` or `fgrep`).
    pub(crate) fn plan(name: &str, args: &[String]) -> Result<Grep, Unsupported> {
        let option = |o: &str| Unsupported::Option { program: name.to_string(), option: o.to_string() };
        let mut syntax = match name {
            "egrep" => Syntax::Extended,
            "fgrep" => Syntax::Fixed,
            _ => Syntax::Basic,
        };
        let (mut icase, mut whole_line, mut word) = (false, false, false);
        let mut grep = Grep {
            pattern: Regexp::new("").map_err(|_| option(""))?,
            invert: false,
            count: false,
            quiet: false,
            no_messages: false,
            line_numbers: false,
            names: None,
            files: Vec::new(),
        };
        let mut patterns: Vec<String> = Vec::new();
        let mut operands = Vec::new();
        let mut it = args.iter();
        let mut options_done = false;
        while let Some(a) = it.next() {
            let Some(flags) = a.strip_prefix('-').filter(|f| !f.is_empty() && !options_done) else {
                operands.push(a.clone());
                continue;
            };
            let long = match flags {
                "-" => {
                    options_done = true;
                    continue;
                }
                "-quiet" | "-silent" => Some('q'),
                "-invert-match" => Some('v'),
                "-count" => Some('c'),
                "-ignore-case" => Some('i'),
                "-extended-regexp" => Some('E'),
                "-fixed-strings" => Some('F'),
                "-no-messages" => Some('s'),
                _ if flags.starts_with('-') => return Err(option(a)),
                _ => None,
            };
            let letters: Vec<char> = long.map_or_else(|| flags.chars().collect(), |l| vec![l]);
            for (i, f) in letters.iter().enumerate() {
                match f {
                    'E' => syntax = Syntax::Extended,
                    'F' => syntax = Syntax::Fixed,
                    'G' => syntax = Syntax::Basic,
                    'i' | 'y' => icase = true,
                    'v' => grep.invert = true,
                    'c' => grep.count = true,
                    'q' => grep.quiet = true,
                    's' => grep.no_messages = true,
                    'x' => whole_line = true,
                    'w' => word = true,
                    'n' => grep.line_numbers = true,
                    'h' => grep.names = Some(false),
                    'H' => grep.names = Some(true),
                    'e' => {
                        let rest: String = letters[i + 1..].iter().collect();
                        patterns.push(if rest.is_empty() { it.next().ok_or_else(|| option(a))?.clone() } else { rest });
                        break;
                    }
                    _ => return Err(option(a)),
                }
            }
        }
        if patterns.is_empty() {
            if operands.is_empty() {
                return Err(option("no pattern"));
            }
            patterns.push(operands.remove(0));
        }
        grep.files = operands;
        let alternatives: Vec<String> = patterns
            .iter()
            .flat_map(|p| p.split('\n'))
            .map(|p| {
                let body = match syntax {
                    Syntax::Fixed => posix_regex::literal(p),
                    _ => posix_regex::compile(p, syntax == Syntax::Extended, false)
                        .map(|r| r.source().to_string())
                        .map_err(|_| option(p))?,
                };
                Ok(if whole_line {
                    format!("^(?:{body})$")
                } else if word {
                    format!("(?<![[:alnum:]_])(?:{body})(?![[:alnum:]_])")
                } else {
                    format!("(?:{body})")
                })
            })
            .collect::<Result<_, Unsupported>>()?;
        let joined = alternatives.join("|");
        let source = if icase { format!("(?i:{joined})") } else { joined };
        grep.pattern = Regexp::new(&source).map_err(|_| option(&patterns.join("\n")))?;
        Ok(grep)
    }

    /// Runs it on its files (or `stdin`).
    pub(crate) fn run(&self, host: &mut dyn Host, stdin: &[u8]) -> Ran {
        let mut ran = Ran { status: 1, ..Ran::default() };
        let mut failed = false;
        let prefix = self.names.unwrap_or(self.files.len() > 1);
        let names: Vec<String> =
            if self.files.is_empty() { vec!["(standard input)".into()] } else { self.files.clone() };
        for (input, name) in inputs(host, &self.files, stdin).into_iter().zip(&names) {
            let bytes = match input {
                Ok(bytes) => bytes,
                Err((name, e)) => {
                    if !self.no_messages {
                        ran.stderr.extend(format!("grep: {name}: {e}\n").into_bytes());
                    }
                    failed = true;
                    continue;
                }
            };
            let mut selected = 0;
            for (n, line) in split_lines(&bytes).iter().enumerate() {
                let text = String::from_utf8_lossy(line);
                let Ok(hit) = self.pattern.try_is_match(&text) else {
                    failed = true;
                    continue;
                };
                if hit == self.invert {
                    continue;
                }
                selected += 1;
                ran.status = 0;
                if self.quiet {
                    return Ran { status: 0, ..Ran::default() };
                }
                if !self.count {
                    if prefix {
                        ran.stdout.extend(format!("{name}:").into_bytes());
                    }
                    if self.line_numbers {
                        ran.stdout.extend(format!("{}:", n + 1).into_bytes());
                    }
                    ran.stdout.extend_from_slice(line);
                    ran.stdout.push(b'\n');
                }
            }
            if self.count {
                let line = if prefix { format!("{name}:{selected}\n") } else { format!("{selected}\n") };
                ran.stdout.extend(line.into_bytes());
            }
        }
        if failed {
            ran.status = 2;
        }
        ran
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::memory_host::MemoryHost;

    fn grep(args: &[&str], input: &str) -> (String, i32) {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let g = Grep::plan("grep", &args).unwrap();
        let ran = g.run(&mut MemoryHost::default(), input.as_bytes());
        (String::from_utf8(ran.stdout).unwrap(), ran.status)
    }

    #[test]
    fn lines_are_selected_as_grep_selects_them() {
        assert_eq!(grep(&["-i", "select"], "a SELECT\nb\nselected"), ("a SELECT\nselected\n".into(), 0));
        assert_eq!(grep(&["-v", "a"], "a\nb\n"), ("b\n".into(), 0));
        assert_eq!(grep(&["-c", "x"], "a\nb\n"), ("0\n".into(), 1));
        assert_eq!(grep(&["-q", "b"], "a\nb\n"), ("".into(), 0));
        assert_eq!(grep(&["-E", "a|b"], "a\nc\nb\n"), ("a\nb\n".into(), 0));
        assert_eq!(grep(&["a|b"], "a|b\na\n"), ("a|b\n".into(), 0));
        assert_eq!(grep(&["-x", "ab"], "ab\nabc\n"), ("ab\n".into(), 0));
        assert_eq!(grep(&["-e", "x", "-e", "y"], "x\ny\nz\n"), ("x\ny\n".into(), 0));
    }
}
