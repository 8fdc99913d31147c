//! How strictly the language is checked: Puppet's `strict` setting (`off`,
//! `warning`, `error`) and `strict_variables`. Puppet 7 defaults to
//! `warning` without strict variables; Puppet 8 (and OpenVox 8) to `error`
//! with them. Each setting governs a fixed set of Puppet's issues: an
//! unknown variable, a hash key written twice, a string coerced to a
//! number, a template's undefined variable.

use std::fmt;
use std::str::FromStr;

/// Puppet's `strict` setting: what a strict issue does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strictness {
    /// Nothing is said.
    Off,
    /// A warning is logged (Puppet 7's default).
    #[default]
    Warning,
    /// Compilation fails.
    Error,
}

/// The strictness settings of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Strict {
    /// `strict`.
    pub level: Strictness,
    /// `strict_variables`: an unknown variable is an error whatever
    /// `level` says.
    pub variables: bool,
}

impl Strict {
    /// Puppet 8's defaults: `strict = error`, `strict_variables = true`.
    pub const PUPPET_8: Strict = Strict { level: Strictness::Error, variables: true };

    /// The settings Puppet command-line options give, one option an item
    /// (`--strict=error`, `--strict_variables`): how the recorded goldens
    /// say which settings Puppet ran with.
    pub fn from_options<'o>(options: impl IntoIterator<Item = &'o str>) -> Result<Strict, String> {
        let mut strict = Strict::default();
        for option in options {
            match option.split_once('=') {
                Some(("--strict", level)) => strict.level = level.parse()?,
                None if option == "--strict_variables" => strict.variables = true,
                _ => return Err(format!("not a strictness option: {option}")),
            }
        }
        Ok(strict)
    }

    /// What an unknown variable does.
    pub fn unknown_variable(self) -> Strictness {
        if self.variables {
            Strictness::Error
        } else {
            self.level
        }
    }
}

impl Strictness {
    /// What a strict issue saying `message` comes to under this setting:
    /// nothing (`Ok(None)`), a warning to give (`Ok(Some(message))`), or an
    /// error (`Err(message)`).
    pub fn judge(self, message: String) -> Result<Option<String>, String> {
        match self {
            Strictness::Off => Ok(None),
            Strictness::Warning => Ok(Some(message)),
            Strictness::Error => Err(message),
        }
    }
}

impl FromStr for Strictness {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "off" => Ok(Strictness::Off),
            "warning" => Ok(Strictness::Warning),
            "error" => Ok(Strictness::Error),
            other => Err(format!(
                "Invalid value '{other}' for parameter strict. Allowed values are 'off', 'warning', 'error'"
            )),
        }
    }
}

impl fmt::Display for Strictness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Strictness::Off => "off",
            Strictness::Warning => "warning",
            Strictness::Error => "error",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_variables_make_unknown_variables_errors() {
        let lenient = Strict { level: Strictness::Off, variables: true };
        assert_eq!(lenient.unknown_variable(), Strictness::Error);
        assert_eq!(Strict::default().unknown_variable(), Strictness::Warning);
        assert_eq!("error".parse::<Strictness>(), Ok(Strictness::Error));
        assert!("strict".parse::<Strictness>().is_err());
        let options = Strict::from_options(["--strict=off", "--strict_variables"]);
        assert_eq!(options, Ok(Strict { level: Strictness::Off, variables: true }));
        assert!(Strict::from_options(["--noop"]).is_err());
        assert_eq!(Strictness::Off.judge("m".into()), Ok(None));
        assert_eq!(Strictness::Warning.judge("m".into()), Ok(Some("m".into())));
        assert_eq!(Strictness::Error.judge("m".into()), Err("m".into()));
    }
}
