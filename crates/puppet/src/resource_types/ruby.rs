//! Reading a module's `lib/puppet/type/<name>.rb` without running it: the
//! `newparam(:x)`, `newproperty(:x)` and `newcheck(:x)` calls, `ensurable`,
//! and which parameter is the namevar (`:namevar => true`, `namevar: true`
//! or `isnamevar` in its block). Files that define attributes in ways this
//! cannot follow are marked incomplete.

use std::path::Path;

use super::TypeInfo;

/// Signs that a type file adds attributes dynamically (loops over names,
/// mixins from `puppet_x`, code evaluated in the type's context).
const DYNAMIC: &[&str] = &["PuppetX", ".each", "extend ", "include ", "instance_eval", "class_eval", "send("];

/// Reads the type `name` from `path`; `None` when the file cannot be read.
pub fn read_type_file(name: &str, path: &Path) -> Option<TypeInfo> {
    let text = crate::files::read_text(path).ok()?;
    let mut info = read_type(name, &text);
    if text.contains("title_patterns") {
        // `lib/puppet/type/x.rb` requires helpers from its module's `lib`,
        // or another module's on the same module path directory.
        let lib = path.parent().and_then(Path::parent).and_then(Path::parent);
        let modules = lib.and_then(Path::parent).and_then(Path::parent);
        let mut require = |file: &str| -> Option<String> {
            let relative = format!("{file}.rb");
            let own = lib.map(|l| l.join(&relative));
            let others = modules
                .and_then(|m| std::fs::read_dir(m).ok())
                .into_iter()
                .flatten()
                .flatten()
                .map(|m| m.path().join("lib").join(&relative));
            own.into_iter().chain(others).find_map(|p| crate::files::read_text(&p).ok())
        };
        if let Ok(Some(patterns)) = confer_ruby::title_patterns(&text, &mut require) {
            info.title_patterns = patterns;
        }
    }
    Some(info)
}

/// Reads the type `name` from the text of its Ruby file.
pub fn read_type(name: &str, text: &str) -> TypeInfo {
    let mut attributes: Vec<String> = Vec::new();
    let mut namevars: Vec<String> = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let code = line.split('#').next().unwrap_or("");
        if code.trim() == "ensurable" || code.trim_start().starts_with("ensurable ") {
            push_unique(&mut attributes, "ensure");
        }
        let Some(attr) = ["newparam", "newproperty", "newcheck"].iter().find_map(|k| attribute_name(code, k)) else {
            continue;
        };
        push_unique(&mut attributes, &attr);
        let block_names_it = code.contains("namevar")
            || lines[i + 1..]
                .iter()
                .take(6)
                .take_while(|l| !l.trim_start().starts_with("new"))
                .any(|l| l.trim() == "isnamevar");
        if block_names_it {
            push_unique(&mut namevars, &attr);
        }
    }
    if namevars.is_empty() && attributes.iter().any(|a| a == "name") {
        namevars.push("name".into());
    }
    let complete = !attributes.is_empty() && !DYNAMIC.iter().any(|d| text.contains(d));
    TypeInfo {
        name: name.to_string(),
        namevars,
        attributes,
        complete,
        named_values: Vec::new(),
        title_patterns: Vec::new(),
    }
}

/// The symbol after `keyword(` (or `keyword `) in `code`: `newparam(:path)`.
fn attribute_name(code: &str, keyword: &str) -> Option<String> {
    let at = code.find(keyword)?;
    let before = code[..at].chars().last();
    if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let rest = code[at + keyword.len()..].trim_start_matches(['(', ' ']);
    let symbol = rest.strip_prefix(':')?;
    let name: String = symbol.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    (!name.is_empty()).then_some(name)
}

fn push_unique(list: &mut Vec<String>, item: &str) {
    if !list.iter().any(|x| x == item) {
        list.push(item.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_parameters_properties_and_the_namevar() {
        let text = "Puppet::Type.newtype(:sysctl) do\n  ensurable\n  newparam(:name, :namevar => true) do\n  end\n  newproperty(:val) do\n  end\n  newparam :target do\n    isnamevar\n  end\nend\n";
        let t = read_type("sysctl", text);
        assert_eq!(t.attributes, vec!["ensure", "name", "val", "target"]);
        assert_eq!(t.namevars, vec!["name", "target"]);
        assert!(t.complete);
        assert!(!t.accepts("value"));
    }

    #[test]
    fn dynamic_files_accept_anything() {
        let t = read_type(
            "x",
            "Puppet::Type.newtype(:x) do\n  [:a, :b].each { |p| newparam(p) }\n  newparam(:name)\nend\n",
        );
        assert!(!t.complete);
        assert!(t.accepts("a"));
    }
}
