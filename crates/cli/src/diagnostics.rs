//! Where every diagnostic of the tool is printed: Puppet's, CFEngine's,
//! `check`'s, the templates' and the facts files' errors all arrive here as
//! the shared [`Diagnostic`] and leave as text (the reference tool's line,
//! then the excerpt and notes) or, with `--error-format json`, as one JSON
//! object a line on standard error.

use std::io::Write;

use confer_diagnostic::{render, Diagnostic, NoSources, Sources};
use confer_puppet::log::Level;

use crate::output_settings::OutputSettings;

impl OutputSettings {
    /// Prints `d` on standard error, its excerpt read from `sources`.
    pub fn emit(&self, d: &Diagnostic, sources: &dyn Sources) {
        let text = if self.json() {
            format!("{}\n", render::json(d))
        } else {
            let paint = |headline: &str| {
                if self.color_err {
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
    pub fn error(&self, code: &'static str, prefix: &str, message: &str) {
        self.emit(&Diagnostic::error(code, format!("{prefix}{message}"), message), &NoSources);
    }
}
