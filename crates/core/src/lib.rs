//! The shared core of confer: immutable values and the type system that the
//! Puppet and CFEngine front-ends evaluate with. Nothing here knows about syntax.

pub mod convert;
pub mod error;
pub mod format;
pub mod json_string;
pub mod mismatch;
pub mod read;
pub mod regexp;
pub mod ruby_compat;
pub mod text;
pub mod types;
pub mod undecided;
pub mod value;

pub use error::CoreError;
pub use regexp::Regexp;
pub use types::Type;
pub use value::{HashMap, Value};
