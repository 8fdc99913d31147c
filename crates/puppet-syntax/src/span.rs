//! Source positions: byte spans in manifests and their line/column form.
//!
//! A compile reads many files (the site manifest, then each class, define,
//! function and template as it is autoloaded). Every file gets its own range
//! of one offset space (its `base`), as rustc's and starlark's code maps do,
//! so a `Span` stays two integers yet names its file: the `SourceMap` finds
//! the file whose range holds the offset.

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

    /// This span moved `by` bytes further.
    pub fn shifted(self, by: u32) -> Span {
        Span { start: self.start + by, end: self.end + by }
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
    /// Where this file's offsets start in the offset space of its `SourceMap`
    /// (0 for a file read on its own).
    base: u32,
    /// Whether each line is ASCII, where a column is a byte count: counting
    /// characters from the line start for every warning on one long line
    /// made locating them quadratic.
    ascii_lines: Vec<bool>,
}

impl Source {
    /// A source with its line table, at offset 0.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Arc<Source> {
        Source::at(name, text, 0)
    }

    /// A source placed at offset `base` of a compile's span space (the
    /// evaluator places shared and per-compile files apart).
    pub fn at(name: impl Into<String>, text: impl Into<String>, base: u32) -> Arc<Source> {
        let text = text.into();
        let mut line_starts = vec![0];
        line_starts.extend(text.char_indices().filter(|(_, c)| *c == '\n').map(|(i, _)| i + 1));
        let ends = line_starts.iter().skip(1).copied().chain([text.len()]);
        let ascii_lines = line_starts.iter().zip(ends).map(|(&s, e)| text.as_bytes()[s..e].is_ascii()).collect();
        Arc::new(Source { name: name.into(), text, line_starts, ascii_lines, base })
    }

    /// The first offset of this file in its source map; spans of its syntax
    /// tree are shifted by it.
    pub fn base(&self) -> u32 {
        self.base
    }

    /// The bytes of this file's text that `span` (in source-map offsets)
    /// covers, as offsets within this file.
    pub fn local_span(&self, span: Span) -> Span {
        Span::new(self.local_offset(span.start), self.local_offset(span.end.max(span.start)))
    }

    /// The text from the (source-map) offset `offset` to the end.
    pub fn text_from(&self, offset: u32) -> &str {
        let local = (offset.saturating_sub(self.base) as usize).min(self.text.len());
        self.text.get(local..).unwrap_or("")
    }

    /// The byte index into `text` of a source-map offset.
    pub fn local_offset(&self, offset: u32) -> usize {
        (offset.saturating_sub(self.base) as usize).min(self.text.len())
    }

    /// The 1-based line and column (counted in characters) of a byte offset.
    pub fn line_col(&self, offset: u32) -> (usize, usize) {
        let offset = self.local_offset(offset);
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let col = if self.ascii_lines[line] {
            offset - start
        } else {
            self.text.get(start..offset).map_or(offset - start, |s| s.chars().count())
        } + 1;
        (line + 1, col)
    }
}

/// The files of one compile, each at its own range of offsets. Files
/// shared with other compiles (`eval::SharedParse`) keep the offsets they
/// were parsed at, below [`SHARED_OFFSETS`]; the compile's own files are
/// placed from `start` on.
#[derive(Debug, Default)]
pub struct SourceMap {
    /// Sorted by `base`.
    files: Vec<Arc<Source>>,
    /// Where the compile's own files begin.
    start: usize,
}

/// The offsets below this are those of files parsed once for many
/// compiles; each compile places its own files above.
pub const SHARED_OFFSETS: usize = MAX_TOTAL_SOURCE / 2;

/// A source map holds at most this many bytes of text, so that offsets fit
/// in a `u32`.
pub const MAX_TOTAL_SOURCE: usize = u32::MAX as usize / 2;

impl SourceMap {
    /// A map holding `source` as it is (a single manifest read at offset 0).
    pub fn single(source: Arc<Source>) -> SourceMap {
        SourceMap { files: vec![source], start: 0 }
    }

    /// An empty map for a compile that also holds shared files: its own
    /// files go above [`SHARED_OFFSETS`].
    pub fn beside_shared() -> SourceMap {
        SourceMap { files: Vec::new(), start: SHARED_OFFSETS }
    }

    /// Holds a file parsed for many compiles at the offsets it was parsed
    /// at (below [`SHARED_OFFSETS`]).
    pub fn insert_shared(&mut self, source: Arc<Source>) {
        let at = self.files.partition_point(|f| f.base < source.base);
        if self.files.get(at).is_none_or(|f| f.base != source.base) {
            self.files.insert(at, source);
        }
    }

    /// Adds a file after the ones already held and returns it. `None` when the
    /// total text would pass `MAX_TOTAL_SOURCE`.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> Option<Arc<Source>> {
        let text = text.into();
        // One byte of gap keeps a span at the very end of a file inside it.
        let base = self.files.last().map_or(0, |f| f.base as usize + f.text.len() + 1).max(self.start);
        if base + text.len() > MAX_TOTAL_SOURCE {
            return None;
        }
        let source = Source::at(name, text, base as u32);
        self.files.push(source.clone());
        Some(source)
    }

    /// The file whose offsets hold `offset`.
    pub fn find(&self, offset: u32) -> Option<&Arc<Source>> {
        let i = self.files.partition_point(|f| f.base <= offset);
        i.checked_sub(1).map(|i| &self.files[i])
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
    }

    #[test]
    fn a_source_map_finds_each_file_by_offset() {
        let mut map = SourceMap::default();
        let a = map.add("a.pp", "x\ny").unwrap_or_else(|| unreachable!("small text"));
        let b = map.add("b.pp", "zz").unwrap_or_else(|| unreachable!("small text"));
        assert_eq!(b.base(), 4);
        assert_eq!(map.find(2).map(|f| f.name.as_str()), Some("a.pp"));
        assert_eq!(map.find(5).map(|f| f.name.as_str()), Some("b.pp"));
        assert_eq!(b.line_col(5), (1, 2));
        assert_eq!(a.line_col(2), (2, 1));
    }
}
