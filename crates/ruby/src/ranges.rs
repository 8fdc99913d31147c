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
    /// The strings of the range, as `to_a` lists them: from `first`, each
    /// the `succ` of the one before, up to `last`, never longer than it
    /// (Ruby stops there); `None` past `limit` strings.
    pub fn expand(&self, limit: usize) -> Option<Vec<String>> {
        let mut out = Vec::new();
        if self.first.chars().count() > self.last.chars().count() || self.first > self.last && self.first.len() == self.last.len() {
            return Some(out);
        }
        let mut s = self.first.clone();
        loop {
            if s == self.last {
                if !self.exclusive {
                    out.push(s);
                }
                return Some(out);
            }
            if s.chars().count() > self.last.chars().count() || out.len() >= limit {
                return if out.len() >= limit { None } else { Some(out) };
            }
            let next = succ(&s);
            out.push(std::mem::replace(&mut s, next));
        }
    }

    /// Ruby's `inspect`: `"a".."z"`.
    pub fn inspect(&self) -> String {
        let dots = if self.exclusive { "..." } else { ".." };
        format!(
            "{}{dots}{}",
            crate::value::inspect_str(&self.first),
            crate::value::inspect_str(&self.last)
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
        assert_eq!(r("y", "ab").expand(100).unwrap(), ["y", "z", "aa", "ab"]);
        assert_eq!(r("b", "a").expand(100).unwrap().len(), 0);
        assert!(r("a", "zzzz").expand(10).is_none());
    }
}
