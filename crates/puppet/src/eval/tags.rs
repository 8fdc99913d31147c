//! Resource tags: which strings are tags, and how a tag and its qualified
//! segments are added to a resource's list, as Puppet's `tag` does.

/// Whether `tag` is a valid Puppet tag (`[[:alnum:]_][[:alnum:]_:.-]*`).
pub(crate) fn valid_tag(tag: &str) -> bool {
    let mut chars = tag.chars();
    chars.next().is_some_and(|c| c.is_alphanumeric() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || matches!(c, '_' | ':' | '.' | '-'))
}

/// Adds `tag` (lower-cased) and, for a qualified one, its segments, as
/// Puppet's `tag` does.
pub(crate) fn add_tag(tags: &mut Vec<String>, tag: &str) {
    let tag = tag.to_lowercase();
    if tags.contains(&tag) {
        return;
    }
    let segments: Vec<String> =
        if tag.contains("::") { tag.split("::").map(str::to_string).collect() } else { Vec::new() };
    tags.push(tag);
    for s in segments {
        if !tags.contains(&s) {
            tags.push(s);
        }
    }
}

/// Adds the tags of `from` that `tags` lacks, in order.
pub(crate) fn merge_tags(tags: &mut Vec<String>, from: &[String]) {
    for t in from {
        if !tags.contains(t) {
            tags.push(t.clone());
        }
    }
}
