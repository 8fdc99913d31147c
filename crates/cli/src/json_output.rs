//! `--format json` for runs: one JSON object a line, for tools and editors.
//! A `log` line for each event (level, message, source, file, line, column)
//! as it happens, then one `state` line with what the run left defined.
//! Sensitive values are never written in clear.

use std::io::Write;

use confer_core::Value;
use confer_puppet::log::{Level, LogEvent, Logger, Note};
use serde_json::{json, Map};

/// Puppet's name of a level (`err`, not `Error`), as in its reports.
fn level_name(level: Level) -> &'static str {
    match level {
        Level::Debug => "debug",
        Level::Info => "info",
        Level::Notice => "notice",
        Level::Warning => "warning",
        Level::Err => "err",
        Level::Alert => "alert",
        Level::Emerg => "emerg",
        Level::Crit => "crit",
    }
}

/// Writes one JSON line on standard output.
pub fn emit(line: &serde_json::Value) {
    let _ = writeln!(std::io::stdout().lock(), "{line}");
}

/// A `log` line.
#[allow(clippy::too_many_arguments)]
pub fn log_line(
    level: &str,
    message: &str,
    source: &str,
    file: Option<&str>,
    line: Option<usize>,
    column: Option<usize>,
    notes: &[String],
) -> serde_json::Value {
    let mut object = json!({
        "type": "log",
        "level": level,
        "message": message,
        "source": source,
        "file": file,
        "line": line,
        "column": column,
    });
    if !notes.is_empty() {
        object["notes"] = json!(notes);
    }
    object
}

/// The sentences of Puppet notes.
fn note_texts(notes: &[Note]) -> Vec<String> {
    notes.iter().map(|n| n.text.clone()).collect()
}

/// `line` with the name a note suggests, if one does, as its `suggestion`
/// field.
fn with_suggestion(mut line: serde_json::Value, notes: &[Note]) -> serde_json::Value {
    if let Some(name) = notes.iter().find_map(|n| n.suggestion.as_deref()) {
        line["suggestion"] = json!(name);
    }
    line
}

/// Logs Puppet events as JSON lines, from `min_level` up.
pub struct JsonLog {
    /// The least severe level written.
    pub min_level: Level,
}

impl Logger for JsonLog {
    fn log(&mut self, event: LogEvent) {
        if event.level < self.min_level {
            return;
        }
        let source = event.scope.as_ref().map_or_else(|| "Puppet".to_string(), |s| format!("Scope({s})"));
        let at = event.location.as_ref();
        emit(&with_suggestion(
            log_line(
                level_name(event.level),
                &event.message,
                &source,
                at.map(|l| &*l.file),
                at.map(|l| l.line),
                at.map(|l| l.column),
                &note_texts(&event.notes),
            ),
            &event.notes,
        ));
    }
}

/// An error that ended a Puppet run, as a `log` line of level `err`; the
/// message is Puppet's without the location, which has fields of its own,
/// and `diagnostic` is the error as `--error-format json` prints it (its
/// `code`, `headline`, spans), so that errors have one JSON shape.
pub fn puppet_error(e: &confer_puppet::error::PuppetError) {
    let unlocated = confer_puppet::error::PuppetError { location: None, ..e.clone() };
    let at = e.location.as_ref();
    let mut line = with_suggestion(
        log_line(
            "err",
            &unlocated.to_string(),
            "Puppet",
            at.map(|l| &*l.file),
            at.map(|l| l.line),
            at.map(|l| l.column),
            &note_texts(&e.notes),
        ),
        &e.notes,
    );
    line["diagnostic"] = confer_diagnostic::render::json(&e.to_diagnostic(""));
    emit(&line);
}

/// A Puppet value as JSON: data as it is, a Sensitive value redacted, other
/// rich values (types, regexps, timestamps…) as their string form.
pub fn value(v: &Value) -> serde_json::Value {
    match v {
        Value::Undef => serde_json::Value::Null,
        Value::Boolean(b) => json!(b),
        Value::Integer(i) => json!(i),
        Value::Float(f) if f.is_finite() => json!(f),
        Value::String(s) => json!(&**s),
        Value::Array(items) => items.iter().map(value).collect(),
        Value::Hash(map) => {
            let object: Map<String, serde_json::Value> =
                map.iter().map(|(k, item)| (confer_core::value::to_s(k), value(item))).collect();
            serde_json::Value::Object(object)
        }
        Value::Sensitive(_) => json!("Sensitive [value redacted]"),
        other => json!(confer_core::value::to_s(other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sensitive_values_stay_redacted_and_data_stays_data() {
        let secret = Value::Sensitive(std::sync::Arc::new(Value::from("hunter2")));
        let v = Value::array(vec![Value::Integer(1), Value::Undef, secret]);
        assert_eq!(value(&v).to_string(), r#"[1,null,"Sensitive [value redacted]"]"#);
    }
}
