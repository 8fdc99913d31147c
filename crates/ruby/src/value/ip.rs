//! An `IPAddr` value: an address with its prefix, masked when made, and
//! the arithmetic on its bits. Its methods are `ipaddr.rs`'s.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// An IPAddr: the (masked) address and the prefix length.
#[derive(Debug, Clone, PartialEq)]
pub struct Ip {
    /// The address, masked by the prefix.
    pub addr: IpAddr,
    /// The prefix length (32 or 128 for a single address).
    pub prefix: u8,
}

pub(crate) fn bits(addr: IpAddr) -> u128 {
    match addr {
        IpAddr::V4(a) => u128::from(u32::from(a)),
        IpAddr::V6(a) => u128::from(a),
    }
}

pub(crate) fn width(addr: IpAddr) -> u8 {
    if addr.is_ipv4() {
        32
    } else {
        128
    }
}

pub(crate) fn from_bits(v4: bool, n: u128) -> IpAddr {
    if v4 {
        IpAddr::V4(Ipv4Addr::from(n as u32))
    } else {
        IpAddr::V6(Ipv6Addr::from(n))
    }
}

pub(crate) fn mask_bits(w: u8, prefix: u8) -> u128 {
    let all: u128 = if w == 32 { u128::from(u32::MAX) } else { u128::MAX };
    if prefix == 0 {
        0
    } else {
        all & !((1u128 << (w - prefix)) - 1).min(all)
    }
}

impl Ip {
    pub(crate) fn masked(addr: IpAddr, prefix: u8) -> Ip {
        let w = width(addr);
        Ip { addr: from_bits(addr.is_ipv4(), bits(addr) & mask_bits(w, prefix)), prefix }
    }

    pub(crate) fn last(&self) -> IpAddr {
        let w = width(self.addr);
        from_bits(self.addr.is_ipv4(), bits(self.addr) | !mask_bits(w, self.prefix) & mask_bits(w, w))
    }

    pub(crate) fn contains(&self, other: IpAddr) -> bool {
        self.addr.is_ipv4() == other.is_ipv4() && {
            let m = mask_bits(width(self.addr), self.prefix);
            bits(other) & m == bits(self.addr)
        }
    }

    /// Ruby's `inspect`: `#<IPAddr: IPv4:10.0.0.0/255.255.255.0>`.
    pub fn inspect(&self) -> String {
        let w = width(self.addr);
        let mask = from_bits(self.addr.is_ipv4(), mask_bits(w, self.prefix));
        match (self.addr, mask) {
            (IpAddr::V4(a), IpAddr::V4(m)) => format!("#<IPAddr: IPv4:{a}/{m}>"),
            (IpAddr::V6(a), IpAddr::V6(m)) => format!("#<IPAddr: IPv6:{}/{}>", full6(a), full6(m)),
            _ => String::new(),
        }
    }
}

/// An IPv6 address written out in full, as Ruby's `to_string`.
pub(crate) fn full6(a: Ipv6Addr) -> String {
    a.segments().iter().map(|s| format!("{s:04x}")).collect::<Vec<_>>().join(":")
}
