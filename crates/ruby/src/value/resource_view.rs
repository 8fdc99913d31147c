//! A catalog resource as templates and functions see it (`scope.catalog`,
//! `findresource`): its type, title and parameters. What it answers is
//! `resources.rs`'s.

use confer_core::Value;

/// A resource as the host shows it.
#[derive(Debug, Clone)]
pub struct ResourceView {
    /// Its type, capitalised (`User`, `Class`).
    pub type_name: String,
    /// Its title.
    pub title: String,
    /// The parameters set on it so far.
    pub parameters: Vec<(String, Value)>,
}
