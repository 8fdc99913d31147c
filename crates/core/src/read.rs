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
    /// Not a regular file: what it is instead (`a directory`, `a FIFO`, …).
    NotAFile(&'static str),
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
            ReadError::NotAFile(kind) => write!(f, "not a regular file ({kind})"),
            ReadError::TooLarge => write!(f, "larger than {} MiB", MAX_INPUT_BYTES / (1024 * 1024)),
            ReadError::NotUtf8 => f.write_str("stream did not contain valid UTF-8"),
            ReadError::Io(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReadError {}

/// The text of the regular file at `path`.
pub fn read_text(path: &Path) -> Result<String, ReadError> {
    String::from_utf8(read_bytes(path)?).map_err(|_| ReadError::NotUtf8)
}

/// The bytes of the regular file at `path`. The file type is checked before
/// opening, since opening a FIFO blocks until a writer appears.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, ReadError> {
    admit(path)?;
    bounded(std::fs::File::open(path).map_err(ReadError::Io)?)
}

/// Whether the file at `path` may be read: a regular file within the bound.
/// For a reader that is not confer's (the console's line editor reads its
/// history itself).
pub fn admit(path: &Path) -> Result<(), ReadError> {
    let meta = std::fs::metadata(path).map_err(ReadError::Io)?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile(file_kind(&meta.file_type())));
    }
    if meta.len() > MAX_INPUT_BYTES {
        return Err(ReadError::TooLarge);
    }
    Ok(())
}

/// The text of a stream (standard input), read no further than the bound.
pub fn read_stream(stream: impl Read) -> Result<String, ReadError> {
    String::from_utf8(bounded(stream)?).map_err(|_| ReadError::NotUtf8)
}

fn bounded(stream: impl Read) -> Result<Vec<u8>, ReadError> {
    let mut bytes = Vec::new();
    // The file may grow after its size was checked: read one byte past the bound to see.
    stream.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes).map_err(ReadError::Io)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(ReadError::TooLarge);
    }
    Ok(bytes)
}

/// What a file that is not a regular file is, for the error that refuses it.
fn file_kind(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a directory"
    } else {
        "an unknown kind of file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_and_directories_are_refused() {
        assert!(matches!(read_text(Path::new("/dev/zero")), Err(ReadError::NotAFile("a character device"))));
        assert!(matches!(read_text(Path::new("/")), Err(ReadError::NotAFile("a directory"))));
        assert_eq!(read_stream(&b"abc"[..]).unwrap(), "abc");
    }
}
