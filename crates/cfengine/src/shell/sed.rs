//! `sed` (GNU sed 4): the stream edits scripts clean logs and files with —
//! `s` (with `g`, `p`, `I` and a count), `d`, `p`, `q`, addressed by line
//! number, `$` or a pattern, singly or as a range, negated with `!`; `-n`,
//! `-e`, `-E`/`-r`, `-i` (in place). Commands are separated by `;` or new
//! lines. Anything else (blocks, hold space, `w` files) is not stood in
//! for.

use confer_core::Regexp;

use super::program_io::{inputs, Ran};
use super::{posix_regex, Host, Unsupported, MAX_OUTPUT};

/// A planned `sed`.
#[derive(Debug)]
pub(crate) struct Sed {
    commands: Vec<Command>,
    quiet: bool,
    in_place: bool,
    files: Vec<String>,
}

/// One command with its address.
#[derive(Debug)]
struct Command {
    from: Option<Address>,
    to: Option<Address>,
    negated: bool,
    op: Op,
}

/// A line address.
#[derive(Debug)]
enum Address {
    Line(usize),
    Last,
    Pattern(Regexp),
}

/// What a command does to the pattern space.
#[derive(Debug)]
enum Op {
    Substitute { pattern: Regexp, replacement: Vec<Piece>, global: bool, nth: usize, print: bool },
    Delete,
    Print,
    Quit,
}

/// A part of a replacement.
#[derive(Debug)]
enum Piece {
    Text(String),
    Group(usize),
}

impl Sed {
    /// Reads `sed`'s arguments.
    pub(crate) fn plan(args: &[String]) -> Result<Sed, Unsupported> {
        let option = |o: &str| Unsupported::Option { program: "sed".into(), option: o.to_string() };
        let mut scripts = Vec::new();
        let (mut quiet, mut extended, mut in_place) = (false, false, false);
        let mut operands = Vec::new();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            match a.as_str() {
                "-n" | "--quiet" | "--silent" => quiet = true,
                "-E" | "-r" | "--regexp-extended" => extended = true,
                "-i" | "--in-place" => in_place = true,
                "-e" => scripts.push(it.next().ok_or_else(|| option(a))?.clone()),
                s if s.starts_with("-e") => scripts.push(s[2..].to_string()),
                s if s.starts_with('-') && s.len() > 1 => {
                    for f in s[1..].chars() {
                        match f {
                            'n' => quiet = true,
                            'E' | 'r' => extended = true,
                            _ => return Err(option(s)),
                        }
                    }
                }
                _ => operands.push(a.clone()),
            }
        }
        if scripts.is_empty() {
            if operands.is_empty() {
                return Err(option("no script"));
            }
            scripts.push(operands.remove(0));
        }
        if in_place && operands.is_empty() {
            return Err(option("-i without a file"));
        }
        let mut commands = Vec::new();
        for script in &scripts {
            commands.extend(parse_script(script, extended).map_err(|what| option(&format!("{what} in '{script}'")))?);
        }
        Ok(Sed { commands, quiet, in_place, files: operands })
    }

    /// Runs it: on its files in place, or on their concatenation (or
    /// `stdin`) to standard output.
    pub(crate) fn run(&self, host: &mut dyn Host, stdin: &[u8]) -> Ran {
        let mut ran = Ran::default();
        let mut streams = Vec::new();
        for (input, name) in
            inputs(host, &self.files, stdin).into_iter().zip(self.files.iter().map(Some).chain(std::iter::repeat(None)))
        {
            match input {
                Ok(bytes) => streams.push((bytes, name.cloned())),
                Err((name, e)) => {
                    ran.stderr.extend(format!("sed: can't read {name}: {e}\n").into_bytes());
                    ran.status = 2;
                }
            }
        }
        if self.in_place {
            for (bytes, name) in streams {
                let Some(name) = name else { continue };
                match self.edit(&bytes) {
                    Ok(out) => {
                        if let Err(e) = host.write(&name, &out, false) {
                            ran.stderr.extend(format!("sed: couldn't edit {name}: {e}\n").into_bytes());
                            ran.status = 4;
                        }
                    }
                    Err(e) => return Ran { stderr: e.into_bytes(), status: 4, ..Ran::default() },
                }
            }
            return ran;
        }
        let all: Vec<u8> = streams.into_iter().flat_map(|(b, _)| b).collect();
        match self.edit(&all) {
            Ok(out) => ran.stdout = out,
            Err(e) => return Ran { stderr: e.into_bytes(), status: 4, ..Ran::default() },
        }
        ran
    }

    /// The edited text.
    fn edit(&self, text: &[u8]) -> Result<Vec<u8>, String> {
        let mut out = Vec::new();
        let mut active = vec![false; self.commands.len()];
        let lines: Vec<&[u8]> = {
            let mut l: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
            if text.is_empty() || text.ends_with(b"\n") {
                l.pop();
            }
            l
        };
        let last_newline = text.ends_with(b"\n");
        'lines: for (index, line) in lines.iter().enumerate() {
            let number = index + 1;
            let last = number == lines.len();
            let mut space = String::from_utf8_lossy(line).into_owned();
            let newline = |out: &mut Vec<u8>| {
                if !last || last_newline {
                    out.push(b'\n');
                }
            };
            for (c, command) in self.commands.iter().enumerate() {
                if command.applies(&mut active[c], number, last, &space) == command.negated {
                    continue;
                }
                match &command.op {
                    Op::Substitute { pattern, replacement, global, nth, print } => {
                        if let Some(new) = substitute(pattern, replacement, *global, *nth, &space)? {
                            space = new;
                            if *print {
                                out.extend(space.as_bytes());
                                newline(&mut out);
                            }
                        }
                    }
                    Op::Delete => continue 'lines,
                    Op::Print => {
                        out.extend(space.as_bytes());
                        newline(&mut out);
                    }
                    Op::Quit => {
                        if !self.quiet {
                            out.extend(space.as_bytes());
                            newline(&mut out);
                        }
                        return Ok(out);
                    }
                }
                if out.len() > MAX_OUTPUT {
                    return Err(format!("sed: the output passed {MAX_OUTPUT} bytes\n"));
                }
            }
            if !self.quiet {
                out.extend(space.as_bytes());
                newline(&mut out);
            }
        }
        Ok(out)
    }
}

impl Command {
    /// Whether the command's address selects this line (`active` is the
    /// state of a range).
    fn applies(&self, active: &mut bool, number: usize, last: bool, space: &str) -> bool {
        let hit = |a: &Address| match a {
            Address::Line(n) => *n == number,
            Address::Last => last,
            Address::Pattern(re) => re.try_is_match(space).unwrap_or(false),
        };
        let Some(from) = &self.from else { return true };
        let Some(to) = &self.to else { return hit(from) };
        if *active {
            let ends = match to {
                Address::Line(n) => number >= *n,
                other => hit(other),
            };
            *active = !ends;
            return true;
        }
        if !hit(from) {
            return false;
        }
        // A range whose end line is already passed covers one line.
        *active = match to {
            Address::Line(n) => *n > number,
            _ => true,
        };
        true
    }
}

/// The pattern space after an `s` command, or `None` when nothing matched.
fn substitute(
    pattern: &Regexp,
    replacement: &[Piece],
    global: bool,
    nth: usize,
    space: &str,
) -> Result<Option<String>, String> {
    let matches = pattern.matches(space, usize::MAX).map_err(|e| format!("sed: {e}\n"))?;
    let mut out = String::new();
    let mut at = 0;
    let mut replaced = false;
    for (k, groups) in matches.iter().enumerate() {
        let count = k + 1;
        if count < nth || (count > nth && !global) {
            continue;
        }
        let Some(whole) = groups[0].clone() else { continue };
        out.push_str(&space[at..whole.start]);
        for piece in replacement {
            match piece {
                Piece::Text(t) => out.push_str(t),
                Piece::Group(g) => {
                    if let Some(Some(r)) = groups.get(*g) {
                        out.push_str(&space[r.clone()]);
                    }
                }
            }
        }
        at = whole.end;
        replaced = true;
        if out.len() > MAX_OUTPUT {
            return Err(format!("sed: the output passed {MAX_OUTPUT} bytes\n"));
        }
    }
    if !replaced {
        return Ok(None);
    }
    out.push_str(&space[at..]);
    Ok(Some(out))
}

/// The commands of one script, or what in it is not stood in for.
fn parse_script(script: &str, extended: bool) -> Result<Vec<Command>, String> {
    let chars: Vec<char> = script.chars().collect();
    let mut i = 0;
    let mut commands = Vec::new();
    loop {
        while i < chars.len() && (chars[i].is_whitespace() || chars[i] == ';') {
            i += 1;
        }
        if i == chars.len() {
            return Ok(commands);
        }
        let from = address(&chars, &mut i, extended)?;
        let to = if from.is_some() && chars.get(i) == Some(&',') {
            i += 1;
            Some(address(&chars, &mut i, extended)?.ok_or("a range without an end")?)
        } else {
            None
        };
        while chars.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        let negated = chars.get(i) == Some(&'!');
        if negated {
            i += 1;
        }
        let op = match chars.get(i) {
            Some('d') => Op::Delete,
            Some('p') => Op::Print,
            Some('q') => Op::Quit,
            Some('s') => {
                let delimiter = *chars.get(i + 1).ok_or("an unfinished s command")?;
                if delimiter == '\\' || delimiter == '\n' {
                    return Err("an s command with that delimiter".into());
                }
                i += 2;
                let pattern = delimited(&chars, &mut i, delimiter)?;
                let replacement = delimited(&chars, &mut i, delimiter)?;
                let (mut global, mut nth, mut print, mut icase) = (false, 1, false, false);
                while let Some(&f) = chars.get(i) {
                    match f {
                        'g' => global = true,
                        'p' => print = true,
                        'I' | 'i' => icase = true,
                        '0'..='9' => {
                            let digits: String = chars[i..].iter().take_while(|c| c.is_ascii_digit()).collect();
                            nth = digits.parse().map_err(|_| "a bad count")?;
                            i += digits.len() - 1;
                        }
                        ';' | '\n' | '}' | ' ' | '\t' => break,
                        other => return Err(format!("the s flag '{other}'")),
                    }
                    i += 1;
                }
                if nth == 0 {
                    return Err("a count of 0".into());
                }
                if pattern.is_empty() {
                    return Err("an empty pattern".into());
                }
                let pattern = posix_regex::compile(&pattern, extended, icase)?;
                Op::Substitute { pattern, replacement: pieces(&replacement), global, nth, print }
            }
            Some(other) => return Err(format!("the command '{other}'")),
            None => return Err("an address without a command".into()),
        };
        if !matches!(op, Op::Substitute { .. }) {
            i += 1;
        }
        commands.push(Command { from, to, negated, op });
    }
}

/// A line address at `i`, if there is one.
fn address(chars: &[char], i: &mut usize, extended: bool) -> Result<Option<Address>, String> {
    match chars.get(*i) {
        Some(c) if c.is_ascii_digit() => {
            let digits: String = chars[*i..].iter().take_while(|c| c.is_ascii_digit()).collect();
            *i += digits.len();
            Ok(Some(Address::Line(digits.parse().map_err(|_| "a bad line number")?)))
        }
        Some('$') => {
            *i += 1;
            Ok(Some(Address::Last))
        }
        Some('/') | Some('\\') => {
            let delimiter = if chars[*i] == '\\' {
                *i += 1;
                *chars.get(*i).ok_or("an unfinished address")?
            } else {
                '/'
            };
            *i += 1;
            let pattern = delimited(chars, i, delimiter)?;
            if chars.get(*i) == Some(&'I') {
                *i += 1;
                return Ok(Some(Address::Pattern(posix_regex::compile(&pattern, extended, true)?)));
            }
            Ok(Some(Address::Pattern(posix_regex::compile(&pattern, extended, false)?)))
        }
        _ => Ok(None),
    }
}

/// The text up to the next unescaped `delimiter` (consumed); `\delimiter`
/// becomes the delimiter itself, other escapes stay for the next reader.
fn delimited(chars: &[char], i: &mut usize, delimiter: char) -> Result<String, String> {
    let mut out = String::new();
    while let Some(&c) = chars.get(*i) {
        *i += 1;
        if c == delimiter {
            return Ok(out);
        }
        if c == '\\' {
            let next = *chars.get(*i).ok_or("an unfinished pattern")?;
            *i += 1;
            if next == delimiter {
                out.push(next);
            } else if next == 'n' {
                out.push('\n');
            } else {
                out.push('\\');
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    Err(format!("an unterminated `{delimiter}'"))
}

/// A replacement's parts: `&` and `\N` are groups, other escapes their
/// character.
fn pieces(replacement: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut text = String::new();
    let mut chars = replacement.chars();
    let flush = |text: &mut String, out: &mut Vec<Piece>| {
        if !text.is_empty() {
            out.push(Piece::Text(std::mem::take(text)));
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '&' => {
                flush(&mut text, &mut out);
                out.push(Piece::Group(0));
            }
            '\\' => match chars.next() {
                Some(d @ '0'..='9') => {
                    flush(&mut text, &mut out);
                    out.push(Piece::Group(d as usize - '0' as usize));
                }
                Some('n') => text.push('\n'),
                Some('t') => text.push('\t'),
                Some(other) => text.push(other),
                None => text.push('\\'),
            },
            c => text.push(c),
        }
    }
    flush(&mut text, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::memory_host::MemoryHost;

    fn sed(args: &[&str], input: &str) -> String {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let s = Sed::plan(&args).unwrap();
        String::from_utf8(s.run(&mut MemoryHost::default(), input.as_bytes()).stdout).unwrap()
    }

    #[test]
    fn substitutions_and_deletions_edit_each_line() {
        let log = "info: at /tmp/x/TEST\nfilestat bailing here\nend";
        let out = sed(&["-e", "/filestat bailing/d", "-e", "s,/tmp/x,/tmp,g"], log);
        assert_eq!(out, "info: at /tmp/TEST\nend");
        assert_eq!(sed(&["s/a/b/2"], "aaa\n"), "aba\n");
        assert_eq!(sed(&["s/\\(a\\)\\(b\\)/\\2\\1&/"], "ab\n"), "baab\n");
        assert_eq!(sed(&["-E", "s/(a|b)+/X/g"], "abcab\n"), "XcX\n");
        assert_eq!(sed(&["-n", "2p"], "1\n2\n3\n"), "2\n");
        assert_eq!(sed(&["2,3d"], "1\n2\n3\n4\n"), "1\n4\n");
        assert_eq!(sed(&["/2/,/3/!d"], "1\n2\n3\n4\n"), "2\n3\n");
        assert_eq!(sed(&["2q"], "1\n2\n3\n"), "1\n2\n");
        assert_eq!(sed(&["s/x/[&]/gI"], "xXy\n"), "[x][X]y\n");
    }

    #[test]
    fn what_sed_is_not_stood_in_for_is_refused() {
        for script in ["h;G", "s/a/b/w out", "{p}", "y/ab/ba/"] {
            assert!(Sed::plan(&[script.to_string()]).is_err(), "{script}");
        }
    }
}
