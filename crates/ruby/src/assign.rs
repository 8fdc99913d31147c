//! Where values are stored: assignment to variables, constants and
//! `x[k]` (an Array or Hash changes in place, `shared.rs`), and a String
//! changed in place (`<<`, `gsub!`) reaching every variable that holds it.
//! A String is a value, not a shared object, so a change the variables
//! cannot carry is refused.

use crate::ast::{Kind, Node};
use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::interp::Interp;
use crate::value::RValue;

impl Interp<'_> {
    /// After the String `old` was changed in place into `new`: every
    /// variable holding `old` holds `new`, as every Ruby reference to one
    /// object sees it change (`alias = @name; alias << x` changes `@name`).
    ///
    /// Strings are values, so the change reaches only the variables. When
    /// the String is also an element of an Array or Hash, Ruby would change
    /// it there too, which confer does not follow: that is an error, never a
    /// different answer. `old` is the caller's own reference to it.
    pub(crate) fn changed_in_place(&mut self, old: &RValue, new: &RValue, at: usize) -> Ev<()> {
        let slots = self
            .locals
            .values_mut()
            .chain(self.ivars.values_mut())
            .chain(self.consts.values_mut())
            .chain(self.bound.values_mut().map(|(_, now)| now));
        for slot in slots {
            if slot.same_object(old) {
                *slot = new.clone();
            }
        }
        // Holders besides the caller's reference: the snapshots of Puppet
        // variables as first read.
        let snapshots = self.bound.values().filter(|(first, _)| first.same_object(old)).count();
        if old.holders().saturating_sub(1 + snapshots) > 0 {
            return err(
                RubyErrorKind::Unsupported(
                    "changing in place a String that an Array or Hash also holds (confer's Strings are values, not \
                     shared objects)"
                        .into(),
                ),
                at,
            );
        }
        Ok(())
    }

    /// Stores `value` where `target` says; `x[k] = v` changes the Array or
    /// Hash `x` in place.
    pub fn assign(&mut self, target: &Node, value: RValue) -> Ev<()> {
        match &target.kind {
            Kind::Local(name) => {
                self.locals.insert(name.clone(), value);
                Ok(())
            }
            Kind::IVar(name) => {
                if !self.set_object_ivar(name, value.clone()) {
                    self.ivars.insert(name.clone(), value);
                }
                Ok(())
            }
            Kind::Const(name) => {
                let qualified = match self.modules.last() {
                    Some(m) => format!("{m}::{name}"),
                    None => name.clone(),
                };
                self.consts.insert(qualified, value);
                Ok(())
            }
            Kind::Call { recv: Some(recv), name, args, .. } if name == "[]" && args.len() == 1 => {
                let var = self.scope_variable(recv)?;
                let container = match &var {
                    Some(var) => self.scope_variable_value(var, target.at)?,
                    None => self.eval(recv)?,
                };
                let key = self.eval(&args[0])?;
                let updated = crate::methods::index_set(container, key, value, target.at, &mut self.changes)?;
                // `scope.lookupvar('x')[k] = v` changes the object the Puppet
                // variable holds, which a template rendered next reads.
                if let Some(var) = var {
                    self.host.change_variable(&var, updated);
                }
                Ok(())
            }
            // `x.attr = v` calls `attr=`.
            Kind::Call { recv: Some(recv), name, args, block: None } if args.is_empty() => {
                let receiver = self.eval(recv)?;
                self.call_method(receiver, &format!("{name}="), vec![value], None, target.at, Some(recv))?;
                Ok(())
            }
            _ => err(RubyErrorKind::Unsupported("assignment to this expression".into()), target.at),
        }
    }

    /// The Puppet variable an expression reads, when it is
    /// `scope.lookupvar('x')` or `scope['x']`.
    fn scope_variable(&mut self, e: &Node) -> Ev<Option<String>> {
        let Kind::Call { recv: Some(recv), name, args, .. } = &e.kind else { return Ok(None) };
        if !matches!(name.as_str(), "lookupvar" | "[]") || args.len() != 1 {
            return Ok(None);
        }
        if !matches!(self.eval(recv)?, RValue::Scope) {
            return Ok(None);
        }
        Ok(Some(crate::methods::variable_name(&self.eval(&args[0])?)))
    }
}
