//! `String#split` as Ruby's `rb_str_split_m` does it: the whitespace
//! ("awk") split, a literal separator, the empty separator (characters) and a
//! Regexp with its groups, and the limit (positive: at most that many
//! fields, the last the rest; negative: trailing empty fields kept; none or
//! zero: dropped).

use confer_core::Regexp;

use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};

/// How the string is cut.
pub(crate) enum Separator<'a> {
    /// No pattern, or `" "`: runs of ASCII whitespace, leading ones ignored.
    Whitespace,
    /// A String: each occurrence; the empty String cuts every character.
    Literal(&'a str),
    /// A Regexp: each match, whose groups join the fields.
    Pattern(&'a Regexp),
}

/// The fields of `text` cut at `sep`, at most `limit` of them when positive.
pub(crate) fn split(text: &str, sep: Separator<'_>, limit: i64, at: usize) -> Ev<Vec<String>> {
    if limit == 1 {
        return Ok(if text.is_empty() { vec![] } else { vec![text.to_string()] });
    }
    // Ruby counts fields from 1 against a positive limit.
    let bounded = limit > 1;
    let mut fields = 1i64;
    let full = |fields: i64| bounded && limit <= fields;
    let mut out: Vec<String> = Vec::new();
    let mut beg = 0usize;
    match sep {
        Separator::Whitespace => {
            let mut skip = true;
            let mut end = 0usize;
            for (i, c) in text.char_indices() {
                let next = i + c.len_utf8();
                let space = c.is_ascii_whitespace();
                if skip {
                    if space {
                        beg = next;
                    } else {
                        end = next;
                        skip = false;
                        if full(fields) {
                            break;
                        }
                    }
                } else if space {
                    out.push(text[beg..end].to_string());
                    skip = true;
                    beg = next;
                    fields += 1;
                } else {
                    end = next;
                }
            }
        }
        Separator::Literal("") => {
            for (i, c) in text.char_indices() {
                out.push(c.to_string());
                beg = i + c.len_utf8();
                fields += 1;
                if full(fields) {
                    break;
                }
            }
        }
        Separator::Literal(s) => {
            while let Some(i) = text[beg..].find(s) {
                out.push(text[beg..beg + i].to_string());
                beg += i + s.len();
                fields += 1;
                if full(fields) {
                    break;
                }
            }
        }
        Separator::Pattern(re) => {
            let matches = re.matches(text, usize::MAX).or_else(|e| err(RubyErrorKind::Syntax(e.to_string()), at))?;
            for groups in matches {
                let Some(whole) = groups.first().cloned().flatten() else { continue };
                if whole.is_empty() {
                    // An empty match cuts off the characters since the last
                    // cut, none at the place of the last cut itself.
                    if whole.start == beg {
                        continue;
                    }
                    out.push(text[beg..whole.start].to_string());
                    beg = whole.start;
                } else {
                    out.push(text[beg..whole.start].to_string());
                    beg = whole.end;
                }
                out.extend(groups.iter().skip(1).flatten().map(|g| text[g.clone()].to_string()));
                fields += 1;
                if full(fields) {
                    break;
                }
            }
        }
    }
    if !text.is_empty() && (bounded || limit < 0 || text.len() > beg) {
        out.push(text[beg..].to_string());
    }
    if limit == 0 {
        while out.last().is_some_and(String::is_empty) {
            out.pop();
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(text: &str, sep: Separator<'_>, limit: i64) -> Vec<String> {
        split(text, sep, limit, 0).unwrap_or_else(|_| panic!("split failed"))
    }

    // Each answer is what Ruby 3.1 printed for the same call.
    #[test]
    fn splits_as_ruby_does() {
        let empty = Regexp::new("").unwrap();
        let comma = Regexp::new(",").unwrap();
        let digit = Regexp::new(r"(\d)").unwrap();
        let xs = Regexp::new("x*").unwrap();
        let optional_b = Regexp::new("(b)?").unwrap();
        assert_eq!(cut("abc", Separator::Pattern(&empty), -1), ["a", "b", "c", ""]);
        assert_eq!(cut("abc", Separator::Pattern(&empty), 0), ["a", "b", "c"]);
        assert_eq!(cut("a,b,,", Separator::Pattern(&comma), -1), ["a", "b", "", ""]);
        assert_eq!(cut("a1b2c", Separator::Pattern(&digit), 0), ["a", "1", "b", "2", "c"]);
        assert_eq!(cut(" a  b c ", Separator::Whitespace, 2), ["a", "b c "]);
        assert_eq!(cut(" a b ", Separator::Whitespace, -1), ["a", "b", ""]);
        assert_eq!(cut("aXbXc", Separator::Literal("X"), 2), ["a", "bXc"]);
        assert!(cut("", Separator::Literal(","), 0).is_empty());
        assert_eq!(cut("abc", Separator::Literal(""), 2), ["a", "bc"]);
        assert_eq!(cut("a,b", Separator::Pattern(&xs), 0), ["a", ",", "b"]);
        assert_eq!(cut("0.1.168.192.in-addr.arpa", Separator::Literal("."), 4), ["0", "1", "168", "192.in-addr.arpa"]);
        assert_eq!(cut("abc", Separator::Pattern(&optional_b), 0), ["a", "b", "c"]);
    }
}
