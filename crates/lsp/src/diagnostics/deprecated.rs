//! Calls of functions Puppet deprecates (stdlib's `validate_*` and `is_*`,
//! `try_get_value`), marked before any compile with the warning the
//! compile would print, so the editor can strike them through.

use confer_diagnostic::{Diagnostic, Label};

use crate::documents::Document;
use crate::syntax::occurrences::{Kind, Occurrence};

/// The code of a deprecated call, which `to_lsp` tags as deprecated.
pub(super) const CODE: &str = "puppet::deprecated";

/// A warning for `o` when it calls a deprecated function.
pub(super) fn call(doc: &Document, o: &Occurrence) -> Option<Diagnostic> {
    if o.kind != Kind::Function {
        return None;
    }
    let message = confer_puppet::eval::deprecation(&o.name)?;
    Some(Diagnostic::warning(CODE, format!("Warning: {message}"), message).with_primary(Some(Label::new(
        doc.source.name.as_str(),
        o.span.clone(),
        "here",
    ))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn warnings(text: &str) -> Vec<(std::ops::Range<usize>, String)> {
        let uri = "file:///m.pp".parse().expect("a valid URI");
        let doc = Document::new(uri, 1, text.to_string());
        doc.occurrences
            .iter()
            .filter_map(|o| call(&doc, o))
            .map(|d| (d.primary.map(|l| l.range).unwrap_or_default(), d.message))
            .collect()
    }

    #[test]
    fn deprecated_calls_get_puppets_warning() {
        let found = warnings("validate_string($x)\n$y = try_get_value($h, 'a')\n");
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].0, 0..15);
        assert!(found[0].1.starts_with("This method is deprecated, please use the stdlib validate_legacy function,"));
        assert_eq!(
            found[1],
            (25..38, "try_get_value() DEPRECATED: this function is deprecated, please use dig() instead.".into())
        );
    }

    #[test]
    fn other_calls_are_left_alone() {
        assert_eq!(warnings("notice(validate_legacy)\nvalidate_legacy(String, 'validate_string', $x)\n"), vec![]);
    }
}
