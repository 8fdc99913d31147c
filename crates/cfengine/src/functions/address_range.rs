//! Address and host-name ranges (libcfnet/addr_lib.c's `FuzzySetMatch`,
//! `FuzzyHostParse`, `FuzzyHostMatch`) and the functions built on them:
//! isipinsubnet, iprange, hostrange.
//!
//! cf-agent parses these ranges with `sscanf`, whose quirks decide the
//! result for odd input: a field that does not parse leaves the variable it
//! would have set unchanged, and a range's last octet is compared with
//! whatever number came before. The scanner below keeps those rules so an
//! odd range matches, or not, as it does in cf-agent.

use super::host::FunctionHost;
use crate::data::value::Rv;
use crate::eval::message::ErrorKind;
use crate::syntax::ast::FnCall;
use crate::syntax::class_expr::canonify;

use super::{arg_str, class_result, Failed, FnResult};

/// `%ld` / `%lx` at the start of `s`: blanks, a sign, digits (`0x` allowed
/// in hex); the value, saturated as strtol saturates, and the bytes read.
/// `None` when no digit follows, as sscanf then assigns nothing.
fn scan_long(s: &[u8], radix: u32) -> Option<(i64, usize)> {
    let mut i = s.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let negative = matches!(s.get(i), Some(b'-'));
    if matches!(s.get(i), Some(b'-' | b'+')) {
        i += 1;
    }
    if radix == 16 && s.get(i) == Some(&b'0') && matches!(s.get(i + 1), Some(b'x' | b'X')) {
        if s.get(i + 2).is_some_and(u8::is_ascii_hexdigit) {
            i += 2;
        } else {
            // "0x" with no hex digit after it reads as the number 0.
            return Some((0, i + 1));
        }
    }
    let digits = s[i..].iter().take_while(|b| (**b as char).is_digit(radix)).count();
    if digits == 0 {
        return None;
    }
    let mut v: i128 = 0;
    for b in &s[i..i + digits] {
        v = (v * i128::from(radix) + i128::from((*b as char).to_digit(radix).unwrap_or(0))).min(1 << 64);
    }
    let v = if negative { -v } else { v };
    Some((v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64, i + digits))
}

/// `%lu`: as `%ld`, but a negative number wraps to a huge one, so any bound
/// check on it fails as it does in cf-agent.
fn scan_ulong(s: &[u8]) -> Option<u64> {
    scan_long(s, 10).map(|(v, _)| u64::try_from(v).unwrap_or(u64::MAX))
}

/// `sscanf(s, "%<width>[^<stop>]/%lu")`: the address before the slash (at
/// most `width` bytes, then a slash) and the mask, when both parse.
fn scan_cidr(s: &str, width: usize) -> Option<(&str, u64)> {
    let (address, mask) = s.split_once('/')?;
    if address.is_empty() || address.len() > width {
        return None;
    }
    Some((address, scan_ulong(mask.as_bytes())?))
}

/// `sscanf(s, "%ld-%ld", &from, &to)`: each bound assigned only when it
/// parses (the second only after the first and a dash).
fn scan_range(s: &[u8], radix: u32, from: &mut i64, to: &mut i64) {
    if let Some((f, n)) = scan_long(s, radix) {
        *from = f;
        if s.get(n) == Some(&b'-') {
            if let Some((t, _)) = scan_long(&s[n + 1..], radix) {
                *to = t;
            }
        }
    }
}

/// One `%63[^<sep>]` field read after another from a string, with the
/// pointer arithmetic of cf-agent's loops: each read moves past the field
/// and one separator, and a read that matches nothing (at a separator or
/// past the end) keeps the previous field.
struct Fields<'a> {
    text: &'a [u8],
    at: usize,
    sep: u8,
    field: Vec<u8>,
}

impl<'a> Fields<'a> {
    fn new(text: &'a str, sep: u8) -> Self {
        Fields { text: text.as_bytes(), at: 0, sep, field: vec![] }
    }

    /// Reads the next field; whether the read matched anything.
    fn next(&mut self) -> bool {
        let rest = self.text.get(self.at..).unwrap_or(&[]);
        let n = rest.iter().take_while(|b| **b != self.sep).count().min(63);
        if n > 0 {
            self.field = rest[..n].to_vec();
        }
        self.at += self.field.len() + 1;
        n > 0
    }
}

/// `FuzzySetMatch(range, address)`: whether `address` is in `range` — a
/// CIDR block, an octet range (`10.0.1-5.0-255`), or a textual prefix that
/// ends at an octet (`10.0` matches `10.0.3.4`, not `10.03.4.5`). Errors are
/// logged in cf-agent's words.
pub(crate) fn address_matches(ctx: &mut dyn FunctionHost, range: &str, address: &str) -> bool {
    if range == address {
        return true;
    }
    let cidr = range.contains('/');
    let is_range = range.contains('-');
    let v4 = range.contains('.') || address.contains('.');
    let v6 = range.contains(':') || address.contains(':');
    if v4 && v6 {
        return false;
    }
    if cidr && is_range {
        ctx.error(ErrorKind::Function, format!("Cannot mix CIDR notation with xxx-yyy range notation '{range}'"));
        return false;
    }
    if !(v4 || v6) {
        ctx.error(ErrorKind::Function, format!("Not a valid address range - or not a fully qualified name '{range}'"));
        return false;
    }
    if !(cidr || is_range) {
        return address.starts_with(range) && matches!(address.as_bytes().get(range.len()), None | Some(b'.'));
    }
    match (v4, cidr) {
        (true, true) => v4_cidr(ctx, range, address),
        (true, false) => fields_match(&OCTETS, range, address),
        (false, true) => v6_cidr(ctx, range, address),
        (false, false) => fields_match(&GROUPS, range, address),
    }
}

fn v4_cidr(ctx: &mut dyn FunctionHost, range: &str, address: &str) -> bool {
    let Some((net, mask)) = scan_cidr(range, 16).filter(|(_, m)| *m <= 32) else {
        ctx.error(ErrorKind::Function, format!("Invalid IPv4 CIDR: {range}"));
        return false;
    };
    if mask == 0 {
        return true;
    }
    // inet_pton leaves the address unset when it fails to parse; confer
    // reads that as no match.
    match (net.parse::<std::net::Ipv4Addr>(), address.parse::<std::net::Ipv4Addr>()) {
        (Ok(a), Ok(b)) => u32::from(a) >> (32 - mask) == u32::from(b) >> (32 - mask),
        _ => false,
    }
}

/// How one of cf-agent's two field-by-field loops reads a range.
struct Groups {
    sep: u8,
    count: usize,
    /// The IPv4 loop clears the range's field before each read, so a read
    /// that matches nothing ends it; the IPv6 loop keeps the last field.
    stop_at_end: bool,
    /// The radix of a `from-to` field's numbers (and the address's there).
    range_radix: u32,
    /// The IPv6 loop's test puts the lower bound itself out of the range.
    low_exclusive: bool,
}

/// The IPv4 octet loop of `FuzzySetMatch`.
const OCTETS: Groups = Groups { sep: b'.', count: 4, stop_at_end: true, range_radix: 10, low_exclusive: false };

/// The IPv6 group loop of `FuzzySetMatch`: a plain group is read as a
/// decimal number, as cf-agent reads it.
const GROUPS: Groups = Groups { sep: b':', count: 8, stop_at_end: false, range_radix: 16, low_exclusive: true };

/// Whether each field of the address is the range's number or within its
/// `from-to`, field by field.
fn fields_match(g: &Groups, range: &str, address: &str) -> bool {
    let (mut from, mut to, mut cmp) = (-1i64, -1i64, -1i64);
    let mut r = Fields::new(range, g.sep);
    let mut a = Fields::new(address, g.sep);
    for _ in 0..g.count {
        if g.stop_at_end {
            r.field.clear();
            if !r.next() {
                break;
            }
        } else {
            r.next();
        }
        a.next();
        let radix = if r.field.contains(&b'-') {
            scan_range(&r.field, g.range_radix, &mut from, &mut to);
            g.range_radix
        } else {
            if let Some((f, _)) = scan_long(&r.field, 10) {
                from = f;
            }
            10
        };
        if let Some((c, _)) = scan_long(&a.field, radix) {
            cmp = c;
        }
        let fits = if r.field.contains(&b'-') {
            let above_low = if g.low_exclusive { from < cmp } else { from <= cmp };
            from >= 0 && to >= 0 && above_low && cmp <= to
        } else {
            from == cmp
        };
        if !fits {
            return false;
        }
    }
    true
}

fn v6_cidr(ctx: &mut dyn FunctionHost, range: &str, address: &str) -> bool {
    let Some((net, mask)) = scan_cidr(range, 40).filter(|(_, m)| *m <= 128) else {
        ctx.error(ErrorKind::Function, format!("Invalid IPv6 CIDR: {range}"));
        return false;
    };
    if mask % 8 != 0 {
        ctx.error(ErrorKind::Function, "Cannot handle ipv6 masks which are not 8 bit multiples (fix me)");
        return false;
    }
    // inet_pton into a zeroed address: one that does not parse is `::`.
    let octets = |s: &str| s.parse::<std::net::Ipv6Addr>().map(|a| a.octets()).unwrap_or([0; 16]);
    let blocks = (mask / 8) as usize;
    octets(net)[..blocks] == octets(address)[..blocks]
}

/// `isipinsubnet(range, ip...)`: whether any of the addresses is in the
/// range. `FuzzyMatchParse`, which cf-agent checks the range with first,
/// accepts every string (its address test stops at the first character
/// that is not a hex digit, before it can see a colon), so there is no
/// failure here.
pub(super) fn isipinsubnet(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let range = arg_str(a, 0);
    for ip in &a[1.min(a.len())..] {
        if address_matches(ctx, range, ip.as_scalar().unwrap_or("")) {
            return class_result(true);
        }
    }
    class_result(false)
}

/// `iprange(range, interface...)`: whether an address of this host (of one
/// of the named interfaces, when some are given) is in the range.
pub(super) fn iprange(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let range = arg_str(a, 0);
    let ifaces: Vec<String> = a.iter().skip(1).map(|i| canonify(i.as_scalar().unwrap_or(""))).collect();
    for (ip, iface) in crate::host::net::ip_addresses() {
        if address_matches(ctx, range, &ip) && (a.len() == 1 || ifaces.contains(&iface)) {
            return class_result(true);
        }
    }
    class_result(false)
}

/// `hostrange(prefix, "from-to")`: whether this host's unqualified name is
/// the prefix (ignoring case) followed by a number in the range.
pub(super) fn hostrange(ctx: &mut dyn FunctionHost, _: &FnCall, a: &[Rv]) -> FnResult {
    let (prefix, range) = (arg_str(a, 0), arg_str(a, 1));
    let b = range.as_bytes();
    let bounds = scan_long(b, 10).and_then(|(start, n)| {
        let rest = b.get(n..).filter(|r| r.first() == Some(&b'-'))?;
        scan_long(&rest[1..], 10).map(|(end, _)| (start, end))
    });
    let Some((start, end)) = bounds else {
        ctx.error(
            ErrorKind::Function,
            "HostRange syntax error: second arg should have X-Y format where X and Y are decimal numbers",
        );
        return Err(Failed);
    };
    let host = ctx.lookup("sys.uqhost").and_then(|v| v.rval.as_scalar().map(str::to_string)).unwrap_or_default();
    class_result(host_in_range(prefix, start, end, &host))
}

/// `FuzzyHostMatch`: the host name split into its base and trailing
/// number; a name without both never matches.
fn host_in_range(prefix: &str, start: i64, end: i64, host: &str) -> bool {
    let base = host.trim_end_matches(|c: char| c.is_ascii_digit());
    let Some((number, _)) = scan_long(&host.as_bytes()[base.len()..], 10) else {
        return false;
    };
    !base.is_empty() && number >= start && number <= end && base.eq_ignore_ascii_case(prefix)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::context::EvalContext;

    fn matches(range: &str, address: &str) -> bool {
        let mut out: Vec<String> = vec![];
        let policy = std::sync::Arc::new(crate::syntax::ast::Policy::default());
        let mut ctx = EvalContext::new(policy, &mut out);
        address_matches(&mut ctx, range, address)
    }

    #[test]
    fn cidr_blocks() {
        assert!(matches("0.0.0.0/0", "1.2.3.4"));
        assert!(matches("1.2.3.4/32", "1.2.3.4"));
        assert!(matches("1.2.3.4/16", "1.2.1.2"));
        assert!(!matches("1.2.3.4/16", "3.4.1.2"));
        assert!(!matches("1.2.3.4/16", "blah"));
        assert!(!matches("1.2.3.4/33", "1.2.3.4"));
        assert!(matches("fe80::/16", "fe80::1"));
        assert!(!matches("fe80::/16", "fe81::1"));
    }

    #[test]
    fn prefixes_end_at_an_octet() {
        assert!(matches("10.0", "10.0.3.4"));
        assert!(!matches("10.0", "10.03.4.5"));
        assert!(!matches("10.0.3.4", "10.0"));
    }

    #[test]
    fn octet_ranges() {
        assert!(matches("10.0.1-5.0-255", "10.0.3.200"));
        assert!(!matches("10.0.1-5.0-255", "10.0.6.200"));
        assert!(!matches("10.0.5-1.0", "10.0.3.0"));
        // IPv6 groups: a range's lower bound is itself outside it, and a
        // plain group is compared as a decimal number.
        assert!(matches("fe80:0:0:0:0:0:0:1-ff", "fe80:0:0:0:0:0:0:2"));
        assert!(!matches("fe80:0:0:0:0:0:0:1-ff", "fe80:0:0:0:0:0:0:1"));
    }

    #[test]
    fn scanning_like_sscanf() {
        assert_eq!(scan_long(b" -12x", 10), Some((-12, 4)));
        assert_eq!(scan_long(b"ff:", 16), Some((255, 2)));
        assert_eq!(scan_long(b"x", 10), None);
        assert_eq!(scan_ulong(b"-1"), Some(u64::MAX));
    }

    #[test]
    fn host_names_and_numbers() {
        assert!(host_in_range("Web", 1, 10, "web05"));
        assert!(!host_in_range("web", 1, 4, "web05"));
        assert!(!host_in_range("web", 1, 10, "web"));
        assert!(!host_in_range("", 1, 10, "42"));
    }
}
