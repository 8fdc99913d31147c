//! Reading an input file with a bound: every file confer opens (manifests,
//! documents, type aliases, module classes) goes through [`read_text`], so
//! `/dev/zero`, a FIFO or a multi-gigabyte file is a clear error instead of
//! a process that reads until memory runs out or blocks forever.

use std::fmt;
use std::io::Read;
use std::path::Path;

/// The largest input confer reads: far above any real manifest or data file,
/// far below what would exhaust memory once parsed.
pub const MAX_INPUT_BYTES: u64 = 256 * 1024 * 1024;

/// Why an input could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// Not a regular file: a directory, FIFO, socket or device.
    NotAFile,
    /// Larger than [`MAX_INPUT_BYTES`].
    TooLarge,
    /// Not UTF-8.
    NotUtf8,
    /// The operating system's error.
    Io(std::io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::NotAFile => f.write_str("not a regular file"),
            ReadError::TooLarge => write!(f, "larger than {} MiB", MAX_INPUT_BYTES / (1024 * 1024)),
            ReadError::NotUtf8 => f.write_str("stream did not contain valid UTF-8"),
            ReadError::Io(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReadError {}

/// The text of the regular file at `path`. The file type is checked before
/// opening, since opening a FIFO blocks until a writer appears.
pub fn read_text(path: &Path) -> Result<String, ReadError> {
    let meta = std::fs::metadata(path).map_err(ReadError::Io)?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile);
    }
    if meta.len() > MAX_INPUT_BYTES {
        return Err(ReadError::TooLarge);
    }
    read_stream(std::fs::File::open(path).map_err(ReadError::Io)?)
}

/// The text of a stream (standard input), read no further than the bound.
pub fn read_stream(stream: impl Read) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    // The file may grow after its size was checked: read one byte past the bound to see.
    stream.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes).map_err(ReadError::Io)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(ReadError::TooLarge);
    }
    String::from_utf8(bytes).map_err(|_| ReadError::NotUtf8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_and_directories_are_refused() {
        assert!(matches!(read_text(Path::new("/dev/zero")), Err(ReadError::NotAFile)));
        assert!(matches!(read_text(Path::new("/")), Err(ReadError::NotAFile)));
        assert_eq!(read_stream(&b"abc"[..]).unwrap(), "abc");
    }
}
