//! Everything a lookup can refuse, with the data it needs to say where.

use std::path::PathBuf;

/// A position in a data or configuration file (1-based line and column):
/// the one location type every front-end's diagnostic carries.
pub use confer_diagnostic::Location;

/// A location as Hiera's messages write it: `FILE:LINE:COLUMN`.
pub struct Place<'a>(pub &'a Location);

impl std::fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.0.file, self.0.line, self.0.column)
    }
}

/// Why a lookup failed. The messages are Puppet's where Puppet has one.
#[derive(Debug, thiserror::Error)]
pub enum HieraError {
    /// A data or configuration file cannot be read.
    #[error("{}: {source}", file.display())]
    Io {
        /// The file.
        file: PathBuf,
        /// Why: the bounded reader's refusal or the system's error.
        source: confer_core::read::ReadError,
    },
    /// A data or configuration file is not valid YAML or JSON, worded as
    /// Puppet words Psych's error.
    #[error("Unable to parse ({}): {message}", at.file)]
    Syntax {
        /// Where the parser stopped.
        at: Location,
        /// The parser's message.
        message: String,
    },
    /// A `hiera.yaml` that Puppet would refuse (or confer cannot serve).
    #[error("{message} (file: {})", Place(at))]
    Config {
        /// What is wrong.
        message: String,
        /// Where.
        at: Location,
    },
    /// A key whose lookup needs itself (`%{lookup('a')}` in the value of `a`).
    #[error("Recursive lookup detected in [{}]", stack.join(", "))]
    Recursion {
        /// The keys being looked up, outermost first.
        stack: Vec<String>,
    },
    /// Lookups nested through interpolation deeper than Puppet's Ruby stack
    /// takes (its `SystemStackError`, which Puppet does not wrap).
    #[error("stack level too deep")]
    TooDeep {
        /// The keys being looked up, outermost first.
        stack: Vec<String>,
    },
    /// A data file value that is not data (`Puppet::LookupValue`): a Ruby
    /// object such as a Symbol.
    #[error(
        "Value for key '{key}', in hash returned from data_hash function '{function}', when using location '{}', has wrong type, expects Puppet::LookupValue, got {got}",
        file.display()
    )]
    NotData {
        /// The top-level key.
        key: String,
        /// The backend function (`yaml_data`).
        function: &'static str,
        /// The data file.
        file: std::path::PathBuf,
        /// The value's type, as Puppet describes it.
        got: String,
    },
    /// An interpolation that Puppet refuses.
    #[error("{message}")]
    Interpolation {
        /// Puppet's message.
        message: String,
    },
    /// An interpolated variable the scope does not have, under Puppet's
    /// `strict = error` (Puppet raises it without a place).
    #[error("{message}")]
    UndefinedVariable {
        /// Puppet's message.
        message: String,
    },
    /// Values that the merge strategy cannot merge, or a bad strategy.
    #[error("{message}")]
    Merge {
        /// Puppet's message.
        message: String,
    },
    /// A hiera-eyaml encrypted value: confer does not decrypt, and never
    /// hands out the cipher text as if it were the data.
    #[error("the value of '{key}' at {} is encrypted (ENC[...]); confer does not decrypt hiera-eyaml data", Place(at))]
    Encrypted {
        /// The key whose value is encrypted.
        key: String,
        /// Where the value is.
        at: Location,
    },
    /// `lookup_options` that cannot be used.
    #[error("{message}")]
    Options {
        /// Puppet's message.
        message: String,
    },
    /// An error raised while interpolating a value, at the value.
    #[error("{error} (file: {})", Place(at))]
    Located {
        /// Where the value being interpolated is.
        at: Location,
        /// What went wrong.
        error: Box<HieraError>,
    },
    /// A `convert_to` lookup option that failed.
    #[error("The convert_to lookup_option for key '{key}' raised error: {message}")]
    Convert {
        /// The key.
        key: String,
        /// The conversion's error.
        message: String,
    },
}

impl HieraError {
    /// The kind's stable name in diagnostics.
    pub fn code(&self) -> &'static str {
        match self {
            HieraError::Io { .. } => "hiera::io",
            HieraError::Syntax { .. } => "hiera::syntax",
            HieraError::Config { .. } => "hiera::config",
            HieraError::Recursion { .. } => "hiera::recursion",
            HieraError::TooDeep { .. } => "hiera::too_deep",
            HieraError::NotData { .. } => "hiera::not_data",
            HieraError::Interpolation { .. } => "hiera::interpolation",
            HieraError::UndefinedVariable { .. } => "hiera::undefined_variable",
            HieraError::Merge { .. } => "hiera::merge",
            HieraError::Encrypted { .. } => "hiera::encrypted",
            HieraError::Options { .. } => "hiera::options",
            HieraError::Located { error, .. } => error.code(),
            HieraError::Convert { .. } => "hiera::convert",
        }
    }

    /// Where in a data or configuration file, when the error says.
    pub fn location(&self) -> Option<&Location> {
        match self {
            HieraError::Syntax { at, .. }
            | HieraError::Config { at, .. }
            | HieraError::Encrypted { at, .. }
            | HieraError::Located { at, .. } => Some(at),
            _ => None,
        }
    }

    /// The diagnostic for this error, its headline `prefix` and the
    /// message (`Error: Could not run: ` as `puppet lookup` prints it).
    pub fn to_diagnostic(&self, prefix: &str) -> confer_diagnostic::Diagnostic {
        let location = self.location().cloned();
        confer_diagnostic::Diagnostic::error(self.code(), format!("{prefix}{self}"), self.to_string()).at(location)
    }
}
