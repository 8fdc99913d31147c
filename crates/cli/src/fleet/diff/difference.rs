//! What differs between two catalogs of one node, as octocatalog-diff 1.x
//! reports it: a resource added (`+`) or removed (`-`), or one parameter
//! of a resource in both changed (`~`: a value for another; `!`: present
//! on one side only), located by its `structure` (`["parameters",
//! "content"]`, deeper for hashes). Built in ignores, octocatalog-diff's:
//! classes, tags, the file and line of resources, and the ordering
//! parameters `before` and `require`.

use std::collections::BTreeMap;

use serde_json::{json, Value as Json};

/// The kind of a difference, as octocatalog-diff marks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiffType {
    /// The resource is only in the new catalog.
    Added,
    /// The resource is only in the old catalog.
    Removed,
    /// A value changed.
    Changed,
    /// A key is present on one side only.
    KeyChanged,
}

impl DiffType {
    /// octocatalog-diff's mark.
    pub fn mark(self) -> &'static str {
        match self {
            DiffType::Added => "+",
            DiffType::Removed => "-",
            DiffType::Changed => "~",
            DiffType::KeyChanged => "!",
        }
    }
}

/// Where a resource was declared.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// The manifest.
    pub file: Option<String>,
    /// The line.
    pub line: Option<u64>,
}

/// One difference.
#[derive(Clone, Debug, PartialEq)]
pub struct Difference {
    /// Its kind.
    pub diff_type: DiffType,
    /// The resource's type (`File`).
    pub type_name: String,
    /// The resource's title.
    pub title: String,
    /// The path to what changed; empty for a resource added or removed.
    pub structure: Vec<String>,
    /// What the old catalog had there (`None`: nothing).
    pub old_value: Option<Json>,
    /// What the new catalog has there.
    pub new_value: Option<Json>,
    /// Where the old catalog declared the resource.
    pub old: Place,
    /// Where the new catalog declares it.
    pub new: Place,
}

impl Difference {
    /// octocatalog-diff 1.x's JSON form.
    pub fn to_json(&self) -> Json {
        json!({
            "diff_type": self.diff_type.mark(),
            "type": self.type_name,
            "title": self.title,
            "structure": self.structure,
            "old_value": self.old_value,
            "new_value": self.new_value,
            "old_file": self.old.file,
            "old_line": self.old.line,
            "new_file": self.new.file,
            "new_line": self.new.line,
        })
    }
}

/// Parameters octocatalog-diff never reports: ordering only.
const ORDERING: [&str; 2] = ["before", "require"];

/// A catalog's resources by type and title (classes left out).
fn resources(catalog: &Json) -> BTreeMap<(String, String), &Json> {
    let text = |r: &Json, k: &str| r[k].as_str().unwrap_or_default().to_string();
    catalog["resources"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|r| r["type"] != "Class")
        .map(|r| ((text(r, "type"), text(r, "title")), r))
        .collect()
}

fn place(r: &Json) -> Place {
    Place { file: r["file"].as_str().map(str::to_string), line: r["line"].as_u64() }
}

/// What a resource is when it is added or removed: its parameters.
fn whole(r: &Json) -> Json {
    let mut params = r["parameters"].as_object().cloned().unwrap_or_default();
    params.retain(|k, _| !ORDERING.contains(&k.as_str()));
    json!({"parameters": params})
}

/// The differences from `old` to `new`, by type and title, then structure.
pub fn diff(old: &Json, new: &Json) -> Vec<Difference> {
    let (before, after) = (resources(old), resources(new));
    let mut found = Vec::new();
    for ((type_name, title), o) in &before {
        let base = |diff_type, structure, old_value, new_value, new| Difference {
            diff_type,
            type_name: type_name.clone(),
            title: title.clone(),
            structure,
            old_value,
            new_value,
            old: place(o),
            new,
        };
        let Some(n) = after.get(&(type_name.clone(), title.clone())) else {
            found.push(base(DiffType::Removed, Vec::new(), Some(whole(o)), None, Place::default()));
            continue;
        };
        let mut changes = Vec::new();
        if o["exported"] != n["exported"] {
            changes.push((vec!["exported".to_string()], Some(o["exported"].clone()), Some(n["exported"].clone())));
        }
        let empty = serde_json::Map::new();
        let (op, np) = (o["parameters"].as_object().unwrap_or(&empty), n["parameters"].as_object().unwrap_or(&empty));
        compare_maps(op, np, &mut vec!["parameters".to_string()], &mut changes, true);
        for (structure, old_value, new_value) in changes {
            let diff_type =
                if old_value.is_some() && new_value.is_some() { DiffType::Changed } else { DiffType::KeyChanged };
            found.push(base(diff_type, structure, old_value, new_value, place(n)));
        }
    }
    for ((type_name, title), n) in &after {
        if !before.contains_key(&(type_name.clone(), title.clone())) {
            found.push(Difference {
                diff_type: DiffType::Added,
                type_name: type_name.clone(),
                title: title.clone(),
                structure: Vec::new(),
                old_value: None,
                new_value: Some(whole(n)),
                old: Place::default(),
                new: place(n),
            });
        }
    }
    found.sort_by(|a, b| (&a.type_name, &a.title, &a.structure).cmp(&(&b.type_name, &b.title, &b.structure)));
    found
}

type Change = (Vec<String>, Option<Json>, Option<Json>);

/// The keys whose values differ, going into hashes on both sides.
fn compare_maps(
    old: &serde_json::Map<String, Json>,
    new: &serde_json::Map<String, Json>,
    path: &mut Vec<String>,
    changes: &mut Vec<Change>,
    top: bool,
) {
    let mut keys: Vec<&String> = old.keys().chain(new.keys().filter(|k| !old.contains_key(*k))).collect();
    keys.sort();
    for key in keys {
        if top && ORDERING.contains(&key.as_str()) {
            continue;
        }
        path.push(key.clone());
        match (old.get(key), new.get(key)) {
            (Some(Json::Object(o)), Some(Json::Object(n))) => compare_maps(o, n, path, changes, false),
            (o, n) if o != n => changes.push((path.clone(), o.cloned(), n.cloned())),
            _ => {}
        }
        path.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog(resources: Json) -> Json {
        json!({"resources": resources})
    }

    #[test]
    fn added_removed_and_changed_resources() {
        let old = catalog(json!([
            {"type": "File", "title": "/a", "file": "a.pp", "line": 1, "exported": false, "tags": ["x"], "parameters": {"content": "1", "mode": "0644", "require": "Package[p]"}},
            {"type": "File", "title": "/gone", "exported": false, "parameters": {}},
            {"type": "Class", "title": "C", "exported": false, "parameters": {"p": 1}},
        ]));
        let new = catalog(json!([
            {"type": "File", "title": "/a", "file": "a.pp", "line": 2, "exported": false, "tags": ["y"], "parameters": {"content": "2", "owner": "root", "require": "Package[q]"}},
            {"type": "Service", "title": "s", "exported": false, "parameters": {"ensure": "running"}},
            {"type": "Class", "title": "C", "exported": false, "parameters": {"p": 2}},
        ]));
        let found: Vec<_> = diff(&old, &new)
            .iter()
            .map(|d| (d.diff_type.mark(), format!("{}[{}]", d.type_name, d.title), d.structure.join("::")))
            .collect();
        assert_eq!(
            found,
            [
                ("~", "File[/a]".to_string(), "parameters::content".to_string()),
                ("!", "File[/a]".to_string(), "parameters::mode".to_string()),
                ("!", "File[/a]".to_string(), "parameters::owner".to_string()),
                ("-", "File[/gone]".to_string(), String::new()),
                ("+", "Service[s]".to_string(), String::new()),
            ]
        );
    }

    #[test]
    fn hashes_are_compared_key_by_key() {
        let old = catalog(json!([{"type": "T", "title": "t", "parameters": {"h": {"a": 1, "b": 2}}}]));
        let new = catalog(json!([{"type": "T", "title": "t", "parameters": {"h": {"a": 1, "b": 3}}}]));
        let d = diff(&old, &new);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].structure, ["parameters", "h", "b"]);
        assert_eq!((d[0].old_value.clone(), d[0].new_value.clone()), (Some(json!(2)), Some(json!(3))));
    }
}
