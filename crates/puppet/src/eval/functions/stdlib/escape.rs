//! stdlib's quoting for other interpreters: `batch_escape` (cmd.exe),
//! `powershell_escape`, and `shell_split` (Ruby's `Shellwords.shellsplit`,
//! the inverse of `shell_join`).

use confer_core::value::to_s;
use confer_core::Value;

use super::ruby::inspect;
use crate::eval::flow::{fail, EvalResult};
use crate::eval::functions::{Builtin, Call};

/// The escaping functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::new("batch_escape", &["Any string"], |call| Ok(Value::from(batch_escape(&to_s(&call.args[0]))))),
    Builtin::new("powershell_escape", &["Any string"], |call| Ok(Value::from(powershell_escape(&to_s(&call.args[0]))))),
    Builtin::legacy("shell_split", -1, shell_split),
];

/// A string quoted for cmd.exe: `"` doubled, `$` and `\` escaped, the whole
/// in double quotes.
fn batch_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\"\""),
            '$' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A string escaped for PowerShell with backticks.
fn powershell_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            ' ' | '\'' | '`' | '|' | '\n' | '$' => {
                out.push('`');
                out.push(c);
            }
            '"' => out.push_str("\\`\""),
            _ => out.push(c),
        }
    }
    out
}

/// `shell_split(string)`.
fn shell_split(call: &mut Call<'_, '_>) -> EvalResult {
    if call.args.len() != 1 {
        return Err(fail(
            call.span,
            format!("shell_split(): Wrong number of arguments given ({} for 1)", call.args.len()),
        ));
    }
    let line = to_s(&call.args[0]);
    match shellsplit(&line) {
        Some(words) => Ok(Value::array(words.into_iter().map(Value::from).collect())),
        None => Err(fail(call.span, format!("Unmatched quote: {}", inspect(&Value::from(line.as_str()))))),
    }
}

/// Ruby's whitespace for `\s`.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r')
}

/// `Shellwords.shellsplit`: words split as the Bourne shell splits them
/// (quotes and backslashes), or `None` for an unmatched quote.
fn shellsplit(line: &str) -> Option<Vec<String>> {
    let chars: Vec<char> = line.chars().collect();
    let mut words = Vec::new();
    let mut field = String::new();
    let mut i = 0;
    loop {
        while i < chars.len() && is_space(chars[i]) {
            i += 1;
        }
        if i >= chars.len() {
            break;
        }
        match chars[i] {
            '\'' => {
                let end = chars[i + 1..].iter().position(|&c| c == '\'')? + i + 1;
                field.extend(&chars[i + 1..end]);
                i = end + 1;
            }
            '"' => {
                let mut j = i + 1;
                loop {
                    match chars.get(j) {
                        None => return None,
                        Some('"') => break,
                        Some('\\') if j + 1 < chars.len() => {
                            if !matches!(chars[j + 1], '$' | '`' | '"' | '\\' | '\n') {
                                field.push('\\');
                            }
                            field.push(chars[j + 1]);
                            j += 2;
                        }
                        Some('\\') => return None,
                        Some(&c) => {
                            field.push(c);
                            j += 1;
                        }
                    }
                }
                i = j + 1;
            }
            '\\' => {
                if let Some(&c) = chars.get(i + 1) {
                    field.push(c);
                    i += 2;
                } else {
                    field.push('\\');
                    i += 1;
                }
            }
            _ => {
                while i < chars.len() && !is_space(chars[i]) && !matches!(chars[i], '\\' | '\'' | '"') {
                    field.push(chars[i]);
                    i += 1;
                }
            }
        }
        // A word ends at white space or the end of the line; otherwise the
        // next piece joins it (`a"b"c` is one word).
        if i >= chars.len() || is_space(chars[i]) {
            words.push(std::mem::take(&mut field));
            if i < chars.len() {
                i += 1;
            }
        }
    }
    Some(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_as_the_shell_does() {
        assert_eq!(shellsplit(r#"a 'b c' "d \"e\" \x" f\ g"#).unwrap(), ["a", "b c", "d \"e\" \\x", "f g"]);
        assert_eq!(shellsplit("a\"b\"c  d").unwrap(), ["abc", "d"]);
        assert!(shellsplit("a 'b").is_none());
    }
}
