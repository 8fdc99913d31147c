//! Values as Ruby shows them: `to_s` when interpolated into a string,
//! `inspect` in explanations. Puppet's Hiera runs on Ruby objects, so these
//! are what users see.

use confer_core::Value;

/// Ruby's `Float#to_s`: shortest round-trip digits, always with a point,
/// exponent form outside 1e-4..1e16.
pub fn float_to_s(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "Infinity".into() } else { "-Infinity".into() };
    }
    let abs = f.abs();
    if abs != 0.0 && !(1e-4..1e16).contains(&abs) {
        let s = format!("{f:e}");
        let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
        let mantissa = if mantissa.contains('.') { mantissa.to_string() } else { format!("{mantissa}.0") };
        let exp: i32 = exp.parse().unwrap_or(0);
        return format!("{mantissa}e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs());
    }
    let s = format!("{f}");
    if s.contains('.') {
        s
    } else {
        format!("{s}.0")
    }
}

fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '#' => out.push('#'),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\x{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Ruby's `inspect`.
pub fn inspect(v: &Value) -> String {
    match v {
        Value::Undef => "nil".into(),
        Value::String(s) => quote(s),
        Value::Float(f) => float_to_s(*f),
        Value::Array(a) => format!("[{}]", a.iter().map(inspect).collect::<Vec<_>>().join(", ")),
        Value::Hash(h) => {
            format!(
                "{{{}}}",
                h.iter().map(|(k, v)| format!("{}=>{}", inspect(k), inspect(v))).collect::<Vec<_>>().join(", ")
            )
        }
        other => confer_core::value::to_s(other),
    }
}

/// Ruby's `to_s`, as string interpolation uses it.
pub fn to_s(v: &Value) -> String {
    match v {
        Value::Undef => String::new(),
        Value::String(s) => s.to_string(),
        Value::Float(f) => float_to_s(*f),
        Value::Array(_) | Value::Hash(_) => inspect(v),
        other => confer_core::value::to_s(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_as_ruby_shows_them() {
        assert_eq!(float_to_s(0.75), "0.75");
        assert_eq!(float_to_s(2.0), "2.0");
        assert_eq!(float_to_s(1e20), "1.0e+20");
        let h: confer_core::HashMap =
            [(Value::from("a"), Value::array(vec![Value::Integer(1), Value::Undef]))].into_iter().collect();
        assert_eq!(to_s(&Value::hash(h)), "{\"a\"=>[1, nil]}");
    }
}
