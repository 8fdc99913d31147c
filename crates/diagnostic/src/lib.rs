//! The one located diagnostic of confer.
//!
//! Puppet, CFEngine, `check`, Hiera and the templates each keep error kinds
//! of their own — enums with the data of each failure, as their evaluators
//! need — and turn them into a [`Diagnostic`] at the edge through
//! [`IntoDiagnostic`]. The command-line tool, the console and library users
//! render diagnostics in one place, [`render`]: the reference tool's first
//! line word for word, the excerpt the primary span points at, the notes;
//! or one JSON object for tools.
//!
//! A diagnostic names its source by file name and byte range; the text
//! itself is fetched through [`Sources`] only when an excerpt is rendered, so
//! a compile that read hundreds of files carries no copies of them in its
//! errors.

pub mod diagnostic;
pub mod render;
pub mod sources;
pub mod suggest;

pub use diagnostic::{Diagnostic, IntoDiagnostic, Label, Location, Severity};
pub use sources::{FileSources, NoSources, Sources};
