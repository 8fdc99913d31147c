//! A single format directive, `%<flags><width>.<precision><letter>`.

use thiserror::Error;

/// Why formatting failed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FormatError {
    /// The directive does not have Puppet's form.
    #[error("The format '{0}' is not a valid format on the form '%<flags><width>.<prec><format>'")]
    Malformed(String),
    /// The letter is not one the value's type supports.
    #[error("Illegal format '{letter}' specified for value of {type_name} type - expected one of the characters '{allowed}'")]
    Unsupported {
        /// The letter given.
        letter: char,
        /// The value's type.
        type_name: String,
        /// The letters that type supports.
        allowed: &'static str,
    },
    /// A width or precision beyond what Ruby accepts (`INT_MAX`) or what
    /// confer builds ([`MAX_WIDTH`]).
    #[error("{0} too big")]
    TooBig(&'static str),
    /// `%c` of a number that is no Unicode scalar value.
    #[error("invalid character")]
    InvalidCharacter,
    /// A type of the formats map that the limits on hostile input left
    /// undecided for the value.
    #[error(transparent)]
    Undecided(#[from] crate::undecided::Undecided),
    /// An integer conversion of an infinite or NaN float (Ruby's FloatDomainError).
    #[error("{0}")]
    FloatDomain(String),
    /// The formats argument is not a string, a hash of formats or default.
    #[error("{0}")]
    BadFormats(String),
}

/// The largest width or precision confer formats: Ruby accepts up to
/// `INT_MAX` and builds a string of that size; confer stops at 16 MiB so that
/// one directive cannot take gigabytes (docs/deviations.md).
pub const MAX_WIDTH: usize = 1 << 24;

/// A parsed directive.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Spec {
    /// `-`: left-justify in the width.
    pub left: bool,
    /// `+`: always show the sign (and no two's complement for x/o/b).
    pub plus: bool,
    /// ` `: a space where a plus sign would go; for containers, no delimiters.
    pub space: bool,
    /// `#`: the alternate form.
    pub alt: bool,
    /// `0`: pad numbers with zeros.
    pub zero: bool,
    /// `<`, `[`, `{`, `(` or `|`: the delimiters of a container.
    pub delimiter: Option<char>,
    /// The minimum width.
    pub width: Option<usize>,
    /// The precision.
    pub precision: Option<usize>,
    /// The conversion letter.
    pub letter: char,
    /// The directive as written.
    pub source: String,
}

impl Spec {
    /// Parses a whole format string, which must be exactly one directive.
    pub fn parse(text: &str) -> Result<Spec, FormatError> {
        let bad = || FormatError::Malformed(text.to_string());
        let rest = text.strip_prefix('%').ok_or_else(bad)?;
        let mut spec = Spec { source: text.to_string(), ..Spec::default() };
        let mut chars = rest.char_indices().peekable();
        while let Some(&(_, c)) = chars.peek() {
            match c {
                '-' => spec.left = true,
                '+' => spec.plus = true,
                ' ' => spec.space = true,
                '#' => spec.alt = true,
                '0' => spec.zero = true,
                '<' | '[' | '{' | '(' | '|' => spec.delimiter = Some(c),
                _ => break,
            }
            chars.next();
        }
        let number = |chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>, what: &'static str| {
            let mut n: Option<usize> = None;
            while let Some(&(_, d)) = chars.peek() {
                let Some(v) = d.to_digit(10) else { break };
                n = Some(n.unwrap_or(0).saturating_mul(10).saturating_add(v as usize));
                chars.next();
            }
            match n {
                Some(n) if n > MAX_WIDTH => Err(FormatError::TooBig(what)),
                n => Ok(n),
            }
        };
        spec.width = number(&mut chars, "width")?;
        if chars.peek().map(|&(_, c)| c) == Some('.') {
            chars.next();
            spec.precision = Some(number(&mut chars, "precision")?.unwrap_or(0));
        }
        let (_, letter) = chars.next().ok_or_else(bad)?;
        if !letter.is_ascii_alphabetic() || chars.next().is_some() {
            return Err(bad());
        }
        spec.letter = letter;
        Ok(spec)
    }

    /// Pads `text` to the width (left- or right-justified, with spaces).
    pub fn pad(&self, text: String) -> String {
        match self.width {
            // Already wide enough (`%05d` of a five-digit number): no copy.
            Some(w) if text.len() >= w && text.chars().count() >= w => text,
            Some(w) if self.left => super::pad::right(&text, w, ' '),
            Some(w) => super::pad::left(&text, w, ' '),
            None => text,
        }
    }

    /// Cuts `text` to the precision, as `%.Ns` does.
    pub fn truncate(&self, text: String) -> String {
        match self.precision {
            Some(p) => text.chars().take(p).collect(),
            None => text,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directives_parse() {
        let s = Spec::parse("%-#010.3x").unwrap();
        assert!(s.left && s.alt && s.zero);
        assert_eq!((s.width, s.precision, s.letter), (Some(10), Some(3), 'x'));
        assert_eq!(Spec::parse("%(a").unwrap().delimiter, Some('('));
        assert!(Spec::parse("%-5d|").is_err());
        assert!(Spec::parse("5d").is_err());
    }
}
