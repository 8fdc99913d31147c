//! Ruby's `did_you_mean` for a missing method: the "Did you mean?" lines
//! Ruby 3.1 adds to a NoMethodError's message, from the receiver class's
//! methods (Jaro-Winkler to choose candidates, Levenshtein to keep the
//! close ones), as its `SpellChecker#correct` does.

/// The suggestions for `name` among `dictionary`, best first.
pub fn correct<'d>(name: &str, dictionary: impl Iterator<Item = &'d str>) -> Vec<&'d str> {
    let input = normalize(name);
    let threshold = if input.chars().count() > 3 { 0.834 } else { 0.77 };
    let mut words: Vec<(&str, f64)> = dictionary
        .filter(|w| jaro_winkler(&normalize(w), &input) >= threshold && *w != name)
        .map(|w| (w, jaro_winkler(w, &input)))
        .collect();
    // `sort_by!` then `reverse!`: the closest first, and among equally
    // close ones the later in the dictionary first.
    words.sort_by(|a, b| a.1.partial_cmp(&b.1).unwrap_or(std::cmp::Ordering::Equal));
    words.reverse();
    let mistypes = (input.chars().count() as f64 * 0.25).ceil() as usize;
    let corrections: Vec<&str> =
        words.iter().filter(|(w, _)| levenshtein(&normalize(w), &input) <= mistypes).map(|(w, _)| *w).collect();
    if !corrections.is_empty() {
        return corrections;
    }
    words
        .iter()
        .filter(|(w, _)| {
            let w = normalize(w);
            levenshtein(&w, &input) < input.chars().count().min(w.chars().count())
        })
        .map(|(w, _)| *w)
        .take(1)
        .collect()
}

/// The text Ruby appends to the message: `\nDid you mean?  a` (further
/// suggestions on lines of their own).
pub fn message_for(corrections: &[&str]) -> String {
    if corrections.is_empty() {
        return String::new();
    }
    format!("\nDid you mean?  {}", corrections.join("\n               "))
}

fn normalize(s: &str) -> String {
    s.to_lowercase().replace('@', "")
}

fn jaro(a: &str, b: &str) -> f64 {
    let (mut s1, mut s2): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if s1.len() > s2.len() {
        std::mem::swap(&mut s1, &mut s2);
    }
    let range = (s2.len() / 2).saturating_sub(1);
    let mut flags1 = vec![false; s1.len()];
    let mut flags2 = vec![false; s2.len()];
    let mut m = 0.0;
    for i in 0..s1.len() {
        let last = i + range;
        let mut j = i.saturating_sub(range);
        while j <= last && j < s2.len() {
            if !flags2[j] && s1[i] == s2[j] {
                flags2[j] = true;
                flags1[i] = true;
                m += 1.0;
                break;
            }
            j += 1;
        }
    }
    let mut t = 0.0;
    let mut k = 0;
    for i in 0..s1.len() {
        if flags1[i] {
            let mut index = k;
            let mut j = k;
            while j < s2.len() {
                index = j;
                if flags2[j] {
                    k = j + 1;
                    break;
                }
                j += 1;
            }
            if s1[i] != s2.get(index).copied().unwrap_or('\0') {
                t += 1.0;
            }
        }
    }
    let t = (t / 2.0_f64).floor();
    if m == 0.0 {
        0.0
    } else {
        (m / s1.len() as f64 + m / s2.len() as f64 + (m - t) / m) / 3.0
    }
}

fn jaro_winkler(a: &str, b: &str) -> f64 {
    let d = jaro(a, b);
    if d <= 0.7 {
        return d;
    }
    let prefix = a.chars().zip(b.chars()).take(4).take_while(|(x, y)| x == y).count();
    d + prefix as f64 * 0.1 * (1.0 - d)
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for j in 0..b.len() {
            let cur = row[j + 1];
            row[j + 1] = (row[j + 1] + 1).min(row[j] + 1).min(prev + usize::from(ca != b[j]));
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_as_ruby_3_1_does() {
        let string_methods = crate::missing::methods_of("String").unwrap();
        assert_eq!(correct("each_with_index", string_methods.iter().copied()), vec!["each_line"]);
        let integer_methods = crate::missing::methods_of("Integer").unwrap();
        assert_eq!(correct("foo", integer_methods.iter().copied()), vec!["floor"]);
        assert_eq!(message_for(&["each_line"]), "\nDid you mean?  each_line");
    }
}
