//! Messages the evaluator emits while it runs (`notice`, `warning`, …), and the
//! exact text Puppet prints for each.

use std::fmt;

/// Puppet's log levels, in increasing severity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// `debug()`; hidden unless debugging.
    Debug,
    /// `info()`; hidden unless verbose.
    Info,
    /// `notice()`.
    Notice,
    /// `warning()` and evaluator warnings.
    Warning,
    /// `err()`.
    Err,
    /// `alert()`.
    Alert,
    /// `emerg()`.
    Emerg,
    /// `crit()`.
    Crit,
}

impl Level {
    /// The level Puppet's logging functions and `Puppet.<level>` name
    /// (`warning`, `err`, …); an unknown name is `emerg`, the last of them.
    pub fn from_name(name: &str) -> Level {
        match name {
            "debug" => Level::Debug,
            "info" => Level::Info,
            "notice" => Level::Notice,
            "warning" => Level::Warning,
            "err" => Level::Err,
            "alert" => Level::Alert,
            "crit" => Level::Crit,
            _ => Level::Emerg,
        }
    }
}

impl Level {
    /// The prefix Puppet prints before the message.
    pub fn label(self) -> &'static str {
        match self {
            Level::Debug => "Debug",
            Level::Info => "Info",
            Level::Notice => "Notice",
            Level::Warning => "Warning",
            Level::Err => "Error",
            Level::Alert => "Alert",
            Level::Emerg => "Emergency",
            Level::Crit => "Critical",
        }
    }
}

/// A position in a manifest as Puppet counts it (1-based line; column in
/// characters; 0 where Puppet names the file or line only): the one
/// location type every front-end's diagnostic carries.
pub use confer_diagnostic::Location;

/// A location in Puppet's words: `(file: F, line: L, column: C)`, or less
/// where Puppet knows less.
pub struct PuppetPlace<'a>(pub &'a Location);

impl fmt::Display for PuppetPlace<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Location { file, line, column } = self.0;
        // Column 0: Puppet knows the line only (a defined resource's
        // parameters are checked when the catalog evaluates it).
        match (*line, *column) {
            (0, _) => write!(f, "(file: {file})"),
            (line, 0) => write!(f, "(file: {file}, line: {line})"),
            (line, column) => write!(f, "(file: {file}, line: {line}, column: {column})"),
        }
    }
}

/// One logged message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEvent {
    /// Severity.
    pub level: Level,
    /// The scope a logging function was called from (`Class[main]`), or `None`
    /// for the evaluator's own messages.
    pub scope: Option<String>,
    /// The message text.
    pub message: String,
    /// Where the evaluator's own messages point to.
    pub location: Option<Location>,
    /// Advice printed on lines of their own after the message ("did you
    /// mean …?"); not part of Puppet's line.
    pub notes: Vec<Note>,
}

/// Advice confer adds after Puppet's message, on a line of its own: a
/// sentence, and for a "did you mean" the name it suggests, which tools
/// read from a diagnostic's `suggestion` field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The sentence shown.
    pub text: String,
    /// The name suggested instead of a misspelt one.
    pub suggestion: Option<String>,
}

impl Note {
    /// A note that suggests nothing.
    pub fn text(text: impl Into<String>) -> Note {
        Note { text: text.into(), suggestion: None }
    }

    /// "did you mean 'shown'?", suggesting `name`.
    pub fn did_you_mean(name: impl Into<String>, shown: &str) -> Note {
        Note { text: format!("did you mean '{shown}'?"), suggestion: Some(name.into()) }
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl fmt::Display for LogEvent {
    /// `Notice: Scope(Class[main]): msg` for logging functions, and
    /// `Warning: msg (file: f, line: l, column: c)` for the evaluator's own.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.level.label())?;
        if let Some(scope) = &self.scope {
            write!(f, "Scope({scope}): ")?;
        }
        f.write_str(&self.message)?;
        if let Some(loc) = &self.location {
            write!(f, " {}", crate::log::PuppetPlace(loc))?;
        }
        Ok(())
    }
}

/// Receives log events as they happen, so that output before a failure is not lost.
pub trait Logger {
    /// Handles one event.
    fn log(&mut self, event: LogEvent);
}

/// A logger that keeps events in memory (tests, library users).
#[derive(Default, Debug)]
pub struct Collect {
    /// The events in order.
    pub events: Vec<LogEvent>,
}

impl Logger for Collect {
    fn log(&mut self, event: LogEvent) {
        self.events.push(event);
    }
}
