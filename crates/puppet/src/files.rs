//! Reading the files a compile opens (manifests, templates, data), with a
//! bound: a device, a FIFO or a huge file is refused instead of read until
//! memory runs out.

use std::io::Read;
use std::path::Path;

/// The largest file confer reads as Puppet source, template or data.
pub const MAX_FILE_SIZE: u64 = 64 * 1024 * 1024;

/// Reads a regular file of at most `MAX_FILE_SIZE` bytes as UTF-8 text.
pub fn read_text(path: &Path) -> std::io::Result<String> {
    let bytes = read_bytes(path)?;
    String::from_utf8(bytes)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "the file is not valid UTF-8"))
}

/// Reads a regular file of at most `MAX_FILE_SIZE` bytes.
pub fn read_bytes(path: &Path) -> std::io::Result<Vec<u8>> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a regular file"));
    }
    if meta.len() > MAX_FILE_SIZE {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("the file is larger than {MAX_FILE_SIZE} bytes"),
        ));
    }
    let mut out = Vec::with_capacity(meta.len() as usize);
    std::fs::File::open(path)?.take(MAX_FILE_SIZE + 1).read_to_end(&mut out)?;
    if out.len() as u64 > MAX_FILE_SIZE {
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, "the file grew while it was read"));
    }
    Ok(out)
}
