//! `--ignore` rules, octocatalog-diff's: `Type[title]` ignores every
//! difference of the resources it names, `Type[title]::attr` (or
//! `::parameters::attr`) only those at that attribute. The type is matched
//! without regard to case and may be `*`; `*` in the title matches any
//! run of characters, `/` and dots included. An attribute path matches
//! where it appears as consecutive keys of a difference's structure, so
//! `content` and `parameters::content` name the same parameter.

use super::difference::Difference;
use crate::fleet::FleetError;

/// One rule.
#[derive(Clone, Debug)]
pub struct Ignore {
    type_name: String,
    title: String,
    attribute: Vec<String>,
}

impl Ignore {
    /// Reads a rule.
    pub fn parse(rule: &str) -> Result<Ignore, FleetError> {
        let bad = |reason| FleetError::Ignore { rule: rule.to_string(), reason };
        let open = rule.find('[').ok_or_else(|| bad("expected Type[title], such as File[/etc/motd]"))?;
        let close = rule.rfind(']').filter(|&c| c > open).ok_or_else(|| bad("the title has no closing ']'"))?;
        let type_name = rule[..open].trim().to_lowercase();
        if type_name.is_empty() {
            return Err(bad("the type is empty (use '*' for any type)"));
        }
        let rest = &rule[close + 1..];
        let attribute = match rest {
            "" => Vec::new(),
            _ if rest.starts_with("::") => {
                rest[2..].split("::").filter(|s| !s.is_empty()).map(str::to_string).collect()
            }
            _ => return Err(bad("after the title, expected '::attribute'")),
        };
        Ok(Ignore { type_name, title: rule[open + 1..close].to_string(), attribute })
    }

    /// Whether the rule ignores `d`.
    pub fn ignores(&self, d: &Difference) -> bool {
        (self.type_name == "*" || self.type_name == d.type_name.to_lowercase())
            && glob(&self.title, &d.title)
            && (self.attribute.is_empty()
                || d.structure.windows(self.attribute.len()).any(|w| w == self.attribute.as_slice()))
    }
}

/// `pattern` with `*` for any run of characters, matched against all of `text`.
fn glob(pattern: &str, text: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = text.strip_prefix(first) else { return false };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else { return rest.is_empty() };
    for part in middle {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

#[cfg(test)]
mod tests {
    use super::super::difference::{DiffType, Place};
    use super::*;

    fn change(type_name: &str, title: &str, structure: &[&str]) -> Difference {
        Difference {
            diff_type: DiffType::Changed,
            type_name: type_name.into(),
            title: title.into(),
            structure: structure.iter().map(|s| s.to_string()).collect(),
            old_value: None,
            new_value: None,
            old: Place::default(),
            new: Place::default(),
        }
    }

    #[test]
    fn rules_match_as_octocatalog_diff_documents() {
        let motd = change("File", "/etc/motd", &["parameters", "content"]);
        for (rule, ignored) in [
            ("File[/etc/motd]", true),
            ("file[/etc/motd]", true),
            ("File[/etc/motd]::content", true),
            ("File[/etc/motd]::parameters::content", true),
            ("File[/etc/motd]::mode", false),
            ("File[/etc/*]", true),
            ("File[*/motd]", true),
            ("File[/etc/*/motd]", false),
            ("*[*]::content", true),
            ("Service[*]", false),
        ] {
            assert_eq!(Ignore::parse(rule).unwrap().ignores(&motd), ignored, "{rule}");
        }
    }

    #[test]
    fn a_rule_without_a_title_says_so() {
        assert!(Ignore::parse("File").unwrap_err().to_string().contains("expected Type[title]"));
        assert!(Ignore::parse("File[/x]content").unwrap_err().to_string().contains("'::attribute'"));
    }
}
