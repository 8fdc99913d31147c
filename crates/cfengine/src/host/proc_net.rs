//! The networking containers cf-agent reads from `/proc/net` on Linux
//! (unix_iface.c's `GetNetworkingInfo`): `sys.inet` (IPv4 routes, the
//! default route and gateway, `netstat` statistics), `sys.inet6` (IPv6
//! routes, addresses by interface, `snmp6` statistics) and
//! `sys.interfaces_data` (the per-interface counters of `/proc/net/dev`).
//! Each is defined when its files can be read, as in cf-agent; the
//! counters change from one run to the next.

use confer_core::{HashMap, Value};

use crate::data::value::{DataType, Rv};
use crate::eval::context::EvalContext;
use crate::syntax::varref::VarRef;

/// The tags cf-agent gives the three variables.
const TAGS: &[&str] = &["networking", "/proc", "source=agent", "procfs"];

/// `RTF_UP`, `RTF_GATEWAY`, `RTF_HOST` (route.h).
const RTF_UP: u64 = 0x1;
const RTF_GATEWAY: u64 = 0x2;
const RTF_HOST: u64 = 0x4;

/// Defines `sys.inet`, `sys.inet6` and `sys.interfaces_data`.
pub fn detect(ctx: &mut EvalContext) {
    let mut inet = Obj::new();
    if let Some(stats) = read("/proc/net/netstat").map(|t| netstat(&t)) {
        inet.put("stats", Value::hash(stats));
    }
    if let Some(text) = read("/proc/net/route") {
        let routes: Vec<Value> = text.lines().filter_map(ipv4_route).collect();
        // The active default route with the lowest metric (the first of equals).
        let mut best: Option<(&Value, i64)> = None;
        for r in &routes {
            let Value::Hash(h) = r else { continue };
            let active = matches!(h.get(&key("active_default_gateway")), Some(Value::Boolean(true)));
            let metric = match h.get(&key("metric")) {
                Some(Value::Integer(m)) => *m,
                _ => continue,
            };
            if active && best.is_none_or(|(_, m)| metric < m) {
                best = Some((r, metric));
            }
        }
        let default = best.map(|(r, _)| r.clone());
        inet.put("routes", Value::array(routes));
        if let Some(Value::Hash(h)) = &default {
            if let Some(gw) = h.get(&key("gateway")) {
                inet.put("default_gateway", gw.clone());
            }
        }
        if let Some(d) = default {
            inet.put("default_route", d);
        }
    }
    put(ctx, "inet", inet.done());

    let mut inet6 = Obj::new();
    if let Some(text) = read("/proc/net/snmp6") {
        let mut stats = Obj::new();
        for line in text.lines() {
            let mut w = line.split_whitespace();
            if let (Some(k), Some(v)) = (w.next(), w.next()) {
                if let Ok(n) = v.parse::<i64>() {
                    stats.put(k, integer(n));
                }
            }
        }
        inet6.put("stats", stats.done());
    }
    if let Some(text) = read("/proc/net/ipv6_route") {
        inet6.put("routes", Value::array(text.lines().filter_map(ipv6_route).collect()));
    }
    if let Some(text) = read("/proc/net/if_inet6") {
        inet6.put("addresses", ipv6_addresses(&text));
    }
    put(ctx, "inet6", inet6.done());

    if let Some(text) = read("/proc/net/dev") {
        let mut devices = Obj::new();
        for line in text.lines() {
            if let Some((name, entry)) = device(line) {
                devices.put(&name, entry);
            }
        }
        put(ctx, "interfaces_data", devices.done());
    }
}

fn read(path: &str) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

fn key(k: &str) -> Value {
    Value::String(k.into())
}

fn put(ctx: &mut EvalContext, lval: &str, v: Value) {
    let r = VarRef { ns: None, scope: Some("sys".into()), lval: lval.into(), indices: vec![] };
    ctx.put(&r, Rv::Container(v), DataType::Container, TAGS);
}

/// A JSON object under construction; a key set again keeps its place and
/// takes the new value, as libntech's `JsonObjectAppend*` does.
struct Obj(HashMap);

impl Obj {
    fn new() -> Obj {
        Obj(HashMap::new())
    }

    fn put(&mut self, k: &str, v: Value) {
        self.0.insert(key(k), v);
    }

    fn done(self) -> Value {
        Value::hash(self.0)
    }
}

/// `GetNetworkingStatsInfo`: pairs of lines `Kind: names…` / `Kind: values…`,
/// every value a string.
fn netstat(text: &str) -> HashMap {
    let mut stats = HashMap::new();
    let mut lines = text.lines();
    while let Some(header) = lines.next() {
        let Some((kind, names)) = header.split_once(':') else { continue };
        if names.len() < 2 {
            continue;
        }
        let mut stat = Obj::new();
        if let Some(values) = lines.next().and_then(|l| l.get(kind.len() + 2..)) {
            for (n, v) in names[1..].split(' ').zip(values.split(' ')) {
                stat.put(n, key(v));
            }
        }
        stats.insert(key(kind), stat.done());
    }
    stats
}

fn is_hex(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_hexdigit())
}

fn is_dec(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// `IPAddressNewHex` and `IPAddressGetAddress`: 8 hex digits are an IPv4
/// address in host (little-endian) order; 32 are an IPv6 address, written
/// as eight groups without zero compression.
fn hex_address(s: &str) -> Option<String> {
    match s.len() {
        8 => {
            let n = u32::from_str_radix(s, 16).ok()?;
            let b = n.to_le_bytes();
            Some(format!("{}.{}.{}.{}", b[0], b[1], b[2], b[3]))
        }
        32 => {
            let groups: Option<Vec<String>> =
                (0..8).map(|i| u16::from_str_radix(&s[i * 4..i * 4 + 4], 16).ok().map(|g| format!("{g:x}"))).collect();
            Some(groups?.join(":"))
        }
        _ => None,
    }
}

/// `sscanf("%ld")` / `sscanf("%lx")` of a captured field.
fn number(s: &str, hex: bool) -> i64 {
    if hex {
        i64::from_str_radix(s, 16).unwrap_or(0)
    } else {
        s.parse().unwrap_or(0)
    }
}

/// A number as `JsonObjectAppendInteger` stores it: through a C `int`, so
/// `ffffffff` (an IPv6 route's metric) is -1.
fn integer(n: i64) -> Value {
    Value::Integer(i64::from(n as i32))
}

/// The decoded route flags: up/down, host/net, then (IPv4 only) whether
/// the route is the default, then gateway/local.
fn flags(raw: u64, default: Option<bool>) -> Value {
    let mut f = vec![if raw & RTF_UP != 0 { "up" } else { "down" }, if raw & RTF_HOST != 0 { "host" } else { "net" }];
    if let Some(d) = default {
        f.push(if d { "default" } else { "not_default" });
    }
    f.push(if raw & RTF_GATEWAY != 0 { "gateway" } else { "local" });
    Value::array(f.into_iter().map(key).collect())
}

/// One line of `/proc/net/route` (`NetworkingRoutesPostProcessInfo`).
fn ipv4_route(line: &str) -> Option<Value> {
    let f: Vec<&str> = line.split_whitespace().collect();
    let [iface, dest, gw, raw_flags, refcnt, used, metric, mask, mtu, window, irtt] = f.get(..11)? else {
        return None;
    };
    if !(is_hex(dest) && is_hex(gw) && is_hex(raw_flags) && is_hex(metric) && is_hex(mask) && is_hex(irtt)) {
        return None;
    }
    if !(is_dec(refcnt) && is_dec(used) && is_dec(mtu) && is_dec(window)) {
        return None;
    }
    let mut r = Obj::new();
    r.put("interface", key(iface));
    let dest = hex_address(dest)?;
    r.put("dest", key(&dest));
    r.put("gateway", key(&hex_address(gw)?));
    r.put("mask", key(&hex_address(mask)?));
    for (k, v) in
        [("metric", metric), ("mtu", mtu), ("refcnt", refcnt), ("use", used), ("window", window), ("irtt", irtt)]
    {
        r.put(k, integer(number(v, false)));
    }
    let raw = number(raw_flags, true) as u64;
    let default = dest == "0.0.0.0";
    r.put("flags", flags(raw, Some(default)));
    r.put("active_default_gateway", Value::Boolean(default && raw & RTF_UP != 0 && raw & RTF_GATEWAY != 0));
    Some(r.done())
}

/// One line of `/proc/net/ipv6_route` (`NetworkingIPv6RoutesPostProcessInfo`).
/// cf-agent writes the source address under `dest` too, replacing the
/// destination.
fn ipv6_route(line: &str) -> Option<Value> {
    let f: Vec<&str> = line.split_whitespace().collect();
    let [dest, dest_prefix, source, source_prefix, next_hop, metric, refcnt, used, raw_flags, iface] = f.get(..10)?
    else {
        return None;
    };
    let hex = [dest, dest_prefix, source, source_prefix, next_hop, metric, raw_flags];
    if !hex.iter().all(|s| is_hex(s)) || !is_dec(refcnt) || !is_dec(used) {
        return None;
    }
    let mut r = Obj::new();
    r.put("dest_prefix", key(dest_prefix));
    r.put("source_prefix", key(source_prefix));
    r.put("refcnt", integer(number(refcnt, false)));
    r.put("use", integer(number(used, false)));
    r.put("interface", key(iface));
    r.put("dest", key(&hex_address(dest)?));
    r.put("next_hop", key(&hex_address(next_hop)?));
    r.put("dest", key(&hex_address(source)?));
    r.put("metric", integer(number(metric, true)));
    r.put("flags", flags(number(raw_flags, true) as u64, None));
    Some(r.done())
}

/// `/proc/net/if_inet6` by interface (`NetworkingIPv6AddressesPostProcessInfo`
/// and its tiebreaker: a global address wins over a link-local one, and a
/// later address over an earlier one of the same rank).
fn ipv6_addresses(text: &str) -> Value {
    let mut by_iface: HashMap = HashMap::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let Some([addr, device, prefix, scope, raw_flags, iface]) = f.get(..6) else { continue };
        if ![addr, device, prefix, scope, raw_flags].iter().all(|s| is_hex(s)) {
            continue;
        }
        let Some(address) = hex_address(addr) else { continue };
        let mut e = Obj::new();
        e.put("raw_flags", key(raw_flags));
        e.put("interface", key(iface));
        e.put("address", key(&address));
        e.put("device_number", integer(number(device, true)));
        e.put("prefix_length", integer(number(prefix, true)));
        e.put("scope", integer(number(scope, true)));
        let previous = by_iface.get(&key(iface)).and_then(|p| match p {
            Value::Hash(h) => h.get(&key("address")).and_then(|a| match a {
                Value::String(s) => Some(s.to_string()),
                _ => None,
            }),
            _ => None,
        });
        if previous.is_none_or(|p| rank(&address) >= rank(&p)) {
            by_iface.insert(key(iface), e.done());
        }
    }
    Value::hash(by_iface)
}

/// `RankIPv6Address`: link-local (`fe80::/10`) 1, any other 2.
fn rank(address: &str) -> u8 {
    let first = address.split(':').next().and_then(|w| u64::from_str_radix(w, 16).ok());
    match first {
        Some(w) if w & 0xffc0 == 0xfe80 => 1,
        Some(_) => 2,
        None => 0,
    }
}

/// One interface of `/proc/net/dev`: its name and its 16 counters, as
/// strings, under cf-agent's names (the transmit side reuses the receive
/// side's names for `colls`, `carrier` and `compressed`).
fn device(line: &str) -> Option<(String, Value)> {
    const NAMES: [&str; 8] = ["bytes", "packets", "errors", "drop", "fifo", "frame", "compressed", "multicast"];
    let (name, counters) = line.split_once(':')?;
    let name = name.trim();
    let values: Vec<&str> = counters.split_whitespace().collect();
    if name.is_empty() || values.len() < 16 || !values[..16].iter().all(|v| is_dec(v)) {
        return None;
    }
    let mut d = Obj::new();
    d.put("device", key(name));
    for (i, v) in values[..16].iter().enumerate() {
        let side = if i < 8 { "receive" } else { "transmit" };
        d.put(&format!("{side}_{}", NAMES[i % 8]), key(v));
    }
    Some((name.to_string(), d.done()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_from_hex() {
        assert_eq!(hex_address("010200C0").as_deref(), Some("192.0.2.1"));
        assert_eq!(hex_address("00FFFFFF").as_deref(), Some("255.255.255.0"));
        assert_eq!(hex_address("fd000000000000000000000000000002").as_deref(), Some("fd00:0:0:0:0:0:0:2"));
    }

    #[test]
    fn link_local_ranks_below_global() {
        assert_eq!(rank("fe80:0:0:0:fc:ff:fe00:1"), 1);
        assert_eq!(rank("fd00:0:0:0:0:0:0:2"), 2);
    }
}
