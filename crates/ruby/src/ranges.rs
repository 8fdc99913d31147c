//! Ranges of strings (`'a'..'z'`, `'A'..'Z'`): Ruby walks them with
//! `String#succ`, which the code of modules uses to build alphabets.

/// A range of strings: its ends, and whether the last is left out.
#[derive(Debug, Clone, PartialEq)]
pub struct StrRange {
    /// The first string.
    pub first: String,
    /// The last string.
    pub last: String,
    /// `...`: the last is not included.
    pub exclusive: bool,
}

impl StrRange {
    /// The strings of the range, as `to_a` lists them (Ruby's
    /// `String#upto`): two single characters walk the bytes between them,
    /// two numerals count (keeping the first one's width), anything else
    /// takes `succ` from `first` until `last`, stopping when the string
    /// grows longer than `last`; nothing when `first` sorts after `last`.
    /// `None` past `limit` strings.
    pub fn expand(&self, limit: usize) -> Option<Vec<String>> {
        let (first, last, excl) = (&self.first, &self.last, self.exclusive);
        let mut out = Vec::new();
        let push = |s: String, out: &mut Vec<String>| {
            out.push(s);
            out.len() <= limit
        };
        if first.len() == 1 && last.len() == 1 && first.is_ascii() && last.is_ascii() {
            let (a, b) = (first.as_bytes()[0], last.as_bytes()[0]);
            if a > b || excl && a == b {
                return Some(out);
            }
            let end = if excl { b - 1 } else { b };
            for c in a..=end {
                push((c as char).to_string(), &mut out);
            }
            return Some(out);
        }
        let numeral = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if numeral(first) && numeral(last) {
            let (Ok(a), Ok(b)) = (first.parse::<u64>(), last.parse::<u64>()) else { return None };
            let width = first.len();
            let end = if excl { b.checked_sub(1)? } else { b };
            if a > end {
                return Some(out);
            }
            for i in a..=end {
                if !push(format!("{i:0width$}"), &mut out) {
                    return None;
                }
            }
            return Some(out);
        }
        if first.as_str() > last.as_str() || excl && first == last {
            return Some(out);
        }
        let after_end = succ(last);
        let mut current = first.clone();
        while current != after_end {
            let next = (excl || current != *last).then(|| succ(&current));
            if !push(current, &mut out) {
                return None;
            }
            let Some(next) = next else { break };
            current = next;
            if excl && current == *last || current.len() > last.len() || current.is_empty() {
                break;
            }
        }
        Some(out)
    }

    /// Ruby's `inspect`: `"a".."z"`.
    pub fn inspect(&self) -> String {
        let dots = if self.exclusive { "..." } else { ".." };
        format!(
            "{}{dots}{}",
            confer_core::ruby_compat::inspect_str(&self.first),
            confer_core::ruby_compat::inspect_str(&self.last)
        )
    }
}

/// Ruby's `String#succ` for strings of letters and digits: the rightmost
/// alphanumeric increments, carrying leftwards (`"az"` → `"ba"`, `"zz"` →
/// `"aaa"`, `"9"` → `"10"`); a string without any increments its last
/// character.
pub fn succ(s: &str) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    if chars.is_empty() {
        return String::new();
    }
    if !chars.iter().any(char::is_ascii_alphanumeric) {
        let last = chars.len() - 1;
        chars[last] = char::from_u32(chars[last] as u32 + 1).unwrap_or(chars[last]);
        return chars.into_iter().collect();
    }
    let mut i = chars.len();
    let mut carry_from = None;
    while i > 0 {
        i -= 1;
        let c = chars[i];
        if !c.is_ascii_alphanumeric() {
            continue;
        }
        let (next, carried) = match c {
            'z' => ('a', Some('a')),
            'Z' => ('A', Some('A')),
            '9' => ('0', Some('1')),
            c => (char::from_u32(c as u32 + 1).unwrap_or(c), None),
        };
        chars[i] = next;
        match carried {
            None => return chars.into_iter().collect(),
            Some(first) => carry_from = Some((i, first)),
        }
    }
    if let Some((i, first)) = carry_from {
        chars.insert(i, first);
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn succ_carries_as_ruby_does() {
        assert_eq!(succ("a"), "b");
        assert_eq!(succ("az"), "ba");
        assert_eq!(succ("zz"), "aaa");
        assert_eq!(succ("Zz"), "AAa");
        assert_eq!(succ("a9"), "b0");
        assert_eq!(succ("9"), "10");
    }

    #[test]
    fn ranges_expand_to_the_last_or_stop_at_its_length() {
        let r = |a: &str, b: &str| StrRange { first: a.into(), last: b.into(), exclusive: false };
        assert_eq!(r("a", "e").expand(100).unwrap().join(""), "abcde");
        assert_eq!(r("A", "Z").expand(100).unwrap().len(), 26);
        // Ruby 3.1's answers.
        assert_eq!(r("y", "ab").expand(100).unwrap().len(), 0);
        assert_eq!(r("az", "bc").expand(100).unwrap(), ["az", "ba", "bb", "bc"]);
        assert_eq!(r("9", "11").expand(100).unwrap(), ["9", "10", "11"]);
        assert_eq!(r("01", "03").expand(100).unwrap(), ["01", "02", "03"]);
        assert_eq!(r("Z", "a").expand(100).unwrap().join(""), "Z[\\]^_`a");
        assert_eq!(r("b", "a").expand(100).unwrap().len(), 0);
        assert!(r("a", "zzzz").expand(10).is_none());
        let excl = StrRange { first: "a".into(), last: "c".into(), exclusive: true };
        assert_eq!(excl.expand(100).unwrap(), ["a", "b"]);
    }
}
