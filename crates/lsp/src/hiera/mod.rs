//! Hiera keys in the editor: which key the cursor is on (`lookup('k')`,
//! `hiera('k')`, or a class parameter Puppet binds from the key
//! `class::param`), and the data that gives its value for the node of the
//! workspace's facts file, so hover can show the value and definition can
//! go to the line that provides it.

pub mod hover;
pub mod key;
pub mod lookup;
pub mod scope;
