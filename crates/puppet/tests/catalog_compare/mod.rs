//! How close a catalog confer compiled comes to the one Puppet compiled, for
//! the compile goldens and the module sweep: structurally, at three levels
//! (the same resources, the same parameters, everything), and for a case
//! Puppet refuses, whether confer refuses with Puppet's first error line.
//!
//! Each test binary that includes this module uses a part of it.
#![allow(dead_code)]

use std::collections::BTreeMap;

use serde_json::Value as Json;

/// How close a case came to the reference, worst first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// confer failed where Puppet compiled, or compiled where it failed, or
    /// the resources differ.
    Differs,
    /// Both refused, with different messages.
    BothRefuse,
    /// The same resources (type and title).
    SameResources,
    /// The same resources with the same parameters.
    SameParameters,
    /// Everything compared is equal.
    Identical,
}

impl Level {
    /// The name a baseline file writes.
    pub fn name(self) -> &'static str {
        match self {
            Level::Differs => "differs",
            Level::BothRefuse => "both-refuse",
            Level::SameResources => "same-resources",
            Level::SameParameters => "same-parameters",
            Level::Identical => "identical",
        }
    }

    /// The level a baseline file names.
    pub fn parse(name: &str) -> Option<Level> {
        [Level::Differs, Level::BothRefuse, Level::SameResources, Level::SameParameters, Level::Identical]
            .into_iter()
            .find(|l| l.name() == name)
    }
}

/// Writes the environment's and the module directory's paths as the
/// recordings do: `<env>` and `<modules>/`.
fn normalise(text: &str, env: &str, modules: &str) -> String {
    text.replace(env, "<env>").replace(&format!("{modules}/"), "<modules>/")
}

fn resource_keys(catalog: &Json) -> Vec<(String, String)> {
    catalog["resources"]
        .as_array()
        .map(|rs| {
            rs.iter()
                .map(|r| (r["type"].as_str().unwrap_or("").to_string(), r["title"].as_str().unwrap_or("").to_string()))
                .collect()
        })
        .unwrap_or_default()
}

fn parameters(catalog: &Json) -> BTreeMap<(String, String), Json> {
    catalog["resources"]
        .as_array()
        .map(|rs| {
            rs.iter()
                .map(|r| {
                    let key =
                        (r["type"].as_str().unwrap_or("").to_string(), r["title"].as_str().unwrap_or("").to_string());
                    (key, r.get("parameters").cloned().unwrap_or(Json::Null))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The first thing that differs between two catalogs, for the report.
fn first_difference(expected: &Json, actual: &Json) -> String {
    for key in ["name", "environment", "tags", "classes", "edges"] {
        if expected[key] != actual[key] {
            return format!("{key}: expected {}\n   got {}", expected[key], actual[key]);
        }
    }
    let (e, a) = (expected["resources"].as_array(), actual["resources"].as_array());
    if let (Some(e), Some(a)) = (e, a) {
        for (i, (er, ar)) in e.iter().zip(a.iter()).enumerate() {
            if er != ar {
                return format!("resource {i}: expected {er}\n   got {ar}");
            }
        }
        if e.len() != a.len() {
            return format!("{} resources expected, {} compiled", e.len(), a.len());
        }
    }
    "equal".into()
}

/// Compares the catalog confer wrote (`actual`, normalised) with the one
/// Puppet wrote: the level reached and, below identical, what differs first.
fn compare_catalogs(expected: Json, actual: &str) -> (Level, String) {
    let Ok(mut actual) = serde_json::from_str::<Json>(actual) else {
        return (Level::Differs, "catalog JSON does not parse".into());
    };
    if let Some(map) = actual.as_object_mut() {
        for volatile in ["version", "catalog_uuid", "code_id"] {
            map.remove(volatile);
        }
    }
    if actual == expected {
        return (Level::Identical, String::new());
    }
    let detail = first_difference(&expected, &actual);
    let (got, want) = (resource_keys(&actual), resource_keys(&expected));
    if got != want {
        let mut missing: Vec<_> = want.iter().filter(|k| !got.contains(k)).collect();
        missing.truncate(5);
        let mut extra: Vec<_> = got.iter().filter(|k| !want.contains(k)).collect();
        extra.truncate(5);
        return (
            Level::Differs,
            format!("resources differ (missing e.g. {missing:?}, extra e.g. {extra:?}); {detail}"),
        );
    }
    if parameters(&actual) != parameters(&expected) {
        return (Level::SameResources, detail);
    }
    (Level::SameParameters, detail)
}

/// confer's error as `confer puppet compile` prints it for `node`: a
/// compile's errors are attributed to the node, but not what the lookup
/// raises about its data.
pub fn error_text(e: &confer_puppet::error::PuppetError, node: &str) -> String {
    match e.phase {
        confer_puppet::error::Phase::Data => e.to_string(),
        _ => format!("{e} on node {node}"),
    }
}

/// Compares confer's error (its first line, normalised) with Puppet's.
fn compare_errors(expected: &str, actual: &str) -> (Level, String) {
    let got = actual.lines().next().unwrap_or_default();
    if got.trim() == expected.lines().next().unwrap_or_default().trim() {
        (Level::Identical, String::new())
    } else {
        (Level::BothRefuse, format!("Puppet: {}\n   confer: {got}", expected.trim()))
    }
}

/// Compares what confer gave for a case — its catalog's JSON or its error
/// message, as it wrote them — with what Puppet gave (its catalog, or its
/// first error line), after writing confer's paths as the recordings do.
pub fn compare(
    actual: Result<String, String>,
    expected: Result<Json, String>,
    env: &str,
    modules: &str,
) -> (Level, String) {
    match (actual, expected) {
        (Ok(catalog), Ok(want)) => compare_catalogs(want, &normalise(&catalog, env, modules)),
        (Err(e), Err(want)) => compare_errors(&want, &normalise(&format!("Error: {e}"), env, modules)),
        (Ok(_), Err(want)) => (Level::Differs, format!("confer compiled; Puppet refused: {}", want.trim())),
        (Err(e), Ok(_)) => (Level::Differs, format!("confer refused: {}", normalise(&e, env, modules))),
    }
}
