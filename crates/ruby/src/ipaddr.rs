//! Ruby's `IPAddr` as module code uses it: an address with its prefix,
//! masked when made (`IPAddr.new('10.0.0.10/24').to_s` is `10.0.0.0`), and
//! the methods the module corpus calls (`ipv4?`, `ipv6?`, `include?`,
//! `to_range`, `prefix`, `mask`, `reverse`, `to_i`).
//! The value it works on is `value/ip.rs`'s, apart so that `RValue` holds
//! it without depending on these methods.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::rc::Rc;

use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::value::ip::{bits, full6, width, Ip};
use crate::value::{Exception, RValue};

fn invalid(text: &str, at: usize) -> Ev {
    err(
        RubyErrorKind::Raised(Exception {
            class: "IPAddr::InvalidAddressError".into(),
            message: format!("invalid address: {text}"),
        }),
        at,
    )
}

/// `IPAddr.new(text)`: an address with an optional `/prefix` (or IPv4
/// netmask).
pub fn new(text: &str, at: usize) -> Ev {
    let (addr, prefix) = match text.split_once('/') {
        Some((a, p)) => (a, Some(p)),
        None => (text, None),
    };
    let Ok(ip) = addr.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>() else {
        return invalid(text, at);
    };
    let w = width(ip);
    let prefix = match prefix {
        None => w,
        Some(p) => match (p.parse::<u8>(), p.parse::<Ipv4Addr>(), p.parse::<Ipv6Addr>()) {
            (Ok(n), _, _) if n <= w => n,
            (_, Ok(m), _) if ip.is_ipv4() && u32::from(m).leading_ones() + u32::from(m).trailing_zeros() == 32 => {
                u32::from(m).leading_ones() as u8
            }
            (_, _, Ok(m)) if ip.is_ipv6() && u128::from(m).leading_ones() + u128::from(m).trailing_zeros() == 128 => {
                u128::from(m).leading_ones() as u8
            }
            _ => return invalid(text, at),
        },
    };
    Ok(RValue::IpAddr(Rc::new(Ip::masked(ip, prefix))))
}

/// The address another IPAddr method is given: an IPAddr or its text.
fn operand(v: &RValue, at: usize) -> Ev<IpAddr> {
    match v {
        RValue::IpAddr(ip) => Ok(ip.addr),
        other => match new(&other.to_s(), at)? {
            RValue::IpAddr(ip) => Ok(ip.addr),
            _ => invalid(&other.to_s(), at).map(|_| IpAddr::V4(Ipv4Addr::UNSPECIFIED)),
        },
    }
}

/// `ip.name(args)`, or `None` when confer does not answer that method.
pub fn method(ip: &Ip, name: &str, args: &[RValue], at: usize) -> Option<Ev> {
    Some(match (name, args) {
        ("to_s", []) => Ok(RValue::str(ip.addr.to_string())),
        ("to_string", []) => Ok(RValue::str(match ip.addr {
            IpAddr::V4(a) => a.to_string(),
            IpAddr::V6(a) => full6(a),
        })),
        ("ipv4?", []) => Ok(RValue::Bool(ip.addr.is_ipv4())),
        ("ipv6?", []) => Ok(RValue::Bool(ip.addr.is_ipv6())),
        ("prefix", []) => Ok(RValue::Int(i64::from(ip.prefix))),
        ("to_i", []) => Ok(match i64::try_from(bits(ip.addr)) {
            Ok(n) => RValue::Int(n),
            Err(_) => RValue::Wide(Rc::new(bits(ip.addr).into())),
        }),
        ("include?" | "===", [other]) => operand(other, at).map(|o| RValue::Bool(ip.contains(o))),
        ("mask", [RValue::Int(n)]) if (0..=i64::from(width(ip.addr))).contains(n) => {
            Ok(RValue::IpAddr(Rc::new(Ip::masked(ip.addr, *n as u8))))
        }
        ("to_range", []) => Ok(RValue::IpRange(Rc::new((
            Ip { addr: ip.addr, prefix: width(ip.addr) },
            Ip { addr: ip.last(), prefix: width(ip.addr) },
        )))),
        ("reverse", []) => Ok(RValue::str(match ip.addr {
            IpAddr::V4(a) => {
                let o = a.octets();
                format!("{}.{}.{}.{}.in-addr.arpa", o[3], o[2], o[1], o[0])
            }
            IpAddr::V6(a) => {
                let hex: String = full6(a).replace(':', "");
                let mut digits: Vec<String> = hex.chars().rev().map(String::from).collect();
                digits.push("ip6.arpa".into());
                digits.join(".")
            }
        })),
        ("==", [other]) => Ok(RValue::Bool(operand(other, at).is_ok_and(|o| o == ip.addr))),
        _ => return None,
    })
}

/// `range.name(args)` on the Range `to_range` gives, or `None`.
pub fn range_method(range: &(Ip, Ip), name: &str, args: &[RValue], at: usize) -> Option<Ev> {
    Some(match (name, args) {
        ("first" | "begin" | "min", []) => Ok(RValue::IpAddr(Rc::new(range.0.clone()))),
        ("last" | "end" | "max", []) => Ok(RValue::IpAddr(Rc::new(range.1.clone()))),
        ("include?" | "cover?" | "member?" | "===", [other]) => operand(other, at).map(|o| {
            RValue::Bool(
                o.is_ipv4() == range.0.addr.is_ipv4() && bits(range.0.addr) <= bits(o) && bits(o) <= bits(range.1.addr),
            )
        }),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> Ip {
        match new(text, 0) {
            Ok(RValue::IpAddr(ip)) => (*ip).clone(),
            _ => panic!("{text} is an address"),
        }
    }

    #[test]
    fn addresses_are_masked_and_answer_as_ruby_does() {
        assert_eq!(ip("10.0.0.10/24").addr.to_string(), "10.0.0.0");
        assert_eq!(ip("10.0.0.10/255.255.254.0").prefix, 23);
        assert_eq!(ip("10.0.0.0/23").last().to_string(), "10.0.1.255");
        assert!(ip("10.0.0.0/23").contains("10.0.1.7".parse().unwrap()));
        assert_eq!(ip("fd00::10/64").addr.to_string(), "fd00::");
        assert_eq!(ip("10.0.0.0/24").inspect(), "#<IPAddr: IPv4:10.0.0.0/255.255.255.0>");
        assert!(new("10.0.0.300", 0).is_err());
    }
}
