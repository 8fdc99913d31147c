//! How Puppet's console prints log events: notices, info and debug on
//! standard output, warnings and errors on standard error, each line coloured
//! as Puppet's `console` log destination colours it
//! (`puppet/util/log/destinations.rb`, codes from `puppet/util/colors.rb`).

use std::io::Write;

use confer_puppet::log::{Level, LogEvent, Logger};

use crate::output_settings::OutputSettings;

/// The escape code Puppet's console destination starts a line of `level`
/// with: `hred` for errors and worse, `hyellow` warnings, `reset` notices,
/// `green` info, `cyan` debug.
fn escape(level: Level) -> &'static str {
    match level {
        Level::Err | Level::Alert | Level::Emerg | Level::Crit => "\x1b[1;31m",
        Level::Warning => "\x1b[1;33m",
        Level::Notice => "\x1b[m",
        Level::Info => "\x1b[0;32m",
        Level::Debug => "\x1b[0;36m",
    }
}

/// Puppet's console colouring of one line: the level's code, the text with
/// any reset inside it turned back into that code, and a reset.
pub fn colorize(level: Level, text: &str) -> String {
    let code = escape(level);
    format!("{code}{}\x1b[0m", text.replace("\x1b[0m", code))
}

/// Prints advice that has no excerpt to go with, one `note:` line each.
fn print_notes(notes: &[confer_puppet::log::Note]) {
    for note in notes {
        eprintln!("  = note: {note}");
    }
}

/// Prints events as Puppet's console does.
pub struct Console {
    /// The least severe level shown.
    pub min_level: Level,
    /// Whether standard output is coloured.
    pub color_out: bool,
    /// Whether standard error is coloured.
    pub color_err: bool,
}

impl Console {
    /// A console that shows events from `min_level` up, coloured as `out`
    /// says.
    pub fn new(min_level: Level, out: &OutputSettings) -> Console {
        Console { min_level, color_out: out.color_out, color_err: out.color_err }
    }

    /// A console that shows warnings and errors only, as a compile run with
    /// `--log_level warning` does.
    pub fn errors_only(out: &OutputSettings) -> Console {
        Console::new(Level::Warning, out)
    }
}

impl Logger for Console {
    fn log(&mut self, event: LogEvent) {
        if event.level < self.min_level {
            return;
        }
        let text = event.to_string();
        let to_stdout = event.level <= Level::Notice;
        let colored = if to_stdout { self.color_out } else { self.color_err };
        let line = if colored { colorize(event.level, &text) } else { text };
        // Ruby's `puts`, which Puppet's console uses, adds no line break to
        // a message that already ends with one.
        let end = if line.ends_with('\n') { "" } else { "\n" };
        if to_stdout {
            let _ = write!(std::io::stdout().lock(), "{line}{end}");
        } else {
            let _ = write!(std::io::stderr().lock(), "{line}{end}");
        }
        print_notes(&event.notes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_coloured_as_puppet_colours_them() {
        assert_eq!(colorize(Level::Notice, "Notice: 1"), "\x1b[mNotice: 1\x1b[0m");
        assert_eq!(colorize(Level::Warning, "Warning: 2"), "\x1b[1;33mWarning: 2\x1b[0m");
        assert_eq!(colorize(Level::Info, "a\x1b[0mb"), "\x1b[0;32ma\x1b[0;32mb\x1b[0m");
    }
}
