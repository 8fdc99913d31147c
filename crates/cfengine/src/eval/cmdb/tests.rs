//! The host-specific data read from a work directory of the test's own,
//! against what cf-agent 3.21 did with the same file (recorded with
//! `cf-promises --show-vars` / `--show-classes`).

use std::sync::Arc;

use super::load;
use crate::eval::context::EvalContext;
use crate::eval::logged::{Level, Logged};
use crate::syntax::ast::Policy;
use crate::syntax::varref::VarRef;

/// Loads `json` as the host-specific data of a fresh work directory named
/// after `case`; the messages and the context's variables and classes.
fn with_data(case: &str, json: &str, check: impl FnOnce(&[Logged], &EvalContext)) {
    let work = std::env::temp_dir().join(format!("confer-cmdb-{case}-{}", std::process::id()));
    std::fs::create_dir_all(work.join("data")).expect("a work directory");
    std::fs::write(work.join("data/host_specific.json"), json).expect("the data is written");
    let mut sink: Vec<String> = vec![];
    let mut ctx = EvalContext::new(Arc::new(Policy::default()), &mut sink);
    let said = load(&mut ctx, &work.to_string_lossy());
    check(&said, &ctx);
    let _ = std::fs::remove_dir_all(&work);
}

/// A variable's value and tags, by its full name.
fn var(ctx: &EvalContext, name: &str) -> Option<(String, Vec<String>)> {
    let v = ctx.get(&VarRef::parse(name))?;
    Some((v.rval.to_display(), v.tags.iter().map(|t| t.to_string()).collect()))
}

fn errors(said: &[Logged]) -> Vec<&str> {
    said.iter().filter(|l| l.level == Level::Error).map(|l| l.message.as_str()).collect()
}

#[test]
fn variables_go_to_the_data_namespace_with_their_tags() {
    let json = r#"{ "vars": { "s": "one", "scope1.l": ["a", 2], "ns1:bad": "x" },
        "variables": { "m": { "value": "v", "tags": ["z", "a", "z"], "comment": "c" }, "novalue": { "tags": [] } } }"#;
    with_data("vars", json, |said, ctx| {
        assert_eq!(var(ctx, "data:variables.s"), Some(("one".into(), vec!["source=cmdb".into()])));
        assert!(var(ctx, "data:scope1.l").is_some());
        assert_eq!(
            var(ctx, "data:variables.m"),
            Some(("v".into(), vec!["z".into(), "a".into(), "source=cmdb".into()]))
        );
        assert_eq!(
            errors(said),
            [
                "Invalid variable specification in CMDB data: 'ns1:bad' (bundle name has to be specified if namespace is specified)",
                "Missing value in 'novalue' variable specification in CMDB data (value field is required)",
            ]
        );
    });
}

#[test]
fn only_unconditional_classes_are_defined() {
    let json = r#"{ "classes": { "c1": "any::", "c2": ["any::"], "ns3:c3": { "class_expressions": [] },
        "c4": "linux::", "c5": { "class_expressions": ["cfengine"] }, "c6": { "regular_expressions": ["any"], "comment": "k" } },
        "other": 1 }"#;
    with_data("classes", json, |said, ctx| {
        for c in ["data:c1", "data:c2", "ns3:c3", "data:c6"] {
            assert!(ctx.defined.classes.contains(c), "{c}");
        }
        assert!(!ctx.defined.classes.contains("data:c4") && !ctx.defined.classes.contains("data:c5"));
        assert_eq!(ctx.defined.class_comments.get("data:c6").map(String::as_str), Some("k"));
        assert!(said[0].message.starts_with("Loaded CMDB data file '") && said[0].level == Level::Verbose);
        assert!(
            said[1].message.starts_with("Invalid key 'other' in the CMDB data file '")
                && said[1].level == Level::Warning
        );
        assert_eq!(
            errors(said),
            [
                "Invalid class specification 'linux::' in CMDB data, only \"any::\" allowed",
                "Invalid class expression rules for class 'c5' in CMDB data, only '[]' or '[\"any::\"]' allowed",
            ]
        );
    });
}

#[test]
fn a_section_with_a_reference_is_refused_whole() {
    let json = r#"{ "variables": { "a": "ok", "b": { "value": "$(sys.uptime)" } }, "classes": { "c": "any::" } }"#;
    with_data("references", json, |said, ctx| {
        assert!(var(ctx, "data:variables.a").is_none());
        assert!(ctx.defined.classes.contains("data:c"));
        assert_eq!(
            errors(said),
            ["Invalid 'variables' CMDB data, cannot contain variable references", "Failed to load CMDB data"]
        );
    });
}

#[test]
fn a_file_that_is_not_an_object_is_an_error() {
    with_data("array", "[1, 2]", |said, _| {
        assert_eq!(errors(said).len(), 2);
        assert!(errors(said)[0].starts_with("Invalid CMDB contents in '"), "{said:?}");
    });
}
