//! cf-promises' own description of every attribute of every promise type
//! and body type — its data type and the range its values must fit — read
//! from `attribute_syntax.tsv`, which `scripts/regen-cfengine-attribute-syntax.py`
//! records from `cf-promises --syntax-description json`. The parser checks
//! attribute names and literal values against it, as cf3parse does.

use std::collections::HashMap;
use std::sync::OnceLock;

/// The table, as recorded from cf-promises 3.21.
const TABLE: &str = include_str!("attribute_syntax.tsv");

/// Where an attribute is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Block {
    /// In a promise of a promise type (`files:`).
    Promise,
    /// In a body of a body type (`body perms p`), control bodies included
    /// (`body common control` is of type `common`).
    Body,
}

/// An attribute's data type and range (`option` with
/// `true,false,yes,no,on,off`, `int` with `0,99999999999`, a `string`
/// with a regex).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Syntax {
    /// `string`, `int`, `real`, `option`, `context`, `slist`, `ilist`,
    /// `rlist`, `olist`, `clist`, `irange`, `body`, `bundle`, `data`.
    pub datatype: &'static str,
    /// The range, as cf-promises describes it.
    pub range: &'static str,
}

/// What the table says of an attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// The type is not described (a custom promise type): anything goes.
    TypeUnknown,
    /// The type is described and has no such attribute.
    Unknown,
    /// The attribute's syntax.
    Known(Syntax),
}

/// The attributes of each type, by name, for each block; and the
/// attributes 3.21 has removed, which it still accepts anywhere (with a
/// parser warning) and ignores.
struct Attributes {
    by_type: HashMap<Block, HashMap<&'static str, HashMap<&'static str, Syntax>>>,
    removed: std::collections::HashSet<&'static str>,
}

/// The syntax given to a removed attribute: nothing is checked.
const REMOVED: Syntax = Syntax { datatype: "removed", range: "" };

fn table() -> &'static Attributes {
    static PARSED: OnceLock<Attributes> = OnceLock::new();
    PARSED.get_or_init(|| {
        let mut t = Attributes { by_type: HashMap::new(), removed: std::collections::HashSet::new() };
        for line in TABLE.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
            let mut f = line.split('\t');
            let (Some(block), Some(kind), Some(lval), Some(datatype)) = (f.next(), f.next(), f.next(), f.next()) else {
                continue;
            };
            let block = match block {
                "removed" => {
                    t.removed.insert(lval);
                    continue;
                }
                "body" => Block::Body,
                _ => Block::Promise,
            };
            let range = f.next().unwrap_or("");
            t.by_type.entry(block).or_default().entry(kind).or_default().insert(lval, Syntax { datatype, range });
        }
        t
    })
}

/// What the table says of `lval` in a `block` of type `kind`.
pub fn lookup(block: Block, kind: &str, lval: &str) -> Lookup {
    let t = table();
    let Some(attributes) = t.by_type.get(&block).and_then(|kinds| kinds.get(kind)) else {
        return Lookup::TypeUnknown;
    };
    match attributes.get(lval) {
        Some(s) => Lookup::Known(*s),
        None if t.removed.contains(lval) => Lookup::Known(REMOVED),
        None => Lookup::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_describes_promise_and_body_attributes() {
        assert_eq!(
            lookup(Block::Promise, "files", "create"),
            Lookup::Known(Syntax { datatype: "option", range: "true,false,yes,no,on,off" })
        );
        assert_eq!(lookup(Block::Promise, "files", "nonexistent_attribute"), Lookup::Unknown);
        assert_eq!(lookup(Block::Promise, "my_custom_type", "anything"), Lookup::TypeUnknown);
        assert!(matches!(lookup(Block::Body, "link_from", "link_type"), Lookup::Known(s) if s.datatype == "option"));
        assert!(matches!(lookup(Block::Body, "common", "bundlesequence"), Lookup::Known(_)));
        assert_eq!(lookup(Block::Body, "common", "host_licenses_paid"), Lookup::Known(REMOVED));
    }
}
