//! The orders of `sort()`, `max()` and `min()` (cf-agent's sort.c): its
//! bottom-up merge sort, which on a tie takes the later item first, and the
//! comparisons of the `lex`, `int`, `real`, `IP` and `MAC` modes.

use std::sync::Arc;

/// cf-agent's `Sort` over a list: runs of 1, 2, 4, ... items merged pairwise,
/// the left item taken only when it is strictly less (so equal items from
/// the right run come first).
pub(super) fn merge_sort(items: Vec<Arc<str>>, less: impl Fn(&str, &str) -> bool) -> Vec<Arc<str>> {
    let n = items.len();
    let mut v = items;
    let mut run = 1;
    loop {
        let mut out = Vec::with_capacity(n);
        let mut merges = 0;
        let mut start = 0;
        while start < n {
            merges += 1;
            let mid = (start + run).min(n);
            let end = (mid + run).min(n);
            let (mut i, mut j) = (start, mid);
            while i < mid || j < end {
                let left = j == end || (i < mid && less(&v[i], &v[j]));
                if left {
                    out.push(v[i].clone());
                    i += 1;
                } else {
                    out.push(v[j].clone());
                    j += 1;
                }
            }
            start = end;
        }
        v = out;
        if merges <= 1 {
            return v;
        }
        run *= 2;
    }
}

/// `GenericStringItemLess`: the comparison of a sort mode (`IP` and `MAC`
/// in any case, as `strcasecmp` reads them; anything else is `lex`).
pub(super) fn item_less(mode: &str, a: &str, b: &str) -> bool {
    match mode {
        "int" => number_less(a, b, true),
        "real" => number_less(a, b, false),
        m if m.eq_ignore_ascii_case("ip") => parsed_less(a, b, ip),
        m if m.eq_ignore_ascii_case("mac") => parsed_less(a, b, mac),
        _ => a.as_bytes() < b.as_bytes(),
    }
}

/// `StringItemNumberLess`: items read as leading numbers compare by value
/// (truncated in int mode); an item that is no number sorts before one that
/// is; two non-numbers compare as strings.
fn number_less(a: &str, b: &str, int_mode: bool) -> bool {
    let scan = |s: &str| crate::data::number::scan_real(s.as_bytes()).map(|(d, _)| d);
    match (scan(a), scan(b)) {
        (Some(x), Some(y)) if int_mode => (x as i64) < (y as i64),
        (Some(x), Some(y)) => x < y,
        (Some(_), None) => false,
        (None, Some(_)) => true,
        (None, None) => a.as_bytes() < b.as_bytes(),
    }
}

/// The shape of `StringItemIPLess` and `StringItemMACLess`: two parsed
/// items compare as parsed; one that does not parse sorts before one that
/// does; two that do not compare as strings.
fn parsed_less<T: PartialOrd>(a: &str, b: &str, parse: fn(&str) -> Option<T>) -> bool {
    match (parse(a), parse(b)) {
        (Some(x), Some(y)) => x < y,
        (Some(_), None) => false,
        (None, Some(_)) => true,
        (None, None) => a.as_bytes() < b.as_bytes(),
    }
}

/// An address as libntech's `IPAddressCompareLess` orders them: IPv4 before
/// IPv6, then by octets or 16-bit groups.
#[derive(PartialEq, PartialOrd)]
enum Address {
    V4([u32; 4]),
    V6([u16; 8]),
}

/// `IPAddressNew`: libntech's IPv4 reading first, then IPv6 (read by the
/// standard library, which takes the usual notations, bracketed with an
/// optional port as libntech also takes them, but not the upper case or
/// embedded IPv4 libntech refuses).
fn ip(s: &str) -> Option<Address> {
    if let Some(octets) = ipv4(s) {
        return Some(Address::V4(octets));
    }
    let bare = match s.strip_prefix('[').and_then(|r| r.split_once(']')) {
        Some((inner, "")) => inner,
        Some((inner, port)) if port.strip_prefix(':').is_some_and(|p| p.bytes().all(|c| c.is_ascii_digit())) => inner,
        Some(_) => return None,
        None => s,
    };
    // libntech's IPV6_parser reads hex digits in lower case only, and no
    // dotted IPv4 tail (`::ffff:192.0.2.47`).
    if bare.bytes().any(|c| c.is_ascii_uppercase() || c == b'.') {
        return None;
    }
    bare.parse::<std::net::Ipv6Addr>().ok().map(|a| Address::V6(a.segments()))
}

/// libntech's `IPV4_parser` state machine, quirks included: an octet may
/// have leading zeros, an optional `:port` follows the fourth, and a bad
/// character right after some digits ends the reading without failing it
/// (the octets read so far count, the rest are 0).
fn ipv4(s: &str) -> Option<[u32; 4]> {
    let mut octets = [0u32; 4];
    let (mut state, mut octet, mut port) = (0usize, 0u32, 0u32);
    let (mut periods, mut colons, mut chars, mut has_digit) = (0, 0, 0, false);
    for c in s.bytes() {
        let (digit, period, colon) = (c.is_ascii_digit(), c == b'.', c == b':');
        periods += usize::from(period);
        colons += usize::from(colon);
        // States 0-3 read the octets, 5 the port, 7 follows a bad
        // character (any further character fails).
        let changed = match state {
            0..=3 if digit => {
                octet = octet * 10 + u32::from(c - b'0');
                has_digit = true;
                false
            }
            5 if digit => {
                port = port * 10 + u32::from(c - b'0');
                false
            }
            0..=2 if period => {
                octets[state] = octet;
                state += 1;
                true
            }
            3 if colon => {
                octets[3] = octet;
                state = 5;
                true
            }
            0..=3 | 5 => {
                state = 7;
                true
            }
            _ => return None,
        };
        chars += 1;
        if octet > 255 || port > 65535 || periods > 1 || colons > 1 {
            return None;
        }
        if changed {
            if !has_digit {
                return None;
            }
            (chars, octet, port, periods, colons, has_digit) = (0, 0, 0, 0, 0, false);
        }
    }
    match state {
        0..=2 => None,
        3 | 5 if chars == 0 => None,
        3 => {
            octets[3] = octet;
            Some(octets)
        }
        _ => Some(octets),
    }
}

/// `ParseEtherAddress`: six hex bytes, `%hhx:…` when the text is longer
/// than 12 characters, else six `%2hhx` fields run together.
fn mac(s: &str) -> Option<[u8; 6]> {
    let b = s.as_bytes();
    let mut out = [0u8; 6];
    let mut i = 0;
    for (k, byte) in out.iter_mut().enumerate() {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        let (value, used) = if b.len() > 12 { hex_field(&b[i..], usize::MAX)? } else { hex_field(&b[i..], 2)? };
        *byte = value as u8;
        i += used;
        if b.len() > 12 && k < 5 {
            if b.get(i) != Some(&b':') {
                return None;
            }
            i += 1;
        }
    }
    Some(out)
}

/// `%hhx` with a field width: an optional sign and `0x`, then hex digits;
/// the value as an unsigned number (negatives wrap).
fn hex_field(b: &[u8], width: usize) -> Option<(u64, usize)> {
    let mut i = 0;
    let negative = matches!(b.first(), Some(b'-'));
    if matches!(b.first(), Some(b'+' | b'-')) && width > 1 {
        i += 1;
    }
    let prefixed = b.get(i) == Some(&b'0')
        && matches!(b.get(i + 1), Some(b'x' | b'X'))
        && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
    if prefixed && i + 2 < width {
        i += 2;
    }
    let start = i;
    let mut v: u64 = 0;
    while i < b.len() && i < width && b[i].is_ascii_hexdigit() {
        v = v.wrapping_mul(16).wrapping_add(u64::from((b[i] as char).to_digit(16).unwrap_or(0)));
        i += 1;
    }
    (i > start).then_some((if negative { v.wrapping_neg() } else { v }, i))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(items: &[&str], mode: &str) -> Vec<String> {
        let v = items.iter().map(|s| Arc::from(*s)).collect();
        merge_sort(v, |a, b| item_less(mode, a, b)).iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn ties_take_the_later_item_first() {
        assert_eq!(
            sorted(&["b", "a", "10", "9", "-1", "1.5", "x1", "1e1"], "real"),
            ["a", "b", "x1", "-1", "1.5", "9", "1e1", "10"]
        );
    }

    #[test]
    fn addresses() {
        assert_eq!(
            sorted(&["10.0.0.1", "9.1.1.1", "::1", "bad", "10.0.0.01"], "IP"),
            ["bad", "9.1.1.1", "10.0.0.01", "10.0.0.1", "::1"]
        );
        assert_eq!(
            sorted(&["00:11:22:33:44:55", "0:1:2:3:4:5", "ff:ff:ff:ff:ff:ff", "bad"], "MAC"),
            ["0:1:2:3:4:5", "bad", "00:11:22:33:44:55", "ff:ff:ff:ff:ff:ff"]
        );
        assert_eq!(ipv4("1.2.3.4:80"), Some([1, 2, 3, 4]));
        assert_eq!(ipv4("1.2.3.256"), None);
        assert_eq!(ipv4("1.2.3."), None);
        assert_eq!(mac("001122334455"), Some([0, 0x11, 0x22, 0x33, 0x44, 0x55]));
    }
}
