//! Class expressions (`linux.!windows`, `(a|b)&c`), parsed as
//! logic_expressions.c does: `|`/`||` binds loosest, then `.`/`&`, then `!`;
//! whitespace is removed first.

use crate::data::value::MAX_SCALAR;

/// `CanonifyName`: turns any text into a class name: every byte that is not an ASCII letter or digit becomes
/// `_`; the result is cut to 4095 bytes.
pub fn canonify(s: &str) -> String {
    let mut out: String =
        s.bytes().take(MAX_SCALAR).map(|b| if b.is_ascii_alphanumeric() { b as char } else { '_' }).collect();
    out.truncate(MAX_SCALAR);
    out
}

/// A parsed class expression.
#[derive(Clone, Debug, PartialEq)]
pub enum ClassExpr {
    /// A class name (may hold `ns:` and `$(var)` parts, expanded at evaluation).
    Name(String),
    /// `!e`
    Not(Box<ClassExpr>),
    /// `a.b`, `a&b`
    And(Box<ClassExpr>, Box<ClassExpr>),
    /// `a|b`, `a||b`
    Or(Box<ClassExpr>, Box<ClassExpr>),
}

/// Parses a whole class expression; `Err(position)` when it does not parse.
pub fn parse(expr: &str) -> Result<ClassExpr, usize> {
    let condensed: Vec<u8> = expr.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    let mut depth = 0;
    let (e, pos) = parse_or(&condensed, 0, &mut depth)?;
    if pos != condensed.len() {
        return Err(pos);
    }
    Ok(e)
}

/// How deeply parentheses may nest. cf-agent has no limit; confer needs
/// one to keep its recursive parser within the stack, and sets it far above
/// what policies write (201 levels used to fail and read as false). Deeper
/// expressions do not parse: a guard is then a located syntax error.
pub const MAX_DEPTH: usize = 1000;

fn parse_or(s: &[u8], start: usize, depth: &mut usize) -> Result<(ClassExpr, usize), usize> {
    let (lhs, mut pos) = parse_and(s, start, depth)?;
    if pos >= s.len() || s[pos] != b'|' {
        return Ok((lhs, pos));
    }
    if pos + 1 < s.len() && s[pos + 1] == b'|' {
        pos += 1;
    }
    let (rhs, end) = parse_or(s, pos + 1, depth)?;
    Ok((ClassExpr::Or(Box::new(lhs), Box::new(rhs)), end))
}

fn parse_and(s: &[u8], start: usize, depth: &mut usize) -> Result<(ClassExpr, usize), usize> {
    let (lhs, pos) = parse_not(s, start, depth)?;
    if pos >= s.len() || (s[pos] != b'.' && s[pos] != b'&') {
        return Ok((lhs, pos));
    }
    let (rhs, end) = parse_and(s, pos + 1, depth)?;
    Ok((ClassExpr::And(Box::new(lhs), Box::new(rhs)), end))
}

fn parse_not(s: &[u8], start: usize, depth: &mut usize) -> Result<(ClassExpr, usize), usize> {
    if start < s.len() && s[start] == b'!' {
        let (e, pos) = parse_primary(s, start + 1, depth)?;
        return Ok((ClassExpr::Not(Box::new(e)), pos));
    }
    parse_primary(s, start, depth)
}

fn parse_primary(s: &[u8], start: usize, depth: &mut usize) -> Result<(ClassExpr, usize), usize> {
    *depth += 1;
    if *depth > MAX_DEPTH {
        return Err(start);
    }
    let r = if start < s.len() && s[start] == b'(' {
        let (e, pos) = parse_or(s, start + 1, depth)?;
        if pos < s.len() && s[pos] == b')' {
            Ok((e, pos + 1))
        } else {
            Err(pos)
        }
    } else {
        let end = name_end(s, start);
        if end == start {
            Err(start)
        } else {
            Ok((ClassExpr::Name(String::from_utf8_lossy(&s[start..end]).into_owned()), end))
        }
    };
    *depth -= 1;
    r
}

/// A name: letters, digits, `_`, `:`, `[...]`, bytes >= 0x80, and whole
/// `$(...)`/`${...}` references (dots allowed inside them).
fn name_end(s: &[u8], start: usize) -> usize {
    let mut i = start;
    while i < s.len() {
        let b = s[i];
        if b.is_ascii_alphanumeric() || b == b'_' || b == b':' || b >= 0x80 {
            i += 1;
        } else if b == b'[' {
            match s[i..].iter().position(|&c| c == b']') {
                Some(p) => i += p + 1,
                None => return i,
            }
        } else if (b == b'$' || b == b'@') && i + 1 < s.len() && matches!(s[i + 1], b'(' | b'{') {
            let open = s[i + 1];
            let close = if open == b'(' { b')' } else { b'}' };
            let mut d = 0;
            let mut j = i + 1;
            let mut found = None;
            while j < s.len() {
                if s[j] == open {
                    d += 1;
                } else if s[j] == close {
                    d -= 1;
                    if d == 0 {
                        found = Some(j);
                        break;
                    }
                }
                j += 1;
            }
            match found {
                Some(j) => i = j + 1,
                None => return i,
            }
        } else {
            break;
        }
    }
    i
}

impl ClassExpr {
    /// Evaluates with `is_set` deciding each name.
    pub fn eval(&self, is_set: &mut dyn FnMut(&str) -> bool) -> bool {
        match self {
            ClassExpr::Name(n) => is_set(n),
            ClassExpr::Not(e) => !e.eval(is_set),
            ClassExpr::And(a, b) => a.eval(is_set) && b.eval(is_set),
            ClassExpr::Or(a, b) => a.eval(is_set) || b.eval(is_set),
        }
    }
}

/// Whether two class names stand side by side with only blanks between
/// them (`CFENGINE_REGEX_WHITESPACE_IN_CONTEXTS`), which cf-agent refuses
/// rather than read as one name.
pub fn words_without_operator(expr: &str) -> bool {
    let word = |c: u8| c == b'_' || c.is_ascii_alphanumeric();
    let b = expr.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if word(b[i]) && matches!(b.get(i + 1), Some(b' ' | b'\t')) {
            let mut j = i + 1;
            while matches!(b.get(j), Some(b' ' | b'\t')) {
                j += 1;
            }
            if b.get(j).is_some_and(|&c| word(c)) {
                return true;
            }
            i = j;
            continue;
        }
        i += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn precedence() {
        let e = parse("a|b.!c").unwrap();
        let mut set = |n: &str| n == "a";
        assert!(e.eval(&mut set));
        assert!(parse("(a|b").is_err());
        assert!(parse("a..b").is_err());
        assert!(parse("any").is_ok());
        assert!(parse("a || b").is_ok());
    }

    #[test]
    fn names_side_by_side_are_found() {
        assert!(words_without_operator("cf engine"));
        assert!(words_without_operator("a . b c"));
        assert!(!words_without_operator("a . b | c"));
        assert!(!words_without_operator("any\t |\t ( cfengine | linux )"));
    }
}
