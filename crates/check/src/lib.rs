//! `confer check`: validating JSON and YAML documents, and Hiera data, against
//! Puppet type expressions — a concise schema language that Puppet users
//! already write — with errors that name the path into the document and the
//! line and column of the offending value.

pub mod document;
pub mod hiera;
pub mod hiera_node;
pub mod mismatches;
pub mod path;
pub mod report;
pub mod schema;
pub mod stream;
pub mod suggest;
mod syntax_error;
mod yaml;

use confer_core::Type;

pub use document::{Document, Format};
pub use report::{Problem, Severity};
pub use schema::TypeEnvironment;

/// Validates one parsed document against `t`, returning up to `max` of its
/// problems, in document order.
pub fn check_document(t: &Type, doc: &Document, file: &str, max: usize) -> Vec<Problem> {
    match mismatches::mismatches(t, &doc.value, max) {
        Ok(found) => found.iter().map(|m| Problem::from_mismatch(file, doc, m)).collect(),
        Err(undecided) => vec![Problem::undecided(file, doc, undecided.to_string())],
    }
}

/// Checks the text of one file: JSON is first validated while it is parsed
/// (one pass, no document in memory) and parsed fully only to explain a
/// failure; YAML is parsed with positions and checked.
/// Up to `max` problems are reported for each document.
pub fn check_text(
    t: &Type,
    text: &str,
    format: Format,
    file: &str,
    max: usize,
) -> Result<Vec<Problem>, document::SyntaxError> {
    if format == Format::Json && stream::json_matches(text, t)? {
        return Ok(Vec::new());
    }
    Ok(document::parse(text, format)?.iter().flat_map(|doc| check_document(t, doc, file, max)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_undecided_pattern_is_a_problem_not_a_verdict() {
        let t = TypeEnvironment::default().resolve(r"Array[Pattern[/^(?:(a+)+\1c|.*b)$/]]").unwrap();
        let text = format!("[\"{}b\"]", "a".repeat(25));
        for format in [Format::Json, Format::Yaml] {
            let problems = check_text(&t, &text, format, "x", 100).unwrap();
            assert_eq!(problems.len(), 1, "{format:?}");
            assert!(problems[0].message.contains("needs too much backtracking"), "{}", problems[0].message);
        }
    }
}
