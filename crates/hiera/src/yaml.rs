//! Reading YAML (and JSON, which YAML 1.2 reads too) into Puppet values the
//! way Puppet's Ruby YAML (Psych, YAML 1.1) resolves plain scalars — `yes`
//! and `on` are booleans, `0644` is octal, `1_000` an integer — while keeping
//! the line and column of every value so errors can point into the data.

use std::collections::HashMap as StdHashMap;

use confer_core::ruby_compat::{tokenize, PlainScalar};
use confer_core::value::depth::MAX_DEPTH;
use confer_core::value::runtime::RuntimeObject;
use confer_core::{HashMap, Value};
use saphyr::{MarkedYamlOwned, ScalarStyle, YamlDataOwned, YamlLoader};
use saphyr_parser::{Event, Parser, Span, SpannedEventReceiver};

use crate::yaml_aliases::AliasBudget;
use crate::yaml_errors::Progress;
pub use crate::yaml_errors::YamlError;

pub use crate::yaml_errors::Mark;

/// A parsed document with the position of each value, by path.
#[derive(Debug)]
pub struct Marked {
    /// The document's value.
    pub value: Value,
    /// Where each value starts, keyed by [`path_key`] of its path.
    pub marks: StdHashMap<String, Mark>,
}

/// The key under which a path's mark is stored: the rendered segments
/// separated by a character that cannot occur in YAML keys unescaped.
pub fn path_key<'a>(path: impl IntoIterator<Item = &'a str>) -> String {
    path.into_iter().collect::<Vec<_>>().join("\u{1}")
}

/// What a plain scalar Psych reads as a Symbol (`:a`, `:"a b"`) becomes:
/// Ruby's `YAML.load` and Hiera's data (which permits the class) keep the
/// Symbol; `YAML.safe_load` without it (`hiera.yaml`, stdlib's `loadyaml`)
/// refuses the document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbols {
    /// A Ruby Symbol, `Runtime[ruby, 'Symbol']` in Puppet.
    Kept,
    /// Psych's `DisallowedClass` error.
    Refused,
}

/// Parses the first document of `text`, as Hiera reads its data (Symbols
/// kept); an empty text is `undef`.
pub fn parse(text: &str) -> Result<Marked, YamlError> {
    parse_with(text, Symbols::Kept)
}

/// Parses the first document of `text`; an empty text is `undef`. Nesting
/// deeper than `MAX_DEPTH` is an error: the tree, its conversion and its
/// drop all recurse once per level (200,000 levels overflowed the stack).
pub fn parse_with(text: &str, symbols: Symbols) -> Result<Marked, YamlError> {
    let mut loader = YamlLoader::<MarkedYamlOwned>::default();
    loader.early_parse(false);
    let mut bounded =
        Bounded { loader: &mut loader, depth: 0, too_deep: None, aliases: AliasBudget::default(), too_many: None };
    // Event by event: the parser's own `load` recurses once per level.
    let mut parser = Parser::new_from_str(text);
    // What the parse has seen, to word a syntax error as libyaml does.
    let mut progress = Progress::default();
    while let Some(event) = parser.next_event() {
        let (event, span) = event.map_err(|e| progress.error(&e, text))?;
        progress.on_event(&event, span);
        bounded.on_event(event, span);
    }
    if let Some(mark) = bounded.too_deep {
        return Err(YamlError::new(format!("the document is nested deeper than {MAX_DEPTH} levels"), mark));
    }
    if let Some(mark) = bounded.too_many {
        return Err(YamlError::limit(AliasBudget::message(), mark));
    }
    let mut marked = Marked { value: Value::Undef, marks: StdHashMap::new() };
    let Some(doc) = loader.into_documents().into_iter().next() else { return Ok(marked) };
    let mut path = Vec::new();
    marked.value = convert(&doc, &mut path, &mut marked.marks, symbols)?;
    Ok(marked)
}

/// The loader, given events only while the nesting stays within
/// `MAX_DEPTH` and the aliases within their budget; past either, where.
struct Bounded<'l, 'input> {
    loader: &'l mut YamlLoader<'input, MarkedYamlOwned>,
    depth: usize,
    too_deep: Option<Mark>,
    aliases: AliasBudget,
    too_many: Option<Mark>,
}

impl<'input> SpannedEventReceiver<'input> for Bounded<'_, 'input> {
    fn on_event(&mut self, ev: Event<'input>, span: Span) {
        if self.too_deep.is_some() || self.too_many.is_some() {
            return;
        }
        if let Err(mark) = self.aliases.on_event(&ev, span) {
            self.too_many = Some(mark);
            return;
        }
        match ev {
            Event::SequenceStart(..) | Event::MappingStart(..) => {
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    self.too_deep = Some((span.start.line(), span.start.col() + 1));
                    return;
                }
            }
            Event::SequenceEnd | Event::MappingEnd => self.depth = self.depth.saturating_sub(1),
            _ => {}
        }
        self.loader.on_event(ev, span);
    }
}

fn start(node: &MarkedYamlOwned) -> Mark {
    let m = node.span.start;
    // Block collections carry no position of their own: use their first entry's.
    if m.line() == 0 {
        let first = match &node.data {
            YamlDataOwned::Sequence(items) => items.first().map(|i| i.span.start),
            YamlDataOwned::Mapping(map) => map.keys().next().map(|k| k.span.start),
            _ => None,
        };
        if let Some(f) = first {
            return (f.line(), f.col() + 1);
        }
    }
    (m.line().max(1), m.col() + 1)
}

fn convert(
    node: &MarkedYamlOwned,
    path: &mut Vec<String>,
    marks: &mut StdHashMap<String, Mark>,
    symbols: Symbols,
) -> Result<Value, YamlError> {
    marks.insert(path_key(path.iter().map(String::as_str)), start(node));
    Ok(match &node.data {
        YamlDataOwned::Representation(text, style, tag) => {
            match tag.as_ref().and_then(|t| ruby_class(t)) {
                Some("Symbol") if symbols == Symbols::Kept => {
                    return Ok(Value::Runtime(std::sync::Arc::new(RuntimeObject::symbol(text.as_str()))))
                }
                Some(class) => return Err(disallowed(class, node)),
                None => {}
            }
            let is_str_tag = tag.as_ref().is_some_and(|t| t.suffix == "str");
            if *style == ScalarStyle::Plain && !is_str_tag {
                plain(text, symbols, node)?
            } else {
                Value::from(text.as_str())
            }
        }
        YamlDataOwned::Value(scalar) => Value::from(format!("{scalar:?}")),
        YamlDataOwned::Sequence(items) => {
            let mut out = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                path.push(i.to_string());
                out.push(convert(item, path, marks, symbols)?);
                path.pop();
            }
            Value::array(out)
        }
        YamlDataOwned::Mapping(map) => {
            let mut out = HashMap::with_capacity(map.len());
            for (k, v) in map.iter() {
                let key = convert(k, &mut Vec::new(), &mut StdHashMap::new(), symbols)?;
                path.push(confer_core::value::to_s(&key));
                let value = convert(v, path, marks, symbols)?;
                path.pop();
                out.insert(key, value);
            }
            Value::hash(out)
        }
        YamlDataOwned::Tagged(tag, inner) => match ruby_class(tag) {
            Some(class) => return Err(disallowed(class, node)),
            None => convert(inner, path, marks, symbols)?,
        },
        YamlDataOwned::Alias(_) => return Err(YamlError::new("YAML aliases (*name) are not supported", start(node))),
        YamlDataOwned::BadValue => return Err(YamlError::new("invalid YAML value", start(node))),
    })
}

/// The Ruby class a `!ruby/...` tag asks Psych to build (`!ruby/object:File`
/// is `File`, `!ruby/sym` a Symbol): none of them is on the list Puppet's
/// safe loader permits (Symbol only, and only where `symbols` keeps them).
fn ruby_class(tag: &saphyr_parser::Tag) -> Option<&str> {
    let kind = tag.suffix.strip_prefix("ruby/").filter(|_| tag.handle == "!")?;
    Some(match kind.split_once(':') {
        Some((_, class)) => class,
        None => match kind {
            "sym" | "symbol" => "Symbol",
            "range" => "Range",
            "regexp" => "Regexp",
            "class" => "Class",
            "module" => "Module",
            "struct" => "Struct",
            "exception" => "Exception",
            _ => "Object",
        },
    })
}

/// Psych's `DisallowedClass` for a node asking for `class`.
fn disallowed(class: &str, node: &MarkedYamlOwned) -> YamlError {
    YamlError::new(format!("Tried to load unspecified class: {class}"), start(node))
}

/// A plain scalar as Psych reads it (`confer_core::ruby_compat`), as a
/// Puppet value. Puppet's safe loader refuses a Date or a Time, which
/// confer keeps as their text (docs/deviations.md), and so it keeps an
/// Integer past Puppet's 64 bits; a scalar Psych fails to convert (`0x_`)
/// fails the load with Ruby's message, as it does in Puppet.
fn plain(text: &str, symbols: Symbols, node: &MarkedYamlOwned) -> Result<Value, YamlError> {
    Ok(match tokenize(text) {
        PlainScalar::Null => Value::Undef,
        PlainScalar::Boolean(b) => Value::Boolean(b),
        PlainScalar::Integer(n) => Value::Integer(n),
        PlainScalar::Float(f) => Value::Float(f),
        PlainScalar::Symbol(name) if symbols == Symbols::Kept => {
            Value::Runtime(std::sync::Arc::new(RuntimeObject::symbol(name)))
        }
        PlainScalar::Symbol(_) => return Err(YamlError::new("Tried to load unspecified class: Symbol", start(node))),
        PlainScalar::Date | PlainScalar::Time | PlainScalar::BigInteger | PlainScalar::String => Value::from(text),
        PlainScalar::Unconvertible(message) => return Err(YamlError::new(message, start(node))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use confer_core::value::to_s;

    #[test]
    fn plain_scalars_resolve_as_psych_does() {
        let read = |text: &str| parse(&format!("--- {text}\n")).expect("a document").value;
        let cases = [
            ("yes", "true"),
            ("Off", "false"),
            ("0644", "420"),
            ("1_000", "1000"),
            ("0x1f", "31"),
            ("1.5", "1.5"),
            ("1:30", "5400"),
            ("-1:30", "-1800"),
            ("1:00:00", "3600"),
            ("08", "08"),
            ("1e3", "1e3"),
            ("y", "y"),
            ("~", ""),
        ];
        for (text, want) in cases {
            assert_eq!(to_s(&read(text)), want, "{text}");
        }
        assert_eq!(parse("a: 0x_\n").expect_err("Psych raises").problem, "invalid value for Integer(): \"0x\"");
        assert!(parse_with("a: :b\n", Symbols::Refused).is_err());
    }

    #[test]
    fn quoted_scalars_stay_strings_and_values_keep_their_marks() {
        let doc = parse("a: 'yes'\nb:\n  - 1\n  - x\n").unwrap();
        assert_eq!(to_s(&doc.value), "{a => yes, b => [1, x]}");
        assert_eq!(doc.marks.get(&path_key(["b", "1"])), Some(&(4, 5)));
        assert_eq!(doc.marks.get(&path_key(["a"])), Some(&(1, 4)));
    }

    #[test]
    fn json_reads_as_yaml() {
        let doc = parse("{\"a\": [1, 2.5, null, true]}").unwrap();
        assert_eq!(to_s(&doc.value), "{a => [1, 2.5, , true]}");
    }

    #[test]
    fn nesting_is_bounded() {
        // On a stack as large as the CLI's evaluation thread: a thousand
        // levels of recursion in a debug build need more than a test's 2 MiB.
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(|| {
                let e = parse(&format!("{}1", "- ".repeat(200_000))).expect_err("too deep");
                assert_eq!(e.problem, format!("the document is nested deeper than {MAX_DEPTH} levels"));
                assert_eq!(e.mark, (1, 2 * MAX_DEPTH + 1));
                assert!(parse(&format!("{}1", "- ".repeat(MAX_DEPTH))).is_ok());
            })
            .expect("a thread")
            .join()
            .expect("no panic");
    }

    #[test]
    fn syntax_errors_have_positions() {
        let e = parse("a: [1,\n").unwrap_err();
        assert_eq!(e.mark.0, 2);
    }
}
