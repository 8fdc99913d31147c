//! Ruby values written as Ruby's `Object#to_yaml` writes them (Psych 4 on
//! libyaml 0.2.5, as Debian's Puppet 7 has them): for `to_yaml` and
//! `YAML.dump` in module Ruby, and stdlib's `to_yaml` on Puppet values.
//!
//! Psych decides each scalar's style itself (`Psych::Visitors::YAMLTree`:
//! strings that would read back as something else are quoted, multi-line
//! strings are literal blocks) and libyaml's emitter then lays the document
//! out, overriding a style it cannot honour. The second half is
//! `libyaml-safer`, a line-by-line port of libyaml's emitter, so only the
//! first half lives here. A container that occurs twice (the same shared
//! array or hash, as Ruby sees the same object) is anchored and aliased as
//! Psych does.

use std::collections::HashMap as StdHashMap;
use std::sync::LazyLock;

use confer_core::ruby_compat::{float_to_s, reads_back_as_string};

use crate::value::RValue;
use libyaml_safer::{Emitter, Encoding, Event, MappingStyle, ScalarStyle, SequenceStyle};
use regex::Regex;

/// Psych's dump options that Puppet code can pass.
#[derive(Debug, Clone, Copy)]
pub struct DumpOptions {
    /// Spaces per nesting level (libyaml accepts 2 to 9).
    pub indentation: i32,
    /// Where long scalars fold; `None` never folds.
    pub line_width: Option<i32>,
    /// libyaml's canonical form.
    pub canonical: bool,
}

impl DumpOptions {
    /// Sets the option `key` as Psych reads it (`indentation`, `line_width`,
    /// `canonical`), given the value's Integer (if it is one) and truth;
    /// other keys are ignored, as Psych ignores them. The error is Psych's
    /// ArgumentError message.
    pub fn set(&mut self, key: &str, integer: Option<i64>, truthy: bool) -> Result<(), String> {
        match (key, integer) {
            ("indentation", Some(n)) => self.indentation = n.clamp(0, 100) as i32,
            ("line_width", Some(-1)) => self.line_width = None,
            ("line_width", Some(n)) if n < 0 => {
                return Err(format!("Invalid line_width {n}, must be non-negative or -1 for unlimited."))
            }
            ("line_width", Some(n)) => self.line_width = Some(n.min(i64::from(i32::MAX)) as i32),
            ("canonical", _) => self.canonical = truthy,
            _ => {}
        }
        Ok(())
    }
}

impl Default for DumpOptions {
    fn default() -> Self {
        DumpOptions { indentation: 2, line_width: Some(0), canonical: false }
    }
}

/// Why a value could not be written.
#[derive(Debug)]
pub enum DumpError {
    /// A value Ruby would write as a Ruby object (`!ruby/object:…`), which
    /// confer does not imitate; the payload names its kind.
    RubyObject(&'static str),
    /// libyaml refused the event stream.
    Emitter(String),
}

/// `value.to_yaml(options)` and `YAML.dump(value, options)` in module
/// Ruby: the options Psych reads are Symbol keys (`indentation:`,
/// `line_width:`, `canonical:`); others are ignored, as Psych ignores them.
pub(crate) fn ruby_to_yaml(value: &RValue, options: Option<&RValue>, at: usize) -> crate::flow::Ev {
    use crate::error::RubyErrorKind;
    let mut opts = DumpOptions::default();
    if let Some(RValue::Hash(given)) = options {
        for (k, v) in given.snapshot() {
            let RValue::Sym(key) = &k else { continue };
            let integer = match v {
                RValue::Int(n) => Some(n),
                _ => None,
            };
            if let Err(message) = opts.set(key, integer, v.truthy()) {
                return crate::flow::err(RubyErrorKind::Argument(message), at);
            }
        }
    }
    match dump(value, opts) {
        Ok(text) => Ok(RValue::str(text)),
        Err(DumpError::RubyObject(kind)) => crate::flow::err(
            RubyErrorKind::Unsupported(format!("to_yaml of a {kind}, which Ruby writes as a Ruby object")),
            at,
        ),
        Err(DumpError::Emitter(message)) => {
            crate::flow::err(RubyErrorKind::Unsupported(format!("to_yaml: {message}")), at)
        }
    }
}

/// The YAML text of `value`, as `value.to_yaml(options)` in Ruby.
pub fn dump(value: &RValue, options: DumpOptions) -> Result<String, DumpError> {
    let anchors = Anchors::of(value);
    let mut out = Vec::new();
    {
        let mut emitter = Emitter::new();
        emitter.set_output_string(&mut out);
        emitter.set_unicode(true);
        emitter.set_indent(options.indentation);
        emitter.set_canonical(options.canonical);
        emitter.set_width(options.line_width.unwrap_or(-1));
        let mut writer = Writer { emitter, anchors, line_width: options.line_width.filter(|w| *w > 0) };
        writer.emit(Event::stream_start(Encoding::Utf8))?;
        writer.emit(Event::document_start(None, &[], false))?;
        writer.value(value, 0)?;
        writer.emit(Event::document_end(true))?;
        writer.emit(Event::stream_end())?;
        writer.emitter.flush().map_err(|e| DumpError::Emitter(e.to_string()))?;
    }
    String::from_utf8(out).map_err(|e| DumpError::Emitter(e.to_string()))
}

/// The containers that occur more than once, numbered as Psych numbers its
/// anchors: in the order their second occurrence is met.
struct Anchors {
    ids: StdHashMap<usize, usize>,
    emitted: std::collections::HashSet<usize>,
}

impl Anchors {
    fn of(value: &RValue) -> Anchors {
        let mut seen = std::collections::HashSet::new();
        let mut ids = StdHashMap::new();
        let mut stack = vec![value.clone()];
        while let Some(v) = stack.pop() {
            let Some(id) = identity(&v) else { continue };
            if !seen.insert(id) {
                let next = ids.len() + 1;
                ids.entry(id).or_insert(next);
                continue;
            }
            match v {
                RValue::Array(items) => stack.extend(items.snapshot().into_iter().rev()),
                RValue::Hash(map) => {
                    for (k, v) in map.snapshot().into_iter().rev() {
                        stack.push(v);
                        stack.push(k);
                    }
                }
                _ => {}
            }
        }
        Anchors { ids, emitted: Default::default() }
    }
}

/// The identity Ruby sees: the Array's or Hash's object.
fn identity(v: &RValue) -> Option<usize> {
    v.object_id().map(|p| p as usize)
}

struct Writer<'w> {
    emitter: Emitter<'w>,
    anchors: Anchors,
    line_width: Option<i32>,
}

/// Nesting beyond this is refused rather than risking the stack.
const MAX_DEPTH: usize = 1000;

impl Writer<'_> {
    fn emit(&mut self, event: Event) -> Result<(), DumpError> {
        self.emitter.emit(event).map_err(|e| DumpError::Emitter(e.to_string()))
    }

    /// The anchor to write on a container, or `Err(alias)` when it was
    /// written before and only an alias is due.
    fn anchor(&mut self, v: &RValue) -> Result<Option<String>, String> {
        let Some(id) = identity(v) else { return Ok(None) };
        let Some(n) = self.anchors.ids.get(&id).copied() else { return Ok(None) };
        if !self.anchors.emitted.insert(id) {
            return Err(n.to_string());
        }
        Ok(Some(n.to_string()))
    }

    fn plain(&mut self, text: &str) -> Result<(), DumpError> {
        self.emit(Event::scalar(None, None, text, true, false, ScalarStyle::Any))
    }

    fn value(&mut self, v: &RValue, depth: usize) -> Result<(), DumpError> {
        if depth > MAX_DEPTH {
            return Err(DumpError::Emitter(format!("nesting deeper than {MAX_DEPTH} levels")));
        }
        match v {
            RValue::Nil => {
                self.emit(Event::scalar(None, Some("tag:yaml.org,2002:null"), "", true, false, ScalarStyle::Any))
            }
            RValue::Bool(b) => self.plain(if *b { "true" } else { "false" }),
            RValue::Int(i) => self.plain(&i.to_string()),
            RValue::Wide(i) => self.plain(&i.to_string()),
            RValue::Float(f) => {
                let text = if f.is_nan() {
                    ".nan".to_string()
                } else if f.is_infinite() {
                    (if *f > 0.0 { ".inf" } else { "-.inf" }).to_string()
                } else {
                    float_to_s(*f)
                };
                self.plain(&text)
            }
            RValue::Str(s) => self.string(s),
            // `YAMLTree#visit_Symbol`; the empty Symbol is tagged.
            RValue::Sym(s) if s.is_empty() => {
                self.emit(Event::scalar(None, Some("!ruby/symbol"), "", false, false, ScalarStyle::Any))
            }
            RValue::Sym(s) => self.plain(&format!(":{s}")),
            RValue::Array(items) => {
                let anchor = match self.anchor(v) {
                    Ok(a) => a,
                    Err(alias) => return self.emit(Event::alias(&alias)),
                };
                self.emit(Event::sequence_start(anchor.as_deref(), None, true, SequenceStyle::Block))?;
                for item in items.snapshot() {
                    self.value(&item, depth + 1)?;
                }
                self.emit(Event::sequence_end())
            }
            RValue::Hash(map) => {
                let anchor = match self.anchor(v) {
                    Ok(a) => a,
                    Err(alias) => return self.emit(Event::alias(&alias)),
                };
                self.emit(Event::mapping_start(anchor.as_deref(), None, true, MappingStyle::Block))?;
                for (k, item) in map.snapshot() {
                    self.value(&k, depth + 1)?;
                    self.value(&item, depth + 1)?;
                }
                self.emit(Event::mapping_end())
            }
            other => Err(DumpError::RubyObject(ruby_object_kind(other))),
        }
    }

    /// `YAMLTree#visit_String`: Psych's choice of style for a string.
    fn string(&mut self, s: &str) -> Result<(), DumpError> {
        let (style, tag, plain, quoted) = if has_inner_newline(s) {
            (ScalarStyle::Literal, None, true, true)
        } else if s == "<<" {
            (ScalarStyle::SingleQuoted, Some("tag:yaml.org,2002:str"), false, false)
        } else if s == "y" || s == "n" {
            (ScalarStyle::DoubleQuoted, None, true, true)
        } else if self.line_width.is_some_and(|w| s.chars().count() > w as usize) {
            (ScalarStyle::Folded, None, true, true)
        } else if starts_line_with_non_word(s) {
            (ScalarStyle::DoubleQuoted, None, true, true)
        } else if !reads_back_as_string(s) || OCTAL_LOOKALIKE.is_match(s) {
            // A string Psych's reading fails on (`0x_`) makes Ruby's dump
            // raise; quoted, it reads back as itself.
            (ScalarStyle::SingleQuoted, None, true, true)
        } else {
            (ScalarStyle::Plain, None, true, true)
        };
        self.emit(Event::scalar(None, tag, s, plain, quoted, style))
    }
}

/// What Ruby would dump as a tagged Ruby object: a Puppet value by its
/// type's name, a Ruby one by its class.
fn ruby_object_kind(v: &RValue) -> &'static str {
    match v {
        RValue::Opaque(inner) => inner.type_name(),
        RValue::Bytes(_) => "binary String",
        other => other.class_name(),
    }
}

/// Ruby's `/\n(?!\Z)/`: a line break that is not the string's last character.
fn has_inner_newline(s: &str) -> bool {
    s.find('\n').is_some_and(|i| i + 1 < s.len())
}

/// Ruby's `/^[^[:word:]][^"]*$/` for a string with no inner line break (the
/// only kind that reaches it): it starts with a character that is not a
/// word character, and no `"` follows before the end of that line.
fn starts_line_with_non_word(s: &str) -> bool {
    let mut chars = s.chars();
    let Some(first) = chars.next() else { return false };
    if first.is_alphanumeric() || first == '_' {
        return false;
    }
    !chars.as_str().split('\n').next().unwrap_or("").contains('"')
}

static OCTAL_LOOKALIKE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\A0[0-7]*[89]").expect("a valid pattern"));

#[cfg(test)]
mod tests {
    use super::*;
    use confer_core::Value;

    fn yaml(v: &RValue) -> String {
        dump(v, DumpOptions::default()).expect("dumpable")
    }

    #[test]
    fn scalars_that_read_back_as_other_types_are_quoted() {
        for (text, want) in [("1", "'1'"), ("yes", "'yes'"), ("y", "\"y\""), ("#c", "\"#c\""), ("a: b", "'a: b'")] {
            assert_eq!(yaml(&RValue::str(text)), format!("--- {want}\n"), "{text}");
        }
        assert_eq!(yaml(&RValue::str("foo")), "--- foo\n");
    }

    #[test]
    fn shared_containers_are_anchored_once() {
        let shared = RValue::array(vec![RValue::Int(1)]);
        let doc = RValue::array(vec![shared.clone(), shared]);
        assert_eq!(yaml(&doc), "---\n- &1\n  - 1\n- *1\n");
        let distinct = RValue::array(vec![RValue::array(vec![]), RValue::array(vec![])]);
        assert_eq!(yaml(&distinct), "---\n- []\n- []\n");
    }

    #[test]
    fn ruby_objects_are_refused() {
        let binary = RValue::Opaque(std::rc::Rc::new(Value::Binary(Default::default())));
        assert!(matches!(dump(&binary, DumpOptions::default()), Err(DumpError::RubyObject("Binary"))));
    }
}
