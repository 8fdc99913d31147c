//! "Did you mean …?" for misspelt struct keys and enum members.

/// Names longer than this are not typos worth suggesting for; comparing them
/// costs time proportional to the product of the lengths.
const MAX_NAME: usize = 100;

/// Candidates past this many are not compared (a 10,000-member `Enum`).
const MAX_CANDIDATES: usize = 1000;

/// The candidate closest to `given`, when it is close enough to be a likely
/// typo (Jaro–Winkler similarity of at least 0.8).
pub fn did_you_mean<'c>(given: &str, candidates: &'c [String]) -> Option<&'c str> {
    if given.len() > MAX_NAME {
        return None;
    }
    candidates
        .iter()
        .take(MAX_CANDIDATES)
        .filter(|c| c.len() <= MAX_NAME)
        .map(|c| (strsim::jaro_winkler(given, c), c))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c.as_str())
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
