//! Methods that change their receiver in place. An Array or Hash is a
//! shared object (`shared.rs`): `<<`, `delete`, `merge!`, `compact!` change
//! it where it is, and every reference sees the change. A String is a
//! value: its in-place methods (`<<`, `gsub!`) store the changed String back
//! into the variable (or `x[k]`) the receiver was read from, and every other
//! variable holding the same String; where the String is held elsewhere too
//! (an element of an Array) the change is refused, never lost.

use crate::ast::{Block, Kind, Node};
use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::interp::Interp;
use std::rc::Rc;

use crate::contract::{Arity, Call, Method, Table, Takes};
use crate::methods::{index, int_arg};
use crate::value::pairs::Pairs;
use crate::value::shared::Shared;
use crate::value::RValue;

/// Methods whose result may be an object held elsewhere (the receiver
/// itself, one of its elements, a Puppet variable), so that changing it in
/// place would change that too. Any other method's result is a new object
/// (`x.flatten.compact!`, `JSON.generate(x) << "\n"`), which a change in
/// place changes nowhere else.
const ALIASING: &[&str] = &[
    "fetch",
    "first",
    "last",
    "dig",
    "find",
    "detect",
    "min_by",
    "max_by",
    "min",
    "max",
    "itself",
    "tap",
    "then",
    "yield_self",
    "freeze",
    "lookupvar",
    "to_a",
    "to_ary",
    "to_h",
    "to_hash",
    "to_s",
    "to_str",
    "at",
    "each",
    "each_with_index",
    "each_pair",
    "each_key",
    "each_value",
    "push",
    "<<",
    "concat",
    "unshift",
    "insert",
    "replace",
    "clear",
    "update",
    "shift",
    "pop",
    "key",
    "assoc",
    "Array",
    "String",
    "Hash",
    "[]",
    "call",
];

/// Whether `n` names a place a changed value can be stored back into: a
/// variable, or `x[k]` of such a place (`h[k] << v` changes `h`).
fn is_place(n: &Node) -> bool {
    match &n.kind {
        Kind::Local(_) | Kind::IVar(_) => true,
        Kind::Call { recv: Some(r), name, args, block: None } => name == "[]" && args.len() == 1 && is_place(r),
        _ => false,
    }
}

/// The bang methods that answer `nil` when they change nothing.
const NIL_WHEN_UNCHANGED: &[&str] = &[
    "compact!",
    "uniq!",
    "flatten!",
    "reject!",
    "select!",
    "strip!",
    "lstrip!",
    "rstrip!",
    "chomp!",
    "chop!",
    "gsub!",
    "sub!",
    "upcase!",
    "downcase!",
    "capitalize!",
    "swapcase!",
    "squeeze!",
    "tr!",
    "delete!",
];

impl Interp<'_> {
    /// Calls `name` when it changes `recv` in place, giving what it
    /// returns; `None` for any other method. `recv_node` is the receiver's
    /// syntax, where a changed String is stored back.
    pub(crate) fn mutating(
        &mut self,
        recv: &RValue,
        name: &str,
        args: &[RValue],
        block: Option<&Block>,
        at: usize,
        recv_node: Option<&Node>,
    ) -> Ev<Option<RValue>> {
        match recv {
            RValue::Array(_) | RValue::Hash(_) => self.shared_in_place(&Call { recv, name, args, block, at }),
            RValue::Str(s) => {
                let updated = match name {
                    "<<" | "concat" => {
                        STRING_APPEND.admit(name, args.len(), block.is_some(), at)?;
                        RValue::str(format!("{s}{}", args[0].to_s()))
                    }
                    "strip!" | "lstrip!" | "rstrip!" | "chomp!" | "gsub!" | "sub!" | "upcase!" | "downcase!"
                    | "capitalize!" | "swapcase!" => {
                        let s = s.clone();
                        self.string_method(&s, name.trim_end_matches('!'), args.to_vec(), block, at)?
                    }
                    _ => return Ok(None),
                };
                let unchanged = updated.to_s() == **s;
                if !(unchanged && NIL_WHEN_UNCHANGED.contains(&name)) {
                    self.store_string(recv, &updated, name, at, recv_node)?;
                }
                Ok(Some(if unchanged && NIL_WHEN_UNCHANGED.contains(&name) { RValue::Nil } else { updated }))
            }
            _ => Ok(None),
        }
    }

    /// Stores the changed String `updated` where `recv` was read from.
    fn store_string(
        &mut self,
        recv: &RValue,
        updated: &RValue,
        name: &str,
        at: usize,
        recv_node: Option<&Node>,
    ) -> Ev<()> {
        match recv_node.map(|n| &n.kind) {
            Some(Kind::Local(_) | Kind::IVar(_)) | Some(Kind::Call { .. }) if recv_node.is_some_and(is_place) => {
                let node = recv_node.unwrap_or_else(|| unreachable!("checked just above"));
                self.assign(node, updated.clone())?;
                self.changed_in_place(recv, updated, at)
            }
            // A fresh value from a method that builds one: changing it in
            // place changes nothing else.
            Some(Kind::Call { recv, name: made_by, .. })
                if !ALIASING.contains(&made_by.as_str())
                    && !made_by.ends_with('!')
                    && (recv.is_some() || !self.methods.contains_key(made_by)) =>
            {
                Ok(())
            }
            Some(Kind::Array(_) | Kind::Hash(_) | Kind::Str(_)) => Ok(()),
            // Held by nothing but this call (`(a * n).to_s << b`): no one
            // else can see the change.
            _ if recv.holders() == 1 => Ok(()),
            _ => err(RubyErrorKind::Unsupported(format!("`{name}' on a String that is not in a variable")), at),
        }
    }

    /// The in-place method `name` of the Array or Hash `recv`, or `None`
    /// when it is not one: `shift` and `pop` with an argument are not here.
    fn shared_in_place(&mut self, c: &Call<'_>) -> Ev<Option<RValue>> {
        match c.recv {
            RValue::Array(items) => match ARRAY_IN_PLACE.find(c.name) {
                Some(row) => row.admit(c.name, c.args.len(), c.block.is_some(), c.at)?(self, c, items),
                None => Ok(None),
            },
            RValue::Hash(pairs) => match HASH_IN_PLACE.find(c.name) {
                Some(row) => row.admit(c.name, c.args.len(), c.block.is_some(), c.at)?(self, c, pairs),
                None => Ok(None),
            },
            _ => Ok(None),
        }
    }
}

/// An in-place method's implementation, given the shared Array or Hash;
/// `None` when the call is not one after all (`shift(n)`).
type InPlaceFn<T> = fn(&mut Interp<'_>, &Call<'_>, &Rc<Shared<T>>) -> Ev<Option<RValue>>;

/// A String's `<<` and `concat`, whose implementation is the store of
/// the joined String in [`Interp::mutating`].
const STRING_APPEND: Method<()> =
    Method { names: &["<<", "concat"], arity: Arity::Exactly(1), takes: Takes::AnyBlock, run: () };

/// A row of the in-place methods.
const fn row<T: 'static>(names: &'static [&'static str], arity: Arity, run: InPlaceFn<T>) -> Method<InPlaceFn<T>> {
    Method { names, arity, takes: Takes::AnyBlock, run }
}

/// The methods that change an Array in place.
static ARRAY_IN_PLACE: Table<InPlaceFn<Vec<RValue>>> = Table::new(&[
    row(&["<<"], Arity::Exactly(1), array_push),
    row(&["push", "append"], Arity::Unchecked, array_push),
    row(&["concat"], Arity::Unchecked, array_concat),
    row(&["unshift", "prepend"], Arity::Unchecked, array_unshift),
    row(&["insert"], Arity::Unchecked, array_insert),
    row(&["shift", "pop"], Arity::Unchecked, array_shift),
    row(&["delete_at"], Arity::Unchecked, array_delete_at),
    row(&["delete"], Arity::Exactly(1), array_delete),
    row(&["clear"], Arity::Exactly(0), array_replace),
    row(&["replace"], Arity::Exactly(1), array_replace),
    row(
        &[
            "compact!",
            "collect!",
            "map!",
            "sort!",
            "sort_by!",
            "uniq!",
            "flatten!",
            "reject!",
            "select!",
            "filter!",
            "reverse!",
            "shuffle!",
            "delete_if",
            "keep_if",
            "rotate!",
        ],
        Arity::Unchecked,
        array_rebuild,
    ),
]);

/// The methods that change a Hash in place.
static HASH_IN_PLACE: Table<InPlaceFn<Pairs>> = Table::new(&[
    row(&["store"], Arity::Exactly(2), hash_store),
    row(&["delete"], Arity::Exactly(1), hash_delete),
    row(&["shift"], Arity::Unchecked, hash_shift),
    row(&["clear"], Arity::Exactly(0), hash_replace),
    row(&["replace"], Arity::Exactly(1), hash_replace),
    row(
        &[
            "merge!",
            "update",
            "reject!",
            "select!",
            "filter!",
            "delete_if",
            "keep_if",
            "compact!",
            "transform_values!",
            "transform_keys!",
        ],
        Arity::Unchecked,
        hash_rebuild,
    ),
]);

fn array_shift(it: &mut Interp<'_>, c: &Call<'_>, items: &Rc<Shared<Vec<RValue>>>) -> Ev<Option<RValue>> {
    if !c.args.is_empty() {
        return Ok(None);
    }
    let shift = c.name == "shift";
    let taken = items.change(c.recv, &[], c.at, &mut it.changes, |items| {
        if shift && !items.is_empty() {
            Some(items.remove(0))
        } else if shift {
            None
        } else {
            items.pop()
        }
    })?;
    Ok(Some(taken.unwrap_or(RValue::Nil)))
}

fn hash_shift(it: &mut Interp<'_>, c: &Call<'_>, pairs: &Rc<Shared<Pairs>>) -> Ev<Option<RValue>> {
    if !c.args.is_empty() {
        return Ok(None);
    }
    let taken = pairs.change(c.recv, &[], c.at, &mut it.changes, |pairs| pairs.shift())?;
    Ok(Some(taken.map_or(RValue::Nil, |(k, v)| RValue::array(vec![k, v]))))
}

fn array_push(it: &mut Interp<'_>, c: &Call<'_>, items: &Rc<Shared<Vec<RValue>>>) -> Ev<Option<RValue>> {
    let &Call { recv, args, at, .. } = c;
    Ok(Some({
        items.push(recv, args, at, &mut it.changes)?;
        recv.clone()
    }))
}

fn array_concat(it: &mut Interp<'_>, c: &Call<'_>, items: &Rc<Shared<Vec<RValue>>>) -> Ev<Option<RValue>> {
    let &Call { recv, args, at, .. } = c;
    Ok(Some({
        let mut more = Vec::new();
        for a in args {
            match a {
                RValue::Array(other) => more.extend(other.snapshot()),
                other => return crate::flow::no_implicit(other, "Array", at),
            }
        }
        items.push(recv, &more, at, &mut it.changes)?;
        recv.clone()
    }))
}

fn array_unshift(it: &mut Interp<'_>, c: &Call<'_>, items: &Rc<Shared<Vec<RValue>>>) -> Ev<Option<RValue>> {
    let &Call { recv, args, at, .. } = c;
    Ok(Some({
        let added: Vec<&RValue> = args.iter().collect();
        items.change(recv, &added, at, &mut it.changes, |items| {
            items.splice(0..0, args.iter().cloned());
        })?;
        recv.clone()
    }))
}

fn array_insert(it: &mut Interp<'_>, c: &Call<'_>, items: &Rc<Shared<Vec<RValue>>>) -> Ev<Option<RValue>> {
    let &Call { recv, args, at, .. } = c;
    Ok(Some({
        let i = int_arg(args, 0, at)?;
        let rest = &args[1..];
        let added: Vec<&RValue> = rest.iter().collect();
        let len = items.borrow().len() as i64;
        let idx = if i < 0 { len + i + 1 } else { i };
        if idx < 0 {
            return err(
                RubyErrorKind::Raised(crate::value::Exception {
                    class: "IndexError".into(),
                    message: format!("index {i} too small for array; minimum: -{}", len + 1),
                }),
                at,
            );
        }
        if idx > 1_000_000 {
            return err(RubyErrorKind::Argument(format!("index {i} out of array")), at);
        }
        items.change(recv, &added, at, &mut it.changes, |items| {
            let idx = idx as usize;
            if idx > items.len() {
                items.resize(idx, RValue::Nil);
            }
            items.splice(idx..idx, rest.iter().cloned());
        })?;
        recv.clone()
    }))
}

fn array_delete_at(it: &mut Interp<'_>, c: &Call<'_>, items: &Rc<Shared<Vec<RValue>>>) -> Ev<Option<RValue>> {
    let &Call { recv, args, at, .. } = c;
    Ok(Some({
        let i = int_arg(args, 0, at)?;
        items
            .change(recv, &[], at, &mut it.changes, |items| index(items.len(), i).map(|idx| items.remove(idx)))?
            .unwrap_or(RValue::Nil)
    }))
}

fn array_delete(it: &mut Interp<'_>, c: &Call<'_>, items: &Rc<Shared<Vec<RValue>>>) -> Ev<Option<RValue>> {
    let &Call { recv, args, at, .. } = c;
    Ok(Some({
        let removed = items.change(recv, &[], at, &mut it.changes, |items| {
            let before = items.len();
            items.retain(|i| !i.equals(&args[0]));
            before != items.len()
        })?;
        if removed {
            args[0].clone()
        } else {
            RValue::Nil
        }
    }))
}

fn array_replace(it: &mut Interp<'_>, c: &Call<'_>, items: &Rc<Shared<Vec<RValue>>>) -> Ev<Option<RValue>> {
    let &Call { recv, args, at, .. } = c;
    Ok(Some({
        let new = match args.first() {
            None => Vec::new(),
            Some(RValue::Array(other)) => other.snapshot(),
            Some(other) => return crate::flow::no_implicit(other, "Array", at),
        };
        items.replace(recv, new, at, &mut it.changes)?;
        recv.clone()
    }))
}

fn array_rebuild(it: &mut Interp<'_>, c: &Call<'_>, items: &Rc<Shared<Vec<RValue>>>) -> Ev<Option<RValue>> {
    let &Call { recv, name, args, block, at, .. } = c;
    Ok(Some({
        let base = match name {
            "delete_if" => "reject",
            "keep_if" => "select",
            other => other.trim_end_matches('!'),
        };
        let new = it.array_method(recv.clone(), base, args.to_vec(), block, at)?;
        let RValue::Array(new) = new else { return Ok(Some(new)) };
        let new = new.snapshot();
        let unchanged = {
            let before = items.borrow();
            before.len() == new.len() && before.iter().zip(&new).all(|(a, b)| a.equals(b))
        };
        items.replace(recv, new, at, &mut it.changes)?;
        if unchanged && NIL_WHEN_UNCHANGED.contains(&name) {
            RValue::Nil
        } else {
            recv.clone()
        }
    }))
}

fn hash_store(it: &mut Interp<'_>, c: &Call<'_>, _: &Rc<Shared<Pairs>>) -> Ev<Option<RValue>> {
    let &Call { recv, args, at, .. } = c;
    Ok(Some({
        crate::methods::index_set(recv.clone(), args[0].clone(), args[1].clone(), at, &mut it.changes)?;
        args[1].clone()
    }))
}

fn hash_delete(it: &mut Interp<'_>, c: &Call<'_>, pairs: &Rc<Shared<Pairs>>) -> Ev<Option<RValue>> {
    let &Call { recv, args, block, at, .. } = c;
    Ok(Some({
        let removed = pairs.change(recv, &[], at, &mut it.changes, |pairs| pairs.remove(&args[0]))?;
        match (removed, block) {
            (Some(v), _) => v,
            (None, Some(b)) => it.call_block(b, vec![args[0].clone()], at)?,
            (None, None) => RValue::Nil,
        }
    }))
}

fn hash_replace(it: &mut Interp<'_>, c: &Call<'_>, pairs: &Rc<Shared<Pairs>>) -> Ev<Option<RValue>> {
    let &Call { recv, args, at, .. } = c;
    Ok(Some({
        let new = match args.first() {
            None => crate::value::pairs::Pairs::new(),
            Some(RValue::Hash(other)) => other.snapshot(),
            Some(other) => return crate::flow::no_implicit(other, "Hash", at),
        };
        pairs.replace(recv, new, at, &mut it.changes)?;
        recv.clone()
    }))
}

fn hash_rebuild(it: &mut Interp<'_>, c: &Call<'_>, pairs: &Rc<Shared<Pairs>>) -> Ev<Option<RValue>> {
    let &Call { recv, name, args, block, at, .. } = c;
    Ok(Some({
        let base = match name {
            "update" => "merge",
            "delete_if" => "reject",
            "keep_if" => "select",
            other => other.trim_end_matches('!'),
        };
        let new = it.hash_method(recv.clone(), base, args.to_vec(), block, at)?;
        let RValue::Hash(new) = new else { return Ok(Some(new)) };
        let new = new.snapshot();
        let unchanged = pairs.borrow().len() == new.len();
        pairs.replace(recv, new, at, &mut it.changes)?;
        if unchanged && matches!(name, "reject!" | "select!" | "filter!" | "compact!") {
            RValue::Nil
        } else {
            recv.clone()
        }
    }))
}
