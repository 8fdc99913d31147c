//! `scanf(data, format)`: Ruby's `String#scanf`, which Puppet's function
//! calls: each directive (`%d`, `%i`, `%x`, `%o`, `%f`, `%s`, `%c`, `%[set]`,
//! with an optional width and `*` to skip) converts the next piece of the
//! input; scanning stops at the first one that does not match.

use confer_core::value::to_s;
use confer_core::Value;

use super::{Builtin, Call};
use crate::eval::flow::{fail, EvalResult};

/// `scanf`.
pub(crate) const FUNCTIONS: &[Builtin] =
    &[Builtin::new("scanf", &["String data, String format, &Callable block?"], scanf)];

fn scanf(call: &mut Call<'_, '_>) -> EvalResult {
    let data = to_s(&call.args[0]);
    let format = to_s(&call.args[1]);
    let values = scan(&data, &format).map_err(|m| fail(call.span, m))?;
    let result = Value::array(values);
    match call.lambda.take() {
        Some(closure) => call.host.call_lambda(&closure, vec![result], call.span),
        None => Ok(result),
    }
}

/// Scans `input` by `format`; an error only for a malformed format.
pub(crate) fn scan(input: &str, format: &str) -> Result<Vec<Value>, String> {
    let input: Vec<char> = input.chars().collect();
    let fmt: Vec<char> = format.chars().collect();
    let (mut i, mut f) = (0usize, 0usize);
    let mut out = Vec::new();
    let skip_ws = |i: &mut usize| {
        while *i < input.len() && input[*i].is_whitespace() {
            *i += 1;
        }
    };
    while f < fmt.len() {
        let c = fmt[f];
        if c.is_whitespace() {
            skip_ws(&mut i);
            f += 1;
            continue;
        }
        if c != '%' || fmt.get(f + 1) == Some(&'%') {
            let want = if c == '%' { '%' } else { c };
            if input.get(i) != Some(&want) {
                return Ok(out);
            }
            i += 1;
            f += if c == '%' { 2 } else { 1 };
            continue;
        }
        f += 1;
        let suppress = fmt.get(f) == Some(&'*');
        if suppress {
            f += 1;
        }
        let mut width = 0usize;
        while let Some(d) = fmt.get(f).and_then(|c| c.to_digit(10)) {
            width = width * 10 + d as usize;
            f += 1;
        }
        let Some(&conv) = fmt.get(f) else {
            return Err(format!("malformed format string - %{}", fmt[f - 1]));
        };
        f += 1;
        let limit = |start: usize| if width == 0 { input.len() } else { (start + width).min(input.len()) };
        let value = match conv {
            'd' | 'u' | 'i' | 'x' | 'X' | 'o' => {
                skip_ws(&mut i);
                let end = limit(i);
                let mut j = i;
                let negative = j < end && input[j] == '-';
                if j < end && (input[j] == '-' || input[j] == '+') {
                    j += 1;
                }
                let mut radix = match conv {
                    'x' | 'X' => 16,
                    'o' => 8,
                    _ => 10,
                };
                if conv == 'i' && j < end && input[j] == '0' {
                    if j + 1 < end && matches!(input[j + 1], 'x' | 'X') {
                        radix = 16;
                        j += 2;
                    } else {
                        radix = 8;
                    }
                } else if radix == 16 && j + 1 < end && input[j] == '0' && matches!(input[j + 1], 'x' | 'X') {
                    j += 2;
                }
                let digits_start = j;
                while j < end && input[j].is_digit(radix) {
                    j += 1;
                }
                if j == digits_start {
                    return Ok(out);
                }
                let digits: String = input[digits_start..j].iter().collect();
                i = j;
                let n = i64::from_str_radix(&digits, radix).map_err(|e| e.to_string())?;
                Value::Integer(if negative { -n } else { n })
            }
            'f' | 'e' | 'E' | 'g' | 'G' | 'a' | 'A' => {
                skip_ws(&mut i);
                let end = limit(i);
                let mut j = i;
                if j < end && matches!(input[j], '-' | '+') {
                    j += 1;
                }
                let mut best = None;
                while j < end && (input[j].is_ascii_digit() || matches!(input[j], '.' | 'e' | 'E' | '-' | '+')) {
                    j += 1;
                    let s: String = input[i..j].iter().collect();
                    if let Ok(v) = s.parse::<f64>() {
                        best = Some((j, v));
                    }
                }
                let Some((j, v)) = best else { return Ok(out) };
                i = j;
                Value::Float(v)
            }
            's' => {
                skip_ws(&mut i);
                let end = limit(i);
                let start = i;
                while i < end && !input[i].is_whitespace() {
                    i += 1;
                }
                if i == start {
                    return Ok(out);
                }
                Value::from(input[start..i].iter().collect::<String>())
            }
            'c' => {
                let n = width.max(1);
                if i + n > input.len() {
                    return Ok(out);
                }
                let s: String = input[i..i + n].iter().collect();
                i += n;
                Value::from(s)
            }
            '[' => {
                let negate = fmt.get(f) == Some(&'^');
                if negate {
                    f += 1;
                }
                let mut set = Vec::new();
                if fmt.get(f) == Some(&']') {
                    set.push(']');
                    f += 1;
                }
                while let Some(&c) = fmt.get(f) {
                    f += 1;
                    if c == ']' {
                        break;
                    }
                    set.push(c);
                }
                let in_set = |c: char| {
                    let mut k = 0;
                    let mut found = false;
                    while k < set.len() {
                        if k + 2 < set.len() && set[k + 1] == '-' {
                            found |= (set[k]..=set[k + 2]).contains(&c);
                            k += 3;
                        } else {
                            found |= set[k] == c;
                            k += 1;
                        }
                    }
                    found != negate
                };
                let end = limit(i);
                let start = i;
                while i < end && in_set(input[i]) {
                    i += 1;
                }
                if i == start {
                    return Ok(out);
                }
                Value::from(input[start..i].iter().collect::<String>())
            }
            other => return Err(format!("malformed format string - %{other}")),
        };
        if !suppress {
            out.push(value);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scans_like_ruby() {
        assert_eq!(
            scan("42 abc 1.5", "%d %s %f").unwrap(),
            vec![Value::Integer(42), Value::from("abc"), Value::Float(1.5)]
        );
        assert_eq!(scan("x42", "%d").unwrap(), Vec::<Value>::new());
        assert_eq!(scan("0x1f", "%i").unwrap(), vec![Value::Integer(31)]);
        assert_eq!(scan("abc123", "%[a-z]%d").unwrap(), vec![Value::from("abc"), Value::Integer(123)]);
    }
}
