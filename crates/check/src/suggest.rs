//! "Did you mean …?" for misspelt struct keys and enum members, with the
//! shared choice of every front-end and `check`'s own threshold.

/// The least Jaro–Winkler similarity at which a key counts as a likely typo
/// (lower than the evaluator's: keys are short and often abbreviated).
const THRESHOLD: f64 = 0.8;

/// The candidate closest to `given`, when it is close enough to be a likely
/// typo.
pub fn did_you_mean<'c>(given: &str, candidates: &'c [String]) -> Option<&'c str> {
    confer_diagnostic::suggest::closest(given, candidates.iter().map(String::as_str), THRESHOLD)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_names_are_suggested() {
        let keys = vec!["port".to_string(), "host".to_string()];
        assert_eq!(did_you_mean("prot", &keys), Some("port"));
        assert_eq!(did_you_mean("zzzz", &keys), None);
    }
}
