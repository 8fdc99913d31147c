//! `--shard K/N`: the K-th of N slices of a fleet, chosen by a stable hash
//! of each node's key (its facts file's name, or its certname in an
//! export), so that N machines given 1/N … N/N compile every node exactly
//! once with no coordinator, whatever order a directory lists its files in.

use super::FleetError;

/// One slice of N.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 0-based.
    index: u64,
    count: u64,
}

impl Shard {
    /// Reads `K/N` (1 ≤ K ≤ N).
    pub fn parse(spec: &str) -> Result<Shard, FleetError> {
        let bad = |reason| FleetError::Shard { spec: spec.to_string(), reason };
        let (k, n) = spec.split_once('/').ok_or_else(|| bad("expected K/N, such as 1/4"))?;
        let k: u64 = k.trim().parse().map_err(|_| bad("K is not a number"))?;
        let n: u64 = n.trim().parse().map_err(|_| bad("N is not a number"))?;
        if n == 0 {
            return Err(bad("N must be at least 1"));
        }
        if k == 0 || k > n {
            return Err(bad("K must be between 1 and N"));
        }
        Ok(Shard { index: k - 1, count: n })
    }

    /// Whether the node with this key is in the slice.
    pub fn contains(&self, key: &str) -> bool {
        fnv1a(key.as_bytes()) % self.count == self.index
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index + 1, self.count)
    }
}

/// FNV-1a, 64 bits: fixed by its definition, so the same on every machine
/// and Rust version (std's hashers promise neither).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_in_exactly_one_shard() {
        let shards: Vec<Shard> = (1..=3).map(|k| Shard::parse(&format!("{k}/3")).unwrap()).collect();
        for i in 0..200 {
            let key = format!("node{i}.example.com");
            assert_eq!(shards.iter().filter(|s| s.contains(&key)).count(), 1, "{key}");
        }
    }

    #[test]
    fn bad_specs_say_why() {
        for (spec, why) in [
            ("3", "expected K/N"),
            ("0/2", "between 1 and N"),
            ("3/2", "between 1 and N"),
            ("1/0", "at least 1"),
            ("a/2", "K is not"),
        ] {
            let e = Shard::parse(spec).unwrap_err().to_string();
            assert!(e.contains(why), "{spec}: {e}");
        }
    }

    #[test]
    fn the_hash_is_fnv1a() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
