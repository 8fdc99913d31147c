//! A Puppet value as Ruby shows the Ruby object Puppet makes of it:
//! `inspect` (`%p`, error messages, `lookup --explain`) and `to_s` (`%s`,
//! Hiera's interpolation, `--render-as s`). Arrays and Hashes are Ruby's
//! `[1, "a"]` and `{"k"=>nil}` in both, strings are quoted only by
//! `inspect`. Puppet values with no Ruby data form (a Type, a Regexp, a
//! Binary) print as Puppet prints them, except the few Ruby shows its own
//! way below. The one copy; `tests/ruby_compat/value_inspect.tsv` holds
//! Ruby's output for data.

use super::{float_to_s, inspect_str};
use crate::Value;

/// Ruby's `inspect` of the Ruby value a Puppet value becomes.
pub fn inspect(v: &Value) -> String {
    match v {
        Value::Undef => "nil".into(),
        Value::String(s) => inspect_str(s),
        Value::Float(f) => float_to_s(*f),
        Value::Sensitive(_) => "#<Sensitive [value redacted]>".into(),
        // Puppet's 3.x function API hands these to Ruby as strings.
        Value::Timestamp(_) | Value::SemVerRange(_) => inspect_str(&crate::value::to_s(v)),
        Value::Array(items) => format!("[{}]", items.iter().map(inspect).collect::<Vec<_>>().join(", ")),
        Value::Hash(map) => format!(
            "{{{}}}",
            map.iter().map(|(k, v)| format!("{}=>{}", inspect(k), inspect(v))).collect::<Vec<_>>().join(", ")
        ),
        other => crate::value::to_s(other),
    }
}

/// Ruby's `to_s`: [`inspect`], except that a string is its text and `nil`
/// empty.
pub fn to_s(v: &Value) -> String {
    match v {
        Value::String(s) => s.to_string(),
        Value::Undef => String::new(),
        Value::Sensitive(_) | Value::Timestamp(_) | Value::SemVerRange(_) => crate::value::to_s(v),
        other => inspect(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn containers_inspect_their_parts_and_to_s_keeps_a_string_bare() {
        let h: crate::HashMap =
            [(Value::from("a"), Value::array(vec![Value::Integer(1), Value::Undef]))].into_iter().collect();
        assert_eq!(to_s(&Value::hash(h)), "{\"a\"=>[1, nil]}");
        assert_eq!(to_s(&Value::from("a\u{1}")), "a\u{1}");
        assert_eq!(inspect(&Value::from("a\u{1}")), "\"a\\u0001\"");
        assert_eq!(inspect(&Value::Float(2.0)), "2.0");
    }
}
