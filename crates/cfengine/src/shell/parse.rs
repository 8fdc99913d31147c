//! Command lines as `/bin/sh` reads them, for the part of the shell that
//! plain text commands need: words with their quotes, pipelines, `&&`,
//! `||`, `;`, redirections and `NAME=value` prefixes. Anything that would
//! make the shell compute a word (`$VAR`, `$(…)`, backquotes, globs, `~`)
//! or run something of its own (subshells, `&`) is refused, so what runs
//! is exactly what the line says. Without the shell (`noshell`), the line
//! is only split into words, as cf-agent's `ArgSplitCommand` splits it.

use super::Unsupported;

/// Where a redirection sends (or takes) a file descriptor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Redirect {
    /// `N> FILE` (`append`: `N>> FILE`).
    Out { fd: u8, path: String, append: bool },
    /// `< FILE`.
    In { path: String },
    /// `N>&M`: descriptor `fd` goes where `to` goes.
    Dup { fd: u8, to: u8 },
}

/// One command of a pipeline.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Simple {
    /// `NAME=value` words before the command.
    pub assigns: Vec<(String, String)>,
    /// The program and its arguments.
    pub argv: Vec<String>,
    /// Redirections, in the order written.
    pub redirects: Vec<Redirect>,
}

/// How a pipeline follows the one before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Connector {
    /// `&&`: only when the previous one succeeded.
    And,
    /// `||`: only when it failed.
    Or,
    /// `;` or a new line: always.
    Then,
}

/// A whole command line: pipelines joined by connectors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Script {
    /// The first pipeline, then each following one with its connector.
    pub pipelines: Vec<(Connector, Vec<Simple>)>,
}

/// One token of a shell line.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Word(String),
    Pipe,
    And,
    Or,
    Then,
    Redirect(RedirectOp),
}

/// A redirection operator, before its target is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RedirectOp {
    Out { fd: u8, append: bool },
    In,
    Dup { fd: u8, to: u8 },
}

/// Reads `line` as the shell (`shell`) or as a plain word list.
pub(crate) fn parse(line: &str, shell: bool) -> Result<Script, Unsupported> {
    if !shell {
        let argv = plain_words(line)?;
        return Ok(Script { pipelines: vec![(Connector::Then, vec![Simple { argv, ..Simple::default() }])] });
    }
    let tokens = tokens(line)?;
    let mut pipelines = Vec::new();
    let mut connector = Connector::Then;
    let mut pipeline: Vec<Simple> = Vec::new();
    let mut simple = Simple::default();
    let mut it = tokens.into_iter();
    while let Some(token) = it.next() {
        match token {
            Token::Word(w) => match w.split_once('=') {
                Some((name, value)) if simple.argv.is_empty() && is_name(name) => {
                    simple.assigns.push((name.to_string(), value.to_string()));
                }
                _ => simple.argv.push(w),
            },
            Token::Redirect(op) => {
                let redirect = match op {
                    RedirectOp::Dup { fd, to } => Redirect::Dup { fd, to },
                    _ => {
                        let Some(Token::Word(path)) = it.next() else {
                            return Err(Unsupported::Syntax("a redirection without a file"));
                        };
                        match op {
                            RedirectOp::Out { fd, append } => Redirect::Out { fd, path, append },
                            _ => Redirect::In { path },
                        }
                    }
                };
                simple.redirects.push(redirect);
            }
            Token::Pipe | Token::And | Token::Or | Token::Then => {
                if simple.argv.is_empty() {
                    if token == Token::Then && pipeline.is_empty() && simple == Simple::default() {
                        continue;
                    }
                    return Err(Unsupported::Syntax("an empty command"));
                }
                pipeline.push(std::mem::take(&mut simple));
                if token != Token::Pipe {
                    pipelines.push((connector, std::mem::take(&mut pipeline)));
                    connector = match token {
                        Token::And => Connector::And,
                        Token::Or => Connector::Or,
                        _ => Connector::Then,
                    };
                }
            }
        }
    }
    if simple.argv.is_empty() {
        if simple != Simple::default() || !pipeline.is_empty() || connector != Connector::Then {
            return Err(Unsupported::Syntax("an empty command"));
        }
    } else {
        pipeline.push(simple);
        pipelines.push((connector, pipeline));
    }
    if pipelines.is_empty() {
        return Err(Unsupported::Syntax("an empty command"));
    }
    Ok(Script { pipelines })
}

/// A shell variable name.
fn is_name(s: &str) -> bool {
    s.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The tokens of a shell line.
fn tokens(line: &str) -> Result<Vec<Token>, Unsupported> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut word = String::new();
    // Whether a word has begun (an empty quoted word is still a word).
    let mut in_word = false;
    let mut i = 0;
    let end_word = |out: &mut Vec<Token>, word: &mut String, in_word: &mut bool| {
        if *in_word {
            out.push(Token::Word(std::mem::take(word)));
            *in_word = false;
        }
    };
    while i < chars.len() {
        let c = chars[i];
        match c {
            ' ' | '\t' => end_word(&mut out, &mut word, &mut in_word),
            '\n' | ';' => {
                end_word(&mut out, &mut word, &mut in_word);
                out.push(Token::Then);
            }
            '#' if !in_word => break,
            '\'' => {
                let close =
                    chars[i + 1..].iter().position(|&c| c == '\'').ok_or(Unsupported::Syntax("an unclosed quote"))?;
                word.extend(&chars[i + 1..i + 1 + close]);
                in_word = true;
                i += close + 1;
            }
            '"' => {
                in_word = true;
                i += 1;
                loop {
                    match chars.get(i) {
                        None => return Err(Unsupported::Syntax("an unclosed quote")),
                        Some('"') => break,
                        Some('$' | '`') => return Err(Unsupported::Syntax("the shell's expansions ($, `)")),
                        Some('\\') if matches!(chars.get(i + 1), Some('"' | '\\' | '$' | '`' | '\n')) => {
                            if chars[i + 1] != '\n' {
                                word.push(chars[i + 1]);
                            }
                            i += 2;
                        }
                        Some(&c) => {
                            word.push(c);
                            i += 1;
                        }
                    }
                }
            }
            '\\' => {
                match chars.get(i + 1) {
                    Some('\n') => {}
                    Some(&next) => {
                        word.push(next);
                        in_word = true;
                    }
                    None => return Err(Unsupported::Syntax("a line ending in a backslash")),
                }
                i += 1;
            }
            '|' => {
                end_word(&mut out, &mut word, &mut in_word);
                if chars.get(i + 1) == Some(&'|') {
                    out.push(Token::Or);
                    i += 1;
                } else {
                    out.push(Token::Pipe);
                }
            }
            '&' => {
                end_word(&mut out, &mut word, &mut in_word);
                if chars.get(i + 1) != Some(&'&') {
                    return Err(Unsupported::Syntax("a command in the background (&)"));
                }
                out.push(Token::And);
                i += 1;
            }
            '>' | '<' => {
                // A word of digits just before is the descriptor: `2>`.
                let fd = if in_word
                    && !word.is_empty()
                    && word.chars().all(|c| c.is_ascii_digit())
                    && !quoted_before(&chars, i)
                {
                    let fd = word.parse::<u8>().map_err(|_| Unsupported::Syntax("a file descriptor past 9"))?;
                    word.clear();
                    in_word = false;
                    Some(fd)
                } else {
                    end_word(&mut out, &mut word, &mut in_word);
                    None
                };
                let op = if c == '<' {
                    if matches!(chars.get(i + 1), Some('<' | '&' | '>')) {
                        return Err(Unsupported::Syntax("here-documents and descriptor input"));
                    }
                    RedirectOp::In
                } else if chars.get(i + 1) == Some(&'>') {
                    i += 1;
                    RedirectOp::Out { fd: fd.unwrap_or(1), append: true }
                } else if chars.get(i + 1) == Some(&'&') {
                    let to = chars
                        .get(i + 2)
                        .and_then(|d| d.to_digit(10))
                        .ok_or(Unsupported::Syntax("a redirection to a descriptor other than a digit"))?;
                    i += 2;
                    RedirectOp::Dup { fd: fd.unwrap_or(1), to: to as u8 }
                } else {
                    if chars.get(i + 1) == Some(&'|') {
                        i += 1;
                    }
                    RedirectOp::Out { fd: fd.unwrap_or(1), append: false }
                };
                if fd.is_some() && op == RedirectOp::In {
                    return Err(Unsupported::Syntax("input to a descriptor other than 0"));
                }
                out.push(Token::Redirect(op));
            }
            '$' | '`' => return Err(Unsupported::Syntax("the shell's expansions ($, `)")),
            '*' | '?' | '[' => return Err(Unsupported::Syntax("file name patterns (*, ?, [)")),
            '(' | ')' | '{' | '}' => return Err(Unsupported::Syntax("subshells and groups")),
            '~' if !in_word => return Err(Unsupported::Syntax("the home directory (~)")),
            c => {
                word.push(c);
                in_word = true;
            }
        }
        i += 1;
    }
    end_word(&mut out, &mut word, &mut in_word);
    Ok(out)
}

/// Whether the word ending just before `i` had quoted parts (`"2">` is a
/// word, not a descriptor). Only unquoted digits reach here unquoted, so
/// the character before is enough.
fn quoted_before(chars: &[char], i: usize) -> bool {
    i > 0 && matches!(chars[i - 1], '\'' | '"')
}

/// The words of a line run without the shell: split at blanks, with
/// double and single quotes grouping (cf-agent's `ArgSplitCommand`).
fn plain_words(line: &str) -> Result<Vec<String>, Unsupported> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(Unsupported::Syntax("an unclosed quote"));
    }
    if in_word {
        out.push(word);
    }
    if out.is_empty() {
        return Err(Unsupported::Syntax("an empty command"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(s: &Simple) -> Vec<&str> {
        s.argv.iter().map(String::as_str).collect()
    }

    #[test]
    fn pipelines_and_lists_split_where_the_shell_splits_them() {
        let script = parse("/bin/pwd 2>/dev/null || /usr/bin/pwd", true).unwrap();
        assert_eq!(script.pipelines.len(), 2);
        assert_eq!(script.pipelines[1].0, Connector::Or);
        let first = &script.pipelines[0].1[0];
        assert_eq!(argv(first), ["/bin/pwd"]);
        assert_eq!(first.redirects, [Redirect::Out { fd: 2, path: "/dev/null".into(), append: false }]);
        let sorted = parse("/usr/bin/env LC_ALL=C /usr/bin/sort 'a b' > out", true).unwrap();
        let s = &sorted.pipelines[0].1[0];
        assert_eq!(argv(s), ["/usr/bin/env", "LC_ALL=C", "/usr/bin/sort", "a b"]);
        let piped = parse("a -f x 2>&1 | grep -i \"sel ect\"", true).unwrap();
        assert_eq!(piped.pipelines[0].1.len(), 2);
        assert_eq!(piped.pipelines[0].1[0].redirects, [Redirect::Dup { fd: 2, to: 1 }]);
        assert_eq!(argv(&piped.pipelines[0].1[1]), ["grep", "-i", "sel ect"]);
    }

    #[test]
    fn assignments_before_the_command_are_not_arguments() {
        let s = parse("LC_ALL=C sort f", true).unwrap();
        assert_eq!(s.pipelines[0].1[0].assigns, [("LC_ALL".to_string(), "C".to_string())]);
        assert_eq!(argv(&s.pipelines[0].1[0]), ["sort", "f"]);
    }

    #[test]
    fn what_the_shell_would_compute_is_refused() {
        for line in ["echo $HOME", "echo `date`", "ls *.cf", "(cd /; ls)", "sleep 1 &", "cat ~/x", "echo \"$x\""] {
            assert!(parse(line, true).is_err(), "{line}");
        }
    }

    #[test]
    fn without_the_shell_operators_are_words() {
        let s = parse("/bin/echo a | b > c", false).unwrap();
        assert_eq!(argv(&s.pipelines[0].1[0]), ["/bin/echo", "a", "|", "b", ">", "c"]);
    }
}
