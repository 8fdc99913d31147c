//! A method confer does not implement for a value: Ruby's NoMethodError
//! when Ruby's class has no such method either (code may rescue it, as in
//! Ruby), else an error naming the method confer lacks — never an
//! exception Ruby would not raise, which rescuing code would turn into a
//! different answer. Ruby's methods per class are recorded from Ruby 3.1
//! (`scripts/regen-ruby-methods.rb`).

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::value::RValue;

/// The recorded table: a line per class, its name then its methods.
const TABLE: &str = include_str!("ruby_methods.txt");

/// Each class's methods, in Ruby's order (`methods`), and as a set.
type Methods = (Vec<&'static str>, HashSet<&'static str>);

fn table() -> &'static HashMap<&'static str, Methods> {
    static TABLE_BY_CLASS: OnceLock<HashMap<&'static str, Methods>> = OnceLock::new();
    TABLE_BY_CLASS.get_or_init(|| {
        TABLE
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| {
                let mut words = l.split(' ');
                let class = words.next()?;
                let ordered: Vec<&str> = words.collect();
                let set = ordered.iter().copied().collect();
                Some((class, (ordered, set)))
            })
            .collect()
    })
}

/// The public instance methods of Ruby's `class`, when it is in the table,
/// in the order Ruby's `methods` lists them.
pub fn methods_of(class: &str) -> Option<Vec<&'static str>> {
    table().get(class).map(|(ordered, _)| ordered.clone())
}

/// Whether Ruby's `class` has the public instance method `name`; `None`
/// when the class is not in the table.
pub fn ruby_has(class: &str, name: &str) -> Option<bool> {
    table().get(class).map(|(_, methods)| methods.contains(name))
}

/// The error for calling `name` on `recv`, which confer does not answer.
pub fn missing_method(recv: &RValue, name: &str, at: usize) -> Ev {
    let class: &str = match recv {
        RValue::Exception(_) => "Exception",
        RValue::Class(c) => return err(RubyErrorKind::Unsupported(format!("the method {c}.{name}")), at),
        other => other.class_name(),
    };
    match ruby_has(class, name) {
        Some(true) => err(RubyErrorKind::Unsupported(format!("the method {class}#{name}")), at),
        Some(false) => {
            let names = methods_of(class).unwrap_or_default();
            let mut suggestions: Vec<&str> = crate::did_you_mean::correct(name, names.iter().copied());
            // Ruby leaves out nil's own methods for a nil receiver.
            if matches!(recv, RValue::Nil) {
                suggestions.retain(|s| ruby_has("NilClass", s) != Some(true));
            }
            let hint = crate::did_you_mean::message_for(&suggestions);
            err(RubyErrorKind::NoMethod { method: name.into(), receiver: recv.describe(), hint }, at)
        }
        None => {
            err(RubyErrorKind::NoMethod { method: name.into(), receiver: recv.describe(), hint: String::new() }, at)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruby_methods_are_told_from_missing_ones() {
        assert_eq!(ruby_has("String", "each_line"), Some(true));
        assert_eq!(ruby_has("String", "each_with_index"), Some(false));
        assert_eq!(ruby_has("Array", "each_slice"), Some(true));
        assert_eq!(ruby_has("Scope", "x"), None);
        let e = |r: Ev| match r {
            Err(crate::flow::Ctl::Err(e)) => e.kind,
            _ => panic!("an error"),
        };
        assert!(matches!(e(missing_method(&RValue::str("s"), "each_line", 0)), RubyErrorKind::Unsupported(_)));
        assert_eq!(
            e(missing_method(&RValue::str("sweep"), "each_with_index", 0)).to_string(),
            "undefined method `each_with_index' for \"sweep\":String\nDid you mean?  each_line"
        );
    }
}
