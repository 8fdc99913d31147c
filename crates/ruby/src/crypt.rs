//! `String#crypt` as Ruby on glibc answers it (libxcrypt's `crypt(3)`,
//! through the `pwhash` crate): MD5, SHA-256, SHA-512 and bcrypt settings,
//! with glibc's failure token for a bcrypt cost outside 4..=31, and `$2x$`
//! and `$2y$` hashing as `$2b$` does for ASCII passwords (they differ only
//! in crypt_blowfish's old handling of 8-bit bytes).

/// The hash of `password` with the modular `setting` (`$6$salt`), or
/// `None` where crypt(3) fails (Ruby's `Errno::EINVAL`).
pub fn crypt(password: &str, setting: &str) -> Option<String> {
    let bcrypt = ["$2a$", "$2b$", "$2x$", "$2y$"].iter().find(|p| setting.starts_with(**p));
    let Some(prefix) = bcrypt else {
        return pwhash::unix::crypt(password.as_bytes(), setting).ok();
    };
    let rest = &setting[4..];
    if !rest.get(..2).and_then(|c| c.parse::<u32>().ok()).is_some_and(|c| (4..=31).contains(&c)) {
        return Some("*0".into());
    }
    let computed = if matches!(*prefix, "$2x$" | "$2y$") && password.is_ascii() { "$2b$" } else { prefix };
    let hash = pwhash::unix::crypt(password.as_bytes(), &format!("{computed}{rest}")).ok()?;
    Some(hash.replacen(computed, prefix, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Answers from Ruby 3.1's `String#crypt` on Debian 12.
    #[test]
    fn answers_as_glibc_does() {
        assert_eq!(crypt("test", "$1$1").as_deref(), Some("$1$1$Bp8CU9Oujr9SSEw53WV6G."));
        assert_eq!(crypt("test", "$2b$03$salt.salt.salt.salt.sa").as_deref(), Some("*0"));
    }
}
