//! `--strict`, `--strict_variables` and `--puppet 8`: how strictly a run
//! checks the language, as Puppet's settings of those names, shared by
//! `apply`, `compile` and `lookup`.

use clap::Args;
use confer_puppet::strict::{Strict, Strictness};

/// The strictness options of a command.
#[derive(Args, Clone, Debug, Default)]
pub struct StrictArgs {
    /// What a strict issue (unknown variable, hash key written twice,
    /// string coerced to a number) does: `off`, `warning` (Puppet 7's
    /// default) or `error` (Puppet 8's).
    #[arg(long, value_name = "off|warning|error")]
    strict: Option<Strictness>,
    /// An unknown variable is an error (Puppet's `strict_variables`; on in
    /// Puppet 8).
    #[arg(long = "strict_variables", alias = "strict-variables")]
    strict_variables: bool,
    /// The Puppet major version whose defaults to take: 7 (the default) or
    /// 8 (`strict = error`, `strict_variables`). `--strict` still wins.
    #[arg(long, value_name = "7|8", value_parser = ["7", "8"])]
    puppet: Option<String>,
}

impl StrictArgs {
    /// The settings these options give.
    pub fn strict(&self) -> Strict {
        let base = if self.puppet.as_deref() == Some("8") { Strict::PUPPET_8 } else { Strict::default() };
        Strict { level: self.strict.unwrap_or(base.level), variables: base.variables || self.strict_variables }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn puppet_8_defaults_yield_to_explicit_options() {
        let p8 = StrictArgs { puppet: Some("8".into()), ..Default::default() };
        assert_eq!(p8.strict(), Strict::PUPPET_8);
        let relaxed = StrictArgs { puppet: Some("8".into()), strict: Some(Strictness::Warning), ..Default::default() };
        assert_eq!(relaxed.strict(), Strict { level: Strictness::Warning, variables: true });
        assert_eq!(StrictArgs::default().strict(), Strict::default());
    }
}
