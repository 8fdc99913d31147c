//! `Gem::Version`, which module code sorts and compares version strings
//! with (`versions.sort_by { |v| Gem::Version.new(v) }`): RubyGems' parsing
//! (a `-` is `.pre.`), its segments (numbers, and letters that make a
//! prerelease), and its `<=>` (trailing zero segments ignored, a letter
//! segment before a number).
//! The value it works on is `value/version.rs`'s, apart so that `RValue` holds
//! it without depending on these methods.

use std::rc::Rc;

use crate::contract::{Arity, Call, Method, Table, Takes};
use crate::flow::Ev;
use crate::value::version::Version;
use crate::value::RValue;

/// A `Gem::Version` method's implementation.
type VersionFn = fn(&Version, &Call<'_>) -> Ev;

/// Every `Gem::Version` method confer answers: its text and the
/// comparisons, with another version or a version string (anything else,
/// or a string that is no version, compares as nil).
static VERSION_METHODS: Table<VersionFn> = Table::new(&[
    Method {
        names: &["version"],
        arity: Arity::Unchecked,
        takes: Takes::AnyBlock,
        run: |v, _| Ok(RValue::str(&v.text)),
    },
    Method {
        names: &["<=>", "<", ">", "<=", ">="],
        arity: Arity::Exactly(1),
        takes: Takes::AnyBlock,
        run: |v, c| {
            let other = match &c.args[0] {
                RValue::GemVersion(o) => o.clone(),
                RValue::Str(s) => match Version::new(s) {
                    Ok(o) => Rc::new(o),
                    Err(_) => return Ok(RValue::Nil),
                },
                _ => return Ok(RValue::Nil),
            };
            Ok(crate::value::ordering::comparison(c.name, v.compare(&other)))
        },
    },
]);

/// Calls the `Gem::Version` method `name` on `v`.
pub(crate) fn method(v: &Version, c: &Call<'_>) -> Ev {
    match VERSION_METHODS.find(c.name) {
        Some(row) => row.admit(c.name, c.args.len(), c.block.is_some(), c.at)?(v, c),
        None => crate::missing::missing_method(c.recv, c.name, c.at),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cmp::Ordering;

    /// Each answer is what Ruby 3.1's RubyGems gave.
    #[test]
    fn orders_as_rubygems_does() {
        let v = |t: &str| Version::new(t).expect("valid");
        assert_eq!(v("1.0.a").compare(&v("1.0")), Ordering::Less);
        assert_eq!(v("1.0.0").compare(&v("1")), Ordering::Equal);
        let mut list: Vec<Version> = ["10.0.0b12", "10.0.0b3", "10.0.0a2", "9.0.10", "9.0.3"].map(v).to_vec();
        list.sort_by(|a, b| a.compare(b));
        let texts: Vec<&str> = list.iter().map(|x| x.text.as_str()).collect();
        assert_eq!(texts, ["9.0.3", "9.0.10", "10.0.0a2", "10.0.0b3", "10.0.0b12"]);
        assert_eq!(v(" 1.2-rc1 ").text, "1.2.pre.rc1");
        assert_eq!(Version::new("a.b").unwrap_err(), "Malformed version number string a.b");
    }
}
