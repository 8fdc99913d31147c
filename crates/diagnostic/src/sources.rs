//! Where the renderer finds the text an excerpt shows.

use std::borrow::Cow;
use std::path::Path;

/// Source texts by file name.
pub trait Sources {
    /// The whole text of `file`, or `None` when it cannot be had (a
    /// diagnostic is then shown without its excerpt).
    fn text(&self, file: &str) -> Option<Cow<'_, str>>;
}

/// The extensions of the files confer parses as code (manifests, templates,
/// Ruby, CFEngine policy), the only ones an excerpt is read from on disk.
const CODE: &[&str] = &["pp", "epp", "erb", "rb", "cf"];

/// The texts a command has in memory (the manifest it was given, code from
/// `-e` or standard input), and, for any other file a diagnostic names,
/// the file on disk when it is code — a compile reports errors in module
/// files it read. Any other file (`environment.conf`, Hiera data, facts, a
/// `manifest` setting that names `/etc/shadow`) is shown by file, line and
/// column only, as Puppet shows every error: its lines may be secrets.
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
        let path = Path::new(file);
        if !path.extension().is_some_and(|e| CODE.iter().any(|c| e == *c)) {
            return None;
        }
        confer_core::read::read_text(path).ok().map(Cow::Owned)
    }
}

/// No texts: diagnostics are shown without excerpts.
pub struct NoSources;

impl Sources for NoSources {
    fn text(&self, _file: &str) -> Option<Cow<'_, str>> {
        None
    }
}
