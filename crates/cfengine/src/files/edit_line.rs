//! `edit_line` promises (files_editline.c): a file's lines, changed by
//! `delete_lines`, `insert_lines` and `replace_patterns` promises (the
//! bundle's passes are run by [`super::edit_bundle`]), and what
//! `field_edits` shares with them: regions, line matching. The
//! functions follow cf-agent's, which walk a linked list of lines; here a
//! line is its index, and an insertion moves the indices after it.

use crate::eval::message::ErrorKind;

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
use crate::eval::promise::{evaluate_final_rval, Expanded};
use crate::functions::regex::regex;

use super::outcome::Outcome;

/// Most replacements on one line (`CF_MAX_REPLACE`).
const MAX_REPLACE: usize = 20;

/// The file being edited.
pub(crate) struct Edit {
    /// Its lines, without their newlines.
    pub lines: Vec<String>,
    /// How many changes were made.
    pub edits: usize,
    /// Its name, as the policy gave it (for locks and messages).
    pub filename: String,
    /// What the edits said, held until the file is saved: only real
    /// changes to a file are said (CFE-3708), and an edit that nets to
    /// nothing (`empty_file_before_editing`, then the same lines) says
    /// nothing.
    pub said: Vec<Said>,
}

/// A message an edit gives.
pub(crate) struct Said {
    /// In cf-agent's words.
    pub text: String,
    /// Whether it records a change (`RecordChange`), or only informs.
    pub change: bool,
}

impl Edit {
    /// The edit made the change `text` says.
    pub(super) fn changed(&mut self, text: String) {
        self.said.push(Said { text, change: true });
    }
}

/// A body's evaluated attributes, by name.
pub(super) struct Attrs(Vec<(String, Rv)>);

impl Attrs {
    pub(super) fn of(ctx: &mut EvalContext, kind: &str, v: Option<&Rv>) -> Attrs {
        let Some(v) = v else { return Attrs(vec![]) };
        let raw = crate::eval::body_attributes::of(ctx, kind, v);
        Attrs(raw.into_iter().map(|(l, r)| (l, evaluate_final_rval(ctx, &Rv::from_ast(&r)))).collect())
    }

    pub(super) fn get(&self, lval: &str) -> Option<&str> {
        self.0.iter().rev().find(|(l, _)| l == lval).and_then(|(_, v)| v.as_scalar())
    }

    fn list(&self, lval: &str) -> Option<Vec<String>> {
        self.0.iter().rev().find(|(l, _)| l == lval).map(|(_, v)| match v {
            Rv::Scalar(s) => vec![s.to_string()],
            other => other.list_strings().iter().map(|s| s.to_string()).collect(),
        })
    }

    pub(super) fn flag(&self, lval: &str) -> bool {
        matches!(self.get(lval), Some("true" | "yes" | "on"))
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// A `select_region` body.
pub(super) struct Region {
    start: Option<String>,
    end: Option<String>,
    include_start: bool,
    include_end: bool,
    end_match_eof: bool,
}

impl Region {
    pub(super) fn of(ctx: &mut EvalContext, exp: &Expanded) -> Option<Region> {
        let a = Attrs::of(ctx, "select_region", exp.get("select_region"));
        if a.is_empty() {
            return None;
        }
        Some(Region {
            start: a.get("select_start").map(str::to_string),
            end: a.get("select_end").map(str::to_string),
            include_start: a.flag("include_start_delimiter"),
            include_end: a.flag("include_end_delimiter"),
            // Unset in the body, it is `body agent control`'s.
            end_match_eof: match a.get("select_end_match_eof") {
                Some(v) => matches!(v, "true" | "yes" | "on"),
                None => crate::eval::control::agent_flag(ctx, "select_end_match_eof").unwrap_or(false),
            },
        })
    }
}

/// How an `insert_select` or `delete_select` body picks lines.
#[derive(Clone, Copy)]
enum SelectRule {
    StartWith,
    NotStartWith,
    Match,
    NotMatch,
    Contains,
    NotContains,
}

/// An `insert_select` or `delete_select` body: its first rule, in
/// cf-agent's order, and the rule's list.
struct LineSelect {
    rule: SelectRule,
    list: Vec<String>,
}

impl LineSelect {
    /// The body `exp` names in `lval` (`insert_select`, `delete_select`),
    /// whose attributes start with `prefix` (`insert_if_`, `delete_if_`).
    fn of(ctx: &mut EvalContext, exp: &Expanded, lval: &str, prefix: &str) -> Option<LineSelect> {
        let a = Attrs::of(ctx, lval, exp.get(lval));
        [
            ("startwith_from_list", SelectRule::StartWith),
            ("not_startwith_from_list", SelectRule::NotStartWith),
            ("match_from_list", SelectRule::Match),
            ("not_match_from_list", SelectRule::NotMatch),
            ("contains_from_list", SelectRule::Contains),
            ("not_contains_from_list", SelectRule::NotContains),
        ]
        .into_iter()
        .find_map(|(name, rule)| a.list(&format!("{prefix}{name}")).map(|list| LineSelect { rule, list }))
    }
}

/// `SelectLine`: whether the line is one the promise may act on.
fn select_line(ctx: &mut EvalContext, line: &str, select: Option<&LineSelect>) -> bool {
    let Some(s) = select else { return true };
    let any =
        |ctx: &mut EvalContext, test: &dyn Fn(&mut EvalContext, &str) -> bool| s.list.iter().any(|x| test(ctx, x));
    match s.rule {
        SelectRule::StartWith => any(ctx, &|_, x| line.starts_with(x)),
        SelectRule::NotStartWith => !any(ctx, &|_, x| line.starts_with(x)),
        SelectRule::Match => any(ctx, &|ctx, x| full_match(ctx, x, line)),
        SelectRule::NotMatch => !any(ctx, &|ctx, x| full_match(ctx, x, line)),
        SelectRule::Contains => any(ctx, &|ctx, x| block_match(ctx, x, line).is_some()),
        SelectRule::NotContains => !any(ctx, &|ctx, x| block_match(ctx, x, line).is_some()),
    }
}

/// libntech's `EscapeRegexChars`: only `.` and `*` are escaped.
fn escape_regex(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    for c in s.chars() {
        if matches!(c, '.' | '*') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `MatchPolicy`: whether the line `haystack` counts as the promised text
/// `camel` under the `whitespace_policy` (none: the same text).
fn match_policy(ctx: &mut EvalContext, camel: &str, haystack: &str, policy: &[String]) -> bool {
    let direct = camel == haystack;
    if policy.is_empty() {
        return direct;
    }
    let mut ok = false;
    // As cf-agent, only the first line is escaped.
    let mut escaped = false;
    for piece in camel.split('\n') {
        ok = false;
        let mut f = piece.to_string();
        for opt in policy {
            if opt == "exact_match" {
                ok = ok || direct;
                break;
            }
            if !escaped {
                f = escape_regex(piece);
                escaped = true;
            }
            match opt.as_str() {
                "ignore_embedded" => {
                    let chars: Vec<char> = f.chars().collect();
                    let first = chars.iter().position(|c| !c.is_ascii_whitespace()).unwrap_or(chars.len());
                    let last =
                        chars.iter().rposition(|c| !c.is_ascii_whitespace()).filter(|&l| l > first).unwrap_or(first);
                    let mut out = String::new();
                    let mut i = 0;
                    while i < chars.len() {
                        if i > first && i < last && chars[i].is_ascii_whitespace() {
                            while i + 1 < chars.len() && chars[i + 1].is_ascii_whitespace() {
                                i += 1;
                            }
                            out.push_str("\\s+");
                        } else {
                            out.push(chars[i]);
                        }
                        i += 1;
                    }
                    f = out;
                }
                "ignore_leading" if !f.starts_with("\\s*") => {
                    f = format!("\\s*{}", f.trim_start_matches(|c: char| c.is_ascii_whitespace()));
                }
                "ignore_trailing" => f.push_str("\\s*"),
                _ => {}
            }
            ok = ok || full_match(ctx, &f, haystack);
        }
        if !ok {
            break;
        }
    }
    ok
}

/// `FullTextMatch`: the text itself, or a regex matching the whole line
/// (setting `match.N`).
pub(super) fn full_match(ctx: &mut EvalContext, pattern: &str, line: &str) -> bool {
    pattern == line || block_match(ctx, pattern, line).is_some_and(|(s, e)| s == 0 && e == line.len())
}

/// `BlockTextMatch`: the first match of `pattern` in `line`, setting
/// `match.0`, `match.1`, … to its groups.
pub(super) fn block_match(ctx: &mut EvalContext, pattern: &str, line: &str) -> Option<(usize, usize)> {
    let re = regex(ctx, pattern, "sm").ok()?;
    let groups = re.captures_at(ctx, line, 0).ok()??;
    ctx.clear_scope("match");
    for (i, g) in groups.iter().enumerate() {
        if let Some(r) = g {
            ctx.put_special("match", &i.to_string(), &line[r.clone()]);
        }
    }
    groups.first().cloned().flatten().map(|r| (r.start, r.end))
}

/// `SelectRegion`: the lines holding the start and end delimiters (either
/// may be absent); `None` when the start delimiter is not found.
pub(super) fn select_region(
    ctx: &mut EvalContext,
    lines: &[String],
    r: &Region,
) -> Option<(Option<usize>, Option<usize>)> {
    let (mut beg, mut end) = (None, None);
    for (i, line) in lines.iter().enumerate() {
        if let Some(start) = &r.start {
            if beg.is_none() && full_match(ctx, start, line) {
                if !r.include_start && i + 1 == lines.len() {
                    return None;
                }
                beg = Some(i);
                continue;
            }
        }
        if let (Some(pat), Some(_)) = (&r.end, beg) {
            if end.is_none() && full_match(ctx, pat, line) {
                end = Some(i);
                break;
            }
        }
    }
    if beg.is_none() && r.start.is_some() {
        return None;
    }
    Some((beg, end))
}

/// The region deletions and insertions work in: `select_region`, and its
/// end delimiter found unless it may run to the end of the file; `None`
/// when either is missing.
fn delimited(ctx: &mut EvalContext, lines: &[String], r: &Region) -> Option<(Option<usize>, Option<usize>)> {
    let (begin, end) = select_region(ctx, lines, r)?;
    if end.is_none() && r.end.is_some() && !r.end_match_eof {
        return None;
    }
    Some((begin, end))
}

/// `MatchRegion`: how many lines from `begin` the lines of `chunk` match
/// (as regexes or as text), stopping before `end`; 0 when they do not all.
fn match_region(
    ctx: &mut EvalContext,
    lines: &[String],
    chunk: &str,
    begin: Option<usize>,
    end: Option<usize>,
    regex: bool,
) -> usize {
    let Some(mut ip) = begin else { return 0 };
    let pieces: Vec<&str> = chunk.split('\n').collect();
    let mut matched = 0;
    for (k, piece) in pieces.iter().enumerate() {
        let Some(line) = lines.get(ip) else { return 0 };
        let ok = if regex { full_match(ctx, piece, line) } else { piece == line };
        if !ok {
            return 0;
        }
        matched += 1;
        if Some(ip) == end {
            return 0;
        }
        if ip + 1 < lines.len() {
            ip += 1;
        } else {
            if k + 1 < pieces.len() {
                return 0;
            }
            break;
        }
    }
    matched
}

/// `VerifyLineDeletions` and `DeletePromisedLinesMatching`.
pub(super) fn delete_lines(ctx: &mut EvalContext, exp: &Expanded, edit: &mut Edit) -> Outcome {
    let select = LineSelect::of(ctx, exp, "delete_select", "delete_if_");
    let not_matching = super::flag(exp, "not_matching") == Some(true);
    let region = Region::of(ctx, exp);
    let (begin, end) = match &region {
        None => (None, None),
        Some(r) => match delimited(ctx, &edit.lines, r) {
            Some(found) => found,
            None => return interrupted(ctx, edit, "line deletion", &exp.promiser),
        },
    };
    let include_start = region.as_ref().is_some_and(|r| r.include_start);
    let include_end = region.as_ref().is_some_and(|r| r.include_end);
    let mut ip = match begin {
        None => 0,
        Some(b) if include_start => b,
        Some(b) => b + 1,
    };
    let mut terminator = end.map(|e| if include_end { e + 1 } else { e });
    let mut outcome = Outcome::Kept;
    while ip < edit.lines.len() && Some(ip) != terminator {
        let found = match_region(ctx, &edit.lines, &exp.promiser, Some(ip), terminator, true);
        let matches = if not_matching { usize::from(found == 0) } else { found };
        if matches == 0 || !select_line(ctx, &edit.lines[ip], select.as_ref()) {
            ip += 1;
            continue;
        }
        let n = matches.min(edit.lines.len() - ip);
        let gone: Vec<String> = edit.lines.drain(ip..ip + n).collect();
        for (i, line) in gone.iter().enumerate() {
            edit.changed(format!("Deleted the promised line {} '{line}' from {}", i + 1, edit.filename));
        }
        edit.edits += n;
        terminator = terminator.map(|t| t.saturating_sub(n));
        outcome = Outcome::Repaired;
    }
    outcome
}

/// A `location` body.
struct Location {
    line_matching: Option<String>,
    before: bool,
    first: bool,
}

/// `VerifyLineInsertions`.
pub(super) fn insert_lines(ctx: &mut EvalContext, exp: &Expanded, edit: &mut Edit) -> Outcome {
    let select = LineSelect::of(ctx, exp, "insert_select", "insert_if_");
    let policy = match exp.get("whitespace_policy") {
        Some(Rv::Scalar(s)) => vec![s.to_string()],
        Some(v) => v.list_strings().iter().map(|s| s.to_string()).collect(),
        None => vec![],
    };
    let kind = exp.get("insert_type").and_then(Rv::as_scalar).unwrap_or("literal").to_string();
    let expand = super::flag(exp, "expand_scalars") == Some(true);
    let loc = Attrs::of(ctx, "location", exp.get("location"));
    let location = Location {
        line_matching: loc.get("select_line_matching").map(str::to_string),
        before: loc.get("before_after") == Some("before"),
        first: loc.get("first_last") == Some("first"),
    };
    let (begin, end) = match Region::of(ctx, exp) {
        None => ((!edit.lines.is_empty()).then_some(0), None),
        Some(r) => match delimited(ctx, &edit.lines, &r) {
            Some(found) => found,
            None => return interrupted(ctx, edit, "line insertion", &exp.promiser),
        },
    };
    // `InsertFileAtLocation`: the file to insert must be a file that reads.
    if kind.starts_with("file") {
        let refused = match super::host_real(ctx, &exp.promiser).map(|real| std::fs::metadata(&real)) {
            Some(Ok(m)) if m.is_dir() => Some(format!("Could not insert lines from a directory '{}'", exp.promiser)),
            Some(Err(e)) => {
                Some(format!("Could not read file '{}'. (fopen: {})", exp.promiser, crate::os_error::describe(&e)))
            }
            _ => None,
        };
        if let Some(message) = refused {
            ctx.error(ErrorKind::Files, message);
            ctx.error(
                ErrorKind::Files,
                format!("Errors encountered when actuating insert_lines promise '{}'", exp.promiser),
            );
            return Outcome::Failed;
        }
    }
    let mode = Insertion { kind, before: location.before, promiser: exp.promiser.clone(), select, policy, expand };
    let changed = match &location.line_matching {
        None => insert_into_region(ctx, edit, &mode, begin, end),
        Some(pattern) => {
            let Some((found, prev)) = select_item(ctx, &edit.lines, pattern, begin, end, location.first) else {
                return interrupted(ctx, edit, "line insertion", &exp.promiser);
            };
            !insert_at(ctx, edit, &mode, (begin, end), Some(found), prev).is_empty()
        }
    };
    if changed {
        Outcome::Repaired
    } else {
        Outcome::Kept
    }
}

/// How lines are inserted.
struct Insertion {
    /// `insert_type`.
    kind: String,
    /// `before_after => "before"`.
    before: bool,
    /// The text to insert.
    promiser: String,
    /// `insert_select`.
    select: Option<LineSelect>,
    /// `whitespace_policy`.
    policy: Vec<String>,
    /// `expand_scalars`: a file's lines are expanded as they are read.
    expand: bool,
}

impl Insertion {
    fn preserve_all(&self) -> bool {
        self.kind == "preserve_all_lines"
    }

    fn preserve_block(&self) -> bool {
        matches!(self.kind.as_str(), "preserve_block" | "file_preserve_block" | "preserve_all_lines")
    }
}

/// `SelectItemMatching`: the first or last line of the region matching
/// `pattern`, and the line before it.
fn select_item(
    ctx: &mut EvalContext,
    lines: &[String],
    pattern: &str,
    begin: Option<usize>,
    end: Option<usize>,
    first: bool,
) -> Option<(usize, Option<usize>)> {
    let stop = end.unwrap_or(lines.len());
    let mut found = None;
    for (i, line) in lines.iter().enumerate().take(stop).skip(begin.unwrap_or(0)) {
        if full_match(ctx, pattern, line) {
            found = Some(i);
            if first {
                break;
            }
        }
    }
    let at = found?;
    Some((at, at.checked_sub(1)))
}

/// `InsertMultipleLinesToRegion`.
fn insert_into_region(
    ctx: &mut EvalContext,
    edit: &mut Edit,
    mode: &Insertion,
    begin: Option<usize>,
    end: Option<usize>,
) -> bool {
    if edit.lines.is_empty() {
        return !insert_at(ctx, edit, mode, (begin, end), None, None).is_empty();
    }
    if mode.before {
        return !insert_at(ctx, edit, mode, (begin, end), begin, None).is_empty();
    }
    let mut prev = None;
    let mut ip = begin.unwrap_or(0);
    while ip < edit.lines.len() {
        if !mode.preserve_all() && match_region(ctx, &edit.lines, &mode.promiser, Some(ip), end, false) > 0 {
            return false;
        }
        if Some(ip + 1) == end || ip + 1 == edit.lines.len() {
            return !insert_at(ctx, edit, mode, (begin, end), Some(ip), prev).is_empty();
        }
        prev = Some(ip);
        ip += 1;
    }
    false
}

/// `IsItemInRegion`: whether a line of the region counts as `item`.
fn in_region(
    ctx: &mut EvalContext,
    lines: &[String],
    item: &str,
    begin: Option<usize>,
    end: Option<usize>,
    policy: &[String],
) -> bool {
    let Some(b) = begin else { return false };
    let stop = end.unwrap_or(lines.len()).min(lines.len());
    (b..stop).any(|i| match_policy(ctx, item, &lines[i], policy))
}

/// An index after lines were inserted at `at` (each moves the lines from
/// there on down one).
fn shifted(i: Option<usize>, inserted: &[usize]) -> Option<usize> {
    i.map(|i| inserted.iter().fold(i, |i, &at| if i >= at { i + 1 } else { i }))
}

/// The next line after `i` (`i->next`), or the first when `i` is none.
fn next_line(i: Option<usize>, lines: &[String]) -> Option<usize> {
    match i {
        Some(i) => (i + 1 < lines.len()).then_some(i + 1),
        None => (!lines.is_empty()).then_some(0),
    }
}

/// `InsertMultipleLinesAtLocation`: the promiser's lines, or for an
/// `insert_type` of `file` the lines of the file it names; where lines went.
fn insert_at(
    ctx: &mut EvalContext,
    edit: &mut Edit,
    mode: &Insertion,
    region: (Option<usize>, Option<usize>),
    location: Option<usize>,
    prev: Option<usize>,
) -> Vec<usize> {
    if !mode.kind.starts_with("file") {
        return insert_compound(ctx, edit, mode, &mode.promiser, region, location, prev);
    }
    let text = match super::read_input(ctx, &mode.promiser) {
        Some(t) => t,
        None => {
            ctx.error(ErrorKind::Files, format!("Could not read file '{}'", mode.promiser));
            return vec![];
        }
    };
    let preserve_block = mode.kind == "file_preserve_block";
    let (mut region, mut loc, mut prev) = (region, location, prev);
    let mut all = vec![];
    for line in super::load_lines(&text) {
        let line = if mode.expand { ctx.expand(&line) } else { line };
        if !select_line(ctx, &line, mode.select.as_ref()) {
            continue;
        }
        if !preserve_block && in_region(ctx, &edit.lines, &line, region.0, region.1, &mode.policy) {
            continue;
        }
        let inserted = insert_compound(ctx, edit, mode, &line, region, loc, prev);
        region = (shifted(region.0, &inserted), shifted(region.1, &inserted));
        loc = shifted(loc, &inserted);
        prev = shifted(prev, &inserted);
        all.extend(inserted);
        prev = next_line(prev, &edit.lines);
        if let Some(l) = loc {
            loc = (l + 1 < edit.lines.len()).then_some(l + 1);
        }
    }
    all
}

/// `InsertCompoundLineAtLocation`: each line of `chunk`, unless it is
/// already in the region (or the block is to be kept whole); where lines
/// went, in order.
fn insert_compound(
    ctx: &mut EvalContext,
    edit: &mut Edit,
    mode: &Insertion,
    chunk: &str,
    region: (Option<usize>, Option<usize>),
    mut location: Option<usize>,
    mut prev: Option<usize>,
) -> Vec<usize> {
    if !mode.preserve_all() && match_region(ctx, &edit.lines, chunk, location, None, false) > 0 {
        return vec![];
    }
    let (mut begin, mut end) = region;
    let mut inserted = vec![];
    for piece in chunk.split('\n') {
        if !select_line(ctx, piece, mode.select.as_ref()) {
            continue;
        }
        if !mode.preserve_block() && in_region(ctx, &edit.lines, piece, begin, end, &mode.policy) {
            continue;
        }
        if let Some(at) = insert_line(ctx, edit, mode, piece, location, prev) {
            inserted.push(at);
            let one = [at];
            location = shifted(location, &one);
            prev = shifted(prev, &one);
            begin = shifted(begin, &one);
            end = shifted(end, &one);
        }
        if mode.preserve_block() && mode.before && location.is_none() && prev.is_none() {
            location = (!edit.lines.is_empty()).then_some(0);
        }
        prev = next_line(prev, &edit.lines);
        location = next_line(location, &edit.lines);
    }
    inserted
}

/// `InsertLineAtLocation`: where the line went, if it was inserted.
fn insert_line(
    ctx: &mut EvalContext,
    edit: &mut Edit,
    mode: &Insertion,
    line: &str,
    location: Option<usize>,
    prev: Option<usize>,
) -> Option<usize> {
    let lines = &mut edit.lines;
    let file = &edit.filename;
    if prev.is_none() && mode.before {
        if lines.first().is_some_and(|first| first == line) {
            return None;
        }
        let said = if lines.is_empty() {
            format!("Inserted the promised line '{line}' into '{file}'")
        } else {
            format!("Prepended the promised line '{line}' to {file}")
        };
        lines.insert(0, line.to_string());
        edit.changed(said);
        edit.edits += 1;
        return Some(0);
    }
    let at = if mode.before {
        let neighbour = location.and_then(|l| l.checked_sub(1)).and_then(|l| lines.get(l)).cloned();
        if !mode.preserve_block() && neighbour.is_some_and(|n| match_policy(ctx, line, &n, &mode.policy)) {
            return None;
        }
        prev.map_or(lines.len(), |p| p + 1)
    } else {
        let neighbour = location.and_then(|l| lines.get(l + 1)).cloned();
        if !mode.preserve_block() && neighbour.is_some_and(|n| match_policy(ctx, line, &n, &mode.policy)) {
            return None;
        }
        location.map_or(lines.len(), |l| l + 1)
    };
    let side = if mode.before { "before" } else { "after" };
    let said = format!("Inserted the promised line '{line}' into '{file}' {side} locator");
    lines.insert(at, line.to_string());
    edit.changed(said);
    edit.edits += 1;
    Some(at)
}

/// `VerifyPatterns` and `ReplacePatterns`.
pub(super) fn replace_patterns(ctx: &mut EvalContext, exp: &Expanded, edit: &mut Edit) -> Outcome {
    let with = Attrs::of(ctx, "replace_with", exp.get("replace_with"));
    let Some(value) = with.get("replace_value").map(str::to_string) else {
        let at = ctx.promise_location();
        ctx.error(
            ErrorKind::Files,
            format!("The promised pattern replace '{}' has no replacement string, {at}", exp.promiser),
        );
        return Outcome::Failed;
    };
    let once = with.get("occurrences") == Some("first");
    let (begin, end) = match Region::of(ctx, exp) {
        None => (0, None),
        Some(r) => match select_region(ctx, &edit.lines, &r) {
            Some((b, e)) => (b.unwrap_or(0), e),
            None => return interrupted(ctx, edit, "pattern replace", &exp.promiser),
        },
    };
    let mut outcome = Outcome::Kept;
    let stop = end.unwrap_or(edit.lines.len()).min(edit.lines.len());
    for i in begin..stop {
        let mut line = edit.lines[i].clone();
        let mut replaced = false;
        let mut match_len = 0;
        let mut cutoff = 1;
        while let Some((s, e)) = block_match(ctx, &exp.promiser, &line) {
            if match_len == line.len() {
                break;
            }
            cutoff += 1;
            if cutoff > MAX_REPLACE + 1 {
                break;
            }
            match_len = e - s;
            let replacement = ctx.expand(&value);
            line = format!("{}{}{}", &line[..s], replacement, &line[e..]);
            replaced = true;
            if once {
                break;
            }
        }
        if not_anchored(&exp.promiser) && block_match(ctx, &exp.promiser, &line).is_some() {
            let at = ctx.promise_location();
            ctx.error(
                ErrorKind::Files,
                format!(
                    "Promised replacement '{line}' on line '{}' for pattern '{}' is not convergent while editing '{}' \
                 (regular expression matches the replacement string), {at}",
                    edit.lines[i], exp.promiser, edit.filename
                ),
            );
            outcome = outcome.and(Outcome::Failed);
            break;
        }
        if replaced {
            edit.lines[i] = line;
            edit.edits += 1;
            edit.changed(format!("Replaced pattern '{}' in '{}'", exp.promiser, edit.filename));
            outcome = outcome.and(Outcome::Repaired);
            if once {
                break;
            }
        }
    }
    ctx.clear_scope("match");
    outcome
}

/// `NotAnchored`: the pattern does not both start with `^` and end with `$`.
fn not_anchored(p: &str) -> bool {
    !(p.starts_with('^') && p.ends_with('$'))
}

/// An edit whose region could not be found: cf-agent's error, and the
/// promise is interrupted.
fn interrupted(ctx: &mut EvalContext, edit: &Edit, what: &str, promiser: &str) -> Outcome {
    ctx.error(
        ErrorKind::Files,
        format!("The promised {what} '{promiser}' could not select an edit region in '{}'", edit.filename),
    );
    Outcome::Failed
}

#[cfg(test)]
mod tests {
    use super::not_anchored;

    #[test]
    fn a_pattern_is_anchored_only_at_both_ends() {
        assert!(not_anchored("a$"));
        assert!(not_anchored("^a"));
        assert!(!not_anchored("^a$"));
    }
}
