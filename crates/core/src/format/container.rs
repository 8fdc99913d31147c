//! Arrays and hashes in the String format language: delimiters, separators,
//! element formats, and the alternate form `#`, which breaks nested
//! containers onto indented lines (and, with a width, breaks runs of scalars
//! longer than the width). Spec: "Array and Tuple formats", "Hash and Struct
//! formats".

use crate::value::Value;
use crate::HashMap;

use super::map::{Format, Formats};
use super::spec::{FormatError, Spec};
use super::{render, unsupported};

/// Where a container sits in the layout: its nesting level, whether it is
/// the first element of its parent, and whether an enclosing `#` format
/// asked for indentation.
#[derive(Clone, Copy, Debug)]
pub(super) struct Indentation {
    level: usize,
    first: bool,
    indenting: bool,
}

impl Indentation {
    /// The top level: nothing to indent.
    pub const TOP: Indentation = Indentation { level: 0, first: true, indenting: false };

    fn subsequent(self) -> Indentation {
        Indentation { first: false, ..self }
    }

    fn indenting(self, indenting: bool) -> Indentation {
        Indentation { indenting, ..self }
    }

    fn increase(self, indenting: bool) -> Indentation {
        Indentation { level: self.level + 1, first: true, indenting }
    }

    /// A nested, indented container starts on a line of its own.
    fn breaks(self) -> bool {
        self.indenting && self.level > 0 && !self.first
    }

    fn padding(self) -> String {
        " ".repeat(2 * self.level)
    }
}

fn is_container(v: &Value) -> bool {
    matches!(v, Value::Array(_) | Value::Hash(_))
}

/// The delimiters of a container: the flag's pair, none for the space flag,
/// or the type's default.
fn delimiters(spec: &Spec, default: (&'static str, &'static str)) -> (&'static str, &'static str) {
    match spec.delimiter {
        Some('<') => ("<", ">"),
        Some('(') => ("(", ")"),
        Some('{') => ("{", "}"),
        Some('|') => ("|", "|"),
        Some('[') => ("[", "]"),
        _ if spec.space => ("", ""),
        _ => default,
    }
}

/// Formats an element: nested containers with the map in effect, scalars
/// with the container's element formats.
fn element(v: &Value, map: &Formats, elements: &Formats, indentation: Indentation) -> Result<String, FormatError> {
    if is_container(v) {
        render(v, map, indentation)
    } else {
        render(v, elements, indentation)
    }
}

fn element_formats(format: &Format) -> Formats {
    format.elements.clone().unwrap_or_else(Formats::element_defaults)
}

/// Formats an array with its `Array` format from `map`.
pub(super) fn array(
    items: &[Value],
    format: &Format,
    map: &Formats,
    indentation: Indentation,
) -> Result<String, FormatError> {
    let spec = &format.spec;
    if !matches!(spec.letter, 'a' | 's' | 'p') {
        return Err(unsupported(spec, "Array", "asp"));
    }
    let separator = format.separator.as_deref().unwrap_or(", ");
    let elements = element_formats(format);
    let (open, close) = delimiters(spec, ("[", "]"));
    let indentation = indentation.indenting(spec.alt || indentation.indenting);
    let mut buf = String::new();
    if indentation.breaks() {
        buf.push('\n');
        buf.push_str(&indentation.padding());
    }
    buf.push_str(open);
    let children = indentation.increase(spec.alt).subsequent();
    let mapped = items.iter().map(|v| element(v, map, &elements, children)).collect::<Result<Vec<_>, _>>()?;
    let size_break = match spec.width {
        Some(width) if spec.alt => widest_scalar_run(items, &mapped) > width,
        _ => false,
    };
    let mut children = indentation.increase(spec.alt);
    for (i, (v, text)) in items.iter().zip(&mapped).enumerate() {
        if children.first {
            children = children.subsequent();
            if size_break && !is_container(v) {
                buf.push(' ');
            }
        } else {
            buf.push_str(separator);
            let after_container = spec.alt && is_container(&items[i - 1]) && !is_container(v);
            if (size_break && !is_container(v)) || after_container {
                if !buf.ends_with('\n') {
                    buf.truncate(buf.trim_end().len());
                }
                buf.push('\n');
                buf.push_str(&children.padding());
            }
        }
        if buf.ends_with(' ') && text.starts_with('\n') {
            buf.truncate(buf.trim_end().len());
        }
        buf.push_str(text);
    }
    buf.push_str(close);
    Ok(buf)
}

/// The longest total length of consecutive scalar elements.
fn widest_scalar_run(items: &[Value], mapped: &[String]) -> usize {
    let mut widest = 0;
    let mut run = 0;
    for (v, text) in items.iter().zip(mapped) {
        if is_container(v) {
            run = 0;
        } else {
            run += text.chars().count();
            widest = widest.max(run);
        }
    }
    widest
}

/// Formats a hash with its `Hash` format from `map`; `%a` formats it as an
/// array of `[key, value]` pairs with the map's `Array` format.
pub(super) fn hash(
    entries: &HashMap,
    format: &Format,
    map: &Formats,
    indentation: Indentation,
) -> Result<String, FormatError> {
    let spec = &format.spec;
    match spec.letter {
        'a' => {
            let pairs: Vec<Value> = entries.iter().map(|(k, v)| Value::array(vec![k.clone(), v.clone()])).collect();
            return render(&Value::array(pairs), map, indentation);
        }
        'h' | 's' | 'p' => {}
        _ => return Err(unsupported(spec, "Hash", "hasp")),
    }
    let mut separator = format.separator.clone().unwrap_or_else(|| ", ".into());
    if spec.alt {
        // Puppet trims the separator unless it already ends a line, then
        // always adds a line break.
        if !separator.ends_with('\n') {
            separator.truncate(separator.trim_end().len());
        }
        separator.push('\n');
    }
    let assoc = format.separator2.as_deref().unwrap_or(" => ");
    let elements = element_formats(format);
    let (open, close) = delimiters(spec, ("{", "}"));
    let indentation = indentation.indenting(spec.alt || indentation.indenting);
    let children = indentation.increase(false);
    let (line_break, padding) = if spec.alt { ("\n", children.padding()) } else { ("", String::new()) };
    let mut buf = String::new();
    if indentation.breaks() {
        buf.push('\n');
        buf.push_str(&indentation.padding());
    }
    buf.push_str(open);
    buf.push_str(line_break);
    let mut parts = Vec::with_capacity(entries.len());
    for (k, v) in entries.iter() {
        let key = element(k, map, &elements, children)?;
        let value = element(v, map, &elements, children)?;
        parts.push(format!("{padding}{key}{assoc}{value}"));
    }
    buf.push_str(&parts.join(&separator));
    if spec.alt {
        buf.push_str(line_break);
        buf.push_str(&indentation.padding());
    }
    buf.push_str(close);
    Ok(buf)
}
