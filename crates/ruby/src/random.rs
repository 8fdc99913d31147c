//! Ruby's `Random`: MT19937 seeded as Ruby seeds it, and `rand(max)` drawn
//! as Ruby draws it, so that seeded draws (`fqdn_rand`, stdlib's
//! `seeded_rand`, `Puppet::Util.deterministic_rand`) give Ruby's numbers.

use std::cell::RefCell;
use std::rc::Rc;

use rand_mt::Mt;

use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::value::RValue;

/// `Random.new(seed)`: Ruby seeds with the seed's absolute value; a
/// generator without a seed would draw differently every run, which no
/// catalog may depend on.
pub(crate) fn new(args: &[RValue], at: usize) -> Ev {
    let bytes = match args {
        [RValue::Int(i)] => i.unsigned_abs().to_be_bytes().to_vec(),
        [RValue::Wide(w)] => w.to_bytes_be(),
        [] => {
            return err(
                RubyErrorKind::Unsupported("Random.new without a seed (a different answer every run)".into()),
                at,
            )
        }
        [other] => return crate::flow::no_implicit(other, "Integer", at),
        _ => {
            return err(
                RubyErrorKind::Argument(format!("wrong number of arguments (given {}, expected 0..1)", args.len())),
                at,
            )
        }
    };
    Ok(RValue::Random(Rc::new(RefCell::new(ruby_random(&bytes)))))
}

/// A generator seeded from the process's randomness, for `Kernel#rand`
/// (`extlib::random_password`): a different answer every run, as in Ruby.
pub(crate) fn unseeded() -> Rc<RefCell<Mt>> {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()));
    Rc::new(RefCell::new(Mt::new_with_key(
        h.finish().to_le_bytes().chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
    )))
}

/// `Puppet::Util.deterministic_rand_int(seed, max)`: `Random.new(seed).rand(max)`.
pub(crate) fn deterministic(seed: &RValue, max: &RValue, at: usize) -> Ev {
    let RValue::Random(mt) = new(std::slice::from_ref(seed), at)? else {
        return err(RubyErrorKind::Unsupported("this seed".into()), at);
    };
    method(&mt, "rand", std::slice::from_ref(max), at)
}

/// What a `Random` answers: `rand(n)` and `rand(a..b)` for Integers, as
/// Ruby draws them.
pub(crate) fn method(mt: &Rc<RefCell<Mt>>, name: &str, args: &[RValue], at: usize) -> Ev {
    match (name, args) {
        ("rand", [RValue::Int(max)]) if *max > 0 => {
            Ok(RValue::Int(ruby_rand(&mut mt.borrow_mut(), *max as u64) as i64))
        }
        ("rand", [RValue::Int(max)]) => err(RubyErrorKind::Argument(format!("invalid argument - {max}")), at),
        ("rand", [RValue::Range(a, b)]) if a <= b && b.abs_diff(*a) < u64::MAX => {
            let drawn = ruby_rand(&mut mt.borrow_mut(), b.abs_diff(*a) + 1);
            Ok(RValue::Int(a.wrapping_add(drawn as i64)))
        }
        _ => err(RubyErrorKind::Unsupported(format!("Random#{name} with these arguments")), at),
    }
}

/// Ruby's `Random.new(seed)` for a non-negative seed given as big-endian
/// bytes: a seed of one 32-bit word initialises MT19937 with it, a longer
/// one by array from its words, least significant first.
pub fn ruby_random(seed_be: &[u8]) -> Mt {
    let mut words: Vec<u32> =
        seed_be.rchunks(4).map(|c| c.iter().fold(0u32, |acc, b| (acc << 8) | u32::from(*b))).collect();
    while words.len() > 1 && words.last() == Some(&0) {
        words.pop();
    }
    // Ruby's `rand_init` takes a most significant word of 1 for the guard
    // word of its packing and drops it (`2**64` seeds as `[0, 0]`).
    if words.len() > 1 && words.last() == Some(&1) {
        words.pop();
    }
    match words.as_slice() {
        [] => Mt::new(0),
        [one] => Mt::new(*one),
        _ => Mt::new_with_key(words),
    }
}

/// Ruby's `Random#rand(max)` for an integer `max > 0`: masked draws of 32-bit
/// words (most significant first), retried until one falls below `max`.
pub fn ruby_rand(mt: &mut Mt, max: u64) -> u64 {
    let limit = max - 1;
    if limit == 0 {
        return 0;
    }
    let mask = u64::MAX >> limit.leading_zeros();
    'retry: loop {
        let mut val = 0u64;
        for i in (0..2).rev() {
            if (mask >> (i * 32)) & 0xffff_ffff != 0 {
                val |= u64::from(mt.next_u32()) << (i * 32);
                val &= mask;
                if limit < val {
                    continue 'retry;
                }
            }
        }
        return val;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values from Ruby 3.1: `Random.new(seed).rand(max)`.
    #[test]
    fn matches_rubys_random() {
        let mut mt = ruby_random(&[5]);
        assert_eq!(ruby_rand(&mut mt, 1000), 867);
        let seed = [0x12, 0x34, 0x56, 0x78, 0x90, 0xab, 0xcd, 0xef, 0x12, 0x34, 0x56, 0x78, 0x90, 0xab, 0xcd, 0xef];
        let mut mt = ruby_random(&seed);
        assert_eq!(ruby_rand(&mut mt, 100), 27);
        // Seeds of 2**64, 2**32 and 2**64 - 1.
        assert_eq!(ruby_rand(&mut ruby_random(&[1, 0, 0, 0, 0, 0, 0, 0, 0]), 1000), 757);
        assert_eq!(ruby_rand(&mut ruby_random(&[1, 0, 0, 0, 0]), 1000), 684);
        assert_eq!(ruby_rand(&mut ruby_random(&[0xff; 8]), 100), 40);
    }
}
