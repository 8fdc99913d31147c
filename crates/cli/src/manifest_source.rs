//! The manifest a Puppet command runs: read from a file or standard input,
//! and its errors reported with an excerpt of it. Shared by `apply`,
//! `compile` and the console, apart from the command dispatcher.

use std::process::ExitCode;
use std::sync::Arc;

use confer_diagnostic::FileSources;
use confer_puppet::span::Source;

use crate::output_settings::OutputSettings;

/// Prints an error of a run of `source`: Puppet's line with `suffix` (`
/// on node N`), then the excerpt of the file it names — `source` itself,
/// or any file a compile read.
pub fn report(err: &confer_puppet::error::PuppetError, source: Option<&Source>, suffix: &str, out: OutputSettings) {
    let sources = match source {
        Some(s) => FileSources::new().with(&s.name, &s.text),
        None => FileSources::new(),
    };
    out.emit(&err.to_diagnostic(suffix), &sources);
}

/// The name a manifest read from standard input goes by in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// Reads a manifest: the file `path`, or standard input for `-`.
pub fn read_source(path: &str, out: OutputSettings) -> Result<Arc<Source>, ExitCode> {
    let (name, text) = if path == "-" {
        (STDIN_NAME, confer_core::read::read_stream(std::io::stdin().lock()))
    } else {
        (path, confer_core::read::read_text(std::path::Path::new(path)))
    };
    match text {
        Ok(text) => Ok(Source::new(name, text)),
        Err(e) => {
            out.error("io", "Error: ", &format!("Could not read file {name}: {e}"));
            Err(ExitCode::FAILURE)
        }
    }
}
