//! Values and their text forms, independent of policy syntax and of
//! evaluation: runtime values (scalars, lists, data containers), CFEngine's
//! number conversions, and data containers read from and written to JSON,
//! YAML and CSV.

pub mod container_number;
pub mod csv;
pub mod json;
pub mod json_reader;
pub mod number;
pub mod value;
pub mod yaml;
