//! How this run prints: the format of diagnostics (`--error-format`) and
//! whether each stream is coloured (`--color`). Made once in `main` and
//! passed down to every command and printer, so that all of them agree
//! without reading process-wide state.

use std::io::IsTerminal;

use clap::ValueEnum;

/// How diagnostics are printed (`--error-format`).
#[derive(Clone, Copy, Debug, Default, ValueEnum, PartialEq, Eq)]
pub enum ErrorFormat {
    /// The reference tool's line, the excerpt and notes.
    #[default]
    Text,
    /// One JSON object a line.
    Json,
}

/// When to colour output (`--color`).
#[derive(Clone, Copy, Debug, Default, ValueEnum, PartialEq, Eq)]
pub enum ColorWhen {
    /// When the stream is a terminal.
    #[default]
    Auto,
    /// Always, as Puppet's default `--color ansi` does.
    Always,
    /// Never, as Puppet's `--color false`.
    Never,
}

impl ColorWhen {
    /// Whether a stream that is (or is not) a terminal gets colour.
    fn applies(self, terminal: bool) -> bool {
        match self {
            ColorWhen::Auto => terminal,
            ColorWhen::Always => true,
            ColorWhen::Never => false,
        }
    }
}

/// The output settings of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutputSettings {
    /// How diagnostics are printed.
    pub errors: ErrorFormat,
    /// Whether standard output is coloured.
    pub color_out: bool,
    /// Whether standard error is coloured.
    pub color_err: bool,
}

impl OutputSettings {
    /// Diagnostics in `errors`, no colour: what every command has until
    /// its `--color` says otherwise (only the Puppet commands Puppet
    /// colours have one).
    pub fn new(errors: ErrorFormat) -> OutputSettings {
        OutputSettings { errors, color_out: false, color_err: false }
    }

    /// These settings with colour decided by `when` for both streams.
    pub fn colored(self, when: ColorWhen) -> OutputSettings {
        OutputSettings {
            color_out: when.applies(std::io::stdout().is_terminal()),
            color_err: when.applies(std::io::stderr().is_terminal()),
            ..self
        }
    }

    /// Whether diagnostics are printed as JSON.
    pub fn json(self) -> bool {
        self.errors == ErrorFormat::Json
    }
}
