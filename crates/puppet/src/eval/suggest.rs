//! "Did you mean …?" for names Puppet does not know (functions, variables,
//! resource types), and the note that tells a real Puppet function confer
//! lacks from a typo. The advice goes into an error's or warning's `notes`,
//! so Puppet's own line stays word for word.

use std::collections::HashSet;
use std::rc::Rc;
use std::sync::OnceLock;

use confer_core::types::params::capitalize_segments;

use super::scope::Scope;
use super::Evaluator;
use crate::log::Note;

/// The least Jaro–Winkler similarity at which a name counts as a likely typo.
const THRESHOLD: f64 = 0.85;

/// The functions Puppet 7.23 itself defines, recorded from its Ruby sources
/// by `scripts/regen-puppet-function-names.py`.
fn puppet_functions() -> &'static HashSet<&'static str> {
    static NAMES: OnceLock<HashSet<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| include_str!("../../data/puppet-functions.txt").lines().filter(|l| !l.is_empty()).collect())
}

/// Whether `name` is one of Puppet 7.23's own functions.
pub fn is_puppet_function(name: &str) -> bool {
    puppet_functions().contains(name)
}

/// The candidate closest to `given`, when it is close enough to be a likely
/// typo, and not `given` itself.
pub(crate) fn closest<'c>(given: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    confer_diagnostic::suggest::closest(given, candidates, THRESHOLD)
}

/// Advice for a parameter name `given` that a class, define, function or
/// lambda does not declare: the closest one it does.
pub(crate) fn unknown_parameter_note<'p>(given: &str, declared: impl IntoIterator<Item = &'p str>) -> Vec<Note> {
    closest(given, declared).map(|n| vec![Note::did_you_mean(n, n)]).unwrap_or_default()
}

impl Evaluator<'_> {
    /// Advice for a call of the unknown function `key` (lower case): that
    /// Puppet has it but confer does not, or the closest known name.
    pub(crate) fn unknown_function_notes(&self, key: &str) -> Vec<Note> {
        if is_puppet_function(key) {
            return vec![Note::text(format!("'{key}' is a Puppet function that confer does not support"))];
        }
        let mut names: Vec<&str> = super::functions::available(self);
        names.extend(self.defs.functions.keys().map(String::as_str));
        closest(key, names).map(|n| vec![Note::did_you_mean(n, n)]).unwrap_or_default()
    }

    /// Advice for the unknown variable `name` seen from `scope`.
    pub(crate) fn unknown_variable_notes(&self, name: &str, scope: &Rc<Scope>) -> Vec<Note> {
        let visible = scope.visible();
        closest(name, visible.iter().map(|(n, _)| n.as_str()))
            .map(|n| vec![Note::did_you_mean(format!("${n}"), &format!("${n}"))])
            .unwrap_or_default()
    }

    /// Advice for the type name `name` that is neither a data type nor a
    /// resource type (`Integr`): the closest data type, alias or resource type.
    pub(crate) fn unknown_type_name_notes(&self, name: &str) -> Vec<Note> {
        let lower = name.trim_start_matches("::").to_lowercase();
        let data_types = super::session::TYPE_NAMES.iter().map(|t| (t.to_lowercase(), t.to_string()));
        let aliases = self.defs.alias_names().map(|a| (a.to_lowercase(), a.to_string()));
        let resources = super::resource::BUILTIN_TYPES.iter().map(|t| (t.to_string(), capitalize_segments(t)));
        let defines = self.defs.defines.keys().map(|d| (d.to_string(), capitalize_segments(d)));
        let names: Vec<(String, String)> = data_types.chain(aliases).chain(resources).chain(defines).collect();
        closest(&lower, names.iter().map(|(l, _)| l.as_str()))
            .and_then(|found| names.iter().find(|(l, _)| l == found))
            .map(|(_, shown)| vec![Note::did_you_mean(shown.clone(), shown)])
            .unwrap_or_default()
    }

    /// Advice for the resource type `type_name` given the attribute `given`
    /// that it does not have: the closest attribute it has.
    pub(crate) fn unknown_attribute_notes(&self, type_name: &str, given: &str) -> Vec<Note> {
        let Some(info) = self.ruby_type(&type_name.to_lowercase()) else {
            return Vec::new();
        };
        let names =
            info.attributes.iter().map(String::as_str).chain(crate::resource_types::METAPARAMETERS.iter().copied());
        closest(given, names).map(|n| vec![Note::did_you_mean(n, n)]).unwrap_or_default()
    }

    /// Advice for the unknown resource type `name` (lower case): the closest
    /// built-in type or defined type of the manifest.
    pub(crate) fn unknown_type_notes(&self, name: &str) -> Vec<Note> {
        let defines = self.defs.defines.keys().map(String::as_str);
        closest(name, super::resource::BUILTIN_TYPES.iter().copied().chain(defines))
            .map(|n| vec![Note::did_you_mean(n, n)])
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_find_the_name_and_strangers_find_nothing() {
        assert_eq!(closest("notise", ["notice", "warning", "info"]), Some("notice"));
        assert_eq!(closest("pakage", ["package", "file", "exec"]), Some("package"));
        assert_eq!(closest("zzz", ["notice", "warning"]), None);
    }

    #[test]
    fn a_misspelt_parameter_finds_the_declared_one() {
        assert_eq!(unknown_parameter_note("prot", ["port", "host"]), vec![Note::did_you_mean("port", "port")]);
        assert!(unknown_parameter_note("zzzz", ["port"]).is_empty());
    }

    #[test]
    fn the_recorded_list_holds_puppet_functions_only() {
        assert!(is_puppet_function("notice"));
        assert!(is_puppet_function("hiera_include"));
        assert!(!is_puppet_function("notise"));
        assert!(!is_puppet_function("deep_merge"), "deep_merge is stdlib's, not Puppet's");
    }
}
