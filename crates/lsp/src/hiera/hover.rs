//! What hover says of a Hiera key: its value for the workspace's node, in
//! Puppet's literal form, and the data file, line and hierarchy level it
//! comes from; without a facts file, that only the levels whose paths need
//! no facts were searched.

use std::path::Path;

use confer_core::Value;

use super::lookup::{lookup, Answer, Bound};
use crate::state::State;

/// The hover text for `key`; `parameter` when the key is a class
/// parameter's, whose declaration the hover shows above it.
pub fn text(state: &State, key: &str, parameter: bool) -> String {
    let Answer { found, missing } = lookup(state, key);
    let node = state.node.as_deref().map(|n| format!(", for node `{n}`")).unwrap_or_default();
    let mut out = match (found, parameter) {
        (Ok(Some(bound)), false) => {
            format!("```puppet\nlookup('{key}') = {}\n```\n\n{}{node}.", literal(&bound.value), origin(state, &bound))
        }
        (Ok(Some(bound)), true) => format!(
            "Hiera gives `{key}` = `{}`: {}{node}.",
            literal(&bound.value),
            uncapitalized(&origin(state, &bound))
        ),
        (Ok(None), false) => format!("```puppet\nlookup('{key}')\n```\n\nNo hierarchy level has `{key}`{node}."),
        (Ok(None), true) => format!("No hierarchy level has the key `{key}`{node}."),
        (Err(e), _) => format!("Hiera could not look `{key}` up: {e}"),
    };
    if !missing.is_empty() {
        let names: Vec<String> = missing.iter().map(|n| format!("`{n}`")).collect();
        out.push_str(&format!(
            "\n\nNo facts file in the settings (`initializationOptions.facts`): only the levels whose paths need no \
             facts were searched (not those using {}).",
            names.join(", ")
        ));
    }
    out
}

/// "From `data/common.yaml:6`, level "Common data" (environment)".
fn origin(state: &State, bound: &Bound) -> String {
    format!(
        "From `{}:{}`, hierarchy level \"{}\" ({})",
        shown(state, &bound.file),
        bound.line,
        bound.level,
        bound.layer
    )
}

fn uncapitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_lowercase().chain(chars).collect()).unwrap_or_default()
}

/// A data file's name as the user knows it: under the workspace root, or
/// in its module.
fn shown(state: &State, file: &Path) -> String {
    match state.settings.root.as_deref().and_then(|root| file.strip_prefix(root).ok()) {
        Some(relative) => relative.display().to_string(),
        None => state.index.display_path(file),
    }
}

/// A value as Puppet writes it (`%p`): strings quoted, collections in
/// brackets.
pub fn literal(value: &Value) -> String {
    confer_core::format::string(value, Some(&Value::from("%p"))).unwrap_or_else(|_| value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_written_as_puppet_literals() {
        let v = Value::array(vec![Value::from("a"), Value::Integer(1)]);
        assert_eq!(literal(&v), "['a', 1]");
    }

    #[test]
    fn without_facts_only_the_levels_needing_none_are_searched() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/lsp/control-repo");
        let state = State { settings: crate::config::Settings::new(Some(root), None), ..State::default() };
        assert_eq!(
            text(&state, "webapp::workers", false),
            "```puppet\nlookup('webapp::workers') = 2\n```\n\n\
             From `data/common.yaml:2`, hierarchy level \"Common data\" (environment).\n\n\
             No facts file in the settings (`initializationOptions.facts`): only the levels whose paths need no \
             facts were searched (not those using `trusted`, `facts`)."
        );
    }
}
