//! What the run's start-up logs before the run's output exists: reading
//! the host-specific data (CMDB) and the augments happens while the
//! context still writes nowhere, so `setup` collects their messages with
//! cf-agent's log level, and they are printed once the output is set up —
//! verbose ones only under `--verbose`.

pub use super::message::Level;

/// One message and its level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Logged {
    /// How cf-agent logs it.
    pub level: Level,
    /// The text, without the level's prefix.
    pub message: String,
}

impl Logged {
    /// An `error:` message.
    pub fn error(message: impl Into<String>) -> Logged {
        Logged { level: Level::Error, message: message.into() }
    }

    /// A `warning:` message.
    pub fn warning(message: impl Into<String>) -> Logged {
        Logged { level: Level::Warning, message: message.into() }
    }

    /// A `verbose:` message.
    pub fn verbose(message: impl Into<String>) -> Logged {
        Logged { level: Level::Verbose, message: message.into() }
    }
}
