//! `os` and the kernel facts, as facter 4 resolves them on Linux: the name is
//! the first word of os-release's `NAME` (two for "Red Hat", "Oracle Linux",
//! "Arch Linux"), the family comes from `ID_LIKE` (else `ID`) through facter's
//! family table, and Debian's release is `/etc/debian_version`.

use confer_core::Value;

use super::{hash, read};

/// Facter's `FAMILY_HASH`: the family of an os-release id, by substring.
const FAMILIES: &[(&str, &[&str])] = &[
    (
        "RedHat",
        &[
            "redhat",
            "rhel",
            "fedora",
            "centos",
            "scientific",
            "ascendos",
            "cloudlinux",
            "psbm",
            "oraclelinux",
            "ovs",
            "oel",
            "amazon",
            "xenserver",
            "xcp-ng",
            "virtuozzo",
            "photon",
            "mariner",
        ],
    ),
    ("Debian", &["debian", "ubuntu", "huaweios", "linuxmint", "devuan", "kde"]),
    ("Suse", &["sles", "sled", "suse"]),
    ("Gentoo", &["gentoo"]),
    ("Archlinux", &["arch", "manjaro"]),
    ("Mandrake", &["mandrake", "mandriva", "mageia"]),
];

/// The family of an os-release `ID_LIKE`/`ID`, as facter derives it.
pub(crate) fn family(id: &str) -> String {
    let lower = id.to_lowercase();
    for (family, members) in FAMILIES {
        if members.iter().any(|m| lower.contains(m)) {
            return (*family).to_string();
        }
    }
    capitalize(id)
}

/// Ruby's `String#capitalize`.
fn capitalize(s: &str) -> String {
    let lower = s.to_lowercase();
    let mut chars = lower.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The os name from os-release's `NAME`.
pub(crate) fn os_name(name: &str) -> String {
    let lower = name.to_lowercase();
    let words: Vec<&str> = name.split_whitespace().collect();
    let joined = if ["red", "oracle", "arch", "manjaro"].iter().any(|p| lower.starts_with(p)) {
        words.iter().take(2).copied().collect::<String>()
    } else if lower.ends_with("mariner") {
        words.last().copied().unwrap_or_default().to_string()
    } else {
        words.first().copied().unwrap_or_default().to_string()
    };
    if lower.starts_with("arch") || lower.starts_with("manjaro") {
        capitalize(&joined)
    } else if lower.starts_with("virtuozzo") {
        format!("{joined}Linux")
    } else {
        joined
    }
}

/// `key=value` lines of os-release, quotes removed.
pub(crate) fn parse_os_release(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|l| l.trim().split_once('='))
        .map(|(k, v)| (k.to_string(), v.trim_matches(|c| c == '"' || c == '\'').to_string()))
        .collect()
}

/// A release hash: `full`, `major` and `minor` (when there is one).
fn release(full: &str) -> Value {
    let mut parts = full.split('.');
    let major = parts.next().unwrap_or_default();
    let minor = parts.next().map_or(Value::Undef, Value::from);
    hash([("full", Value::from(full)), ("major", Value::from(major)), ("minor", minor)])
}

fn machine() -> String {
    std::env::consts::ARCH.to_string()
}

/// Debian names architectures as dpkg does; other families use the machine.
fn architecture(family: &str, machine: &str) -> String {
    match (family, machine) {
        ("Debian", "x86_64") => "amd64".into(),
        ("Debian", "aarch64") => "arm64".into(),
        ("Debian", "x86") => "i386".into(),
        _ => machine.into(),
    }
}

/// The `os` fact.
pub(crate) fn os() -> Value {
    let fields = read("/etc/os-release").map(|t| parse_os_release(&t)).unwrap_or_default();
    let get = |k: &str| fields.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str());
    let name = get("NAME").map(os_name).unwrap_or_else(|| "Linux".into());
    let family = family(get("ID_LIKE").or(get("ID")).unwrap_or("linux"));
    let debian_version = read("/etc/debian_version").filter(|v| v.starts_with(|c: char| c.is_ascii_digit()));
    let full = match (&debian_version, get("VERSION_ID")) {
        (Some(v), _) if family == "Debian" && name == "Debian" => v.clone(),
        (_, Some(v)) => v.to_string(),
        _ => String::new(),
    };
    let machine = machine();
    let release = if full.is_empty() { Value::Undef } else { release(&full) };
    let distro = hash([
        ("codename", get("VERSION_CODENAME").map_or(Value::Undef, Value::from)),
        ("description", get("PRETTY_NAME").map_or(Value::Undef, Value::from)),
        ("id", Value::from(name.as_str())),
        ("release", release.clone()),
    ]);
    let selinux = std::path::Path::new("/sys/fs/selinux/enforce").exists();
    hash([
        ("architecture", Value::from(architecture(&family, &machine))),
        ("distro", distro),
        ("family", Value::from(family)),
        ("hardware", Value::from(machine)),
        ("name", Value::from(name)),
        ("release", release),
        ("selinux", hash([("enabled", Value::Boolean(selinux))])),
    ])
}

/// `kernel`, `kernelrelease`, `kernelversion` and `kernelmajversion`.
pub(crate) fn kernel() -> Vec<(&'static str, Value)> {
    let kernel = read("/proc/sys/kernel/ostype").unwrap_or_else(|| "Linux".into());
    let mut out = vec![("kernel", Value::from(kernel))];
    if let Some(rel) = read("/proc/sys/kernel/osrelease") {
        let version = rel.split('-').next().unwrap_or_default().to_string();
        let major: Vec<&str> = version.split('.').take(2).collect();
        out.push(("kernelmajversion", Value::from(major.join("."))));
        out.push(("kernelrelease", Value::from(rel.as_str())));
        out.push(("kernelversion", Value::from(version)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_follow_facters_table() {
        assert_eq!(family("debian"), "Debian");
        assert_eq!(family("rhel centos fedora"), "RedHat");
        assert_eq!(family("opensuse"), "Suse");
        assert_eq!(family("alpine"), "Alpine");
    }

    #[test]
    fn names_take_facters_words() {
        assert_eq!(os_name("Debian GNU/Linux"), "Debian");
        assert_eq!(os_name("Red Hat Enterprise Linux"), "RedHat");
        assert_eq!(os_name("Rocky Linux"), "Rocky");
        assert_eq!(os_name("Arch Linux"), "Archlinux");
    }

    #[test]
    fn os_release_lines_lose_their_quotes() {
        let fields = parse_os_release("NAME=\"Ubuntu\"\nVERSION_ID=\"22.04\"\n");
        assert_eq!(fields[1], ("VERSION_ID".to_string(), "22.04".to_string()));
    }
}
