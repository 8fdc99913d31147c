//! YAML syntax errors in libyaml's words, as Puppet shows them.
//!
//! Puppet reads YAML with Ruby's Psych over libyaml 0.2.5, whose
//! `Psych::SyntaxError` says `<problem> <context> at line L column C`, the
//! position being libyaml's *context mark*: the start of the construct the
//! parser was in (the open flow sequence, the quoted scalar), not where it
//! stopped. confer parses with saphyr, whose errors carry other words and
//! the stopping point; this module translates them, with what the parse had
//! reported so far (the collections still open) and, for the few positions
//! neither has, a look at the text.

use std::fmt;

use saphyr_parser::{Event, ScanError, Span};

/// A position in a file: 1-based line and column.
pub type Mark = (usize, usize);

/// A problem reading a document: for a syntax error, libyaml's problem and
/// context and its context mark, which Psych's message is made of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YamlError {
    /// What is wrong ("did not find expected ',' or ']'").
    pub problem: String,
    /// What the parser was reading ("while parsing a flow sequence"), when
    /// libyaml names it.
    pub context: Option<&'static str>,
    /// Where that began: 1-based line and column.
    pub mark: Mark,
    /// Whether Psych reports it as a `SyntaxError`, which says where; what
    /// it refuses in a document that parsed (a class it may not build)
    /// it reports without a place.
    pub syntax: bool,
}

impl YamlError {
    /// A problem found in a document that parsed (a Symbol refused, an
    /// alias): no parser context.
    pub(crate) fn new(problem: impl Into<String>, mark: Mark) -> YamlError {
        YamlError { problem: problem.into(), context: None, mark, syntax: false }
    }

    /// One of confer's own limits on a document (its aliases' expansion):
    /// Psych has no such error, so it says where, as a syntax error does.
    pub(crate) fn limit(problem: impl Into<String>, mark: Mark) -> YamlError {
        YamlError { problem: problem.into(), context: None, mark, syntax: true }
    }

    /// Psych's words without the position: the problem, then the context.
    pub fn message(&self) -> String {
        match self.context {
            Some(context) => format!("{} {context}", self.problem),
            None => self.problem.clone(),
        }
    }
}

/// Psych's message after its `(<file>): ` prefix: a `SyntaxError` says
/// where, other refusals do not.
impl fmt::Display for YamlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.syntax {
            true => write!(f, "{} at line {} column {}", self.message(), self.mark.0, self.mark.1),
            false => f.write_str(&self.message()),
        }
    }
}

/// A collection the parser has started and not ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    FlowSequence,
    FlowMapping,
    /// The single-pair mapping `[a: b]` makes inside a flow sequence:
    /// libyaml keeps no mark for it and reports its errors as the
    /// sequence's.
    FlowPair,
    BlockSequence,
    BlockMapping,
}

impl Kind {
    fn is_flow(self) -> bool {
        matches!(self, Kind::FlowSequence | Kind::FlowMapping | Kind::FlowPair)
    }
}

/// What the parse has reported so far, for wording its error.
#[derive(Debug, Default)]
pub(crate) struct Progress {
    /// The open collections, outermost first, with where each starts.
    open: Vec<(Kind, Mark)>,
}

impl Progress {
    /// Notes a collection's start or end. saphyr gives a flow collection's
    /// start the span of its bracket and a block collection's (and a flow
    /// pair's) an empty one.
    pub(crate) fn on_event(&mut self, event: &Event<'_>, span: Span) {
        let bracketed = span.end.index() > span.start.index();
        let in_flow = self.open.last().is_some_and(|(kind, _)| kind.is_flow());
        let kind = match event {
            Event::SequenceStart(..) if bracketed => Kind::FlowSequence,
            Event::SequenceStart(..) => Kind::BlockSequence,
            Event::MappingStart(..) if bracketed => Kind::FlowMapping,
            Event::MappingStart(..) if in_flow => Kind::FlowPair,
            Event::MappingStart(..) => Kind::BlockMapping,
            Event::SequenceEnd | Event::MappingEnd => {
                self.open.pop();
                return;
            }
            _ => return,
        };
        self.open.push((kind, (span.start.line(), span.start.col() + 1)));
    }

    /// saphyr's error on `text` in libyaml's words and at libyaml's mark;
    /// one libyaml has no counterpart for keeps saphyr's words and mark.
    pub(crate) fn error(&self, error: &ScanError, text: &str) -> YamlError {
        let found = (error.marker().line(), error.marker().col() + 1);
        let info = error.info();
        let fixed = |problem: &str, context: Option<&'static str>, mark: Mark| YamlError {
            problem: problem.to_string(),
            context,
            mark,
            syntax: true,
        };
        if let Some(entry) = TABLE.iter().find(|entry| entry.saphyr == info) {
            let mark = match entry.at {
                At::Found => found,
                At::Origin => (1, 1),
                At::LineStart => (found.0, 1),
                At::Tab => tab_before(text, found).unwrap_or(found),
                At::SimpleKey => simple_key(text, found.0).unwrap_or(found),
            };
            return fixed(entry.problem, entry.context, mark);
        }
        match info {
            "while parsing a flow sequence, expected ',' or ']'"
            | "while parsing a flow mapping, did not find expected ',' or '}'"
            | "while parsing a block mapping, did not find expected key"
            | "while parsing a block collection, did not find expected '-' indicator"
            | "illegal placement of ':' indicator" => {
                self.innermost().map(unfinished).unwrap_or_else(|| keep(info, found))
            }
            "while parsing a node, did not find expected node content" => {
                let flow = self.open.last().is_some_and(|(kind, _)| kind.is_flow());
                let context = if flow { "while parsing a flow node" } else { "while parsing a block node" };
                fixed("did not find expected node content", Some(context), found)
            }
            // A `:` right after a multi-line quoted key is a value libyaml
            // cannot place; anything else ends the entry the parser is in.
            "invalid trailing content after double-quoted scalar" if char_at(text, found) == Some(':') => {
                fixed("mapping values are not allowed in this context", None, found)
            }
            "invalid trailing content after double-quoted scalar" => {
                self.innermost().or_else(|| unreported_bracket(text, found)).map(unfinished).unwrap_or_else(|| {
                    // A quoted key at the top with words after it: libyaml
                    // starts the mapping at the key, then finds no `:`.
                    let mark = (found.0, first_column(text, found.0).unwrap_or(1));
                    fixed("did not find expected key", Some("while parsing a block mapping"), mark)
                })
            }
            "while scanning an anchor or alias, did not find expected alphabetic or numeric character" => {
                let context = if char_at(text, found) == Some('&') {
                    "while scanning an anchor"
                } else {
                    "while scanning an alias"
                };
                fixed("did not find expected alphabetic or numeric character", Some(context), found)
            }
            // libyaml reads a quoted scalar to its closing quote whatever
            // the indentation.
            "invalid indentation in quoted scalar" => match unclosed_quote(text, found) {
                Some(problem) => fixed(problem, Some("while scanning a quoted scalar"), found),
                None => keep(info, found),
            },
            _ if info.starts_with("unexpected character: ") => {
                fixed("found character that cannot start any token", Some("while scanning for the next token"), found)
            }
            _ => keep(info, found),
        }
    }

    /// The innermost open collection libyaml keeps a mark for.
    fn innermost(&self) -> Option<(Kind, Mark)> {
        self.open.iter().rev().find(|(kind, _)| *kind != Kind::FlowPair).copied()
    }
}

/// libyaml's error for an open collection that did not go on as it must
/// (a `,` or its closing bracket, a key, a `-`), at its start.
fn unfinished((kind, mark): (Kind, Mark)) -> YamlError {
    let (problem, context) = match kind {
        Kind::FlowSequence => ("did not find expected ',' or ']'", "while parsing a flow sequence"),
        Kind::FlowMapping | Kind::FlowPair => ("did not find expected ',' or '}'", "while parsing a flow mapping"),
        Kind::BlockSequence => ("did not find expected '-' indicator", "while parsing a block collection"),
        Kind::BlockMapping => ("did not find expected key", "while parsing a block mapping"),
    };
    YamlError { problem: problem.to_string(), context: Some(context), mark, syntax: true }
}

/// saphyr's own words, where libyaml has none for the case.
fn keep(info: &str, found: Mark) -> YamlError {
    YamlError { problem: info.to_string(), context: None, mark: found, syntax: true }
}

/// Where libyaml's context mark is, given saphyr's error position.
#[derive(Clone, Copy)]
enum At {
    /// Where saphyr stopped: the start of the token (quoted scalar, tag,
    /// anchor, block scalar header) or the offending character.
    Found,
    /// Line 1 column 1: libyaml's errors without a context leave the mark
    /// unset.
    Origin,
    /// The `%` of the directive saphyr stopped in.
    LineStart,
    /// The tab saphyr stopped after.
    Tab,
    /// The start of the key on the last line with content before saphyr's.
    SimpleKey,
}

/// A saphyr message with a fixed libyaml counterpart.
struct Entry {
    saphyr: &'static str,
    problem: &'static str,
    context: Option<&'static str>,
    at: At,
}

const fn entry(saphyr: &'static str, problem: &'static str, context: Option<&'static str>, at: At) -> Entry {
    Entry { saphyr, problem, context, at }
}

const QUOTED: Option<&str> = Some("while scanning a quoted scalar");
const ESCAPE: Option<&str> = Some("while parsing a quoted scalar");
const TAG: Option<&str> = Some("while parsing a tag");
const DIRECTIVE: Option<&str> = Some("while scanning a directive");
const YAML_DIRECTIVE: Option<&str> = Some("while scanning a %YAML directive");
const BLOCK_SCALAR: Option<&str> = Some("while scanning a block scalar");
const NEXT_TOKEN: Option<&str> = Some("while scanning for the next token");
const NO_TOKEN: &str = "found character that cannot start any token";

/// saphyr-parser 0.0.6's messages (scanner.rs, parser.rs) beside libyaml
/// 0.2.5's (scanner.c, parser.c) for the same fault.
const TABLE: &[Entry] = &[
    entry(
        "while scanning a quoted scalar, found unexpected end of stream",
        "found unexpected end of stream",
        QUOTED,
        At::Found,
    ),
    entry(
        "while scanning a quoted scalar, found unexpected document indicator",
        "found unexpected document indicator",
        QUOTED,
        At::Found,
    ),
    entry(
        "while parsing a quoted scalar, found unknown escape character",
        "found unknown escape character",
        ESCAPE,
        At::Found,
    ),
    // libyaml's spelling.
    entry(
        "while parsing a quoted scalar, did not find expected hexadecimal number",
        "did not find expected hexdecimal number",
        ESCAPE,
        At::Found,
    ),
    entry(
        "while parsing a quoted scalar, found invalid Unicode character escape code",
        "found invalid Unicode character escape code",
        ESCAPE,
        At::Found,
    ),
    entry(
        "while scanning a verbatim tag, did not find the expected '>'",
        "did not find the expected '>'",
        Some("while scanning a tag"),
        At::Found,
    ),
    entry(
        "while scanning a tag, did not find expected whitespace or line break",
        "did not find expected whitespace or line break",
        Some("while scanning a tag"),
        At::Found,
    ),
    entry("while parsing a tag, did not find expected tag URI", "did not find expected tag URI", TAG, At::Found),
    entry("while parsing a tag, found an invalid escape sequence", "did not find URI escaped octet", TAG, At::Found),
    entry(
        "while parsing a tag, found an incorrect leading UTF-8 byte",
        "found an incorrect leading UTF-8 octet",
        TAG,
        At::Found,
    ),
    entry(
        "while parsing a tag, found an incorrect trailing UTF-8 byte",
        "found an incorrect trailing UTF-8 octet",
        TAG,
        At::Found,
    ),
    entry("the handle wasn't declared", "found undefined tag handle", Some("while parsing a node"), At::Found),
    // saphyr checks the `!` of a handle only in a %TAG directive.
    entry(
        "while scanning a tag, did not find expected '!'",
        "did not find expected '!'",
        Some("while scanning a tag directive"),
        At::LineStart,
    ),
    entry(
        "while parsing a tag directive, did not find expected '!'",
        "did not find expected '!'",
        Some("while parsing a tag directive"),
        At::LineStart,
    ),
    entry(
        "while scanning TAG, did not find expected whitespace or line break",
        "did not find expected whitespace or line break",
        Some("while scanning a %TAG directive"),
        At::LineStart,
    ),
    // A %TAG handle with no prefix after it.
    entry(
        "invalid global tag character",
        "did not find expected whitespace",
        Some("while scanning a %TAG directive"),
        At::LineStart,
    ),
    entry(
        "while scanning a directive, could not find expected directive name",
        "could not find expected directive name",
        DIRECTIVE,
        At::LineStart,
    ),
    entry(
        "while scanning a directive, found unexpected non-alphabetical character",
        "found unexpected non-alphabetical character",
        DIRECTIVE,
        At::LineStart,
    ),
    entry(
        "while scanning a directive, did not find expected comment or line break",
        "did not find expected comment or line break",
        DIRECTIVE,
        At::LineStart,
    ),
    entry(
        "while scanning a YAML directive, did not find expected digit or '.' character",
        "did not find expected digit or '.' character",
        YAML_DIRECTIVE,
        At::LineStart,
    ),
    entry(
        "while scanning a YAML directive, found extremely long version number",
        "found extremely long version number",
        YAML_DIRECTIVE,
        At::LineStart,
    ),
    entry(
        "while scanning a YAML directive, did not find expected version number",
        "did not find expected version number",
        YAML_DIRECTIVE,
        At::LineStart,
    ),
    entry("duplicate version directive", "found duplicate %YAML directive", None, At::Origin),
    entry(
        "the TAG directive must only be given at most once per handle in the same document",
        "found duplicate %TAG directive",
        None,
        At::Origin,
    ),
    entry("did not find expected <document start>", "did not find expected <document start>", None, At::Origin),
    entry(
        "while scanning a block scalar, found an indentation indicator equal to 0",
        "found an indentation indicator equal to 0",
        BLOCK_SCALAR,
        At::Found,
    ),
    entry(
        "while scanning a block scalar, did not find expected comment or line break",
        "did not find expected comment or line break",
        BLOCK_SCALAR,
        At::Found,
    ),
    entry(
        "a block scalar content cannot start with a tab",
        "found a tab character where an indentation space is expected",
        BLOCK_SCALAR,
        At::Found,
    ),
    entry(
        "while scanning a plain scalar, found a tab",
        "found a tab character that violates indentation",
        Some("while scanning a plain scalar"),
        At::Found,
    ),
    entry("tabs disallowed within this context (block indentation)", NO_TOKEN, NEXT_TOKEN, At::Tab),
    entry("tabs disallowed in this context", NO_TOKEN, NEXT_TOKEN, At::Tab),
    entry("'-' must be followed by a valid YAML whitespace", NO_TOKEN, NEXT_TOKEN, At::Tab),
    // libyaml lets the parser refuse a `-` in a flow collection.
    entry(
        "\"-\" is only valid inside a block",
        "did not find expected node content",
        Some("while parsing a flow node"),
        At::Found,
    ),
    entry("simple key expect ':'", "could not find expected ':'", Some("while scanning a simple key"), At::SimpleKey),
    entry("simple key expected", "could not find expected ':'", Some("while scanning a simple key"), At::SimpleKey),
];

/// The character at a 1-based line and column of `text`.
fn char_at(text: &str, (line, column): Mark) -> Option<char> {
    text.split('\n').nth(line.checked_sub(1)?)?.chars().nth(column.checked_sub(1)?)
}

/// The innermost flow collection opened on `at`'s line before it and not
/// closed, for an error saphyr's scanner finds before the parser has
/// reported the collection (it reads ahead while a key may be pending).
fn unreported_bracket(text: &str, (line, column): Mark) -> Option<(Kind, Mark)> {
    let mut open = Vec::new();
    let mut quote = None;
    let mut chars = text.split('\n').nth(line.checked_sub(1)?)?.chars().take(column.saturating_sub(1)).enumerate();
    while let Some((i, c)) = chars.next() {
        match (quote, c) {
            (Some('"'), '\\') => {
                chars.next();
            }
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '[' | '{') => open.push((c, i + 1)),
            (None, ']' | '}') => {
                open.pop();
            }
            (None, _) => {}
        }
    }
    let (bracket, column) = open.pop()?;
    let kind = if bracket == '[' { Kind::FlowSequence } else { Kind::FlowMapping };
    Some((kind, (line, column)))
}

/// The 1-based column of the first character that is not a space on `line`.
fn first_column(text: &str, line: usize) -> Option<usize> {
    let l = text.split('\n').nth(line.checked_sub(1)?)?;
    l.chars().position(|c| c != ' ').map(|i| i + 1)
}

/// The first tab of the blanks just before `at`, on its line: libyaml does
/// not skip a tab where indentation may start, and stops on it.
fn tab_before(text: &str, (line, column): Mark) -> Option<Mark> {
    let chars: Vec<char> = text.split('\n').nth(line.checked_sub(1)?)?.chars().take(column.saturating_sub(1)).collect();
    let blanks = chars.iter().rev().take_while(|c| **c == ' ' || **c == '\t').count();
    let first = chars.len() - blanks;
    chars[first..].iter().position(|c| *c == '\t').map(|i| (line, first + i + 1))
}

/// Where the key libyaml was waiting on a `:` for starts: the first token
/// of the last line with content before `line` (after any `- ` and `? `).
fn simple_key(text: &str, line: usize) -> Option<Mark> {
    let lines: Vec<&str> = text.split('\n').take(line.saturating_sub(1)).collect();
    lines.iter().enumerate().rev().find_map(|(i, l)| {
        let mut column = l.chars().take_while(|c| *c == ' ').count();
        let rest: Vec<char> = l.chars().skip(column).collect();
        if rest.is_empty() || rest[0] == '#' || rest.iter().all(|c| c.is_whitespace()) {
            return None;
        }
        let mut at = 0;
        while matches!(rest.get(at), Some('-' | '?')) && rest.get(at + 1) == Some(&' ') {
            at += 2;
            while rest.get(at) == Some(&' ') {
                at += 1;
            }
        }
        column += at;
        Some((i + 1, column + 1))
    })
}

/// Why libyaml stops in the quoted scalar starting at `start` when it has
/// no closing quote: a document marker at the start of a line, or the end
/// of the text. `None` when the quote closes.
fn unclosed_quote(text: &str, (line, column): Mark) -> Option<&'static str> {
    let offset: usize = text.split('\n').take(line.checked_sub(1)?).map(|l| l.len() + 1).sum();
    let mut rest = text.get(offset..)?.char_indices().skip(column.checked_sub(1)?);
    let (_, quote) = rest.next()?;
    let mut line_start = false;
    let mut chars = rest.peekable();
    while let Some((i, c)) = chars.next() {
        let here = offset + i;
        if line_start && (text[here..].starts_with("---") || text[here..].starts_with("...")) {
            let after = text[here + 3..].chars().next();
            if after.is_none_or(|c| c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                return Some("found unexpected document indicator");
            }
        }
        line_start = c == '\n';
        match c {
            '\\' if quote == '"' => {
                chars.next();
            }
            '\'' if quote == '\'' && chars.peek().is_some_and(|(_, n)| *n == '\'') => {
                chars.next();
            }
            _ if c == quote => return None,
            _ => {}
        }
    }
    Some("found unexpected end of stream")
}

#[cfg(test)]
mod tests {
    use crate::yaml::parse;

    fn message(text: &str) -> String {
        parse(text).map(|_| "no error".to_string()).unwrap_or_else(|e| e.to_string())
    }

    #[test]
    fn an_unclosed_flow_sequence_is_reported_where_it_opens() {
        assert_eq!(
            message("key: [\"one\""),
            "did not find expected ',' or ']' while parsing a flow sequence at line 1 column 6"
        );
    }

    #[test]
    fn a_pair_in_a_flow_sequence_is_the_sequence_s_error() {
        assert_eq!(
            message("[a: b: c]"),
            "did not find expected ',' or ']' while parsing a flow sequence at line 1 column 1"
        );
    }

    #[test]
    fn positions_the_parse_does_not_report_come_from_the_text() {
        assert_eq!(
            message("a: 1\nb\nc: 2"),
            "could not find expected ':' while scanning a simple key at line 2 column 1"
        );
        assert_eq!(
            message("a:\n\tb: 1"),
            "found character that cannot start any token while scanning for the next token at line 2 column 1"
        );
        assert_eq!(
            message("a: 'abc\nb: 1"),
            "found unexpected end of stream while scanning a quoted scalar at line 1 column 4"
        );
    }
}
