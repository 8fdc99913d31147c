//! `networking`: host and domain names as facter resolves them (the kernel's
//! hostname, else the domain of `/etc/resolv.conf`), the interfaces under
//! `/sys/class/net` with their MAC and MTU, and the primary interface (the
//! one of the default route) with its IPv4 address.

use std::net::{Ipv4Addr, UdpSocket};

use confer_core::{HashMap, Value};

use super::{hash, read};

/// The domain named by `/etc/resolv.conf` (`domain`, else the first `search`).
fn resolv_domain() -> Option<String> {
    let text = read("/etc/resolv.conf")?;
    let find = |key: &str| {
        text.lines().find_map(|l| {
            let mut words = l.split_whitespace();
            (words.next() == Some(key)).then(|| words.next().map(str::to_string)).flatten()
        })
    };
    find("domain").or_else(|| find("search"))
}

/// The interface of the default IPv4 route in `/proc/net/route`.
fn primary_interface() -> Option<String> {
    read("/proc/net/route")?.lines().skip(1).find_map(|l| {
        let f: Vec<&str> = l.split_whitespace().collect();
        (f.get(1) == Some(&"00000000")).then(|| f[0].to_string())
    })
}

/// The source address the kernel picks for outgoing traffic: connecting a
/// UDP socket sends nothing, it only chooses the route.
fn primary_ip() -> Option<Ipv4Addr> {
    let socket = UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("198.51.100.1:9").ok()?;
    match socket.local_addr().ok()?.ip() {
        std::net::IpAddr::V4(ip) if !ip.is_unspecified() => Some(ip),
        _ => None,
    }
}

fn interface(name: &str, ip: Option<Ipv4Addr>) -> Value {
    let sys = |f: &str| read(&format!("/sys/class/net/{name}/{f}"));
    let mac = sys("address").filter(|m| m != "00:00:00:00:00:00");
    hash([
        ("ip", ip.map_or(Value::Undef, |ip| Value::from(ip.to_string()))),
        ("mac", mac.map_or(Value::Undef, Value::from)),
        ("mtu", sys("mtu").and_then(|m| m.parse::<i64>().ok()).map_or(Value::Undef, Value::Integer)),
    ])
}

/// The `networking` fact.
pub(crate) fn networking() -> Value {
    let kernel_name = read("/proc/sys/kernel/hostname").unwrap_or_else(|| "localhost".into());
    let (hostname, mut domain) = match kernel_name.split_once('.') {
        Some((h, d)) => (h.to_string(), Some(d.to_string())),
        None => (kernel_name.clone(), None),
    };
    if domain.is_none() {
        domain = resolv_domain();
    }
    let fqdn = domain.as_ref().map_or(hostname.clone(), |d| format!("{hostname}.{d}"));
    let primary = primary_interface();
    let ip = primary_ip();
    let mut names: Vec<String> = std::fs::read_dir("/sys/class/net")
        .map(|d| d.filter_map(|e| e.ok()?.file_name().into_string().ok()).collect())
        .unwrap_or_default();
    names.sort();
    let mut interfaces = HashMap::new();
    for name in &names {
        let own_ip = if Some(name) == primary.as_ref() { ip } else { None };
        let own_ip = own_ip.or_else(|| (name == "lo").then_some(Ipv4Addr::LOCALHOST));
        interfaces.insert(Value::from(name.as_str()), interface(name, own_ip));
    }
    let primary_facts = primary.as_ref().and_then(|p| interfaces.get(&Value::from(p.as_str()))).cloned();
    let from_primary = |k: &str| match &primary_facts {
        Some(Value::Hash(m)) => m.get(&Value::from(k)).cloned().unwrap_or(Value::Undef),
        _ => Value::Undef,
    };
    hash([
        ("domain", domain.map_or(Value::Undef, Value::from)),
        ("fqdn", Value::from(fqdn)),
        ("hostname", Value::from(hostname)),
        ("interfaces", Value::hash(interfaces)),
        ("ip", from_primary("ip")),
        ("mac", from_primary("mac")),
        ("mtu", from_primary("mtu")),
        ("primary", primary.map_or(Value::Undef, Value::from)),
    ])
}
