//! The network facts cf-agent reads from the interfaces (unix.c's
//! `GetInterfacesInfo`): address classes (`ipv4_192_0_2`, `192_0_2_2`,
//! `ipv6_fd00__2`), `net_iface_*` classes and the `sys.ipv4*`,
//! `sys.interface(s)`, `sys.interface_flags`, `sys.ip2iface`,
//! `sys.ip_addresses` variables, from `getifaddrs(3)`, and the hardware
//! addresses (`sys.hardware_mac`, `mac_*`) from `/sys/class/net`. Routes
//! and `sys.inet*` are `proc_net.rs`'s.

use std::net::{Ipv4Addr, Ipv6Addr};

use crate::data::value::{DataType, Rv};
use crate::eval::context::EvalContext;
use crate::host::facts::sys;
use crate::syntax::class_expr::canonify;
use crate::syntax::varref::VarRef;

/// One address of one interface.
struct Addr {
    iface: String,
    flags: u32,
    ip: std::net::IpAddr,
}

/// The interfaces' addresses, in `getifaddrs` order, and every interface's
/// name in the order it first appears.
fn addresses() -> (Vec<Addr>, Vec<String>) {
    let mut out = vec![];
    let mut names: Vec<String> = vec![];
    let mut head: *mut libc::ifaddrs = std::ptr::null_mut();
    // SAFETY: getifaddrs fills `head` with a list freed by freeifaddrs below;
    // every pointer is checked before use and read only while the list lives.
    unsafe {
        if libc::getifaddrs(&mut head) != 0 {
            return (out, names);
        }
        let mut p = head;
        while !p.is_null() {
            let ifa = &*p;
            p = ifa.ifa_next;
            if ifa.ifa_addr.is_null() || ifa.ifa_name.is_null() {
                continue;
            }
            let iface = std::ffi::CStr::from_ptr(ifa.ifa_name).to_string_lossy().into_owned();
            if !names.contains(&iface) {
                names.push(iface.clone());
            }
            let ip = match i32::from((*ifa.ifa_addr).sa_family) {
                libc::AF_INET => {
                    let sin = &*(ifa.ifa_addr as *const libc::sockaddr_in);
                    std::net::IpAddr::V4(Ipv4Addr::from(u32::from_be(sin.sin_addr.s_addr)))
                }
                libc::AF_INET6 => {
                    let sin6 = &*(ifa.ifa_addr as *const libc::sockaddr_in6);
                    std::net::IpAddr::V6(Ipv6Addr::from(sin6.sin6_addr.s6_addr))
                }
                _ => continue,
            };
            out.push(Addr { iface, flags: ifa.ifa_flags, ip });
        }
        libc::freeifaddrs(head);
    }
    (out, names)
}

/// The addresses `iprange()` looks at (`EvalContextGetIpAddresses`), each
/// with its canonified interface: the IPv4 addresses of the interfaces that
/// are up (loopback included, as `SIOCGIFCONF` lists it) and the IPv6
/// addresses other than `::1` (which cf-agent reads from `ifconfig`).
pub(crate) fn ip_addresses() -> Vec<(String, String)> {
    addresses()
        .0
        .into_iter()
        .filter(|a| match a.ip {
            std::net::IpAddr::V4(_) => a.flags & (libc::IFF_UP as u32) != 0,
            std::net::IpAddr::V6(v6) => !v6.is_loopback(),
        })
        .map(|a| (a.ip.to_string(), canonify(&a.iface)))
        .collect()
}

/// The flags as `ifconfig` names them, in cf-agent's order.
fn flag_text(flags: u32) -> String {
    const NAMES: &[(i32, &str)] = &[
        (libc::IFF_UP, "up"),
        (libc::IFF_BROADCAST, "broadcast"),
        (libc::IFF_DEBUG, "debug"),
        (libc::IFF_LOOPBACK, "loopback"),
        (libc::IFF_POINTOPOINT, "pointopoint"),
        (libc::IFF_NOTRAILERS, "notrailers"),
        (libc::IFF_RUNNING, "running"),
        (libc::IFF_NOARP, "noarp"),
        (libc::IFF_PROMISC, "promisc"),
        (libc::IFF_ALLMULTI, "allmulti"),
        (libc::IFF_MULTICAST, "multicast"),
    ];
    NAMES.iter().filter(|(f, _)| flags & (*f as u32) != 0).map(|(_, n)| *n).collect::<Vec<_>>().join(" ")
}

fn class(ctx: &mut EvalContext, name: &str, tags: &[&str]) {
    ctx.defined.classes.insert(name.to_string());
    ctx.defined.class_tags.insert(name.to_string(), tags.iter().map(|t| t.to_string()).collect());
}

fn indexed(ctx: &mut EvalContext, lval: &str, index: &str, value: &str) {
    let r = VarRef { ns: None, scope: Some("sys".into()), lval: lval.into(), indices: vec![index.to_string()] };
    ctx.put(&r, Rv::scalar(value), DataType::String, &["source=agent"]);
}

/// Defines the network classes and variables.
pub fn detect(ctx: &mut EvalContext) {
    const INVENTORY: &[&str] = &["inventory", "attribute_name=none", "source=agent", "hardclass"];
    let (addrs, names) = addresses();
    let mut ips: Vec<String> = vec![];
    let mut interfaces: Vec<String> = vec![];
    let mut flag_sets: Vec<String> = vec![];
    let mut first: Option<(String, String)> = None;
    for a in &addrs {
        let loopback = a.flags & (libc::IFF_LOOPBACK as u32) != 0;
        match a.ip {
            std::net::IpAddr::V4(v4) => {
                let text = v4.to_string();
                class(ctx, &format!("net_iface_{}", canonify(&a.iface)), &["source=agent", "hardclass"]);
                class(ctx, &canonify(&text), INVENTORY);
                let o = v4.octets();
                for n in 1..=4 {
                    let parts: Vec<String> = o[..n].iter().map(u8::to_string).collect();
                    class(ctx, &format!("ipv4_{}", parts.join("_")), INVENTORY);
                    if n < 4 {
                        indexed(ctx, &format!("ipv4_{n}"), &a.iface, &parts.join("."));
                    }
                }
                indexed(ctx, "ipv4", &a.iface, &text);
                indexed(ctx, "ip2iface", &text, &a.iface);
                let flags = flag_text(a.flags);
                indexed(ctx, "interface_flags", &a.iface, &flags);
                if !flag_sets.contains(&flags) {
                    flag_sets.push(flags);
                }
                if !loopback {
                    if first.is_none() {
                        first = Some((a.iface.clone(), text.clone()));
                    }
                    if !interfaces.contains(&a.iface) {
                        interfaces.push(a.iface.clone());
                    }
                }
                ips.push(text);
            }
            std::net::IpAddr::V6(v6) if !v6.is_loopback() => {
                let text = v6.to_string();
                class(ctx, &canonify(&text), INVENTORY);
                class(ctx, &format!("ipv6_{}", canonify(&text)), INVENTORY);
                ips.push(text);
            }
            _ => {}
        }
    }
    if let Some((iface, ip)) = first {
        sys(ctx, "interface", &iface, &["source=agent"]);
        sys(ctx, "ipv4", &ip, &["inventory", "source=agent", "attribute_name=none"]);
    }
    let list = |ctx: &mut EvalContext, lval: &str, items: Vec<String>, tags: &[&str]| {
        let r = VarRef { ns: None, scope: Some("sys".into()), lval: lval.into(), indices: vec![] };
        ctx.put(&r, Rv::list_of(items), DataType::Slist, tags);
    };
    list(ctx, "interfaces", interfaces.clone(), &["inventory", "source=agent", "attribute_name=Interfaces"]);
    list(ctx, "ip_addresses", ips, &["source=agent"]);
    list(ctx, "hardware_flags", flag_sets, &["source=agent"]);
    // Hardware addresses: the configured interfaces first, then the others
    // (cf-agent finds those through its `ifconfig` pass).
    let mut order: Vec<String> = interfaces.clone();
    order.extend(names.into_iter().filter(|n| !interfaces.contains(n)));
    let mut macs = vec![];
    for iface in order {
        let Ok(mac) = std::fs::read_to_string(format!("/sys/class/net/{iface}/address")) else {
            continue;
        };
        let mac = mac.trim().to_ascii_lowercase();
        if mac.is_empty() || mac.bytes().all(|b| b == b'0' || b == b':') {
            continue;
        }
        let r =
            VarRef { ns: None, scope: Some("sys".into()), lval: "hardware_mac".into(), indices: vec![iface.clone()] };
        if interfaces.contains(&iface) {
            ctx.put(&r, Rv::scalar(mac.as_str()), DataType::String, &["source=agent"]);
            class(ctx, &format!("mac_{}", canonify(&mac)), INVENTORY);
        } else {
            ctx.put(&r, Rv::scalar(mac.as_str()), DataType::String, &["source=agent", "derived-from=ifconfig"]);
        }
        macs.push(mac);
    }
    list(ctx, "hardware_addresses", macs, &["inventory", "source=agent", "attribute_name=MAC addresses"]);
    if let Some(gw) = default_gateway() {
        let tags = ["inventory", "networking", "/proc", "source=agent", "attribute_name=none", "procfs", "hardclass"];
        class(ctx, &format!("ipv4_gw_{}", canonify(&gw.to_string())), &tags);
    }
}

/// The default route's gateway, from `/proc/net/route` (destination
/// 00000000; addresses in host byte order, hex).
fn default_gateway() -> Option<Ipv4Addr> {
    let text = std::fs::read_to_string("/proc/net/route").ok()?;
    text.lines().skip(1).find_map(|l| {
        let f: Vec<&str> = l.split_whitespace().collect();
        (f.len() > 2 && f[1] == "00000000" && f[2] != "00000000")
            .then(|| u32::from_str_radix(f[2], 16).ok().map(|g| Ipv4Addr::from(g.to_le_bytes())))
            .flatten()
    })
}
