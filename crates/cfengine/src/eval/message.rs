//! What a run says, typed where it is said: a report, a log line with its
//! level, an error with its family. A sink that prints text renders each as
//! cf-agent prints it (`R: …`, `   error: …`); a sink for tools (`confer
//! cfengine run --format json`) reads the parts, so no one takes a printed
//! line apart again to learn what it was.

/// cf-agent's log levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// `error:`, always printed.
    Error,
    /// `warning:`, always printed.
    Warning,
    /// `notice:`, always printed.
    Notice,
    /// `info:`, printed under `-I`.
    Info,
    /// `verbose:`, printed under `--verbose`.
    Verbose,
}

impl Level {
    /// The level's prefix, right-aligned as cf-agent aligns it.
    pub fn prefix(self) -> &'static str {
        match self {
            Level::Error => "   error: ",
            Level::Warning => " warning: ",
            Level::Notice => "  notice: ",
            Level::Info => "    info: ",
            Level::Verbose => " verbose: ",
        }
    }

    /// The level's name in JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Notice => "notice",
            Level::Info => "info",
            Level::Verbose => "verbose",
        }
    }
}

/// The family of an error of a run, set where the error is made: its
/// stable machine code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// A function call's arguments or its work (`readjson` of a missing file).
    Function,
    /// A files promise: reading, editing, copying, linking, permissions.
    Files,
    /// A vars promise: a bad value or a redefinition.
    Variables,
    /// A commands promise or a command a function runs.
    Commands,
    /// A methods promise: a missing bundle, nesting, failed repairs.
    Methods,
    /// A classes promise.
    Classes,
    /// The policy as a whole: the bundle sequence, a body's attributes, a
    /// class expression; errors that stop the run before any promise.
    Policy,
    /// The host-specific data (CMDB) or the augments files.
    Augments,
    /// `abortclasses`/`abortbundleclasses`.
    Abort,
    /// Something confer refuses to do (a promise type it does not keep).
    Refused,
    /// One of confer's bounds on work or size.
    Limit,
}

impl ErrorKind {
    /// Every kind, for the tests that list the codes.
    pub fn all() -> [ErrorKind; 11] {
        use ErrorKind::*;
        [Function, Files, Variables, Commands, Methods, Classes, Policy, Augments, Abort, Refused, Limit]
    }

    /// The code `--format json` gives the error.
    pub fn code(self) -> &'static str {
        match self {
            ErrorKind::Function => "cfengine::function",
            ErrorKind::Files => "cfengine::files",
            ErrorKind::Variables => "cfengine::variables",
            ErrorKind::Commands => "cfengine::commands",
            ErrorKind::Methods => "cfengine::methods",
            ErrorKind::Classes => "cfengine::classes",
            ErrorKind::Policy => "cfengine::policy",
            ErrorKind::Augments => "cfengine::augments",
            ErrorKind::Abort => "cfengine::abort",
            ErrorKind::Refused => "cfengine::refused",
            ErrorKind::Limit => "cfengine::limit",
        }
    }
}

/// One thing a run says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Message<'a> {
    /// A reports promise's text: `R: TEXT`.
    Report(&'a str),
    /// A logged line below error level.
    Log(Level, &'a str),
    /// An error of the run.
    Error(ErrorKind, &'a str),
    /// Text printed as it is: the `--show-vars` tables, a note under an error.
    Text(&'a str),
}

impl Message<'_> {
    /// The line cf-agent prints.
    pub fn render(&self) -> String {
        match self {
            Message::Report(text) => format!("R: {text}"),
            Message::Log(level, text) => format!("{}{text}", level.prefix()),
            Message::Error(_, text) => format!("{}{text}", Level::Error.prefix()),
            Message::Text(text) => text.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_message_renders_as_cf_agent_prints_it() {
        assert_eq!(Message::Report("hello").render(), "R: hello");
        assert_eq!(Message::Error(ErrorKind::Files, "x").render(), "   error: x");
        assert_eq!(Message::Log(Level::Warning, "x").render(), " warning: x");
        assert_eq!(Message::Log(Level::Notice, "x").render(), "  notice: x");
        assert_eq!(Message::Log(Level::Info, "x").render(), "    info: x");
        assert_eq!(Message::Log(Level::Verbose, "x").render(), " verbose: x");
        assert_eq!(Message::Text("Variable name").render(), "Variable name");
    }
}
