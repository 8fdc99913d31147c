//! Source positions: byte spans in a manifest and their line/column form.

use std::sync::Arc;

/// A half-open byte range `start..end` in one source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// Offset of the first byte.
    pub start: u32,
    /// Offset just past the last byte.
    pub end: u32,
}

impl Span {
    /// The span `start..end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start: start as u32, end: end as u32 }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }
}

/// One manifest's text and name, with the line starts needed to turn offsets
/// into the 1-based line and column numbers Puppet reports.
#[derive(Debug)]
pub struct Source {
    /// The file name as the user gave it, or a placeholder for `-e` code.
    pub name: String,
    /// The text.
    pub text: String,
    line_starts: Vec<usize>,
    /// Whether each line is ASCII, where a column is a byte count: counting
    /// characters from the line start for every warning on one long line
    /// made locating them quadratic.
    ascii_lines: Vec<bool>,
}

impl Source {
    /// A source with its line table.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Arc<Source> {
        let text = text.into();
        let mut line_starts = vec![0];
        line_starts.extend(text.char_indices().filter(|(_, c)| *c == '\n').map(|(i, _)| i + 1));
        let ends = line_starts.iter().skip(1).copied().chain([text.len()]);
        let ascii_lines = line_starts.iter().zip(ends).map(|(&s, e)| text.as_bytes()[s..e].is_ascii()).collect();
        Arc::new(Source { name: name.into(), text, line_starts, ascii_lines })
    }

    /// The 1-based line and column (counted in characters) of a byte offset.
    pub fn line_col(&self, offset: u32) -> (usize, usize) {
        let offset = (offset as usize).min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let col = if self.ascii_lines[line] {
            offset - start
        } else {
            self.text.get(start..offset).map_or(offset - start, |s| s.chars().count())
        } + 1;
        (line + 1, col)
    }

    /// The text of the 1-based line `line`, without its line break.
    pub fn line_text(&self, line: usize) -> &str {
        let start = self.line_starts.get(line.wrapping_sub(1)).copied().unwrap_or(0);
        let end = self.line_starts.get(line).map_or(self.text.len(), |e| e - 1);
        self.text.get(start..end).unwrap_or("").trim_end_matches('\r')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_are_one_based() {
        let s = Source::new("x.pp", "ab\ncäd\n");
        assert_eq!(s.line_col(0), (1, 1));
        assert_eq!(s.line_col(3), (2, 1));
        assert_eq!(s.line_col(6), (2, 3));
        assert_eq!(s.line_text(2), "cäd");
    }
}
