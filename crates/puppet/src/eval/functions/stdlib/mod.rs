//! stdlib's functions (puppetlabs-stdlib as Debian ships it), native. They
//! exist only when a module named `stdlib` is on the module path, as in
//! Puppet, where they are that module's Ruby code. Most are Puppet 3
//! functions: a count check, then their own type checks and wording.

mod collections;
mod encode;
mod escape;
mod interfaces;
mod legacy;
mod passwords;
mod random;
mod resources;
mod scalars;
mod serialize;
mod strings;
mod toml;
mod validate;
mod validate_numbers;
mod yaml;

use super::{ruby, Builtin};

/// How a deprecated stdlib function warns, for the dispatcher.
pub(crate) use scalars::stdlib_deprecation;

/// stdlib's function tables.
pub(crate) const FAMILIES: &[&[Builtin]] = &[
    collections::FUNCTIONS,
    encode::FUNCTIONS,
    random::FUNCTIONS,
    resources::FUNCTIONS,
    scalars::FUNCTIONS,
    serialize::FUNCTIONS,
    strings::FUNCTIONS,
    validate::FUNCTIONS,
    yaml::FUNCTIONS,
    escape::FUNCTIONS,
    validate_numbers::FUNCTIONS,
    passwords::FUNCTIONS,
    legacy::FUNCTIONS,
    interfaces::FUNCTIONS,
    toml::FUNCTIONS,
];
