//! The operating-system facts cf-agent derives from files it reads at
//! start-up (sysinfo.c): the distribution classes (`debian`, `debian_12`,
//! `debian_12_11`), `sys.flavor`, `sys.os_version_major` and
//! `sys.os_name_human`. Read from `/etc/debian_version` and
//! `/etc/os-release`; nothing is run.

use crate::eval::context::EvalContext;
use crate::host::facts::sys;
use crate::syntax::class_expr::canonify;

/// cf-agent's `SysOSNameHuman`: the first distribution class defined names
/// the system (Ubuntu before Debian).
const HUMAN_NAMES: &[(&str, &str)] = &[
    ("ubuntu", "Ubuntu"),
    ("debian", "Debian"),
    ("centos", "CentOS"),
    ("fedora", "Fedora"),
    ("redhat", "RHEL"),
    ("opensuse", "OpenSUSE"),
    ("suse", "SUSE"),
];

/// The value of `key` in an os-release file, unquoted.
fn os_release(text: &str, key: &str) -> Option<String> {
    text.lines()
        .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
        .map(|v| v.trim().trim_matches('"').to_string())
}

/// Defines the distribution classes and `sys` variables of this host.
pub fn detect(ctx: &mut EvalContext) {
    let release = std::fs::read_to_string("/etc/os-release").unwrap_or_default();
    let id = os_release(&release, "ID").unwrap_or_default();
    // Each class with the tag saying where cf-agent derived it from.
    let mut classes: Vec<(String, &str)> = vec![];
    let mut flavor = String::new();
    const OS_RELEASE: &str = "derived-from-file=/etc/os-release";
    if let (Ok(version), "debian" | "") = (std::fs::read_to_string("/etc/debian_version"), id.as_str()) {
        // Linux_Debian_Version: "12.11" gives debian_12 and debian_12_11.
        let version = version.trim();
        let mut parts = version.split('.');
        classes.push(("debian".into(), OS_RELEASE));
        if let Some(major) = parts.next().filter(|m| !m.is_empty() && m.bytes().all(|b| b.is_ascii_digit())) {
            flavor = format!("debian_{major}");
            classes.push((flavor.clone(), "derived-from=sys.flavor"));
            if let Some(minor) = parts.next() {
                classes.push((canonify(&format!("debian_{major}_{minor}")), "derived-from-file=/etc/debian_version"));
            }
        }
    } else if !id.is_empty() {
        let version = os_release(&release, "VERSION_ID").unwrap_or_default();
        let major = version.split('.').next().unwrap_or("").to_string();
        classes.push((canonify(&id), OS_RELEASE));
        if !major.is_empty() {
            flavor = canonify(&format!("{id}_{major}"));
            classes.push((flavor.clone(), "derived-from=sys.flavor"));
            classes.push((canonify(&format!("{id}_{version}")), OS_RELEASE));
        }
    }
    classes.dedup();
    for (c, from) in &classes {
        let tags = ["inventory", "attribute_name=none", "source=agent", from, "hardclass"];
        ctx.defined.class_tags.insert(c.clone(), tags.iter().map(|t| t.to_string()).collect());
        ctx.defined.classes.insert(c.clone());
    }
    if !flavor.is_empty() {
        sys(ctx, "flavor", &flavor, &["inventory", "source=agent", "attribute_name=none"]);
        sys(ctx, "flavour", &flavor, &["source=agent"]);
    }
    let major = flavor.split('_').find(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    sys(ctx, "os_version_major", major.unwrap_or("Unknown"), &["source=agent", "derived-from=flavor"]);
    os_release_var(ctx, &release);
    let human = HUMAN_NAMES.iter().find(|(c, _)| ctx.defined.classes.contains(*c));
    let from = human.map(|(c, _)| format!("derived-from={c}"));
    let mut tags = vec!["source=agent"];
    tags.extend(from.as_deref());
    sys(ctx, "os_name_human", human.map_or("Unknown", |(_, h)| h), &tags);
}

/// `sys.os_release`: every `KEY=value` line of os-release (quotes removed)
/// as an object.
fn os_release_var(ctx: &mut EvalContext, text: &str) {
    if text.is_empty() {
        return;
    }
    let entries = text.lines().filter_map(|l| {
        let (k, v) = l.split_once('=')?;
        let k = k.trim();
        (!k.is_empty() && !k.starts_with('#'))
            .then(|| (k.to_string(), confer_core::Value::String(v.trim().trim_matches('"').trim_matches('\'').into())))
    });
    let value = crate::data::json::object(entries);
    let r = crate::syntax::varref::VarRef {
        ns: None,
        scope: Some("sys".into()),
        lval: "os_release".into(),
        indices: vec![],
    };
    let tags = ["inventory", "attribute_name=none", "source=agent", "derived-from-file=/etc/os-release"];
    ctx.put(&r, crate::data::value::Rv::Container(value), crate::data::value::DataType::Container, &tags);
}
