//! `confer check`: validating JSON and YAML documents, and Hiera data, against
//! Puppet type expressions — a concise schema language that Puppet users
//! already write — with errors that name the path into the document and the
//! line and column of the offending value.

pub mod document;
pub mod hiera;
pub mod path;
pub mod report;
pub mod schema;
pub mod suggest;

use confer_core::types::instance_of;
use confer_core::Type;

pub use document::{Document, Format};
pub use report::{Problem, Severity};
pub use schema::TypeEnvironment;

/// Validates one parsed document against `t`, returning the problem found (a
/// document has at most one: the first mismatch, as Puppet reports it).
pub fn check_document(t: &Type, doc: &Document, file: &str) -> Option<Problem> {
    if instance_of(t, &doc.value) {
        return None;
    }
    let mismatch = confer_core::mismatch::explain(t, &doc.value);
    Some(Problem::from_mismatch(file, doc, &mismatch))
}
