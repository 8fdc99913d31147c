//! Where every diagnostic of the tool is printed: Puppet's, CFEngine's,
//! `check`'s and the templates' errors all arrive here as the shared
//! [`Diagnostic`] and leave as text (the reference tool's line, then the
//! excerpt and notes) or, with `--error-format json`, as one JSON object a
//! line on standard error.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::ValueEnum;
use confer_diagnostic::{render, Diagnostic, NoSources, Sources};
use confer_puppet::log::Level;

/// How diagnostics are printed (`--error-format`).
#[derive(Clone, Copy, Debug, Default, ValueEnum, PartialEq, Eq)]
pub enum ErrorFormat {
    /// The reference tool's line, the excerpt and notes.
    #[default]
    Text,
    /// One JSON object a line.
    Json,
}

static JSON: AtomicBool = AtomicBool::new(false);

/// Chooses the format once for the whole run.
pub fn set_format(format: ErrorFormat) {
    JSON.store(format == ErrorFormat::Json, Ordering::Relaxed);
}

/// Whether diagnostics are printed as JSON.
pub fn json() -> bool {
    JSON.load(Ordering::Relaxed)
}

/// Prints `d` on standard error, its excerpt read from `sources`.
pub fn emit(d: &Diagnostic, sources: &dyn Sources) {
    let text = if json() {
        format!("{}\n", render::json(d))
    } else {
        let paint = |headline: &str| {
            if crate::log_output::stderr_colored() {
                crate::log_output::colorize(Level::Err, headline)
            } else {
                headline.to_string()
            }
        };
        render::text(d, sources, &paint)
    };
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// Prints an error that has no place in a file (a file that cannot be
/// read, a bad option): the reference tool's line, `prefix` (`Error: `)
/// then `message`.
pub fn error(code: &'static str, prefix: &str, message: &str) {
    emit(&Diagnostic::error(code, format!("{prefix}{message}"), message), &NoSources);
}

/// Prints advice that has no excerpt to go with, one `note:` line each.
pub fn print_notes(notes: &[confer_puppet::log::Note]) {
    for note in notes {
        eprintln!("  = note: {note}");
    }
}
