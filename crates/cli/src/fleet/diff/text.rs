//! The differences of a node in octocatalog-diff's text layout: a header
//! `diff FROM/NODE TO/NODE`, then each resource between lines of 43
//! asterisks — `+ Type[title]` added, `- Type[title]` removed, or
//! `  Type[title] =>` followed by the changed keys, each a level deeper
//! (`   parameters =>`, `     content =>`) and the old and new values
//! (`      - old`, `      + new`); a multi-line string as a unified diff.

use serde_json::Value as Json;

use super::difference::{DiffType, Difference};

const SEPARATOR: &str = "*******************************************";

/// The text of one node's differences (empty when there are none).
pub fn render(header: &str, diffs: &[Difference]) -> String {
    if diffs.is_empty() {
        return String::new();
    }
    let mut out = vec![header.to_string(), SEPARATOR.to_string()];
    let mut i = 0;
    while i < diffs.len() {
        let d = &diffs[i];
        let name = format!("{}[{}]", d.type_name, d.title);
        match d.diff_type {
            DiffType::Added => out.push(format!("+ {name}")),
            DiffType::Removed => out.push(format!("- {name}")),
            DiffType::Changed | DiffType::KeyChanged => {
                out.push(format!("  {name} =>"));
                let mut shown: Vec<String> = Vec::new();
                while i < diffs.len() && diffs[i].type_name == d.type_name && diffs[i].title == d.title {
                    change_lines(&diffs[i], &mut shown, &mut out);
                    i += 1;
                }
                i -= 1;
            }
        }
        out.push(SEPARATOR.to_string());
        i += 1;
    }
    out.join("\n") + "\n"
}

/// The keys of `d`'s structure not already shown for its resource, each
/// a level deeper, then its values.
fn change_lines(d: &Difference, shown: &mut Vec<String>, out: &mut Vec<String>) {
    let common = shown.iter().zip(&d.structure).take_while(|(a, b)| a == b).count();
    for (depth, key) in d.structure.iter().enumerate().skip(common) {
        out.push(format!("{}{key} =>", " ".repeat(2 * depth + 3)));
    }
    *shown = d.structure.clone();
    let indent = " ".repeat(2 * d.structure.len() + 2);
    match (&d.old_value, &d.new_value) {
        (Some(Json::String(o)), Some(Json::String(n))) if o.contains('\n') || n.contains('\n') => {
            out.extend(unified(o, n).into_iter().map(|line| format!("{indent}{line}")));
        }
        (o, n) => {
            out.extend(o.iter().map(|v| format!("{indent}- {}", inspect(v))));
            out.extend(n.iter().map(|v| format!("{indent}+ {}", inspect(v))));
        }
    }
}

/// A unified diff of two texts, three lines of context, hunks only.
fn unified(old: &str, new: &str) -> Vec<String> {
    let diff = similar::TextDiff::from_lines(old, new);
    let mut lines = Vec::new();
    for hunk in diff.unified_diff().context_radius(3).iter_hunks() {
        lines.push(hunk.header().to_string());
        for change in hunk.iter_changes() {
            let sign = match change.tag() {
                similar::ChangeTag::Delete => '-',
                similar::ChangeTag::Insert => '+',
                similar::ChangeTag::Equal => ' ',
            };
            lines.push(format!("{sign}{}", change.value().trim_end_matches('\n')));
            if change.missing_newline() {
                lines.push("\\ No newline at end of file".to_string());
            }
        }
    }
    lines
}

/// A value as octocatalog-diff shows it: strings, numbers and booleans as
/// they are, arrays and hashes in Ruby's `inspect` form.
fn inspect(v: &Json) -> String {
    fn nested(v: &Json) -> String {
        match v {
            Json::String(s) => Json::String(s.clone()).to_string(),
            Json::Null => "nil".to_string(),
            Json::Array(items) => format!("[{}]", items.iter().map(nested).collect::<Vec<_>>().join(", ")),
            Json::Object(map) => format!(
                "{{{}}}",
                map.iter()
                    .map(|(k, v)| format!("{}=>{}", Json::String(k.clone()), nested(v)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            other => other.to_string(),
        }
    }
    match v {
        Json::String(s) => s.clone(),
        other => nested(other),
    }
}

#[cfg(test)]
mod tests {
    use super::super::difference::Place;
    use super::*;
    use serde_json::json;

    fn change(structure: &[&str], old: Option<Json>, new: Option<Json>) -> Difference {
        Difference {
            diff_type: if old.is_some() && new.is_some() { DiffType::Changed } else { DiffType::KeyChanged },
            type_name: "File".into(),
            title: "/etc/motd".into(),
            structure: structure.iter().map(|s| s.to_string()).collect(),
            old_value: old,
            new_value: new,
            old: Place::default(),
            new: Place::default(),
        }
    }

    #[test]
    fn changes_of_a_resource_share_its_heading() {
        let diffs = [
            change(&["parameters", "mode"], Some(json!("0644")), Some(json!("0600"))),
            change(&["parameters", "owner"], None, Some(json!("root"))),
        ];
        assert_eq!(
            render("diff a/n b/n", &diffs),
            "diff a/n b/n\n*******************************************\n  File[/etc/motd] =>\n   parameters =>\n     mode =>\n      - 0644\n      + 0600\n     owner =>\n      + root\n*******************************************\n"
        );
    }

    #[test]
    fn a_multi_line_string_is_a_unified_diff() {
        let diffs = [change(&["parameters", "content"], Some(json!("a\nb\nc\n")), Some(json!("a\nB\nc\n")))];
        let text = render("h", &diffs);
        assert!(text.contains("      @@ -1,3 +1,3 @@\n       a\n      -b\n      +B\n       c\n"), "{text}");
    }

    #[test]
    fn arrays_and_hashes_show_as_ruby_inspects_them() {
        assert_eq!(inspect(&json!(["a", 1])), "[\"a\", 1]");
        assert_eq!(inspect(&json!({"k": null})), "{\"k\"=>nil}");
    }
}
