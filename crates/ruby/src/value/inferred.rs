//! What `TypeCalculator.infer_set` gives module code: a Puppet type and
//! the value it describes. The Puppet type classes' methods are
//! `puppet_types.rs`'s.

use confer_core::Value;
use std::sync::Arc;

/// `TypeCalculator.infer_set(value)`: the type, and the value it describes.
#[derive(Debug)]
pub struct Inferred {
    /// The type Puppet's `type(value, 'detailed')` gives (or 'reduced',
    /// for `infer`).
    pub ty: Arc<confer_core::value::TypeValue>,
    /// The value.
    pub value: Value,
}
