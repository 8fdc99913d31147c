//! Error output: Puppet's one-line `Error: … (file: f, line: l, column: c)` form,
//! followed by the offending source line with a marker and any advice ("did
//! you mean …?") as notes, so the first line stays machine-readable and word
//! for word Puppet's, and a person sees the spot at once.

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor::StandardStream};
use confer_puppet::error::PuppetError;
use confer_puppet::span::Source;

/// Prints `err` (which refers to `source`) to stderr; `suffix` follows
/// Puppet's line (` on node N` for a compile).
pub fn report(err: &PuppetError, source: &Source, suffix: &str) {
    crate::log_output::error_line(&format!("Error: {err}{suffix}"));
    let excerpt = err
        .location
        .as_ref()
        .filter(|loc| loc.file == source.name)
        .and_then(|loc| offset_of(source, loc.line, loc.column));
    let Some(offset) = excerpt else {
        print_notes(&err.notes);
        return;
    };
    let file = SimpleFile::new(source.name.as_str(), source.text.as_str());
    let end = source.text[offset..].chars().next().map_or(offset, |c| offset + c.len_utf8());
    let diagnostic = Diagnostic::error()
        .with_message(&err.message)
        .with_labels(vec![Label::primary((), offset..end).with_message("here")])
        .with_notes(err.notes.iter().map(|n| format!("note: {n}")).collect());
    let writer = StandardStream::stderr(term::termcolor::ColorChoice::Never);
    let config = term::Config { start_context_lines: 0, end_context_lines: 0, ..term::Config::default() };
    let _ = term::emit(&mut writer.lock(), &config, &file, &diagnostic);
}

/// Prints advice that has no excerpt to go with, one `note:` line each.
pub fn print_notes(notes: &[String]) {
    for note in notes {
        eprintln!("  = note: {note}");
    }
}

/// The byte offset of a 1-based line and character column.
fn offset_of(source: &Source, line: usize, column: usize) -> Option<usize> {
    let line_start: usize = source.text.split_inclusive('\n').take(line.checked_sub(1)?).map(str::len).sum();
    let rest = source.text.get(line_start..)?;
    let within: usize = rest.chars().take(column.checked_sub(1)?).map(char::len_utf8).sum();
    Some(line_start + within)
}
