//! Ruby's character-set string methods: `tr`, `delete`, `count` and
//! `squeeze` take sets written like `'a-z'`, `'^0-9'` (negated), with `\\`
//! escaping `-` and `^`.

use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::value::RValue;

/// A character set as those methods read it.
struct CharSet {
    chars: Vec<char>,
    negated: bool,
}

impl CharSet {
    fn parse(spec: &str) -> CharSet {
        let raw: Vec<char> = spec.chars().collect();
        let negated = raw.len() > 1 && raw[0] == '^';
        let mut chars = Vec::new();
        let mut i = usize::from(negated);
        while i < raw.len() {
            let c = if raw[i] == '\\' && i + 1 < raw.len() {
                i += 1;
                raw[i]
            } else {
                raw[i]
            };
            if i + 2 < raw.len() && raw[i + 1] == '-' {
                let end = raw[i + 2];
                if c <= end {
                    chars.extend(c..=end);
                }
                i += 3;
            } else {
                chars.push(c);
                i += 1;
            }
        }
        CharSet { chars, negated }
    }

    fn contains(&self, c: char) -> bool {
        self.chars.contains(&c) != self.negated
    }
}

fn spec(args: &[RValue], i: usize, name: &str, at: usize) -> Ev<String> {
    match args.get(i) {
        Some(RValue::Str(s)) => Ok(s.to_string()),
        Some(other) => crate::flow::no_implicit(other, "String", at),
        None => err(RubyErrorKind::Argument(format!("wrong number of arguments calling `{name}'")), at),
    }
}

/// `text.name(args)` for `tr`, `delete`, `count` and `squeeze`.
pub(crate) fn string_method(text: &str, name: &str, args: &[RValue], at: usize) -> Ev {
    match name {
        "tr" => {
            let from = CharSet::parse(&spec(args, 0, name, at)?);
            let to: Vec<char> = CharSet::parse(&spec(args, 1, name, at)?).chars;
            let out: String = text
                .chars()
                .filter_map(|c| {
                    if !from.contains(c) {
                        return Some(c);
                    }
                    if from.negated {
                        return to.last().copied();
                    }
                    let i = from.chars.iter().position(|f| *f == c).unwrap_or(0);
                    to.get(i).or(to.last()).copied()
                })
                .collect();
            Ok(RValue::str(out))
        }
        "delete" => {
            let set = CharSet::parse(&spec(args, 0, name, at)?);
            Ok(RValue::str(text.chars().filter(|c| !set.contains(*c)).collect::<String>()))
        }
        "count" => {
            let set = CharSet::parse(&spec(args, 0, name, at)?);
            Ok(RValue::Int(text.chars().filter(|c| set.contains(*c)).count() as i64))
        }
        _ => {
            let set = args.first().map(|a| CharSet::parse(&a.to_s()));
            let mut out = String::with_capacity(text.len());
            let mut last = None;
            for c in text.chars() {
                let squeezable = set.as_ref().is_none_or(|s| s.contains(c));
                if !(squeezable && last == Some(c)) {
                    out.push(c);
                }
                last = Some(c);
            }
            Ok(RValue::str(out))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(name: &str, text: &str, args: &[&str]) -> String {
        let args: Vec<RValue> = args.iter().map(RValue::str).collect();
        match string_method(text, name, &args, 0) {
            Ok(v) => v.to_s(),
            Err(_) => panic!("{name} failed"),
        }
    }

    #[test]
    fn character_sets_work_as_in_ruby() {
        assert_eq!(s("tr", "hello", &["el", "ip"]), "hippo");
        assert_eq!(s("tr", "hello", &["a-y", "b-z"]), "ifmmp");
        assert_eq!(s("tr", "hello", &["^l", "*"]), "**ll*");
        assert_eq!(s("tr", "C:\\a", &["\\\\", "/"]), "C:/a");
        assert_eq!(s("delete", "hello", &["l"]), "heo");
        assert_eq!(s("count", "a.b.c", &["."]), "2");
        assert_eq!(s("squeeze", "aaabbb  c", &[]), "ab c");
        assert_eq!(s("squeeze", "aaabbb  c", &[" "]), "aaabbb c");
    }
}
