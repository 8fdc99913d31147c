//! Diagnostics shown to people and to tools — the one place that formats
//! them.
//!
//! Text: the reference tool's line first, unchanged (scripts and people
//! used to Puppet and cf-promises read it), then the excerpt of the
//! primary span drawn by codespan-reporting, then the notes. JSON: one
//! object with the same content in fields.

use std::collections::HashMap;
use std::ops::Range;

use codespan_reporting::diagnostic::{Diagnostic as Excerpt, Label as ExcerptLabel};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor::NoColor};
use serde_json::json;

use crate::diagnostic::{Diagnostic, Label};
use crate::sources::Sources;

/// The diagnostic as text, its headline passed through `paint` (the
/// caller's colouring), ending in a newline.
pub fn text(d: &Diagnostic, sources: &dyn Sources, paint: &dyn Fn(&str) -> String) -> String {
    let mut out = paint(&d.headline);
    out.push('\n');
    match excerpt(d, sources) {
        Some(excerpt) => out.push_str(&excerpt),
        None => d.notes.iter().for_each(|n| out.push_str(&format!("  = note: {n}\n"))),
    }
    out
}

/// The diagnostic as one JSON object.
pub fn json(d: &Diagnostic) -> serde_json::Value {
    let label = |l: &Label| json!({"file": &*l.file, "start": l.range.start, "end": l.range.end, "message": l.message});
    let mut object = json!({
        "severity": d.severity.name(),
        "code": d.code,
        "message": d.message,
        "headline": d.headline,
        "file": d.location.as_ref().map(|l| &*l.file),
        "line": d.location.as_ref().map(|l| l.line),
        "column": d.location.as_ref().map(|l| l.column),
        "span": d.primary.as_ref().map(label),
        "labels": d.secondary.iter().map(label).collect::<Vec<_>>(),
        "notes": d.notes,
        "suggestion": d.suggestion,
    });
    for (name, value) in &d.fields {
        object[*name] = value.clone();
    }
    object
}

/// The excerpt below the headline: the marked lines of each file and the
/// notes, as codespan-reporting draws them without its own header (the
/// headline already says what it would). `None` when the primary span's
/// text is not available.
fn excerpt(d: &Diagnostic, sources: &dyn Sources) -> Option<String> {
    let primary = d.primary.as_ref()?;
    let mut files = SimpleFiles::new();
    let mut ids = HashMap::new();
    let mut resolve = |l: &Label| -> Option<(usize, Range<usize>)> {
        let id = match ids.get(&l.file) {
            Some(id) => *id,
            None => {
                let text = sources.text(&l.file)?.into_owned();
                let id = files.add(l.file.to_string(), text);
                ids.insert(l.file.clone(), id);
                id
            }
        };
        let range = clamp(files.get(id).ok()?.source(), &l.range);
        Some((id, range))
    };
    let (id, range) = resolve(primary)?;
    let mut labels = vec![ExcerptLabel::primary(id, range).with_message(&primary.message)];
    for l in &d.secondary {
        if let Some((id, range)) = resolve(l) {
            labels.push(ExcerptLabel::secondary(id, range).with_message(&l.message));
        }
    }
    let excerpt =
        Excerpt::error().with_labels(labels).with_notes(d.notes.iter().map(|n| format!("note: {n}")).collect());
    let config = term::Config { start_context_lines: 0, end_context_lines: 0, ..term::Config::default() };
    let mut buffer = NoColor::new(Vec::new());
    term::emit(&mut buffer, &config, &files, &excerpt).ok()?;
    let drawn = String::from_utf8(buffer.into_inner()).ok()?;
    // The first line is codespan's header (`error`): the headline stands for
    // it. The blank line codespan ends with would separate diagnostics that
    // the next headline separates already.
    drawn.split_once('\n').map(|(_, rest)| format!("{}\n", rest.trim_end()))
}

/// `range` within `text`, on character boundaries and at least one
/// character wide where the text has one, so a stale or empty span still
/// marks its place.
fn clamp(text: &str, range: &Range<usize>) -> Range<usize> {
    let floor = |mut i: usize| {
        i = i.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let start = floor(range.start);
    let mut end = floor(range.end.max(start));
    if end == start {
        end = text[start..].chars().next().map_or(start, |c| start + c.len_utf8());
    }
    start..end
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Location;
    use crate::sources::{FileSources, NoSources};

    fn sample() -> Diagnostic {
        Diagnostic::error("test::kind", "Error: bad thing (file: a.pp, line: 2, column: 6)", "bad thing")
            .at(Some(Location { file: "a.pp".into(), line: 2, column: 6 }))
            .with_primary(Some(Label::new("a.pp", 15..16, "here")))
            .with_notes(["did you mean 'x'?".to_string()])
    }

    #[test]
    fn the_headline_comes_once_then_the_excerpt_and_notes() {
        let sources = FileSources::new().with("a.pp", "notice(1)\n$a = [1][2,3,4]\n");
        let shown = text(&sample(), &sources, &|h| h.to_string());
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines[0], "Error: bad thing (file: a.pp, line: 2, column: 6)");
        assert!(!shown.contains("error: bad thing"), "the message is not repeated: {shown}");
        assert!(shown.contains("┌─ a.pp:2:6"), "{shown}");
        assert!(shown.contains("2 │ $a = [1][2,3,4]"), "{shown}");
        assert!(shown.contains("^ here"), "{shown}");
        assert!(shown.contains("= note: did you mean 'x'?"), "{shown}");
    }

    #[test]
    fn without_the_text_only_the_headline_and_notes_are_shown() {
        let shown = text(&sample(), &NoSources, &|h| format!("<{h}>"));
        assert_eq!(shown, "<Error: bad thing (file: a.pp, line: 2, column: 6)>\n  = note: did you mean 'x'?\n");
    }

    #[test]
    fn spans_past_the_text_or_inside_a_character_are_clamped() {
        assert_eq!(clamp("aé", &(2..2)), 1..3);
        assert_eq!(clamp("ab", &(10..20)), 2..2);
        assert_eq!(clamp("ab", &(0..0)), 0..1);
    }

    #[test]
    fn json_has_every_part_in_fields() {
        let d = sample().with_field("path", json!("a.b")).with_suggestion(Some("x".into()));
        let j = json(&d);
        assert_eq!(j["code"], "test::kind");
        assert_eq!(j["message"], "bad thing");
        assert_eq!(j["line"], 2);
        assert_eq!(j["span"]["start"], 15);
        assert_eq!(j["notes"][0], "did you mean 'x'?");
        assert_eq!(j["suggestion"], "x");
        assert_eq!(j["path"], "a.b");
    }
}
