//! Regular expressions with Ruby's syntax, as Puppet writes them between slashes.

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::error::CoreError;

/// A compiled regular expression that remembers the source it came from, because
/// Puppet compares, hashes and prints regexps by their source text.
#[derive(Clone)]
pub struct Regexp {
    source: String,
    compiled: fancy_regex::Regex,
}

impl Regexp {
    /// Compiles `source` (the text between the slashes) with Ruby-compatible syntax.
    pub fn new(source: &str) -> Result<Regexp, CoreError> {
        // In Ruby `^` and `$` always match at line starts and ends.
        let translated = format!("(?m){}", translate_ruby(source));
        let compiled = fancy_regex::RegexBuilder::new(&translated)
            .backtrack_limit(1_000_000)
            .build()
            .map_err(|e| CoreError::BadRegexp(format!("invalid regular expression /{source}/: {e}")))?;
        Ok(Regexp { source: source.to_string(), compiled })
    }

    /// The source text, without delimiters.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Whether the expression matches anywhere in `text`. A match that exceeds the
    /// backtracking limit counts as no match rather than hanging the evaluation.
    pub fn is_match(&self, text: &str) -> bool {
        self.compiled.is_match(text).unwrap_or(false)
    }

    /// The first match's groups: index 0 is the whole match; groups that did not
    /// participate are `None`.
    pub fn captures(&self, text: &str) -> Option<Vec<Option<String>>> {
        let caps = self.compiled.captures(text).ok()??;
        Some((0..caps.len()).map(|i| caps.get(i).map(|m| m.as_str().to_string())).collect())
    }

    /// The compiled expression, for callers that need iteration over matches.
    pub fn compiled(&self) -> &fancy_regex::Regex {
        &self.compiled
    }
}

/// Rewrites the Ruby-only pieces of syntax that fancy-regex spells differently:
/// `\Z` (before a final newline), `\h` (hex digit), `\0` (NUL) and `(?m)`
/// (Ruby's "dot matches newline", which is `s` elsewhere).
fn translate_ruby(source: &str) -> String {
    let mut out = String::with_capacity(source.len() + 8);
    let mut chars = source.chars().peekable();
    let mut in_class = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('Z') if !in_class => out.push_str(r"(?=\n?\z)"),
                Some('h') => out.push_str(if in_class { "0-9a-fA-F" } else { "[0-9a-fA-F]" }),
                // Ruby's `\0` is the NUL character (an octal escape).
                Some('0') if !chars.peek().is_some_and(|c| c.is_ascii_digit()) => out.push_str("\\x00"),
                Some('H') if !in_class => out.push_str("[^0-9a-fA-F]"),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            },
            '[' if !in_class => {
                in_class = true;
                out.push(c);
                if chars.peek() == Some(&'^') {
                    out.push(chars.next().unwrap_or('^'));
                }
                if chars.peek() == Some(&']') {
                    out.push(chars.next().unwrap_or(']'));
                }
            }
            ']' if in_class => {
                in_class = false;
                out.push(c);
            }
            '(' if !in_class && chars.peek() == Some(&'?') => {
                out.push('(');
                out.push('?');
                chars.next();
                translate_group_flags(&mut chars, &mut out);
            }
            _ => out.push(c),
        }
    }
    out
}

/// Inside `(?flags-flags:` or `(?flags)`, Ruby's `m` means what `s` means to
/// fancy-regex; other group kinds pass through untouched.
fn translate_group_flags(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, out: &mut String) {
    let mut flags = String::new();
    while let Some(&c) = chars.peek() {
        if c.is_ascii_alphabetic() || c == '-' {
            flags.push(c);
            chars.next();
        } else {
            break;
        }
    }
    let is_flag_group = !flags.is_empty()
        && flags.chars().all(|c| matches!(c, 'i' | 'm' | 'x' | '-'))
        && matches!(chars.peek(), Some(':') | Some(')'));
    if is_flag_group {
        out.extend(flags.chars().map(|c| if c == 'm' { 's' } else { c }));
    } else {
        out.push_str(&flags);
    }
}

impl PartialEq for Regexp {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source
    }
}

impl Eq for Regexp {}

impl Hash for Regexp {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.source.hash(state);
    }
}

impl fmt::Debug for Regexp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "/{}/", self.source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruby_multiline_flag_means_dot_all() {
        let r = Regexp::new("(?m:a.b)").unwrap();
        assert!(r.is_match("a\nb"));
    }

    #[test]
    fn capital_z_allows_final_newline() {
        let r = Regexp::new(r"\Aab\Z").unwrap();
        assert!(r.is_match("ab\n"));
        assert!(r.is_match("ab"));
        assert!(!r.is_match("ab\nc"));
    }

    #[test]
    fn captures_report_unmatched_groups() {
        let r = Regexp::new("(a)|(b)").unwrap();
        assert_eq!(r.captures("b").unwrap(), vec![Some("b".into()), None, Some("b".into())]);
    }

    #[test]
    fn equality_is_by_source() {
        assert_eq!(Regexp::new("a+").unwrap(), Regexp::new("a+").unwrap());
        assert_ne!(Regexp::new("a+").unwrap(), Regexp::new("a*").unwrap());
    }
}
