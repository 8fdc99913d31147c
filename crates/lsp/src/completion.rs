//! Completion, from the text before the cursor (which is often mid-edit
//! and does not parse): class names after `include`, `contain`, `require`,
//! `class {` and `Class[`; the attributes of the resource type, defined
//! type or class whose body the cursor is in; fact names inside
//! `$facts['…']` (from the facts file of `initializationOptions.facts`);
//! data types, type aliases and resource references after a capital
//! letter; variables after `$`; otherwise functions and resource types.

use confer_core::types::params::capitalize_segments;
use confer_puppet::resource_types::METAPARAMETERS;
use lsp_types::{CompletionItem, CompletionItemKind, CompletionTextEdit, Position, TextEdit};

use crate::documents::Document;
use crate::resolve::{self, Target};
use crate::state::State;
use crate::syntax::names::is_name_char;
use crate::syntax::occurrences::Kind;
use crate::syntax::outline::DefKind;

/// The words before which a name is a class.
const CLASS_KEYWORDS: &[&str] = &["include", "contain", "require"];

/// The completions at `position` of `doc`.
pub fn complete(state: &State, doc: &Document, position: Position) -> Vec<CompletionItem> {
    let text = doc.text();
    let offset = doc.offset(position);
    let before = &text[..offset];
    let line = &before[before.rfind('\n').map_or(0, |i| i + 1)..];
    if let Some((path, partial)) = facts_path(line) {
        let edit = doc.range(offset - partial.len()..offset);
        let names = state.facts.as_ref().map(|f| crate::facts::keys(f, &path)).unwrap_or_default();
        return names.into_iter().map(|n| item(n, CompletionItemKind::FIELD, None, edit)).collect();
    }
    let prefix_len = before.len() - before.trim_end_matches(is_name_char).len();
    let prefix = &before[offset - prefix_len..];
    let edit = doc.range(offset - prefix_len..offset);
    let head = before[..offset - prefix_len].trim_end();
    let index = &state.index;
    let named = |names: Vec<&str>, kind| -> Vec<CompletionItem> {
        names.into_iter().map(|n| item(n.to_string(), kind, None, edit)).collect()
    };
    if head.ends_with('$') {
        let mut vars: Vec<&str> = doc
            .occurrences
            .iter()
            .filter(|o| o.definition && o.kind == Kind::Variable)
            .map(|o| o.name.as_str())
            .chain(index.names(DefKind::Variable))
            .chain(["facts", "trusted"])
            .collect();
        vars.sort_unstable();
        vars.dedup();
        return named(vars, CompletionItemKind::VARIABLE);
    }
    let unquoted = head.trim_end_matches(['\'', '"']).trim_end();
    if CLASS_KEYWORDS.iter().any(|k| ends_with_word(unquoted, k))
        || unquoted.ends_with("Class[")
        || unquoted.strip_suffix('{').is_some_and(|h| ends_with_word(h.trim_end(), "class"))
    {
        return named(index.names(DefKind::Class), CompletionItemKind::CLASS);
    }
    if matches!(head.chars().last(), Some(',' | ':' | ';')) {
        if let Some((owner, title)) = enclosing_resource(before) {
            return attributes(state, &owner, &title)
                .into_iter()
                .map(|(n, d)| item(n, CompletionItemKind::PROPERTY, d, edit))
                .collect();
        }
    }
    if prefix.starts_with(|c: char| c.is_ascii_uppercase()) {
        let mut names: Vec<String> = confer_puppet::eval::session::TYPE_NAMES.iter().map(|t| t.to_string()).collect();
        names.extend(index.names(DefKind::TypeAlias).into_iter().map(String::from));
        names.extend(resource_types(state).iter().map(|t| capitalize_segments(t)));
        names.sort_unstable();
        names.dedup();
        return names.into_iter().map(|n| item(n, CompletionItemKind::TYPE_PARAMETER, None, edit)).collect();
    }
    let mut items: Vec<CompletionItem> = resolve::builtin_functions()
        .iter()
        .map(|f| {
            item(
                f.name.to_string(),
                CompletionItemKind::FUNCTION,
                f.signatures.first().map(|s| format!("{}({s})", f.name)),
                edit,
            )
        })
        .collect();
    items.extend(
        index
            .names(DefKind::Function)
            .into_iter()
            .map(|n| item(n.to_string(), CompletionItemKind::FUNCTION, None, edit)),
    );
    items.extend(
        resource_types(state)
            .into_iter()
            .map(|t| item(t, CompletionItemKind::STRUCT, Some("resource type".into()), edit)),
    );
    items
}

fn item(label: String, kind: CompletionItemKind, detail: Option<String>, range: lsp_types::Range) -> CompletionItem {
    CompletionItem {
        text_edit: Some(CompletionTextEdit::Edit(TextEdit { range, new_text: label.clone() })),
        label,
        kind: Some(kind),
        detail,
        ..CompletionItem::default()
    }
}

fn ends_with_word(text: &str, word: &str) -> bool {
    text.strip_suffix(word).is_some_and(|rest| !rest.ends_with(is_name_char))
}

/// Every resource type name: Puppet's, the workspace's defined types and
/// Ruby types.
fn resource_types(state: &State) -> Vec<String> {
    let mut names: Vec<String> = confer_puppet::resource_types::builtins().map(|t| t.name.clone()).collect();
    names.extend(state.index.names(DefKind::Define).into_iter().map(String::from));
    names.extend(state.index.names(DefKind::ResourceType).into_iter().map(String::from));
    names.sort_unstable();
    names.dedup();
    names
}

/// The type (or `class`) and title of the resource body the end of
/// `before` is in: the innermost `{` not closed, preceded by a name, with
/// a `title:` after it.
fn enclosing_resource(before: &str) -> Option<(String, String)> {
    let open = innermost_open_brace(before)?;
    let owner = before[..open].trim_end();
    let owner = &owner[owner.trim_end_matches(is_name_char).len()..];
    if owner.is_empty() || !owner.starts_with(|c: char| c.is_ascii_lowercase()) {
        return None;
    }
    let body = &before[open + 1..];
    // The title's colon, not one of a qualified name's `::` (`$ntp::package_name:`).
    let bytes = body.as_bytes();
    let colon = (0..bytes.len())
        .find(|&c| bytes[c] == b':' && bytes.get(c + 1) != Some(&b':') && (c == 0 || bytes[c - 1] != b':'))?;
    let title = body[..colon].trim().trim_matches(['\'', '"']).to_string();
    Some((owner.to_string(), title))
}

/// The offset of the last `{` of `text` that is not closed, outside
/// strings and comments.
fn innermost_open_brace(text: &str) -> Option<usize> {
    let mut open: Vec<usize> = Vec::new();
    let mut quote: Option<u8> = None;
    let mut comment = false;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match (quote, comment) {
            (_, true) => comment = b != b'\n',
            (Some(q), _) => {
                if b == b'\\' {
                    i += 1;
                } else if b == q {
                    quote = None;
                }
            }
            (None, false) => match b {
                b'\'' | b'"' => quote = Some(b),
                b'#' => comment = true,
                b'{' => open.push(i),
                b'}' => {
                    open.pop();
                }
                _ => {}
            },
        }
        i += 1;
    }
    open.pop()
}

/// The attributes `owner` (a resource type, or `class` with the class's
/// name as `title`) accepts, with a description.
fn attributes(state: &State, owner: &str, title: &str) -> Vec<(String, Option<String>)> {
    let index = &state.index;
    let params = |e: &crate::index::Entry| -> Vec<(String, Option<String>)> {
        e.def.params.iter().map(|p| (p.name.clone(), p.type_text.clone())).collect()
    };
    let mut found = match owner {
        "class" => index.find(&[DefKind::Class], title).into_iter().next().map(params).unwrap_or_default(),
        _ => match resolve::resource_type(index, owner) {
            Some(Target::BuiltinType(info)) => info.attributes.iter().map(|a| (a.clone(), None)).collect(),
            Some(Target::Entries(entries)) => match &entries[0].type_info {
                Some(info) => info.attributes.iter().map(|a| (a.clone(), None)).collect(),
                None => params(entries[0]),
            },
            _ => return Vec::new(),
        },
    };
    found.extend(METAPARAMETERS.iter().map(|m| (m.to_string(), Some("metaparameter".to_string()))));
    found
}

/// Inside `$facts['a']['b` at the end of `line`: the keys before the one
/// being written (`["a"]`) and what is written of it (`b`).
fn facts_path(line: &str) -> Option<(Vec<String>, &str)> {
    let start = line.rfind("$facts")?;
    let mut rest = &line[start + "$facts".len()..];
    let mut path = Vec::new();
    loop {
        rest = rest.strip_prefix('[')?;
        let quote = rest.chars().next().filter(|c| *c == '\'' || *c == '"')?;
        rest = &rest[1..];
        match rest.find(quote) {
            None => return Some((path, rest)),
            Some(end) => {
                path.push(rest[..end].to_string());
                rest = rest[end + 1..].strip_prefix(']')?;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fact_paths_are_read_from_the_line() {
        assert_eq!(facts_path("  $x = $facts['os']['fam"), Some((vec!["os".to_string()], "fam")));
        assert_eq!(facts_path("$facts[\""), Some((vec![], "")));
        assert_eq!(facts_path("$facts['os'] + 1"), None);
    }

    #[test]
    fn resource_bodies_are_found_from_their_open_brace() {
        let text = "file { '/x':\n  ensure => file,\n  ";
        assert_eq!(enclosing_resource(text), Some(("file".into(), "/x".into())));
        let text = "class { 'ntp':\n  servers => ['{'],\n  ";
        assert_eq!(enclosing_resource(text), Some(("class".into(), "ntp".into())));
        assert_eq!(enclosing_resource("if $x {\n  "), None);
        let text = "package { $ntp::package_name:\n  ensure => present,\n  ";
        assert_eq!(enclosing_resource(text), Some(("package".into(), "$ntp::package_name".into())));
    }
}
