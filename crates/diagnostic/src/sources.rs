//! Where the renderer finds the text an excerpt shows.

use std::borrow::Cow;
use std::io::Read;

/// Source texts by file name.
pub trait Sources {
    /// The whole text of `file`, or `None` when it cannot be had (a
    /// diagnostic is then shown without its excerpt).
    fn text(&self, file: &str) -> Option<Cow<'_, str>>;
}

/// Files larger than this are shown without an excerpt rather than read.
const MAX_READ: u64 = 64 * 1024 * 1024;

/// The texts a command has in memory (the manifest it was given, code from
/// `-e` or standard input), and, for any other file a diagnostic names,
/// the file on disk — a compile reports errors in module files it read.
#[derive(Default)]
pub struct FileSources<'a> {
    known: Vec<(&'a str, &'a str)>,
}

impl<'a> FileSources<'a> {
    /// Sources that read every file from disk.
    pub fn new() -> FileSources<'a> {
        FileSources::default()
    }

    /// With the text of `file` held in memory.
    pub fn with(mut self, file: &'a str, text: &'a str) -> FileSources<'a> {
        self.known.push((file, text));
        self
    }
}

impl Sources for FileSources<'_> {
    fn text(&self, file: &str) -> Option<Cow<'_, str>> {
        if let Some((_, text)) = self.known.iter().find(|(name, _)| *name == file) {
            return Some(Cow::Borrowed(text));
        }
        let handle = std::fs::File::open(file).ok()?;
        if !handle.metadata().ok()?.is_file() {
            return None;
        }
        let mut text = String::new();
        handle.take(MAX_READ + 1).read_to_string(&mut text).ok()?;
        (text.len() as u64 <= MAX_READ).then_some(Cow::Owned(text))
    }
}

/// No texts: diagnostics are shown without excerpts.
pub struct NoSources;

impl Sources for NoSources {
    fn text(&self, _file: &str) -> Option<Cow<'_, str>> {
        None
    }
}
