//! Resources of the catalog being compiled, as module Ruby sees them
//! (`scope.catalog.resources`, `scope.resource`): their type, title and
//! `to_hash` (the name and the parameters set, by Symbol), read through the
//! host, never changed.
//! The value it works on is `value/resource_view.rs`'s, apart so that `RValue` holds
//! it without depending on these methods.

use std::rc::Rc;

use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::value::resource_view::ResourceView;
use crate::value::{from_puppet, RValue};

/// What a resource answers.
pub(crate) fn method(r: &Rc<ResourceView>, name: &str, args: &[RValue], at: usize) -> Ev {
    match (name, args) {
        ("type", []) => Ok(RValue::str(&r.type_name)),
        ("title", []) => Ok(RValue::str(&r.title)),
        ("to_s" | "ref", []) => Ok(RValue::str(format!("{}[{}]", r.type_name, r.title))),
        // Puppet's `Resource#to_hash`: the name from the title, then the
        // parameters.
        ("to_hash" | "to_h", []) => {
            let mut pairs = crate::value::pairs::Pairs::new();
            pairs.insert(RValue::Sym(Rc::from("name")), RValue::str(&r.title));
            for (k, v) in &r.parameters {
                pairs.insert(RValue::Sym(Rc::from(k.as_str())), from_puppet(v));
            }
            Ok(RValue::hash(pairs))
        }
        ("[]", [key]) => {
            let key = key.to_s();
            Ok(r.parameters.iter().find(|(k, _)| *k == key).map_or(RValue::Nil, |(_, v)| from_puppet(v)))
        }
        _ => err(RubyErrorKind::Unsupported(format!("the method {name} of a catalog resource")), at),
    }
}
