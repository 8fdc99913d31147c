//! The operating-system facts cf-agent derives from files it reads at
//! start-up (sysinfo.c): the distribution classes (`debian`, `debian_12`,
//! `debian_12_11`), `sys.flavor`, `sys.os_version_major` and
//! `sys.os_name_human`. Read from `/etc/debian_version` and
//! `/etc/os-release`; nothing is run.

use crate::context::EvalContext;
use crate::functions::canonify;

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
    let mut classes: Vec<String> = vec![];
    let mut flavor = String::new();
    if let (Ok(version), "debian" | "") = (std::fs::read_to_string("/etc/debian_version"), id.as_str()) {
        // Linux_Debian_Version: "12.11" gives debian_12 and debian_12_11.
        let version = version.trim();
        let mut parts = version.split('.');
        classes.push("debian".into());
        if let Some(major) = parts.next().filter(|m| !m.is_empty() && m.bytes().all(|b| b.is_ascii_digit())) {
            flavor = format!("debian_{major}");
            classes.push(flavor.clone());
            if let Some(minor) = parts.next() {
                classes.push(canonify(&format!("debian_{major}_{minor}")));
            }
        }
    } else if !id.is_empty() {
        let version = os_release(&release, "VERSION_ID").unwrap_or_default();
        let major = version.split('.').next().unwrap_or("").to_string();
        classes.push(canonify(&id));
        if !major.is_empty() {
            flavor = canonify(&format!("{id}_{major}"));
            classes.push(flavor.clone());
            classes.push(canonify(&format!("{id}_{version}")));
        }
    }
    classes.dedup();
    for c in &classes {
        ctx.class_tags.insert(c.clone(), vec!["source=agent".into(), "hardclass".into()]);
        ctx.classes.insert(c.clone());
    }
    if !flavor.is_empty() {
        ctx.put_special("sys", "flavor", &flavor);
        ctx.put_special("sys", "flavour", &flavor);
    }
    let major = flavor.split('_').find(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    ctx.put_special("sys", "os_version_major", major.unwrap_or("Unknown"));
    let human = HUMAN_NAMES.iter().find(|(c, _)| ctx.classes.contains(*c)).map_or("Unknown", |(_, h)| h);
    ctx.put_special("sys", "os_name_human", human);
}
