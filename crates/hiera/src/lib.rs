//! Hiera 5 as Puppet 7.23 does it: the global, environment and module
//! layers, `hiera.yaml` version 5 hierarchies, the `yaml_data` and
//! `json_data` backends, interpolation, the merge strategies and
//! `lookup_options`. Every value keeps the file, line and column it came
//! from, so a caller can point at the data when a value is wrong.
//!
//! The crate knows nothing of the Puppet evaluator: variables and
//! conversions come through the [`Scope`] trait.

mod config;
mod data;
pub mod dir_glob;
mod error;
mod explain;
mod interpolate;
pub mod json;
mod key;
mod lookup;
mod merge;
mod options;
mod scope;
mod shared;
mod yaml;
pub mod yaml_aliases;
mod yaml_errors;

pub use config::{Backend, LayerKind};
pub use data::{Found, Origin};
pub use error::{HieraError, Location, Place};
pub use explain::dump_value;
pub use key::LookupKey;
pub use lookup::{Hiera, Invocation};
pub use merge::{DeepOptions, Strategy};
pub use scope::{NodeScope, Scope};
pub use shared::SharedFiles;
pub use yaml::{parse as parse_yaml, parse_with as parse_yaml_with, Symbols};
