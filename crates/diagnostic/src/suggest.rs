//! "Did you mean …?": the one place that decides which known name a
//! misspelt one was meant to be, for every front-end.

/// Names longer than this are not typos worth suggesting for; comparing
/// costs time proportional to the product of the lengths.
pub const MAX_NAME: usize = 100;

/// Candidates past this many are not compared (a 10,000-member `Enum`).
pub const MAX_CANDIDATES: usize = 1000;

/// The candidate closest to `given` with a Jaro–Winkler similarity of at
/// least `threshold`, and not `given` itself; ties go to the first name in
/// alphabetical order, so the advice is stable.
pub fn closest<'c>(given: &str, candidates: impl IntoIterator<Item = &'c str>, threshold: f64) -> Option<&'c str> {
    if given.len() > MAX_NAME {
        return None;
    }
    candidates
        .into_iter()
        .take(MAX_CANDIDATES)
        .filter(|c| c.len() <= MAX_NAME && *c != given)
        .map(|c| (strsim::jaro_winkler(given, c), c))
        .filter(|(score, _)| *score >= threshold)
        .max_by(|a, b| a.0.total_cmp(&b.0).then_with(|| b.1.cmp(a.1)))
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_find_the_name_and_strangers_find_nothing() {
        assert_eq!(closest("notise", ["notice", "warning", "info"], 0.85), Some("notice"));
        assert_eq!(closest("prot", ["port", "host"], 0.8), Some("port"));
        assert_eq!(closest("zzz", ["notice", "warning"], 0.8), None);
        assert_eq!(closest("port", ["port"], 0.8), None, "a name is not its own typo");
    }

    #[test]
    fn ties_go_to_the_first_name_alphabetically() {
        assert_eq!(closest("ab", ["ac", "aa"], 0.5), Some("aa"));
    }

    #[test]
    fn long_names_and_long_lists_are_bounded() {
        let long = "x".repeat(MAX_NAME + 1);
        assert_eq!(closest(&long, [long.as_str()], 0.0), None);
        let many: Vec<String> = (0..MAX_CANDIDATES + 10).map(|i| format!("name{i}")).collect();
        let found = closest("name1009", many.iter().map(String::as_str), 0.99);
        assert_eq!(found, None, "candidates past the cap are not compared");
    }
}
