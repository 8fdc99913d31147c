//! Every row Ruby recorded in `tests/ruby_compat/` (by
//! `scripts/regen-ruby-compat-goldens.rb`), checked against this module;
//! no Ruby is needed to run them.

use super::*;
use crate::Value;

/// The rows of a golden file: its lines but the `#` comments, split at tabs.
fn rows(name: &str) -> Vec<Vec<String>> {
    let path = format!("{}/../../tests/ruby_compat/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines().filter(|l| !l.starts_with('#')).map(|l| l.split('\t').map(str::to_string).collect()).collect()
}

fn unhex(hex: &str) -> Vec<u8> {
    (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex digits")).collect()
}

fn text(hex: &str) -> String {
    String::from_utf8(unhex(hex)).expect("UTF-8 input")
}

/// Inputs where confer knows it differs from Ruby 3.1, each with why
/// (docs/deviations.md); the test fails if one starts to agree.
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[
    // U+1FAF0, assigned in Unicode 14: Ruby 3.1 (Unicode 13) escapes it,
    // the regex crate's tables print it.
    ("string_inspect.tsv", "f09fabb0"),
];

/// Compares every row with `check`, which gives confer's answer and
/// Ruby's; fails once, listing every row that differs.
fn compare(name: &str, check: impl Fn(&[String]) -> (String, String)) {
    let mut failures = Vec::new();
    let all = rows(name);
    assert!(!all.is_empty(), "{name} has no rows");
    for row in &all {
        let (got, want) = check(row);
        let known = KNOWN_DIFFERENCES.iter().any(|(file, input)| *file == name && *input == row[0]);
        if (got == want) == known {
            failures.push(format!(
                "{}: confer {got:?}, Ruby {want:?}{}",
                row[0],
                if known { " (listed as differing)" } else { "" }
            ));
        }
    }
    assert!(failures.is_empty(), "{name}:\n{}", failures.join("\n"));
}

#[test]
fn string_inspect() {
    compare("string_inspect.tsv", |row| (inspect_str(&text(&row[0])), row[1].clone()));
}

#[test]
fn binary_inspect() {
    compare("binary_inspect.tsv", |row| (inspect_binary(&unhex(&row[0])), row[1].clone()));
}

#[test]
fn float_to_s_() {
    compare("float_to_s.tsv", |row| (float_to_s(row[0].parse().expect("a float")), row[1].clone()));
}

/// A JSON document as the Puppet value Ruby's `JSON.parse` gives.
fn from_json(v: &serde_json::Value) -> Value {
    match v {
        serde_json::Value::Null => Value::Undef,
        serde_json::Value::Bool(b) => Value::Boolean(*b),
        serde_json::Value::Number(n) => {
            n.as_i64().map_or_else(|| Value::Float(n.as_f64().unwrap_or(f64::NAN)), Value::Integer)
        }
        serde_json::Value::String(s) => Value::from(s.as_str()),
        serde_json::Value::Array(items) => Value::array(items.iter().map(from_json).collect()),
        serde_json::Value::Object(map) => {
            Value::hash(map.iter().map(|(k, v)| (Value::from(k.as_str()), from_json(v))).collect())
        }
    }
}

#[test]
fn value_inspect_and_to_s() {
    let value = |row: &[String]| from_json(&serde_json::from_str(&row[0]).expect("JSON input"));
    compare("value_inspect.tsv", |row| (inspect(&value(row)), row[1].clone()));
    compare("value_inspect.tsv", |row| (to_s(&value(row)), row.get(2).cloned().unwrap_or_default()));
}

/// A Psych answer in the golden's two columns.
fn class_and_value(text: &str) -> (String, String) {
    let (class, value) = match tokenize(text) {
        PlainScalar::Null => ("NilClass", "nil".to_string()),
        PlainScalar::Boolean(b) => (if b { "TrueClass" } else { "FalseClass" }, b.to_string()),
        PlainScalar::Integer(n) => ("Integer", n.to_string()),
        PlainScalar::BigInteger => ("Integer", "(past 64 bits)".to_string()),
        PlainScalar::Float(f) => ("Float", float_to_s(f)),
        PlainScalar::Symbol(name) => ("Symbol", inspect_str(name)),
        PlainScalar::Date => ("Date", "(a date)".to_string()),
        PlainScalar::Time => ("Time", "(a time)".to_string()),
        PlainScalar::String => ("String", inspect_str(text)),
        PlainScalar::Unconvertible(message) => ("error", message),
    };
    (class.to_string(), value)
}

#[test]
fn psych_scalar() {
    compare("psych_scalar.tsv", |row| {
        let (class, value) = class_and_value(&text(&row[0]));
        let (want_class, want_value) = (row[1].as_str(), row[2].as_str());
        // What the readers need of an Integer past 64 bits, a Date or a
        // Time is that it is one; of an error, its message.
        let want_value = match want_class {
            "Integer" if want_value.parse::<i64>().is_err() => "(past 64 bits)",
            "Date" => "(a date)",
            "Time" => "(a time)",
            _ => want_value,
        };
        let want_class = if want_class.ends_with("Error") { "error" } else { want_class };
        (format!("{class} {value}"), format!("{want_class} {want_value}"))
    });
}
