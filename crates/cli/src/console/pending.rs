//! An input that goes on over several lines (open brackets, strings,
//! heredocs, a trailing operator), decided in time linear in its length.
//!
//! The line editor asks at every newline whether the input so far is
//! complete. Parsing the whole input again each time is quadratic: a pasted
//! 1 MB hash took minutes. So a scan carried from line to line follows
//! brackets, quotes, comments, regexes and heredocs; while it shows the
//! input open, no parse is needed. Short inputs are
//! always parsed, so what a person types is decided exactly as before (an
//! error inside open brackets is reported at once); past [`PARSE_ALWAYS`]
//! the input is parsed only where the scan finds it closed.

/// Inputs up to this size are parsed at every line.
const PARSE_ALWAYS: usize = 4096;

/// One open construct of the scan.
#[derive(Clone, Copy, PartialEq)]
enum Open {
    /// `(`, `[` or `{` in code.
    Bracket(char),
    /// A single-quoted string.
    Single,
    /// A double-quoted string.
    Double,
    /// `${…}` in a double-quoted string: code up to its `}`.
    Interpolation,
    /// `/* … */`.
    Comment,
}

/// The input so far and its scan.
#[derive(Default)]
pub struct Pending {
    text: String,
    open: Vec<Open>,
    /// End tags of heredocs whose bodies have not ended, first first.
    heredocs: std::collections::VecDeque<String>,
    /// The last token of code was an operator or `,`: an operand follows.
    operator_last: bool,
    /// A closing bracket matched nothing: the input is an error, complete.
    broken: bool,
}

impl Pending {
    /// Whether nothing is pending.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// What `input` adds to the pending input when it continues it by whole
    /// lines (the editor hands over the whole input each time); `None` when
    /// it does not (nothing is pending, or an earlier line was edited).
    pub fn continued_by<'i>(&self, input: &'i str) -> Option<&'i str> {
        if self.text.is_empty() {
            return None;
        }
        input.strip_prefix(self.text.as_str())?.strip_prefix('\n')
    }

    /// Forgets the input.
    pub fn clear(&mut self) {
        *self = Pending::default();
    }

    /// The input, which is forgotten.
    pub fn finish(&mut self) -> String {
        std::mem::take(self).text
    }

    /// Adds one or more lines; whether the input is now complete.
    pub fn push(&mut self, lines: &str) -> bool {
        for line in lines.split('\n') {
            if !self.text.is_empty() {
                self.text.push('\n');
            }
            self.text.push_str(line);
            self.scan(line);
        }
        if self.broken {
            return true;
        }
        let open = !self.open.is_empty() || !self.heredocs.is_empty() || self.operator_last;
        if self.text.len() <= PARSE_ALWAYS || !open {
            return !confer_puppet::is_incomplete(&self.text);
        }
        false
    }

    fn scan(&mut self, line: &str) {
        if let Some(tag) = self.heredocs.front() {
            let end = line.trim().trim_start_matches('|').trim_start().trim_start_matches('-').trim_start();
            if end == tag {
                self.heredocs.pop_front();
            }
            return;
        }
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let next = chars.get(i + 1).copied();
            match self.open.last() {
                Some(Open::Single) => match c {
                    '\\' => i += 1,
                    '\'' => self.close_string(),
                    _ => {}
                },
                Some(Open::Double) => match (c, next) {
                    ('\\', _) => i += 1,
                    ('"', _) => self.close_string(),
                    ('$', Some('{')) => {
                        self.open.push(Open::Interpolation);
                        i += 1;
                    }
                    _ => {}
                },
                Some(Open::Comment) => {
                    if c == '*' && next == Some('/') {
                        self.open.pop();
                        i += 1;
                    }
                }
                _ => match self.code(&chars, i) {
                    Some(skip) => i = skip,
                    None => return,
                },
            }
            i += 1;
        }
    }

    fn close_string(&mut self) {
        self.open.pop();
        self.operator_last = false;
    }

    /// Scans the code character at `i`; the index of the last character it
    /// took, or `None` when the rest of the line is a comment.
    fn code(&mut self, chars: &[char], i: usize) -> Option<usize> {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '#' => return None,
            '/' if next == Some('*') => {
                self.open.push(Open::Comment);
                return Some(i + 1);
            }
            '/' if self.operator_last => {
                // A regex, which Puppet's lexer ends on the same line;
                // without its end the `/` is a division.
                let end = (i + 1..chars.len()).find(|&j| chars[j] == '/' && chars[j - 1] != '\\');
                self.operator_last = end.is_none();
                return Some(end.unwrap_or(i));
            }
            '\'' => self.open.push(Open::Single),
            '"' => self.open.push(Open::Double),
            '(' | '[' | '{' => {
                self.open.push(Open::Bracket(c));
                self.operator_last = true;
            }
            ')' | ']' | '}' => {
                match self.open.last() {
                    Some(Open::Bracket(_)) => {
                        self.open.pop();
                    }
                    Some(Open::Interpolation) if c == '}' => {
                        self.open.pop();
                    }
                    _ => self.broken = true,
                }
                self.operator_last = false;
            }
            '@' if next == Some('(') => {
                let close = (i + 2..chars.len()).find(|&j| chars[j] == ')')?;
                let spec: String = chars[i + 2..close].iter().collect();
                let tag = spec.split([':', '/']).next().unwrap_or_default().trim().trim_matches('"').trim();
                self.heredocs.push_back(tag.to_string());
                self.operator_last = false;
                return Some(close);
            }
            // Collectors close with `|>` and `|>>`.
            '|' if next == Some('>') => {
                self.operator_last = false;
                let end = if chars.get(i + 2) == Some(&'>') { i + 2 } else { i + 1 };
                return Some(end);
            }
            '+' | '-' | '*' | '%' | '/' | '=' | '<' | '>' | '!' | '~' | '?' | ',' | '.' | '|' | '&' => {
                self.operator_last = true;
            }
            _ if c.is_whitespace() => {}
            _ => self.operator_last = false,
        }
        Some(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn complete(lines: &[&str]) -> Vec<bool> {
        let mut p = Pending::default();
        lines.iter().map(|l| p.push(l)).collect()
    }

    #[test]
    fn brackets_strings_heredocs_and_operators_keep_the_input_open() {
        assert_eq!(complete(&["$a = [", "  1,", "]"]), [false, false, true]);
        assert_eq!(complete(&["$m = @(END)", "  Hello", "  | END"]), [false, false, true]);
        assert_eq!(complete(&["$s = \"${[", "1]}\""]), [false, true]);
        assert_eq!(complete(&["notice(1) # (", ""]), [true, true]);
        assert_eq!(complete(&["File <| |>"]), [true]);
        assert_eq!(complete(&["$x = 1 +", "2"]), [false, true]);
    }

    #[test]
    fn a_large_input_is_scanned_not_parsed_while_it_is_open() {
        let mut p = Pending::default();
        assert!(!p.push("$a = {"));
        for i in 0..200_000 {
            assert!(!p.push(&format!("  'k{i}' => \"v/${{i}}\", # }}")));
        }
        assert!(p.push("}"));
    }
}
