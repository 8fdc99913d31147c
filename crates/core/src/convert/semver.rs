//! `SemVer.new` and `SemVerRange.new`. Spec: "SemVer", "SemVerRange".

use std::sync::Arc;

use super::{invalid, ConvertError};
use crate::types::semver::Version as Bound;
use crate::types::VersionRange;
use crate::value::semver::parse_version;
use crate::Value;

/// `SemVer.new(string)`, `SemVer.new(major, minor, patch, prerelease?,
/// build?)` and the hash form with the same keys.
pub fn semver(args: &[Value]) -> Result<Value, ConvertError> {
    let version = match args {
        [Value::String(s)] => parse_version(s).map_err(invalid)?,
        [Value::Hash(h)] => {
            let get = |k: &str| h.get(&Value::from(k)).cloned();
            from_parts(&[
                get("major").unwrap_or(Value::Undef),
                get("minor").unwrap_or(Value::Undef),
                get("patch").unwrap_or(Value::Undef),
                get("prerelease").unwrap_or(Value::Undef),
                get("build").unwrap_or(Value::Undef),
            ])?
        }
        // Positionally, a qualifier must be a string: undef does not fit.
        [_, _, _, rest @ ..] if rest.len() <= 2 => {
            if let Some(undef) = rest.iter().find(|v| v.is_undef()) {
                return Err(mismatch(undef));
            }
            from_parts(args)?
        }
        [other] => return Err(mismatch(other)),
        _ => return Err(invalid(format!("'new_Version' expects between 1 and 5 arguments, got {}", args.len()))),
    };
    Ok(Value::SemVer(Arc::new(version)))
}

/// The argument mismatch of Puppet's `new_Version` or `new_VersionRange`.
fn mismatch_of(function: &str, v: &Value) -> ConvertError {
    invalid(format!(
        "The function '{function}' was called with arguments it does not accept: got {}",
        crate::types::infer::infer_generalized(v)
    ))
}

fn mismatch(v: &Value) -> ConvertError {
    mismatch_of("new_Version", v)
}

/// A version from numbers and optional pre-release and build qualifiers.
fn from_parts(parts: &[Value]) -> Result<semver::Version, ConvertError> {
    let number = |v: &Value| match v {
        Value::Integer(n) if *n >= 0 => Ok(n.unsigned_abs()),
        other => Err(mismatch(other)),
    };
    let qualifier = |v: Option<&Value>, make: fn(&str) -> Result<String, ()>| match v {
        None | Some(Value::Undef) => Ok(None),
        Some(Value::String(s)) => make(s).map(Some).map_err(|_| mismatch(&Value::String(s.clone()))),
        Some(other) => Err(mismatch(other)),
    };
    let checked = |s: &str| -> Result<String, ()> {
        let ok = !s.is_empty()
            && s.split('.').all(|id| !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'));
        if ok {
            Ok(s.to_string())
        } else {
            Err(())
        }
    };
    let mut text = format!("{}.{}.{}", number(&parts[0])?, number(&parts[1])?, number(&parts[2])?);
    if let Some(pre) = qualifier(parts.get(3), checked)? {
        text.push('-');
        text.push_str(&pre);
    }
    if let Some(build) = qualifier(parts.get(4), checked)? {
        text.push('+');
        text.push_str(&build);
    }
    parse_version(&text).map_err(invalid)
}

/// `SemVerRange.new(string)`, `SemVerRange.new(min, max, exclude_max?)` with
/// `default` for an open end, and the hash form (`min`, `max`,
/// `exclude_max`).
pub fn semver_range(args: &[Value]) -> Result<Value, ConvertError> {
    let range = match args {
        [Value::String(s)] if !s.is_empty() => {
            VersionRange::parse(s).map_err(|_| invalid(format!("Unparsable version range: \"{s}\"")))?
        }
        [Value::Hash(h)] => {
            let get = |k: &str| h.get(&Value::from(k)).cloned();
            let min = get("min").ok_or_else(|| invalid("SemVerRange.new expects a value for key 'min'"))?;
            let exclude = match get("exclude_max") {
                None => false,
                Some(Value::Boolean(b)) => b,
                Some(other) => return Err(range_mismatch(&other)),
            };
            from_versions(&min, &get("max").unwrap_or(Value::Default), exclude)?
        }
        [min, max] => from_versions(min, max, false)?,
        [min, max, Value::Boolean(exclude)] => from_versions(min, max, *exclude)?,
        [other, ..] => return Err(range_mismatch(other)),
        [] => return Err(invalid("'new_VersionRange' expects between 1 and 3 arguments, got 0")),
    };
    Ok(Value::SemVerRange(Arc::new(range)))
}

fn range_mismatch(v: &Value) -> ConvertError {
    mismatch_of("new_VersionRange", v)
}

fn from_versions(min: &Value, max: &Value, exclude_max: bool) -> Result<VersionRange, ConvertError> {
    let bound = |v: &Value| match v {
        Value::Default => Ok(None),
        Value::SemVer(s) => Ok(Some(Bound::from_semver(s))),
        other => Err(range_mismatch(other)),
    };
    Ok(VersionRange::from_versions(bound(min)?, bound(max)?, exclude_max))
}
