//! An I/O error in the C library's words (`strerror`), as cf-agent quotes
//! it after a failed call: "No such file or directory". Rust's `Display`
//! of an OS error appends " (os error N)"; rather than cut that text off,
//! the words are asked of the C library for the error number.

/// `strerror` of the error's number; an error without one (made by Rust,
/// not the system) in its own words.
pub fn describe(e: &std::io::Error) -> String {
    let Some(code) = e.raw_os_error() else { return e.to_string() };
    let mut buf = [0u8; 256];
    // SAFETY: the buffer is writable for its whole length, which is passed;
    // the XSI strerror_r writes a NUL-terminated message into it.
    let status = unsafe { libc::strerror_r(code, buf.as_mut_ptr().cast(), buf.len()) };
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    if status != 0 || end == 0 {
        return format!("Unknown error {code}");
    }
    String::from_utf8_lossy(&buf[..end]).into_owned()
}

#[cfg(test)]
mod tests {
    use super::describe;

    #[test]
    fn the_c_librarys_words_without_rusts_suffix() {
        let e = std::fs::read("/nonexistent/confer").unwrap_err();
        assert_eq!(describe(&e), "No such file or directory");
        assert_eq!(describe(&std::io::Error::from_raw_os_error(libc::EACCES)), "Permission denied");
        assert_eq!(describe(&std::io::Error::other("made here")), "made here");
    }
}
