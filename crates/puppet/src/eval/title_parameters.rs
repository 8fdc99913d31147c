//! The parameters a catalog shows for a resource: Puppet's
//! `Resource#to_hash`, the parameters its title gives (`parse_title`, by
//! the type's title patterns) overridden by those set in code, less the
//! namevar where it only repeats the title. That is how `file { '/x/': }`
//! shows `path => '/x'` and `ensure_resource('d', 8080)` shows
//! `name => '8080'`.

use confer_core::Value;

use super::resource::{Resource, ResourceKind};
use super::Evaluator;

impl Evaluator<'_> {
    /// The parameters of resource `index` as the catalog writes them, in
    /// Puppet's order: those from the title first, then the rest as set.
    pub(super) fn catalog_parameters(&self, index: usize, r: &Resource) -> Vec<(String, Value)> {
        let (namevar, from_title) = self.title_parameters(index, r);
        let mut parameters: Vec<(String, Value)> = from_title;
        for (k, v) in r.attributes.iter() {
            if matches!(v, Value::Undef) {
                continue;
            }
            let k = confer_core::value::to_s(k);
            // A relationship names its targets in one flat list
            // (`Package[$names]` in a list is an Array in the Array).
            let v = match (k.as_str(), v) {
                ("before" | "require" | "notify" | "subscribe", Value::Array(items))
                    if items.iter().any(|i| matches!(i, Value::Array(_))) =>
                {
                    Value::array(super::functions::flatten(items))
                }
                _ => v.clone(),
            };
            match parameters.iter_mut().find(|(name, _)| *name == k) {
                Some(slot) => slot.1 = v,
                None => parameters.push((k, v)),
            }
        }
        let repeats_title = |v: &Value| r.title_is_text && matches!(v, Value::String(s) if **s == *r.title);
        parameters.retain(|(k, v)| !(namevar.as_deref() == Some(k.as_str()) && repeats_title(v)));
        parameters
    }

    /// The namevar of resource `index` (none for the catalog's own
    /// resources, whose symbol titles never equal their names) and what its
    /// title parses into.
    fn title_parameters(&self, index: usize, r: &Resource) -> (Option<String>, Vec<(String, Value)>) {
        if index <= super::catalog::CLASS_MAIN {
            return (None, Vec::new());
        }
        let namevar = match r.kind {
            ResourceKind::Compilable => {
                let info = self.ruby_type(&r.type_name.to_lowercase());
                if let Some(patterns) = info.as_ref().map(|t| &t.title_patterns).filter(|p| !p.is_empty()) {
                    let namevar = match info.as_ref().map(|t| t.namevars.as_slice()) {
                        Some([one]) => one.clone(),
                        _ => "name".into(),
                    };
                    return (Some(namevar), by_patterns(patterns, &r.title));
                }
                match info.map(|t| t.namevars.clone()).as_deref() {
                    Some([one]) => one.clone(),
                    // Package has several key attributes but maps its title
                    // to `name` alone; other such types parse titles by
                    // patterns written in Ruby, which could not be run.
                    Some([_, _, ..]) if r.type_name != "Package" => return (Some("name".into()), Vec::new()),
                    _ => "name".into(),
                }
            }
            _ => "name".into(),
        };
        let parsed = match (r.kind, r.type_name.as_str()) {
            (ResourceKind::Class | ResourceKind::Unknown, _) => None,
            (ResourceKind::Compilable, "File") => Some(file_path(&r.title)),
            _ => Some(r.title.clone()),
        };
        let from_title = parsed.map(|v| (namevar.clone(), Value::from(v.as_str()))).into_iter().collect();
        (Some(namevar), from_title)
    }
}

/// The parameters the first of a type's title patterns that matches the
/// title sets, group by group (a group that took part in no match sets
/// nothing). A title no pattern matches gives nothing (the types of the
/// module sweep end their patterns with one that matches any title).
fn by_patterns(patterns: &[confer_ruby::TitlePattern], title: &str) -> Vec<(String, Value)> {
    for p in patterns {
        // A pattern left undecided sets nothing, as one that does not
        // match: title patterns are the module's Ruby code's, read when the
        // catalog is reported, after every expression has been evaluated.
        let Ok(Some(groups)) = p.regex.try_captures(title) else { continue };
        return p
            .params
            .iter()
            .zip(groups.into_iter().skip(1))
            .filter_map(|(param, group)| group.map(|g| (param.clone(), Value::from(g.as_str()))))
            .collect();
    }
    Vec::new()
}

/// What File's title pattern, `%r{^(/|.+:/|.*[^/])/*\Z}m`, takes for the
/// path: the title without trailing slashes, but keeping a root (`/`, `C:/`).
fn file_path(title: &str) -> String {
    let trimmed = title.trim_end_matches('/');
    if trimmed.len() == title.len() {
        return title.to_string();
    }
    match trimmed {
        "" => "/".to_string(),
        t if t.len() > 1 && t.ends_with(':') => format!("{t}/"),
        t => t.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::file_path;

    #[test]
    fn file_paths_lose_trailing_slashes_but_keep_roots() {
        assert_eq!(file_path("/etc/x/"), "/etc/x");
        assert_eq!(file_path("/etc/x//"), "/etc/x");
        assert_eq!(file_path("/etc/x"), "/etc/x");
        assert_eq!(file_path("//"), "/");
        assert_eq!(file_path("C://"), "C:/");
        assert_eq!(file_path(":/"), ":");
    }
}
