//! Padding to a width of any size: Rust's `{:>width$}` panics on widths above
//! 65,535, and Ruby's formats accept widths up to `INT_MAX`.

/// `text` right-justified in `width` characters, filled on the left with `fill`.
pub(crate) fn left(text: &str, width: usize, fill: char) -> String {
    let missing = width.saturating_sub(text.chars().count());
    let mut out = String::with_capacity(text.len() + missing);
    out.extend(std::iter::repeat_n(fill, missing));
    out.push_str(text);
    out
}

/// `text` left-justified in `width` characters, filled on the right with `fill`.
pub(crate) fn right(text: &str, width: usize, fill: char) -> String {
    let missing = width.saturating_sub(text.chars().count());
    let mut out = String::with_capacity(text.len() + missing);
    out.push_str(text);
    out.extend(std::iter::repeat_n(fill, missing));
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn widths_beyond_rusts_formatter() {
        assert_eq!(super::left("7", 70000, '0').len(), 70000);
        assert_eq!(super::right("ab", 4, ' '), "ab  ");
        assert_eq!(super::left("abc", 2, ' '), "abc");
    }
}
