//! SemVer and SemVerRange values: parsing a version as Puppet's `SemVer.new`
//! does, and matching versions against ranges. Versions are `semver::Version`
//! (SemVer 2.0.0, the grammar of Puppet's `semantic_puppet` gem); ranges use
//! Puppet's own range grammar (`types::VersionRange`). Spec: "SemVer",
//! "SemVerRange".

use crate::types::semver::Version as Bound;
use crate::types::VersionRange;

/// Why a string is not a version, in Puppet's words.
pub fn parse_version(text: &str) -> Result<semver::Version, String> {
    semver::Version::parse(text).map_err(|_| {
        let leading_zero = text.split_once('-').is_some_and(|(_, pre)| {
            pre.split('+')
                .next()
                .unwrap_or("")
                .split('.')
                .any(|id| id.len() > 1 && id.starts_with('0') && id.chars().all(|c| c.is_ascii_digit()))
        });
        if leading_zero {
            "Numeric pre-release identifiers MUST NOT contain leading zeroes".to_string()
        } else {
            format!("'new_Version' The string '{text}' cannot be converted to a SemVer")
        }
    })
}

/// The version as a range bound.
pub fn bound(v: &semver::Version) -> Bound {
    Bound::from_semver(v)
}

/// Whether `range` includes `v`: some alternative of the range includes it,
/// and a pre-release only where that alternative names a pre-release of the
/// same major.minor.patch (as `semantic_puppet` decides).
pub fn includes(range: &VersionRange, v: &semver::Version) -> bool {
    range.includes(&bound(v))
}

/// `v =~ range` and `v in range`: a version, or a string that parses as
/// one, inside the range.
pub fn value_in_range(range: &VersionRange, v: &super::Value) -> bool {
    match v {
        super::Value::SemVer(version) => includes(range, version),
        super::Value::String(s) => semver::Version::parse(s).is_ok_and(|version| includes(range, &version)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> semver::Version {
        parse_version(s).unwrap()
    }

    fn r(s: &str) -> VersionRange {
        VersionRange::parse(s).unwrap()
    }

    #[test]
    fn versions_parse_as_puppet_reads_them() {
        assert_eq!(v("1.2.3-rc.1+build.5").to_string(), "1.2.3-rc.1+build.5");
        assert!(parse_version("1.2").unwrap_err().contains("cannot be converted to a SemVer"));
        assert!(parse_version("1.2.3-01").unwrap_err().contains("leading zeroes"));
    }

    #[test]
    fn ranges_include_versions() {
        assert!(includes(&r("~1.2"), &v("1.2.3")));
        assert!(!includes(&r(">1.2.3"), &v("1.2.3")));
        assert!(includes(&r("1.0.0 || >=1.2.0 <1.3.0"), &v("1.2.3")));
        assert!(!includes(&r("1.0.0 || >=1.2.0 <1.3.0"), &v("1.5.0")));
        assert!(!includes(&r(">=1.0.0"), &v("1.2.3-alpha")));
        assert!(includes(&r(">=1.2.3-a"), &v("1.2.3-alpha")));
    }
}
